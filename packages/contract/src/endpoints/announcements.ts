import { z } from 'zod';
import { flagQuery, idParamSchema, intQuery } from '../inputs.js';
import { ANNOUNCEMENT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants.js';
import { defineEndpoint, pageSchema } from '../endpoint.js';
import { vkey } from '../i18n/validation-messages.js';
import { paginationQuerySchema } from '../validation.js';

/**
 * Announcements (product rules §3, §4.7). Category 1 system maintenance, 2 new feature, 3 security alert, 0 other
 * (any other stored value is shown as other too); priority 1 low, 2 medium, 3 high, 4 urgent. Customers see only
 * published, unexpired announcements, in their language; staff (with a staff permission) write them and see every one.
 */
export const ANNOUNCEMENT_CATEGORIES = [1, 2, 3, 0] as const;
export type AnnouncementCategory = (typeof ANNOUNCEMENT_CATEGORIES)[number];
export const ANNOUNCEMENT_PRIORITIES = [1, 2, 3, 4] as const;
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];

export const categorySchema = z.number().int().min(0).max(3);
export const prioritySchema = z.number().int().min(1).max(4);

/** An announcement as a customer sees it. */
export const announcementData = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Plain text or Markdown (rendered without raw HTML). */
  content: z.string(),
  category: z.number().int(),
  priority: z.number().int(),
  is_popup: z.boolean(),
  is_read: z.boolean(),
  is_email_notify: z.boolean(),
  /** When the caller marked it read; null while unread. */
  read_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  publish_at: z.string(),
  expire_at: z.string().nullable(),
});
export type Announcement = z.infer<typeof announcementData>;

export const listAnnouncements = defineEndpoint({
  method: 'GET',
  path: '/announcements',
  summary:
    'Published, unexpired announcements in the caller language: popups first, then by priority (urgent first), then newest',
  tags: ['announcements'],
  auth: true,
  query: paginationQuerySchema.extend({
    size: intQuery(1, MAX_PAGE_SIZE, vkey('page_invalid')).default(ANNOUNCEMENT_PAGE_SIZE),
    /** 1, 2, 3, or 0 for other */
    category: intQuery(0, 3).optional(),
    priority: intQuery(1, 4).optional(),
    unread_only: flagQuery.optional(),
  }),
  data: pageSchema(announcementData),
});

export const idParams = z.object({ id: idParamSchema });

export const getAnnouncement = defineEndpoint({
  method: 'GET',
  path: '/announcements/:id',
  summary: 'One published, unexpired announcement (40701 otherwise)',
  tags: ['announcements'],
  auth: true,
  params: idParams,
  data: announcementData,
});

export const markReadData = z.object({
  id: z.number().int(),
  is_read: z.literal(true),
  read_at: z.string(),
  /** The caller's unread count after this call. */
  unread_count: z.number().int().min(0),
});
export type MarkReadResult = z.infer<typeof markReadData>;

export const markRead = defineEndpoint({
  method: 'POST',
  path: '/announcements/:id/read',
  summary: 'Mark an announcement read (idempotent: the first read time is kept)',
  tags: ['announcements'],
  auth: true,
  params: idParams,
  data: markReadData,
});

export const unreadCountData = z.object({ count: z.number().int().min(0) });

export const getUnreadCount = defineEndpoint({
  method: 'GET',
  path: '/announcements/unread/count',
  summary: 'Number of unread announcements',
  tags: ['announcements'],
  auth: true,
  data: unreadCountData,
});
