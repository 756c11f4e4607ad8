import { IconSpeakerphone } from '@tabler/icons-react';
import { ConsoleEmptyPage } from '../../components/console-empty-page';

export default function AnnouncementsPage() {
  return <ConsoleEmptyPage page="announcements" icon={<IconSpeakerphone size={32} aria-hidden />} />;
}
