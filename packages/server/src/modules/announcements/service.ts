import type { Announcement, Locale, MarkReadResult } from '@portal/contract';
import type { AdminAnnouncement, AnnouncementState, AnnouncementTranslations } from '@portal/contract/admin';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/time.js';
import type { Database } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import type { StaffActor } from '../../lib/staff-actor.js';
import { pick, recordAudit } from '../audit/audit-log.js';
import { toPage, type Page, type PageQuery } from '../../lib/paginate.js';
import * as repo from './repository.js';
import { localizedText, parseTranslations } from './text.js';

/** What staff send (the contract's announcementInput after parsing). */
export interface AnnouncementWrite {
  title: string;
  content: string;
  category: number;
  priority: number;
  is_popup: boolean;
  is_email_notify: boolean;
  translations: AnnouncementTranslations;
  publish_at: string | null;
  expire_at: string | null;
}

const EXPIRE_BEFORE_PUBLISH: Record<Locale, string> = {
  zh_CN: '过期时间必须晚于发布时间',
  zh_TW: '過期時間必須晚於發布時間',
  en: 'The expiry time must come after the publication time',
};

function toAnnouncement(row: repo.CustomerRow, locale: Locale): Announcement {
  return {
    id: row.id,
    ...localizedText(row, locale),
    category: row.category,
    priority: row.priority,
    is_popup: row.is_popup === 1,
    is_read: row.read_at !== null,
    is_email_notify: row.is_email_notify === 1,
    read_at: row.read_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    // Only published announcements reach customers.
    publish_at: row.publish_at ?? row.created_at,
    expire_at: row.expire_at,
  };
}

export function stateOf(
  row: Pick<repo.AnnouncementRow, 'publish_at' | 'expire_at'>,
  now: string,
): AnnouncementState {
  if (row.expire_at !== null && row.expire_at <= now) return 'expired';
  if (row.publish_at === null) return 'draft';
  return row.publish_at > now ? 'scheduled' : 'published';
}

function toAdmin(row: repo.StaffRow, now: string): AdminAnnouncement {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    category: row.category,
    priority: row.priority,
    is_popup: row.is_popup === 1,
    is_email_notify: row.is_email_notify === 1,
    translations: parseTranslations(row.translations),
    publish_at: row.publish_at,
    expire_at: row.expire_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    state: stateOf(row, now),
    read_count: Number(row.read_count ?? 0),
    mailing:
      row.mailing_status === null
        ? null
        : { status: row.mailing_status, sent: Number(row.mailing_sent ?? 0) },
  };
}

/** Any ISO 8601 time with an offset, stored as UTC `toISOString()` text so that text order is time order. */
function normalizeTime(value: string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/**
 * Announcements: customers read what is published and unexpired, in their language, and mark it read; staff write
 * them. A publication with email notification plans the announcement mail in the same transaction (the mailing
 * job sends it once the publication time has come).
 */
export class AnnouncementService {
  constructor(private readonly db: Kysely<Database>) {}

  // ---- customers ----

  async list(userId: number, q: repo.CustomerListQuery, locale: Locale): Promise<Page<Announcement>> {
    const { rows, total } = await repo.listVisible(this.db, userId, q, nowIso());
    return toPage(
      rows.map((r) => toAnnouncement(r, locale)),
      total,
      q,
    );
  }

  async get(userId: number, id: number, locale: Locale): Promise<Announcement> {
    const row = await repo.findVisible(this.db, userId, id, nowIso());
    if (!row) throw new AppError('ANNOUNCEMENT_NOT_FOUND');
    return toAnnouncement(row, locale);
  }

  async markRead(userId: number, id: number): Promise<MarkReadResult> {
    const now = nowIso();
    return this.db.transaction().execute(async (trx) => {
      if (!(await repo.findVisible(trx, userId, id, now))) throw new AppError('ANNOUNCEMENT_NOT_FOUND');
      const readAt = await repo.insertRead(trx, id, userId, now);
      return { id, is_read: true, read_at: readAt, unread_count: await repo.countUnread(trx, userId, now) };
    });
  }

  unreadCount(userId: number): Promise<number> {
    return repo.countUnread(this.db, userId, nowIso());
  }

  // ---- staff ----

  async adminList(q: PageQuery & { state?: AnnouncementState }): Promise<Page<AdminAnnouncement>> {
    const now = nowIso();
    const { rows, total } = await repo.listAll(this.db, q, now);
    return toPage(
      rows.map((r) => toAdmin(r, now)),
      total,
      q,
    );
  }

  async adminGet(id: number): Promise<AdminAnnouncement> {
    const row = await repo.findForStaff(this.db, id);
    if (!row) throw new AppError('ANNOUNCEMENT_NOT_FOUND');
    return toAdmin(row, nowIso());
  }

  async create(input: AnnouncementWrite, locale: Locale, actor: StaffActor): Promise<AdminAnnouncement> {
    const values = this.values(input, locale);
    const id = await this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const created = await repo.insertAnnouncement(trx, values, now);
      await recordAudit(trx, actor, {
        action: 'announcement.create',
        targetType: 'announcement',
        targetId: created,
        before: null,
        after: { ...values },
      });
      if (values.is_email_notify === 1 && values.publish_at !== null)
        await repo.ensureMailing(trx, created, now);
      return created;
    });
    return this.adminGet(id);
  }

  async update(
    id: number,
    input: AnnouncementWrite,
    locale: Locale,
    actor: StaffActor,
  ): Promise<AdminAnnouncement> {
    const values = this.values(input, locale);
    await this.db.transaction().execute(async (trx) => {
      const before = await repo.findRow(trx, id);
      if (!before) throw new AppError('ANNOUNCEMENT_NOT_FOUND');
      const now = nowIso();
      await repo.updateAnnouncement(trx, id, values, now);
      await recordAudit(trx, actor, {
        action: 'announcement.update',
        targetType: 'announcement',
        targetId: id,
        before: pick(before, Object.keys(values)),
        after: { ...values },
      });
      if (values.is_email_notify === 1 && values.publish_at !== null) await repo.ensureMailing(trx, id, now);
    });
    return this.adminGet(id);
  }

  /** Visible from now on: a draft or scheduled one gets publish_at = now, an expired one loses its expiry. */
  async publish(id: number, actor: StaffActor): Promise<AdminAnnouncement> {
    await this.db.transaction().execute(async (trx) => {
      const row = await repo.findRow(trx, id);
      if (!row) throw new AppError('ANNOUNCEMENT_NOT_FOUND');
      const now = nowIso();
      const change: Partial<repo.AnnouncementValues> = {};
      if (row.publish_at === null || row.publish_at > now) change.publish_at = now;
      if (row.expire_at !== null && row.expire_at <= now) change.expire_at = null;
      if (Object.keys(change).length > 0) await repo.updateAnnouncement(trx, id, change, now);
      await recordAudit(trx, actor, {
        action: 'announcement.publish',
        targetType: 'announcement',
        targetId: id,
        before: pick(row, Object.keys(change)),
        after: change,
      });
      if (row.is_email_notify === 1) await repo.ensureMailing(trx, id, now);
    });
    return this.adminGet(id);
  }

  /** Hidden from now on (expire_at = now); an already expired one keeps its expiry time. */
  async expire(id: number, actor: StaffActor): Promise<AdminAnnouncement> {
    await this.db.transaction().execute(async (trx) => {
      const row = await repo.findRow(trx, id);
      if (!row) throw new AppError('ANNOUNCEMENT_NOT_FOUND');
      const now = nowIso();
      const change = row.expire_at === null || row.expire_at > now ? { expire_at: now } : {};
      if ('expire_at' in change) await repo.updateAnnouncement(trx, id, change, now);
      await recordAudit(trx, actor, {
        action: 'announcement.expire',
        targetType: 'announcement',
        targetId: id,
        before: pick(row, Object.keys(change)),
        after: change,
      });
    });
    return this.adminGet(id);
  }

  private values(input: AnnouncementWrite, locale: Locale): repo.AnnouncementValues {
    const publishAt = normalizeTime(input.publish_at);
    const expireAt = normalizeTime(input.expire_at);
    if (publishAt !== null && expireAt !== null && expireAt <= publishAt) {
      const message = EXPIRE_BEFORE_PUBLISH[locale];
      throw new AppError('VALIDATION', {
        field: 'body.expire_at',
        errors: [{ field: 'body.expire_at', message }],
      });
    }
    const translations = Object.fromEntries(
      Object.entries(input.translations).filter(([, t]) => t !== undefined),
    );
    return {
      title: input.title,
      content: input.content,
      category: input.category,
      priority: input.priority,
      is_popup: input.is_popup ? 1 : 0,
      is_email_notify: input.is_email_notify ? 1 : 0,
      translations: Object.keys(translations).length > 0 ? JSON.stringify(translations) : null,
      publish_at: publishAt,
      expire_at: expireAt,
    };
  }
}
