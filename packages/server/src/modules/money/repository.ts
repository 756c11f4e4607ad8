import { emailLookupForm, MAX_INT, type LedgerKind, type Network, type TopupStatus } from '@portal/contract';
import type { TimeSort } from '@portal/contract/admin';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/types.js';
import { TRANSFER_VIEW_STATUSES } from './transfer-views.js';

/**
 * The reads of the console's money lists across users (the tables are written by wallet, subscriptions and
 * recharge). Every list is newest first and pages after a cursor, the id of the last row seen: the ledger and the
 * orders by (created_at, id) on the indexes of migration 0013, so a page costs the same at the millionth row, with or
 * without a time range; top-up orders and transfers by id.
 */

export interface TimeRange {
  from?: string | undefined;
  to?: string | undefined;
}
/** Newest first (the default) or oldest first: the same index read one way or the other. */
export interface Sorted {
  sort?: TimeSort | undefined;
}
export interface LedgerFilter extends TimeRange, Sorted {
  user_id?: number | undefined;
  kind?: LedgerKind | undefined;
}
export interface OrderFilter extends TimeRange, Sorted {
  user_id?: number | undefined;
  kind?: 'purchase' | 'renew' | 'upgrade' | undefined;
  package_id?: number | undefined;
}
export interface Cursor {
  created_at: string;
  id: number;
}

/**
 * Rows past the cursor in (created_at, id) order: older ones newest first, newer ones oldest first (a row value
 * comparison, served by the index either way).
 */
function pastCursor(table: string, cursor: Cursor, sort: TimeSort = 'newest'): Expression<SqlBool> {
  const op = sql.raw(sort === 'oldest' ? '>' : '<');
  return sql<SqlBool>`(${sql.ref(`${table}.created_at`)}, ${sql.ref(`${table}.id`)}) ${op} (${cursor.created_at}, ${cursor.id})`;
}

const direction = (sort: TimeSort = 'newest') => (sort === 'oldest' ? 'asc' : 'desc');

/** The user an operator typed: an id, or an email address (in its normal form, as stored). */
export async function userIdOf(db: Db, user: string): Promise<number | null> {
  const q = db.selectFrom('users').select('id');
  // Digits beyond the id range name nobody (PostgreSQL refuses them against an integer column).
  if (/^\d{1,10}$/.test(user) && Number(user) > MAX_INT) return null;
  const row = /^\d{1,10}$/.test(user)
    ? await q.where('id', '=', Number(user)).executeTakeFirst()
    : await q.where('email', '=', emailLookupForm(user)).executeTakeFirst();
  return row?.id ?? null;
}

export function ledgerCursor(db: Db, id: number): Promise<Cursor | undefined> {
  return db.selectFrom('ledger_entries').select(['created_at', 'id']).where('id', '=', id).executeTakeFirst();
}

export function ledgerPage(db: Db, filter: LedgerFilter, cursor: Cursor | undefined, limit: number) {
  let q = db
    .selectFrom('ledger_entries as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .selectAll('l')
    .select('u.email as user_email');
  if (filter.user_id !== undefined) q = q.where('l.user_id', '=', filter.user_id);
  if (filter.kind !== undefined) q = q.where('l.kind', '=', filter.kind);
  if (filter.from !== undefined) q = q.where('l.created_at', '>=', filter.from);
  if (filter.to !== undefined) q = q.where('l.created_at', '<', filter.to);
  if (cursor) q = q.where(pastCursor('l', cursor, filter.sort));
  const dir = direction(filter.sort);
  return q.orderBy('l.created_at', dir).orderBy('l.id', dir).limit(limit).execute();
}

export function orderCursor(db: Db, id: number): Promise<Cursor | undefined> {
  return db
    .selectFrom('subscription_orders')
    .select(['created_at', 'id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function ordersPage(db: Db, filter: OrderFilter, cursor: Cursor | undefined, limit: number) {
  let q = db
    .selectFrom('subscription_orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .innerJoin('packages as p', 'p.id', 'o.package_id')
    .selectAll('o')
    .select(['u.email as user_email', 'p.name as package_name', 'p.description', 'p.translations']);
  if (filter.user_id !== undefined) q = q.where('o.user_id', '=', filter.user_id);
  if (filter.kind !== undefined) q = q.where('o.kind', '=', filter.kind);
  if (filter.package_id !== undefined) q = q.where('o.package_id', '=', filter.package_id);
  if (filter.from !== undefined) q = q.where('o.created_at', '>=', filter.from);
  if (filter.to !== undefined) q = q.where('o.created_at', '<', filter.to);
  if (cursor) q = q.where(pastCursor('o', cursor, filter.sort));
  const dir = direction(filter.sort);
  return q.orderBy('o.created_at', dir).orderBy('o.id', dir).limit(limit).execute();
}

/** Top-up orders newest first after the cursor: USDT orders, or (`methods: 'all'`) redeemed codes as well. */
export function topupsPage(
  db: Db,
  filter: {
    user_id?: number | undefined;
    status?: TopupStatus | undefined;
    network?: Network | undefined;
    methods?: 'usdt' | 'all';
  },
  before: number | undefined,
  limit: number,
) {
  let q = db
    .selectFrom('recharge_orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('chain_transfers as t', 't.id', 'o.transfer_id')
    .leftJoin('recharge_codes as c', 'c.id', 'o.code_id')
    .selectAll('o')
    .select(['u.email as user_email', 't.status as transfer_status', 'c.code as code']);
  if (filter.methods !== 'all') q = q.where('o.method', '=', 'usdt');
  if (filter.user_id !== undefined) q = q.where('o.user_id', '=', filter.user_id);
  if (filter.status !== undefined) q = q.where('o.status', '=', filter.status);
  if (filter.network !== undefined) q = q.where('o.network', '=', filter.network);
  if (before !== undefined) q = q.where('o.id', '<', before);
  return q.orderBy('o.id', 'desc').limit(limit).execute();
}

export function transfersPage(
  db: Db,
  filter: { view: keyof typeof TRANSFER_VIEW_STATUSES; network?: Network | undefined },
  before: number | undefined,
  limit: number,
) {
  let q = db
    .selectFrom('chain_transfers as t')
    .leftJoin('recharge_orders as o', 'o.id', 't.order_id')
    .selectAll('t')
    .select(['o.order_no', 'o.user_id as order_user_id', 'o.rate as order_rate']);
  const statuses = TRANSFER_VIEW_STATUSES[filter.view];
  if (statuses) q = q.where('t.status', 'in', statuses);
  if (filter.network !== undefined) q = q.where('t.network', '=', filter.network);
  if (before !== undefined) q = q.where('t.id', '<', before);
  return q.orderBy('t.id', 'desc').limit(limit).execute();
}
