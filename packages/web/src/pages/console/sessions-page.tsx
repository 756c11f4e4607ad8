import { IconDevices } from '@tabler/icons-react';
import { ConsoleEmptyPage } from '../../components/console-empty-page';

export default function SessionsPage() {
  return <ConsoleEmptyPage page="sessions" icon={<IconDevices size={32} aria-hidden />} />;
}
