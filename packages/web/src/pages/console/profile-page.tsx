import { IconUser } from '@tabler/icons-react';
import { ConsoleEmptyPage } from '../../components/console-empty-page';

export default function ProfilePage() {
  return <ConsoleEmptyPage page="profile" icon={<IconUser size={32} aria-hidden />} />;
}
