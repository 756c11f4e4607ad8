import { z } from 'zod';
import { flagQuery, idParamSchema, intQuery, lineText, multilineText } from '../inputs.js';
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

const categorySchema = z.number().int().min(0).max(3);
const prioritySchema = z.number().int().min(1).max(4);

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

const idParams = z.object({ id: idParamSchema });

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

// ---- staff ----

export const ANNOUNCEMENT_STATES = ['draft', 'scheduled', 'published', 'expired'] as const;
export type AnnouncementState = (typeof ANNOUNCEMENT_STATES)[number];

const localizedAnnouncementText = z.object({
  title: lineText().trim().min(1).max(200),
  content: multilineText().trim().min(1).max(20_000),
});

/** Title and content per interface language; a missing language falls back to the base title and content. */
export const announcementTranslations = z
  .object({
    zh_CN: localizedAnnouncementText.optional(),
    zh_TW: localizedAnnouncementText.optional(),
    en: localizedAnnouncementText.optional(),
  })
  .strict();
export type AnnouncementTranslations = z.infer<typeof announcementTranslations>;

const isoTime = z.iso.datetime({ offset: true });

/** What staff write. publish_at null: a draft; in the future: scheduled. expire_at must come after publish_at. */
export const announcementInput = z.object({
  title: lineText().trim().min(1).max(200),
  content: multilineText().trim().min(1).max(20_000),
  category: categorySchema.default(0),
  priority: prioritySchema.default(1),
  is_popup: z.boolean().default(false),
  /** Mail every verified, active user once the announcement is published. */
  is_email_notify: z.boolean().default(false),
  translations: announcementTranslations.default({}),
  publish_at: isoTime.nullable().default(null),
  expire_at: isoTime.nullable().default(null),
});
export type AnnouncementInput = z.input<typeof announcementInput>;

export const adminAnnouncementData = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  category: z.number().int(),
  priority: z.number().int(),
  is_popup: z.boolean(),
  is_email_notify: z.boolean(),
  translations: announcementTranslations,
  publish_at: z.string().nullable(),
  expire_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  state: z.enum(ANNOUNCEMENT_STATES),
  /** How many users marked it read. */
  read_count: z.number().int(),
  /** The announcement mail: null when none is planned; `sent` counts users mailed so far. */
  mailing: z.object({ status: z.enum(['pending', 'done']), sent: z.number().int() }).nullable(),
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncementData>;

export const adminListAnnouncements = defineEndpoint({
  method: 'GET',
  path: '/announcements',
  summary: 'Every announcement, drafts and expired ones included, newest first (staff)',
  tags: ['admin'],
  auth: true,
  permission: 'content.read',
  query: paginationQuerySchema.extend({ state: z.enum(ANNOUNCEMENT_STATES).optional() }),
  data: pageSchema(adminAnnouncementData),
});

export const adminGetAnnouncement = defineEndpoint({
  method: 'GET',
  path: '/announcements/:id',
  summary: 'One announcement in every language (staff)',
  tags: ['admin'],
  auth: true,
  permission: 'content.read',
  params: idParams,
  data: adminAnnouncementData,
});

export const adminCreateAnnouncement = defineEndpoint({
  method: 'POST',
  path: '/announcements',
  summary: 'Write an announcement: a draft, scheduled, or published at once (staff)',
  tags: ['admin'],
  auth: true,
  permission: 'content.write',
  body: announcementInput,
  data: adminAnnouncementData,
});

export const adminUpdateAnnouncement = defineEndpoint({
  method: 'PUT',
  path: '/announcements/:id',
  summary: 'Replace an announcement (staff)',
  tags: ['admin'],
  auth: true,
  permission: 'content.write',
  params: idParams,
  body: announcementInput,
  data: adminAnnouncementData,
});

export const adminPublishAnnouncement = defineEndpoint({
  method: 'POST',
  path: '/announcements/:id/publish',
  summary: 'Publish now (a past expiry is cleared; already published ones stay as they are) (staff)',
  tags: ['admin'],
  auth: true,
  permission: 'content.write',
  params: idParams,
  data: adminAnnouncementData,
});

export const adminExpireAnnouncement = defineEndpoint({
  method: 'POST',
  path: '/announcements/:id/expire',
  summary: 'Expire now: customers no longer see it (staff)',
  tags: ['admin'],
  auth: true,
  permission: 'content.write',
  params: idParams,
  data: adminAnnouncementData,
});
