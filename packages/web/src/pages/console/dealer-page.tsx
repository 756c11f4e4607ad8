import { IconBuildingStore } from '@tabler/icons-react';
import { ConsoleEmptyPage } from '../../components/console-empty-page';

export default function DealerPage() {
  return <ConsoleEmptyPage page="dealer" icon={<IconBuildingStore size={32} aria-hidden />} />;
}
