export { AnnouncementsCenter } from './announcements-center';
export { AnnouncementBell, bellLabel } from './announcement-bell';
export { AnnouncementPopups } from './announcement-popups';
export { prefetchAnnouncementChecks } from './api';
