import { z } from 'zod';
import { lineText, multilineText } from '../inputs.js';
import { defineEndpoint, pageSchema } from '../endpoint.js';
import { paginationQuerySchema } from '../validation.js';
import { categorySchema, idParams, prioritySchema } from './announcements.js';

/** The staff side of the announcements endpoints (under ADMIN_API_PREFIX): exported by the contract's admin entry. */
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
