import { AnnouncementsCenter } from '../../features/announcements';

export default function AnnouncementsPage() {
  return <AnnouncementsCenter />;
}
