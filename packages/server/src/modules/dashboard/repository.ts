import type { Db } from '../../db/types.js';
import { visibleAt } from '../announcements/visibility.js';

/*
 * One query per source, each the newest `limit` rows of the signed-in user, read through an index:
 * ledger_entries_user_time_cover (user_id, created_at, id, …), subscription_orders_user (user_id, id),
 * tickets_user_updated_id (user_id, updated_at, id), announcements_publish_at (publish_at).
 */

export function recentLedger(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('ledger_entries')
    .select(['id', 'kind', 'delta_fen', 'balance_after_fen', 'reference', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Orders with their package's name and translations (joined: no query per order). */
export function recentOrders(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('subscription_orders as o')
    .leftJoin('packages as p', 'p.id', 'o.package_id')
    .select([
      'o.id',
      'o.order_no',
      'o.kind',
      'o.amount_fen',
      'o.created_at',
      'p.name',
      'p.description',
      'p.translations',
    ])
    .where('o.user_id', '=', userId)
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
}

/** Tickets by their last activity (updated_at moves with every reply and status change). */
export function recentTickets(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('tickets')
    .select(['id', 'ticket_no', 'title', 'status', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Announcements published and not expired at `now`, newest publication first, with this user's read time. */
export function recentAnnouncements(db: Db, userId: number, limit: number, now: string) {
  return db
    .selectFrom('announcements as a')
    .leftJoin('announcement_reads as r', (join) =>
      join.onRef('r.announcement_id', '=', 'a.id').on('r.user_id', '=', userId),
    )
    .select(['a.id', 'a.title', 'a.content', 'a.translations', 'a.publish_at', 'a.created_at', 'r.read_at'])
    .where(visibleAt(now))
    .orderBy('a.publish_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
}
