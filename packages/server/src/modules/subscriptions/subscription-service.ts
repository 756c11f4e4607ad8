import { randomUUID } from 'node:crypto';
import {
  fenToString,
  type Locale,
  type Subscription,
  type SubscriptionStatus,
  type TrafficDay,
  type UpgradeQuote,
} from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import { isoAfter, nowIso } from '../../db/time.js';
import type { Database, PackageRow, SubscriptionOrderRow, SubscriptionRow, UserRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { randomToken } from '../../lib/crypto.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { newOrderNo } from '../recharge/codes.js';
import { changeBalance } from '../wallet/ledger.js';
import { packageText, toOrder, toPackage, toSubscription } from './mapping.js';
import { quoteUpgrade } from './upgrade-math.js';
import { fetchPage, toPage } from '../../lib/paginate.js';

type Db = Kysely<Database> | Transaction<Database>;
const DAY_MS = 86_400_000;
const QUOTE_TTL_MS = 5 * 60_000;

export interface MoneyResult {
  order: ReturnType<typeof toOrder>;
  subscription: Subscription;
  balance: string;
}

/** Packages, purchases, renewals and upgrades, all paid from the balance through the ledger. */
/** Active subscriptions can be upgraded, and so can those suspended for using up their traffic (the upgrade is the way back). */
function upgradable(sub: SubscriptionRow): boolean {
  return (
    sub.status === 'active' ||
    (sub.status === 'suspended' && sub.traffic_limit !== null && sub.traffic_used >= sub.traffic_limit)
  );
}

export class SubscriptionService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly publicUrl: string,
  ) {}

  // ---- reading ----

  async listPackages(locale: Locale) {
    const rows = await this.db
      .selectFrom('packages')
      .selectAll()
      .where('on_sale', '=', 1)
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
    return rows.map((r) => toPackage(r, locale));
  }

  async getPackage(id: number, locale: Locale) {
    const row = await this.db.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('PACKAGE_NOT_FOUND');
    return toPackage(row, locale);
  }

  /** Subscriptions with their package name and latest order, in three queries whatever their number. */
  async views(db: Db, rows: SubscriptionRow[], locale: Locale): Promise<Subscription[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [packages, orders] = await Promise.all([
      db
        .selectFrom('packages')
        .selectAll()
        .where('id', 'in', [...new Set(rows.map((r) => r.package_id))])
        .execute(),
      db
        .selectFrom('subscription_orders')
        .selectAll()
        .where('subscription_id', 'in', ids)
        .orderBy('id', 'desc')
        .execute(),
    ]);
    const pkg = new Map(packages.map((p) => [p.id, p]));
    const latest = new Map<number, SubscriptionOrderRow>();
    for (const o of orders) if (!latest.has(o.subscription_id)) latest.set(o.subscription_id, o);
    return rows.map((r) => {
      const p = pkg.get(r.package_id);
      const o = latest.get(r.id);
      return toSubscription(r, {
        packageName: p ? packageText(p, locale).name : '',
        orderNo: o?.order_no ?? '',
        orderAmountFen: o?.amount_fen ?? 0,
      });
    });
  }

  private async ownSubscription(db: Db, userId: number, id: number): Promise<SubscriptionRow> {
    const row = await db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw new AppError('SUBSCRIPTION_NOT_FOUND');
    return row;
  }

  async my(userId: number, locale: Locale): Promise<Subscription[]> {
    const rows = await this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '!=', 'upgraded')
      .orderBy('end_at', 'desc')
      .execute();
    const rank: Record<string, number> = { active: 0, suspended: 1, expired: 2 };
    rows.sort((a, b) => (rank[a.status] ?? 3) - (rank[b.status] ?? 3));
    return this.views(this.db, rows, locale);
  }

  async list(
    userId: number,
    locale: Locale,
    q: { page: number; size: number; status?: SubscriptionStatus | undefined },
  ) {
    let base = this.db.selectFrom('subscriptions').where('user_id', '=', userId);
    if (q.status) base = base.where('status', '=', q.status);
    const { rows, total } = await fetchPage(base, q, (qb) => qb.selectAll().orderBy('id', 'desc').execute());
    return toPage(await this.views(this.db, rows, locale), total, q);
  }

  async orders(userId: number, locale: Locale, q: { page: number; size: number }) {
    const base = this.db.selectFrom('subscription_orders').where('user_id', '=', userId);
    const { rows, total } = await fetchPage(base, q, (qb) => qb.selectAll().orderBy('id', 'desc').execute());
    const names = await this.packageNames(
      rows.map((r) => r.package_id),
      locale,
    );
    return toPage(
      rows.map((r) => toOrder(r, names.get(r.package_id) ?? '')),
      total,
      q,
    );
  }

  async history(userId: number, locale: Locale, q: { page: number; size: number }) {
    const page = await this.orders(userId, locale, q);
    const subs = page.items.length
      ? await this.db
          .selectFrom('subscriptions')
          .select(['id', 'status', 'start_at', 'end_at'])
          .where(
            'id',
            'in',
            page.items.map((o) => o.subscription_id),
          )
          .execute()
      : [];
    const byId = new Map(subs.map((s) => [s.id, s]));
    return {
      ...page,
      items: page.items.map((o) => {
        const s = byId.get(o.subscription_id);
        return {
          ...o,
          subscription_status: s?.status ?? 'expired',
          start_at: s?.start_at ?? o.created_at,
          end_at: s?.end_at ?? o.created_at,
        };
      }),
    };
  }

  async stats(userId: number) {
    const now = nowIso();
    const monthStart = `${now.slice(0, 7)}-01`;
    const [subs, spent, month] = await Promise.all([
      this.db
        .selectFrom('subscriptions')
        .select(['status', 'end_at'])
        .where('user_id', '=', userId)
        .where('status', '!=', 'upgraded')
        .execute(),
      this.db
        .selectFrom('subscription_orders')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), eb.lit(0)).as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('traffic_daily')
        .select((eb) =>
          eb.fn.coalesce(eb.fn.sum<number>(eb('upload', '+', eb.ref('download'))), eb.lit(0)).as('n'),
        )
        .where('user_id', '=', userId)
        .where('day', '>=', monthStart)
        .executeTakeFirstOrThrow(),
    ]);
    const active = subs.filter((s) => s.status === 'active');
    return {
      active: active.length,
      total: subs.length,
      // What the nodes reported since the first of the month (UTC), after their rate multipliers.
      traffic_used_month: String(Number(month.n)),
      days_remaining: active.reduce(
        (max, s) => Math.max(max, Math.ceil((Date.parse(s.end_at) - Date.now()) / DAY_MS)),
        0,
      ),
      total_spent: fenToString(Number(spent.n)),
    };
  }

  /** Daily traffic over the last `days` days (UTC), every day present so charts need no gap filling. */
  async traffic(userId: number, days: number, subscriptionId?: number): Promise<TrafficDay[]> {
    const today = new Date(`${nowIso().slice(0, 10)}T00:00:00.000Z`).getTime();
    const first = new Date(today - (days - 1) * DAY_MS).toISOString().slice(0, 10);
    let q = this.db
      .selectFrom('traffic_daily')
      .select((eb) => [
        'day',
        eb.fn.sum<number | string>('upload').as('upload'),
        eb.fn.sum<number | string>('download').as('download'),
      ])
      .where('user_id', '=', userId)
      .where('day', '>=', first)
      .groupBy('day');
    if (subscriptionId !== undefined) {
      await this.ownSubscription(this.db, userId, subscriptionId);
      q = q.where('subscription_id', '=', subscriptionId);
    }
    const byDay = new Map((await q.execute()).map((r) => [r.day, r]));
    return Array.from({ length: days }, (_, i) => {
      const day = new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10);
      const r = byDay.get(day);
      return { day, upload: String(Number(r?.upload ?? 0)), download: String(Number(r?.download ?? 0)) };
    });
  }

  private async packageNames(ids: number[], locale: Locale): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('packages')
      .selectAll()
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((p) => [p.id, packageText(p, locale).name]));
  }

  // ---- paying ----

  /** A replayed idempotency key answers with what the first request did, and charges nothing. */
  private async replay(
    userId: number,
    key: string,
    kind: SubscriptionOrderRow['kind'],
    locale: Locale,
  ): Promise<MoneyResult | null> {
    const order = await this.db
      .selectFrom('subscription_orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    if (!order) return null;
    if (order.kind !== kind) throw new AppError('BAD_REQUEST', { reason: 'idempotency_key_reused' });
    return this.result(this.db, order, locale);
  }

  private async result(db: Db, order: SubscriptionOrderRow, locale: Locale): Promise<MoneyResult> {
    const sub = await db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', order.subscription_id)
      .executeTakeFirstOrThrow();
    const user = await db
      .selectFrom('users')
      .select('balance_fen')
      .where('id', '=', order.user_id)
      .executeTakeFirstOrThrow();
    const [view] = await this.views(db, [sub], locale);
    return {
      order: toOrder(order, view!.package_name),
      subscription: view!,
      balance: fenToString(user.balance_fen),
    };
  }

  private async pay(
    userId: number,
    key: string,
    kind: SubscriptionOrderRow['kind'],
    locale: Locale,
    work: (trx: Transaction<Database>) => Promise<SubscriptionOrderRow>,
  ): Promise<MoneyResult> {
    const replayed = await this.replay(userId, key, kind, locale);
    if (replayed) return replayed;
    try {
      return await this.db.transaction().execute(async (trx) => this.result(trx, await work(trx), locale));
    } catch (err) {
      if (isUniqueViolation(err)) {
        const again = await this.replay(userId, key, kind, locale);
        if (again) return again;
      }
      throw err;
    }
  }

  private async saleable(db: Db, packageId: number): Promise<PackageRow> {
    const p = await db.selectFrom('packages').selectAll().where('id', '=', packageId).executeTakeFirst();
    if (!p) throw new AppError('PACKAGE_NOT_FOUND');
    if (p.on_sale !== 1) throw new AppError('PACKAGE_NOT_AVAILABLE');
    return p;
  }

  private async insertOrder(
    trx: Transaction<Database>,
    o: {
      userId: number;
      subscriptionId: number;
      packageId: number;
      kind: SubscriptionOrderRow['kind'];
      amountFen: number;
      key: string;
      orderNo: string;
    },
  ) {
    return trx
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

  purchase(user: UserRow, packageId: number, key: string, locale: Locale): Promise<MoneyResult> {
    return this.pay(user.id, key, 'purchase', locale, async (trx) => {
      const p = await this.saleable(trx, packageId);
      const orderNo = newOrderNo('S');
      if (p.price_fen > 0)
        await changeBalance(trx, {
          userId: user.id,
          deltaFen: -p.price_fen,
          kind: 'purchase',
          reference: orderNo,
        });
      const now = new Date();
      const sub = await trx
        .insertInto('subscriptions')
        .values({
          user_id: user.id,
          package_id: p.id,
          status: 'active',
          uuid: randomUUID(),
          link_token: randomToken(24),
          start_at: now.toISOString(),
          end_at: new Date(now.getTime() + p.validity_days * DAY_MS).toISOString(),
          traffic_limit: p.traffic_bytes,
          device_limit: p.device_limit,
          speed_limit_mbps: p.speed_limit_mbps,
          upgraded_to: null,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return this.insertOrder(trx, {
        userId: user.id,
        subscriptionId: sub.id,
        packageId: p.id,
        kind: 'purchase',
        amountFen: p.price_fen,
        key,
        orderNo,
      });
    });
  }

  /** One more cycle from the later of now and the current end (from now when expired); traffic starts again. */
  renew(user: UserRow, subscriptionId: number, key: string, locale: Locale): Promise<MoneyResult> {
    return this.pay(user.id, key, 'renew', locale, async (trx) => {
      const before = await this.ownSubscription(trx, user.id, subscriptionId);
      if (before.status === 'upgraded') throw new AppError('RENEWAL_NOT_ALLOWED', { reason: 'upgraded' });
      const p = await trx
        .selectFrom('packages')
        .selectAll()
        .where('id', '=', before.package_id)
        .executeTakeFirstOrThrow();
      if (p.on_sale !== 1) throw new AppError('RENEWAL_NOT_ALLOWED', { reason: 'package_unavailable' });
      const orderNo = newOrderNo('S');
      // The balance row is locked first: renewals of one user run one after the other, so none extends a stale end.
      if (p.price_fen > 0)
        await changeBalance(trx, {
          userId: user.id,
          deltaFen: -p.price_fen,
          kind: 'renew',
          reference: orderNo,
        });
      const sub = await this.ownSubscription(trx, user.id, subscriptionId);
      const now = Date.now();
      const reactivate = sub.status === 'expired' || Date.parse(sub.end_at) <= now;
      const from = reactivate ? now : Date.parse(sub.end_at);
      const updated = await trx
        .updateTable('subscriptions')
        .set({
          status: 'active',
          ...(reactivate ? { start_at: new Date(now).toISOString() } : {}),
          end_at: new Date(from + p.validity_days * DAY_MS).toISOString(),
          traffic_used: 0,
          upload_bytes: 0,
          traffic_limit: p.traffic_bytes,
          device_limit: p.device_limit,
          version: sub.version + 1,
          updated_at: new Date(now).toISOString(),
        })
        .where('id', '=', sub.id)
        .where('version', '=', sub.version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1)
        throw new AppError('RENEWAL_NOT_ALLOWED', { reason: 'changed_meanwhile' });
      return this.insertOrder(trx, {
        userId: user.id,
        subscriptionId: sub.id,
        packageId: p.id,
        kind: 'renew',
        amountFen: p.price_fen,
        key,
        orderNo,
      });
    });
  }

  async preview(user: UserRow, subscriptionId: number, packageId: number): Promise<UpgradeQuote> {
    const sub = await this.ownSubscription(this.db, user.id, subscriptionId);
    if (!upgradable(sub)) throw new AppError('UPGRADE_NOT_ALLOWED', { reason: `subscription_${sub.status}` });
    if (sub.package_id === packageId) throw new AppError('UPGRADE_NOT_ALLOWED', { reason: 'same_package' });
    const [current, target] = await Promise.all([
      this.db.selectFrom('packages').selectAll().where('id', '=', sub.package_id).executeTakeFirstOrThrow(),
      this.saleable(this.db, packageId),
    ]);
    if (target.price_fen < current.price_fen)
      throw new AppError('UPGRADE_NOT_ALLOWED', { reason: 'not_an_upgrade' });
    const now = Date.now();
    const q = quoteUpgrade({
      priceFen: current.price_fen,
      periodSeconds: current.validity_days * 86_400,
      remainingSeconds: Math.floor((Date.parse(sub.end_at) - now) / 1000),
      limitBytes: sub.traffic_limit,
      usedBytes: sub.traffic_used,
      newPriceFen: target.price_fen,
    });
    const quote = {
      id: randomToken(18),
      user_id: user.id,
      subscription_id: sub.id,
      subscription_version: sub.version,
      to_package_id: target.id,
      to_price_fen: target.price_fen,
      credit_fen: q.creditFen,
      amount_due_fen: q.dueFen,
      new_end_at: new Date(now + target.validity_days * DAY_MS).toISOString(),
      created_at: new Date(now).toISOString(),
      expires_at: isoAfter(QUOTE_TTL_MS, new Date(now)),
      used_at: null,
    };
    await this.db.insertInto('upgrade_quotes').values(quote).execute();
    return {
      quote_id: quote.id,
      subscription_id: sub.id,
      from_package_id: current.id,
      to_package_id: target.id,
      remaining_time_value: fenToString(q.timeValueFen),
      remaining_traffic_value: q.trafficValueFen === null ? null : fenToString(q.trafficValueFen),
      credit: fenToString(q.creditFen),
      new_price: fenToString(target.price_fen),
      amount_due: fenToString(q.dueFen),
      new_end_at: quote.new_end_at,
      expires_at: quote.expires_at,
    };
  }

  /** Charges exactly the quoted amount, or refuses: a quote that expired or whose subscription changed is re-quoted. */
  upgrade(user: UserRow, quoteId: string, key: string, locale: Locale): Promise<MoneyResult> {
    return this.pay(user.id, key, 'upgrade', locale, async (trx) => {
      const quote = await trx
        .selectFrom('upgrade_quotes')
        .selectAll()
        .where('id', '=', quoteId)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (!quote || quote.used_at || quote.expires_at <= nowIso())
        throw new AppError('UPGRADE_NOT_ALLOWED', { reason: 'quote_expired' });
      const target = await this.saleable(trx, quote.to_package_id);
      if (target.price_fen !== quote.to_price_fen)
        throw new AppError('UPGRADE_NOT_ALLOWED', { reason: 'quote_changed' });
      const orderNo = newOrderNo('S');
      if (quote.amount_due_fen > 0)
        await changeBalance(trx, {
          userId: user.id,
          deltaFen: -quote.amount_due_fen,
          kind: 'upgrade',
          reference: orderNo,
        });
      const old = await this.ownSubscription(trx, user.id, quote.subscription_id);
      if (!upgradable(old) || old.version !== quote.subscription_version)
        throw new AppError('UPGRADE_NOT_ALLOWED', { reason: 'quote_changed' });
      const used = await trx
        .updateTable('upgrade_quotes')
        .set({ used_at: nowIso() })
        .where('id', '=', quote.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1)
        throw new AppError('UPGRADE_NOT_ALLOWED', { reason: 'quote_expired' });
      const now = nowIso();
      const retired = await trx
        .updateTable('subscriptions')
        .set({ status: 'upgraded', version: old.version + 1, updated_at: now })
        .where('id', '=', old.id)
        .where('version', '=', old.version)
        .executeTakeFirst();
      if (Number(retired.numUpdatedRows) !== 1)
        throw new AppError('UPGRADE_NOT_ALLOWED', { reason: 'quote_changed' });
      const next = await trx
        .insertInto('subscriptions')
        .values({
          user_id: user.id,
          package_id: target.id,
          status: 'active',
          uuid: old.uuid,
          link_token: old.link_token,
          start_at: now,
          end_at: quote.new_end_at,
          traffic_limit: target.traffic_bytes,
          device_limit: target.device_limit,
          speed_limit_mbps: target.speed_limit_mbps,
          auto_renew: old.auto_renew,
          upgraded_to: null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.updateTable('subscriptions').set({ upgraded_to: next.id }).where('id', '=', old.id).execute();
      return this.insertOrder(trx, {
        userId: user.id,
        subscriptionId: next.id,
        packageId: target.id,
        kind: 'upgrade',
        amountFen: quote.amount_due_fen,
        key,
        orderNo,
      });
    });
  }

  // ---- the link ----

  private url(token: string): string {
    return `${this.publicUrl}/sub/${token}`;
  }

  private async linkTarget(userId: number, subscriptionId?: number): Promise<SubscriptionRow> {
    if (subscriptionId) {
      const sub = await this.ownSubscription(this.db, userId, subscriptionId);
      if (sub.status === 'upgraded')
        throw new AppError('LINK_NOT_FOUND', { reason: 'upgraded', upgraded_to: sub.upgraded_to });
      return sub;
    }
    const [first] = await this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '!=', 'upgraded')
      .orderBy('end_at', 'desc')
      .limit(1)
      .execute();
    if (!first) throw new AppError('LINK_NOT_FOUND');
    return first;
  }

  async link(userId: number, subscriptionId?: number) {
    const sub = await this.linkTarget(userId, subscriptionId);
    return { subscription_id: sub.id, url: this.url(sub.link_token), token: sub.link_token };
  }

  async resetLink(userId: number, subscriptionId: number) {
    const sub = await this.linkTarget(userId, subscriptionId);
    const token = randomToken(24);
    await this.db
      .updateTable('subscriptions')
      .set({ link_token: token, updated_at: nowIso() })
      .where('id', '=', sub.id)
      .execute();
    return { subscription_id: sub.id, url: this.url(token), token };
  }

  // ---- automatic renewal ----

  async setAutoRenew(userId: number, subscriptionId: number, enabled: boolean) {
    const sub = await this.ownSubscription(this.db, userId, subscriptionId);
    if (sub.status === 'upgraded') throw new AppError('RENEWAL_NOT_ALLOWED', { reason: 'upgraded' });
    await this.db
      .updateTable('subscriptions')
      .set({ auto_renew: enabled ? 1 : 0, updated_at: nowIso() })
      .where('id', '=', sub.id)
      .execute();
    return { subscription_id: sub.id, enabled };
  }

  async autoRenewStatus(userId: number) {
    const rows = await this.db
      .selectFrom('subscriptions')
      .select(['id', 'auto_renew', 'end_at', 'status'])
      .where('user_id', '=', userId)
      .where('status', '!=', 'upgraded')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      subscription_id: r.id,
      enabled: r.auto_renew === 1,
      next_attempt_at:
        r.auto_renew === 1
          ? new Date(Math.max(Date.now(), Date.parse(r.end_at) - DAY_MS)).toISOString()
          : null,
    }));
  }

  async autoRenewLogs(userId: number, q: { page: number; size: number }) {
    const base = this.db.selectFrom('auto_renew_logs').where('user_id', '=', userId);
    const { rows, total } = await fetchPage(base, q, (qb) => qb.selectAll().orderBy('id', 'desc').execute());
    const items = rows.map((r) => ({
      id: r.id,
      subscription_id: r.subscription_id,
      result: r.result,
      amount: fenToString(r.amount_fen),
      order_no: r.order_no,
      created_at: r.created_at,
    }));
    return toPage(items, total, q);
  }
}
