import type { SubscriptionStatus } from '@portal/contract';
import type { Insertable, Updateable } from 'kysely';
import { reusableQuery } from '../../db/reusable-query.js';
import { nowIso } from '../../db/time.js';
import type {
  Db,
  PackageRow,
  SubscriptionOrderRow,
  SubscriptionRow,
  SubscriptionsTable,
  UpgradeQuotesTable,
} from '../../db/types.js';
import { fetchPage, type PageQuery } from '../../lib/paginate.js';

/** Every line of SQL of subscriptions: packages, subscriptions, their orders, upgrade quotes, auto-renew logs. */
// ---- packages ----

export function packagesOnSale(db: Db): Promise<PackageRow[]> {
  return db
    .selectFrom('packages')
    .selectAll()
    .where('on_sale', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export function findPackage(db: Db, id: number): Promise<PackageRow | undefined> {
  return db.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirst();
}

export function packagesByIds(db: Db, ids: number[]): Promise<PackageRow[]> {
  return db
    .selectFrom('packages')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

// ---- subscriptions ----

export function findSubscription(db: Db, id: number): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOwnSubscription(
  db: Db,
  userId: number,
  id: number,
): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The user's subscriptions that are not upgraded away, latest end first. */
export function currentSubscriptions(db: Db, userId: number, limit?: number): Promise<SubscriptionRow[]> {
  let q = db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '!=', 'upgraded')
    .orderBy('end_at', 'desc');
  if (limit !== undefined) q = q.limit(limit);
  return q.execute();
}

export function pageOfSubscriptions(
  db: Db,
  userId: number,
  q: PageQuery & { status?: SubscriptionStatus | undefined },
) {
  let base = db.selectFrom('subscriptions').where('user_id', '=', userId);
  if (q.status) base = base.where('status', '=', q.status);
  return fetchPage(base, q, (qb) => qb.selectAll().orderBy('id', 'desc').execute());
}

/** What `/sub` reads of a subscription and its owner (delivery; `LinkIndex` keeps them in memory). */
const LINK_COLUMNS = [
  's.id',
  's.link_token',
  's.package_id',
  's.uuid',
  's.status',
  's.end_at',
  's.traffic_limit',
  's.traffic_used',
  's.upload_bytes',
  'u.locale as user_locale',
  'u.status as user_status',
] as const;

/**
 * The subscription a link token opens (never an upgraded one), with its owner's language and status. Compiled once
 * (`reusableQuery`): every proxy client's poll runs it.
 */
const byLinkTokenQuery = reusableQuery(1, (db, [token]) =>
  db
    .selectFrom('subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(LINK_COLUMNS)
    .where('s.link_token', '=', token!)
    .where('s.status', '!=', 'upgraded'),
);

export async function byLinkToken(db: Db, token: string) {
  return (await byLinkTokenQuery(db, token))[0];
}

/** The statuses whose links `LinkIndex` holds: those that may be served (the rest are read when asked for). */
export const INDEXED_LINK_STATUSES = ['active', 'suspended'] as const;

/**
 * Subscriptions and their owners as `LinkIndex` reads them, by primary key alone: the status is left out of the
 * query and filtered here (`indexedLinks`). With it in the query SQLite takes the status index and reads (or sorts)
 * every live subscription for each chunk: tens of milliseconds each, on the event loop.
 */
function linkRows(db: Db) {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(LINK_COLUMNS);
}

const indexedLinks = <R extends { status: string }>(rows: R[]) =>
  rows.filter((r) => (INDEXED_LINK_STATUSES as readonly string[]).includes(r.status));

/** The largest subscription id: where a walk over them by id range ends. */
export async function lastSubscriptionId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.max('id').as('last'))
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

/** Indexed links with `afterId < id <= upTo` (one chunk of a walk over them all, by primary-key range). */
export async function linkRowsIn(db: Db, afterId: number, upTo: number) {
  return indexedLinks(await linkRows(db).where('s.id', '>', afterId).where('s.id', '<=', upTo).execute());
}

/** The indexed links among the subscriptions `ids` (those not there are not indexed, or gone). */
export async function linkRowsOf(db: Db, ids: readonly number[]) {
  return indexedLinks(await linkRows(db).where('s.id', 'in', ids).execute());
}

/**
 * The traffic figures of subscriptions with `afterId < id <= upTo` (a chunk of `LinkIndex`'s refresh, which keeps
 * those it holds): a range of the primary key, as `linkRowsIn`.
 */
export function linkTrafficIn(db: Db, afterId: number, upTo: number) {
  return db
    .selectFrom('subscriptions')
    .select(['id', 'traffic_used', 'upload_bytes'])
    .where('id', '>', afterId)
    .where('id', '<=', upTo)
    .execute();
}

export function subscriptionPeriods(db: Db, ids: number[]) {
  return db
    .selectFrom('subscriptions')
    .select(['id', 'status', 'start_at', 'end_at'])
    .where('id', 'in', ids)
    .execute();
}

export function statusesAndEnds(db: Db, userId: number) {
  return db
    .selectFrom('subscriptions')
    .select(['status', 'end_at'])
    .where('user_id', '=', userId)
    .where('status', '!=', 'upgraded')
    .execute();
}

export function insertSubscription(db: Db, values: Insertable<SubscriptionsTable>): Promise<SubscriptionRow> {
  return db.insertInto('subscriptions').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Changes a subscription only if it is still at `version`, and moves it to the next one; false when it was not. */
export async function updateAtVersion(
  db: Db,
  id: number,
  version: number,
  values: Updateable<SubscriptionsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({ ...values, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setUpgradedTo(db: Db, id: number, nextId: number): Promise<void> {
  await db.updateTable('subscriptions').set({ upgraded_to: nextId }).where('id', '=', id).execute();
}

export async function setLinkToken(db: Db, id: number, token: string): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ link_token: token, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function setAutoRenew(db: Db, id: number, enabled: boolean): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ auto_renew: enabled ? 1 : 0, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

export function autoRenewSettings(db: Db, userId: number) {
  return db
    .selectFrom('subscriptions')
    .select(['id', 'auto_renew', 'end_at', 'status'])
    .where('user_id', '=', userId)
    .where('status', '!=', 'upgraded')
    .orderBy('id')
    .execute();
}

/** Active and suspended subscriptions at or past their end become expired; returns how many. */
export async function expireEnded(db: Db, now: string): Promise<number> {
  const result = await db
    .updateTable('subscriptions')
    .set((eb) => ({ status: 'expired', version: eb('version', '+', 1), updated_at: now }))
    .where('status', 'in', ['active', 'suspended'])
    .where('end_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The monthly traffic reset: subscriptions of packages that start traffic again each month (UTC), not yet reset
 * since `monthStart`, get their traffic back (a subscription suspended for using it up is served again).
 */
export async function resetMonthlyTraffic(db: Db, monthStart: string, now: string): Promise<number> {
  const result = await db
    .updateTable('subscriptions')
    .set((eb) => ({
      traffic_used: 0,
      upload_bytes: 0,
      traffic_reset_at: now,
      status: 'active',
      version: eb('version', '+', 1),
      updated_at: now,
    }))
    .where('status', 'in', ['active', 'suspended'])
    .where('end_at', '>', now)
    .where((eb) => eb(eb.fn.coalesce('traffic_reset_at', 'start_at'), '<', monthStart))
    .where('package_id', 'in', (eb) =>
      eb.selectFrom('packages').select('id').where('traffic_reset', '=', 'monthly'),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Subscriptions with auto-renew whose end is after `since` and not after `horizon`, of active users, with the user
 * and the package's price. A subscription whose renewal for this period already failed (logged) comes back only when
 * the renewal could now go through (the package on sale and the balance enough for its price): a failure is not
 * attempted again every minute, and a customer who tops up within the window is still renewed.
 */
export function dueForAutoRenew(db: Db, since: string, horizon: string) {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('packages as p', 'p.id', 's.package_id')
    .selectAll('u')
    .select([
      's.id as sub_id',
      's.end_at',
      'p.price_fen',
      'p.name as p_name',
      'p.description as p_description',
      'p.translations as p_translations',
    ])
    .where('s.auto_renew', '=', 1)
    .where('s.status', 'in', ['active', 'suspended', 'expired'])
    .where('s.end_at', '>', since)
    .where('s.end_at', '<=', horizon)
    .where('u.status', '=', 'active')
    .where((eb) =>
      eb.or([
        eb.and([eb('p.on_sale', '=', 1), eb('u.balance_fen', '>=', eb.ref('p.price_fen'))]),
        eb.not(
          eb.exists(
            eb
              .selectFrom('auto_renew_logs as l')
              .select('l.id')
              .whereRef('l.subscription_id', '=', 's.id')
              .whereRef('l.period_end', '=', 's.end_at'),
          ),
        ),
      ]),
    )
    .execute();
}

// ---- orders ----

export function ordersOfSubscriptions(db: Db, subscriptionIds: number[]): Promise<SubscriptionOrderRow[]> {
  return db
    .selectFrom('subscription_orders')
    .selectAll()
    .where('subscription_id', 'in', subscriptionIds)
    .orderBy('id', 'desc')
    .execute();
}

export function pageOfOrders(db: Db, userId: number, q: PageQuery) {
  const base = db.selectFrom('subscription_orders').where('user_id', '=', userId);
  return fetchPage(base, q, (qb) => qb.selectAll().orderBy('id', 'desc').execute());
}

export function orderByKey(db: Db, userId: number, key: string): Promise<SubscriptionOrderRow | undefined> {
  return db
    .selectFrom('subscription_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export function insertOrder(
  db: Db,
  o: {
    userId: number;
    subscriptionId: number;
    packageId: number;
    kind: SubscriptionOrderRow['kind'];
    amountFen: number;
    key: string;
    orderNo: string;
  },
): Promise<SubscriptionOrderRow> {
  return db
    .insertInto('subscription_orders')
    .values({
      order_no: o.orderNo,
      user_id: o.userId,
      subscription_id: o.subscriptionId,
      package_id: o.packageId,
      kind: o.kind,
      amount_fen: o.amountFen,
      idempotency_key: o.key,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function totalSpentFen(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('subscription_orders')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), eb.lit(0)).as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- upgrade quotes ----

export async function insertQuote(db: Db, quote: Insertable<UpgradeQuotesTable>): Promise<void> {
  await db.insertInto('upgrade_quotes').values(quote).execute();
}

export function findQuote(db: Db, userId: number, id: string) {
  return db
    .selectFrom('upgrade_quotes')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Marks a quote used; false when it already was. */
export async function useQuote(db: Db, id: string): Promise<boolean> {
  const used = await db
    .updateTable('upgrade_quotes')
    .set({ used_at: nowIso() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

// ---- traffic (written by the nodes' traffic accounting) ----

export async function trafficSince(db: Db, userId: number, firstDay: string): Promise<number> {
  const row = await db
    .selectFrom('traffic_daily')
    .select((eb) =>
      eb.fn.coalesce(eb.fn.sum<number>(eb('upload', '+', eb.ref('download'))), eb.lit(0)).as('n'),
    )
    .where('user_id', '=', userId)
    .where('day', '>=', firstDay)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function trafficByDay(db: Db, userId: number, firstDay: string, subscriptionId?: number) {
  let q = db
    .selectFrom('traffic_daily')
    .select((eb) => [
      'day',
      eb.fn.sum<number | string>('upload').as('upload'),
      eb.fn.sum<number | string>('download').as('download'),
    ])
    .where('user_id', '=', userId)
    .where('day', '>=', firstDay)
    .groupBy('day');
  if (subscriptionId !== undefined) q = q.where('subscription_id', '=', subscriptionId);
  return q.execute();
}

// ---- auto-renew logs ----

export function pageOfAutoRenewLogs(db: Db, userId: number, q: PageQuery) {
  const base = db.selectFrom('auto_renew_logs').where('user_id', '=', userId);
  return fetchPage(base, q, (qb) => qb.selectAll().orderBy('id', 'desc').execute());
}

/** Throws a unique violation when that result was already logged for that period. */
export async function insertAutoRenewLog(
  db: Db,
  log: {
    subscriptionId: number;
    userId: number;
    periodEnd: string;
    result: 'success' | 'insufficient_balance' | 'package_unavailable';
    amountFen: number;
    orderNo: string | null;
  },
): Promise<void> {
  await db
    .insertInto('auto_renew_logs')
    .values({
      subscription_id: log.subscriptionId,
      user_id: log.userId,
      period_end: log.periodEnd,
      result: log.result,
      amount_fen: log.amountFen,
      order_no: log.orderNo,
      created_at: nowIso(),
    })
    .execute();
}

// ---- refunds (operators) ----

export function orderById(db: Db, id: number): Promise<SubscriptionOrderRow | undefined> {
  return db.selectFrom('subscription_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether the subscription has a paid order after this one (then this one is not the current period's). */
export async function hasLaterOrder(db: Db, subscriptionId: number, orderId: number): Promise<boolean> {
  const row = await db
    .selectFrom('subscription_orders')
    .select('id')
    .where('subscription_id', '=', subscriptionId)
    .where('id', '>', orderId)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks a paid order refunded; false when it was not paid any more (a refund happens once). */
export async function markOrderRefunded(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('subscription_orders')
    .set({ status: 'refunded' })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- grants and the trial (operators) ----

/** The account a grant is for (users are read here, written by auth). */
export function grantTarget(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'role', 'status', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Whether the account ever held a subscription (bought, granted or a trial). */
export async function hasAnySubscription(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Claims the account's trial; false when it already has one (the primary key on user_id decides, also in a race). */
export async function claimTrialGrant(
  db: Db,
  row: { user_id: number; package_id: number; days: number },
): Promise<boolean> {
  const result = await db
    .insertInto('trial_grants')
    .values({ ...row, subscription_id: null, created_at: nowIso() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function hasTrialGrant(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('trial_grants')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countTrialGrants(db: Db): Promise<number> {
  const row = await db
    .selectFrom('trial_grants')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setTrialSubscription(db: Db, userId: number, subscriptionId: number): Promise<void> {
  await db
    .updateTable('trial_grants')
    .set({ subscription_id: subscriptionId })
    .where('user_id', '=', userId)
    .execute();
}
