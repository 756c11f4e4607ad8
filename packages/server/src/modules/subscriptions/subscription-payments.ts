import { randomUUID } from 'node:crypto';
import { fenToString, type Locale, type Subscription, type UpgradeQuote } from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import { isoAfter, nowIso } from '../../db/time.js';
import type { Database, Db, PackageRow, SubscriptionOrderRow, UserRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { randomToken } from '../../lib/crypto.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { newOrderNo } from '../recharge/codes.js';
import { balanceOf, changeBalance } from '../wallet/ledger.js';
import { toOrder } from './mapping.js';
import * as repo from './repository.js';
import { upgradeTargetsOf } from './package-repository.js';
import { upgradeRefusal } from './servable.js';
import { ownSubscription, type SubscriptionQueries } from './subscription-queries.js';
import { quoteUpgrade } from './upgrade-math.js';

const DAY_MS = 86_400_000;
const QUOTE_TTL_MS = 5 * 60_000;

export interface MoneyResult {
  order: ReturnType<typeof toOrder>;
  subscription: Subscription;
  balance: string;
}

/** Purchases, renewals and upgrades, all paid from the balance through the ledger in one transaction each. */
export class SubscriptionPayments {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly queries: SubscriptionQueries,
  ) {}

  /** A replayed idempotency key answers with what the first request did, and charges nothing. */
  private async replay(
    userId: number,
    key: string,
    kind: SubscriptionOrderRow['kind'],
    locale: Locale,
  ): Promise<MoneyResult | null> {
    const order = await repo.orderByKey(this.db, userId, key);
    if (!order) return null;
    if (order.kind !== kind) throw new AppError('BAD_REQUEST', { reason: 'idempotency_key_reused' });
    return this.result(this.db, order, locale);
  }

  private async result(db: Db, order: SubscriptionOrderRow, locale: Locale): Promise<MoneyResult> {
    const sub = await repo.findSubscription(db, order.subscription_id);
    if (!sub) throw new Error(`order ${order.order_no} without its subscription`);
    const balance = await balanceOf(db, order.user_id);
    const [view] = await this.queries.views(db, [sub], locale);
    return {
      order: toOrder(order, view!.package_name),
      subscription: view!,
      balance: fenToString(balance),
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
    const p = await repo.findPackage(db, packageId);
    if (!p) throw new AppError('PACKAGE_NOT_FOUND');
    if (p.on_sale !== 1) throw new AppError('PACKAGE_NOT_AVAILABLE');
    return p;
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
      const sub = await repo.insertSubscription(trx, {
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
      });
      return repo.insertOrder(trx, {
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

  /**
   * One more cycle from the later of now and the current end (from now when expired); traffic starts again (not
   * for a package whose traffic is never reset).
   */
  renew(user: UserRow, subscriptionId: number, key: string, locale: Locale): Promise<MoneyResult> {
    return this.pay(user.id, key, 'renew', locale, async (trx) => {
      const before = await ownSubscription(trx, user.id, subscriptionId);
      if (before.status === 'upgraded') throw new AppError('RENEWAL_NOT_ALLOWED', { reason: 'upgraded' });
      const p = await repo.findPackage(trx, before.package_id);
      if (!p) throw new AppError('PACKAGE_NOT_FOUND');
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
      const sub = await ownSubscription(trx, user.id, subscriptionId);
      // Read again under the balance lock: an upgrade that committed meanwhile made it `upgraded`, and renewing it
      // would bring back a second live subscription with the same link (a unique violation, a 500).
      if (sub.status === 'upgraded') throw new AppError('RENEWAL_NOT_ALLOWED', { reason: 'upgraded' });
      const now = Date.now();
      const reactivate = sub.status === 'expired' || Date.parse(sub.end_at) <= now;
      const from = reactivate ? now : Date.parse(sub.end_at);
      const renewed = await repo.updateAtVersion(trx, sub.id, sub.version, {
        status: 'active',
        ...(reactivate ? { start_at: new Date(now).toISOString() } : {}),
        end_at: new Date(from + p.validity_days * DAY_MS).toISOString(),
        // Traffic starts again with the paid period, unless the package's traffic is never reset.
        ...(p.traffic_reset === 'never' ? {} : { traffic_used: 0, upload_bytes: 0 }),
        traffic_limit: p.traffic_bytes,
        // The limits the agents apply (user list) are the package's as it is sold now, like the traffic.
        device_limit: p.device_limit,
        speed_limit_mbps: p.speed_limit_mbps,
        updated_at: new Date(now).toISOString(),
      });
      if (!renewed) throw new AppError('RENEWAL_NOT_ALLOWED', { reason: 'changed_meanwhile' });
      return repo.insertOrder(trx, {
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
    const sub = await ownSubscription(this.db, user.id, subscriptionId);
    const refused = upgradeRefusal(sub);
    if (refused) throw new AppError('UPGRADE_NOT_ALLOWED', { reason: refused });
    if (sub.package_id === packageId) throw new AppError('UPGRADE_NOT_ALLOWED', { reason: 'same_package' });
    const [current, target] = await Promise.all([
      repo.findPackage(this.db, sub.package_id),
      this.saleable(this.db, packageId),
    ]);
    if (!current) throw new AppError('PACKAGE_NOT_FOUND');
    if (target.price_fen < current.price_fen)
      throw new AppError('UPGRADE_NOT_ALLOWED', { reason: 'not_an_upgrade' });
    // The operator may name the packages a package upgrades to (none named: any at the same price or more).
    const allowed = (await upgradeTargetsOf(this.db, [current.id])).get(current.id) ?? [];
    if (allowed.length > 0 && !allowed.includes(target.id))
      throw new AppError('UPGRADE_NOT_ALLOWED', { reason: 'not_a_target' });
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
    await repo.insertQuote(this.db, quote);
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
      const quote = await repo.findQuote(trx, user.id, quoteId);
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
      const old = await ownSubscription(trx, user.id, quote.subscription_id);
      if (upgradeRefusal(old) || old.version !== quote.subscription_version)
        throw new AppError('UPGRADE_NOT_ALLOWED', { reason: 'quote_changed' });
      if (!(await repo.useQuote(trx, quote.id)))
        throw new AppError('UPGRADE_NOT_ALLOWED', { reason: 'quote_expired' });
      const now = nowIso();
      if (!(await repo.updateAtVersion(trx, old.id, old.version, { status: 'upgraded', updated_at: now })))
        throw new AppError('UPGRADE_NOT_ALLOWED', { reason: 'quote_changed' });
      const next = await repo.insertSubscription(trx, {
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
      });
      await repo.setUpgradedTo(trx, old.id, next.id);
      return repo.insertOrder(trx, {
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
}
