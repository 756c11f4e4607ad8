import type { AnnouncementState } from '@portal/contract/admin';
import { sql, type Expression, type Selectable, type SqlBool } from 'kysely';
import type { AnnouncementsTable, Db } from '../../db/types.js';
import { fetchPage, type PageQuery } from '../../lib/paginate.js';
import { visibleAt } from './visibility.js';

export type AnnouncementRow = Selectable<AnnouncementsTable>;

/** The categories with a name; any other stored value is "other" (category 0 in filters). */
const NAMED_CATEGORIES = [1, 2, 3];

function inState(state: AnnouncementState, now: string): Expression<SqlBool> {
  const notExpired = sql<SqlBool>`(a.expire_at is null or a.expire_at > ${now})`;
  if (state === 'expired') return sql<SqlBool>`(a.expire_at is not null and a.expire_at <= ${now})`;
  if (state === 'published') return visibleAt(now);
  if (state === 'draft') return sql<SqlBool>`(a.publish_at is null and ${notExpired})`;
  return sql<SqlBool>`(a.publish_at > ${now} and ${notExpired})`;
}

export interface CustomerListQuery extends PageQuery {
  category?: number;
  priority?: number;
  unread_only?: boolean;
}

export type CustomerRow = AnnouncementRow & { read_at: string | null };

/** What a customer may see, with their read time; one query for the page, one for the total. */
export function listVisible(db: Db, userId: number, q: CustomerListQuery, now: string) {
  let base = db
    .selectFrom('announcements as a')
    .leftJoin('announcement_reads as r', (join) =>
      join.onRef('r.announcement_id', '=', 'a.id').on('r.user_id', '=', userId),
    )
    .where(visibleAt(now));
  if (q.category !== undefined) {
    base =
      q.category === 0
        ? base.where('a.category', 'not in', NAMED_CATEGORIES)
        : base.where('a.category', '=', q.category);
  }
  if (q.priority !== undefined) base = base.where('a.priority', '=', q.priority);
  if (q.unread_only) base = base.where('r.user_id', 'is', null);
  return fetchPage(base, q, (qb) =>
    qb
      .selectAll('a')
      .select('r.read_at')
      // Popups first (the popup check reads the first unread page), then urgent to low, then newest.
      .orderBy('a.is_popup', 'desc')
      .orderBy('a.priority', 'desc')
      .orderBy('a.publish_at', 'desc')
      .orderBy('a.id', 'desc')
      .execute(),
  );
}

export function findVisible(
  db: Db,
  userId: number,
  id: number,
  now: string,
): Promise<CustomerRow | undefined> {
  return db
    .selectFrom('announcements as a')
    .leftJoin('announcement_reads as r', (join) =>
      join.onRef('r.announcement_id', '=', 'a.id').on('r.user_id', '=', userId),
    )
    .selectAll('a')
    .select('r.read_at')
    .where('a.id', '=', id)
    .where(visibleAt(now))
    .executeTakeFirst();
}

export async function countUnread(db: Db, userId: number, now: string): Promise<number> {
  const row = await db
    .selectFrom('announcements as a')
    .select(sql<number | string>`count(*)`.as('n'))
    .where(visibleAt(now))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('announcement_reads as r')
            .select('r.announcement_id')
            .whereRef('r.announcement_id', '=', 'a.id')
            .where('r.user_id', '=', userId),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records the read once; a second call keeps the first time. Returns the read time. */
export async function insertRead(
  db: Db,
  announcementId: number,
  userId: number,
  now: string,
): Promise<string> {
  await db
    .insertInto('announcement_reads')
    .values({ announcement_id: announcementId, user_id: userId, read_at: now })
    .onConflict((oc) => oc.columns(['announcement_id', 'user_id']).doNothing())
    .execute();
  const row = await db
    .selectFrom('announcement_reads')
    .select('read_at')
    .where('announcement_id', '=', announcementId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.read_at;
}

// ---- staff ----

export type StaffRow = AnnouncementRow & {
  read_count: number | string | null;
  mailing_status: 'pending' | 'done' | null;
  mailing_sent: number | null;
};

function staffBase(db: Db) {
  return db
    .selectFrom('announcements as a')
    .leftJoin('announcement_mailings as m', 'm.announcement_id', 'a.id');
}

const readCount = sql<
  number | string
>`(select count(*) from announcement_reads r where r.announcement_id = a.id)`.as('read_count');

export function listAll(db: Db, q: PageQuery & { state?: AnnouncementState }, now: string) {
  let base = staffBase(db);
  if (q.state) {
    const state = q.state;
    base = base.where(inState(state, now));
  }
  return fetchPage(base, q, (qb) =>
    qb
      .selectAll('a')
      .select(['m.status as mailing_status', 'm.sent as mailing_sent'])
      .select(readCount)
      .orderBy('a.id', 'desc')
      .execute(),
  );
}

export function findForStaff(db: Db, id: number): Promise<StaffRow | undefined> {
  return staffBase(db)
    .selectAll('a')
    .select(['m.status as mailing_status', 'm.sent as mailing_sent'])
    .select(readCount)
    .where('a.id', '=', id)
    .executeTakeFirst();
}

export function findRow(db: Db, id: number): Promise<AnnouncementRow | undefined> {
  return db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface AnnouncementValues {
  title: string;
  content: string;
  category: number;
  priority: number;
  is_popup: number;
  is_email_notify: number;
  translations: string | null;
  publish_at: string | null;
  expire_at: string | null;
}

export async function insertAnnouncement(db: Db, values: AnnouncementValues, now: string): Promise<number> {
  const row = await db
    .insertInto('announcements')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAnnouncement(
  db: Db,
  id: number,
  values: Partial<AnnouncementValues>,
  now: string,
): Promise<void> {
  await db
    .updateTable('announcements')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Plans the announcement mail (once per announcement; a second call changes nothing). */
export async function ensureMailing(db: Db, announcementId: number, now: string): Promise<void> {
  await db
    .insertInto('announcement_mailings')
    .values({ announcement_id: announcementId, created_at: now, updated_at: now, finished_at: null })
    .onConflict((oc) => oc.column('announcement_id').doNothing())
    .execute();
}

// ---- mailing ----

/** Mailings still to do whose announcement is published, unexpired and still asks for mail. */
export function dueMailings(db: Db, now: string): Promise<{ announcement_id: number }[]> {
  return db
    .selectFrom('announcement_mailings as m')
    .innerJoin('announcements as a', 'a.id', 'm.announcement_id')
    .select('m.announcement_id')
    .where('m.status', '=', 'pending')
    .where('a.is_email_notify', '=', 1)
    .where(visibleAt(now))
    .orderBy('m.announcement_id')
    .execute();
}

export function pendingMailing(db: Db, announcementId: number) {
  return db
    .selectFrom('announcement_mailings')
    .selectAll()
    .where('announcement_id', '=', announcementId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** The next verified, active users after `afterUserId`, in id order. */
export function recipientsAfter(db: Db, afterUserId: number, limit: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'locale'])
    .where('id', '>', afterUserId)
    .where('email_verified_at', 'is not', null)
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Delivery rows for these users; returns the users who had none yet (the ones to mail). */
export async function claimDeliveries(
  db: Db,
  announcementId: number,
  userIds: number[],
  now: string,
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .insertInto('announcement_deliveries')
    .values(userIds.map((user_id) => ({ announcement_id: announcementId, user_id, created_at: now })))
    .onConflict((oc) => oc.columns(['announcement_id', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** Moves the cursor from `from` to `to`; false when someone else moved it first. */
export async function advanceMailing(
  db: Db,
  announcementId: number,
  from: number,
  to: number,
  mailed: number,
  now: string,
): Promise<boolean> {
  const r = await db
    .updateTable('announcement_mailings')
    .set((eb) => ({ last_user_id: to, sent: eb('sent', '+', mailed), updated_at: now }))
    .where('announcement_id', '=', announcementId)
    .where('status', '=', 'pending')
    .where('last_user_id', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function finishMailing(db: Db, announcementId: number, now: string): Promise<void> {
  await db
    .updateTable('announcement_mailings')
    .set({ status: 'done', finished_at: now, updated_at: now })
    .where('announcement_id', '=', announcementId)
    .where('status', '=', 'pending')
    .execute();
}
