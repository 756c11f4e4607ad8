import { sql } from 'kysely';
import type { LedgerKind } from '@portal/contract';
import type { Db } from '../../db/types.js';

/*
 * The overview's figures, read-only, over the tables of wallet, subscriptions, recharge, auth, nodes and tickets.
 * Each one is an aggregate over a range of an index (plans read with EXPLAIN on SQLite and PostgreSQL at 100,000
 * users and 1,000,000 ledger rows; the index each uses is named on the function). Days are the first ten characters
 * of the stored ISO 8601 UTC timestamps: UTC calendar days, the same on both databases.
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

/**
 * Ledger entries of these kinds in [from, until), per kind and UTC day. Index ledger_entries_kind_time_delta (kind,
 * created_at, delta_fen, migration 0018): one covering range per kind.
 */
export function ledgerKindDays(db: Db, kinds: readonly LedgerKind[], from: string, until: string) {
  return db
    .selectFrom('ledger_entries')
    .select(['kind', day('created_at').as('day'), count().as('entries'), sumOf('delta_fen').as('sum_fen')])
    .where('kind', 'in', kinds)
    .where('created_at', '>=', from)
    .where('created_at', '<', until)
    .groupBy(['kind', day('created_at')])
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
 * Accounts registered in [from, until) per UTC day, and how many of them are verified. Index users_created (created_at,
 * email_verified_at, migration 0018): a covering range.
 */
export function registeredDays(db: Db, from: string, until: string) {
  return db
    .selectFrom('users')
    .select([
      day('created_at').as('day'),
      count().as('total'),
      sql<number | string>`count(email_verified_at)`.as('verified'),
    ])
    .where('created_at', '>=', from)
    .where('created_at', '<', until)
    .groupBy(day('created_at'))
    .execute();
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
