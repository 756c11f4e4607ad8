import { IconBook } from '@tabler/icons-react';
import { ConsoleEmptyPage } from '../../components/console-empty-page';

export default function HelpPage() {
  return <ConsoleEmptyPage page="help" icon={<IconBook size={32} aria-hidden />} />;
}
