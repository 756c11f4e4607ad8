import { IconServer2 } from '@tabler/icons-react';
import { ConsoleEmptyPage } from '../../components/console-empty-page';

export default function NodesPage() {
  return <ConsoleEmptyPage page="nodes" icon={<IconServer2 size={32} aria-hidden />} />;
}
