import { sql } from 'kysely';
import type { LedgerKind } from '@portal/contract';
import type { Db } from '../../db/types.js';

/*
 * The overview's figures, read-only, over the tables of wallet, subscriptions, recharge, auth, nodes and tickets.
 * Each one is an aggregate over a range of an index that holds every column it reads (the index is named on each
 * function; plans read with EXPLAIN QUERY PLAN on SQLite and EXPLAIN ANALYZE on PostgreSQL at 100,000 users,
 * 1,000,000 ledger rows over a year, 100,000 orders, 80,000 subscriptions, 100,000 tickets: every one a covering
 * range on SQLite and an index-only scan on PostgreSQL once the table is vacuumed; the money call, the heaviest,
 * reads ~34,000 ledger and ~9,000 order index entries, 3-14 ms per statement on PostgreSQL). Days are the first ten
 * characters of the stored ISO 8601 UTC timestamps: UTC calendar days, the same on both databases. A daily series
 * is grouped by that expression (a sort of the range's rows, used for orders and refunds only); the other figures
 * are summed per period in one pass with `case`, grouped by nothing or by the index's first column.
 */

const day = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;
const count = () => sql<number | string>`count(*)`;
const sumOf = (column: string) => sql<number | string | null>`sum(${sql.ref(column)})`;

/**
 * Subscription orders with a price in [from, until), per UTC day (refunded ones included: the refund is counted on its
 * own day). Index subscription_orders_time_amount (created_at, amount_fen, migration 0018): a covering range.
 */
export function orderDays(db: Db, from: string, until: string) {
  return db
    .selectFrom('subscription_orders')
    .select([day('created_at').as('day'), count().as('orders'), sumOf('amount_fen').as('paid_fen')])
    .where('created_at', '>=', from)
    .where('created_at', '<', until)
    .where('amount_fen', '>', 0)
    .groupBy(day('created_at'))
    .execute();
}

/** The starts of the three periods (the month's is the lower bound of the range read). */
export interface PeriodStarts {
  today: string;
  week: string;
  month: string;
}

/** count and sum of rows at or after `from` (the month's rows are every row of the range). */
const countFrom = (column: string, from: string) =>
  sql<number | string>`count(case when ${sql.ref(column)} >= ${from} then 1 end)`;
const sumFrom = (column: string, value: string, from: string) =>
  sql<number | string | null>`sum(case when ${sql.ref(column)} >= ${from} then ${sql.ref(value)} end)`;

/**
 * Ledger entries of these kinds per kind, in the three periods ending at `until`: one pass over the month's range,
 * grouped by kind only (the index's first column: no sort). Index ledger_entries_kind_time_delta (kind,
 * created_at, delta_fen, migration 0018): a covering range per kind.
 */
export function ledgerKindTotals(db: Db, kinds: readonly LedgerKind[], starts: PeriodStarts, until: string) {
  return db
    .selectFrom('ledger_entries')
    .select([
      'kind',
      count().as('month_count'),
      sumOf('delta_fen').as('month_fen'),
      countFrom('created_at', starts.week).as('week_count'),
      sumFrom('created_at', 'delta_fen', starts.week).as('week_fen'),
      countFrom('created_at', starts.today).as('today_count'),
      sumFrom('created_at', 'delta_fen', starts.today).as('today_fen'),
    ])
    .where('kind', 'in', kinds)
    .where('created_at', '>=', starts.month)
    .where('created_at', '<', until)
    .groupBy('kind')
    .execute();
}

/**
 * Refunds to balances per UTC day (for the revenue chart; refunds are few beside orders). Index
 * ledger_entries_kind_time_delta: one covering range.
 */
export function refundDays(db: Db, from: string, until: string) {
  return db
    .selectFrom('ledger_entries')
    .select([day('created_at').as('day'), sumOf('delta_fen').as('sum_fen')])
    .where('kind', '=', 'refund')
    .where('created_at', '>=', from)
    .where('created_at', '<', until)
    .groupBy(day('created_at'))
    .execute();
}

/** USDT top-up orders waiting for a payment. Index recharge_orders_open (status, network). */
export async function pendingUsdtOrders(db: Db): Promise<number> {
  const row = await db
    .selectFrom('recharge_orders')
    .select(count().as('n'))
    .where('status', '=', 'pending')
    .where('method', '=', 'usdt')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Transfers in these states (the top-ups page's "open" view). Index chain_transfers_status_id (status, id). */
export async function transfersIn(db: Db, statuses: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom('chain_transfers')
    .select(count().as('n'))
    .where('status', 'in', statuses as ('unmatched' | 'late')[])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Accounts registered in the three periods, and how many of them are verified: one pass over the month's range.
 * Index users_created (created_at, email_verified_at, migration 0018): a covering range.
 */
export function registeredTotals(db: Db, starts: PeriodStarts, until: string) {
  const verifiedFrom = (from: string) =>
    sql<number | string>`count(case when created_at >= ${from} then email_verified_at end)`;
  return db
    .selectFrom('users')
    .select([
      count().as('month_total'),
      sql<number | string>`count(email_verified_at)`.as('month_verified'),
      countFrom('created_at', starts.week).as('week_total'),
      verifiedFrom(starts.week).as('week_verified'),
      countFrom('created_at', starts.today).as('today_total'),
      verifiedFrom(starts.today).as('today_verified'),
    ])
    .where('created_at', '>=', starts.month)
    .where('created_at', '<', until)
    .executeTakeFirstOrThrow();
}

/**
 * Subscriptions active at `now` (status active, end after now: the users list's "subscribed"), and of them those
 * ending before `soon`. Index subscriptions_status_end (status, end_at): two covering ranges.
 */
export async function subscriptionCounts(db: Db, now: string, soon: string) {
  const active = (upTo?: string) => {
    let q = db
      .selectFrom('subscriptions')
      .select(count().as('n'))
      .where('status', '=', 'active')
      .where('end_at', '>', now);
    if (upTo !== undefined) q = q.where('end_at', '<=', upTo);
    return q.executeTakeFirstOrThrow().then((r) => Number(r.n));
  };
  const [all, expiring] = await Promise.all([active(), active(soon)]);
  return { active: all, expiring };
}

/** Nodes per status (a few dozen rows; index nodes_status). */
export function nodeStatuses(db: Db) {
  return db
    .selectFrom('nodes')
    .select(['status', count().as('n')])
    .groupBy('status')
    .execute();
}

/**
 * Bytes charged per UTC day from `fromDay` to `lastDay` (YYYY-MM-DD), every node together. Index node_traffic_daily_day (day,
 * migration 0018): a row per node and day.
 */
export function trafficDays(db: Db, fromDay: string, lastDay: string) {
  return db
    .selectFrom('node_traffic_daily')
    .select(['day', sumOf('upload').as('upload'), sumOf('download').as('download')])
    .where('day', '>=', fromDay)
    .where('day', '<=', lastDay)
    .groupBy('day')
    .execute();
}

/** Tickets waiting for staff or being handled. Index tickets_status_updated (status, updated_at). */
export function openTickets(db: Db) {
  return db
    .selectFrom('tickets')
    .select(['status', count().as('n')])
    .where('status', 'in', ['pending', 'processing'])
    .groupBy('status')
    .execute();
}
