import type { DeepStringRecord } from '../../zh_CN';
import type { announcementsZhCN } from './zh_CN';

export const announcementsEn: DeepStringRecord<typeof announcementsZhCN> = {
  list: {
    title: 'All announcements',
    unreadTotal: 'Unread: {{count}}',
    unreadMark: 'Unread',
  },
  loadFailed: 'Failed to load announcements',
  notFound: 'This announcement does not exist or has expired.',
  filters: {
    label: 'Filter announcements',
    category: 'Category',
    priority: 'Priority',
    allCategories: 'All categories',
    allPriorities: 'All priorities',
    unreadOnly: 'Unread only',
    reset: 'Reset filters',
  },
  categories: {
    maintenance: 'System maintenance',
    feature: 'New feature',
    security: 'Security alert',
    other: 'Other',
  },
  priorities: {
    low: 'Low',
    medium: 'Medium',
    high: 'High',
    urgent: 'Urgent',
  },
  pinned: 'Pinned',
  publishedAt: 'Published {{time}}',
  expiresAt: 'Valid until {{time}}',
  readAt: 'Read {{time}}',
  detail: {
    title: 'Announcement',
    markRead: 'Mark as read',
    marking: 'Marking…',
    read: 'Read',
    markReadFailed: 'Mark as read failed',
    moreImportant: 'Important announcements still to read: {{count}}',
  },
  empty: {
    title: 'No announcements yet',
    text: 'New announcements appear here; important ones also open by themselves after you log in.',
    filteredTitle: 'No announcements match',
    filteredText: 'Try other filters, or reset them to see every announcement.',
    unreadTitle: 'All caught up',
    unreadText: 'There are no unread announcements.',
  },
};
