import {
  fenToString,
  type Locale,
  type Subscription,
  type SubscriptionStatus,
  type TrafficDay,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/time.js';
import type { Database, Db, SubscriptionOrderRow, SubscriptionRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { toPage } from '../../lib/paginate.js';
import { packageText, toOrder, toPackage, toSubscription } from './mapping.js';
import { upgradeTargetsOf } from './package-repository.js';
import * as repo from './repository.js';

const DAY_MS = 86_400_000;

/** The user's own subscription, or 40301. */
export async function ownSubscription(db: Db, userId: number, id: number): Promise<SubscriptionRow> {
  const row = await repo.findOwnSubscription(db, userId, id);
  if (!row) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  return row;
}

/** Reading: the package catalogue, the user's subscriptions, orders, figures and traffic. */
export class SubscriptionQueries {
  constructor(private readonly db: Kysely<Database>) {}

  async listPackages(locale: Locale) {
    const rows = await repo.packagesOnSale(this.db);
    const targets = await upgradeTargetsOf(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toPackage(r, locale, targets.get(r.id)));
  }

  async getPackage(id: number, locale: Locale) {
    const row = await repo.findPackage(this.db, id);
    if (!row) throw new AppError('PACKAGE_NOT_FOUND');
    return toPackage(row, locale, (await upgradeTargetsOf(this.db, [id])).get(id));
  }

  /** Subscriptions with their package name and latest order, in three queries whatever their number. */
  async views(db: Db, rows: SubscriptionRow[], locale: Locale): Promise<Subscription[]> {
    if (rows.length === 0) return [];
    const [packages, orders] = await Promise.all([
      repo.packagesByIds(
        db,
        rows.map((r) => r.package_id),
      ),
      repo.ordersOfSubscriptions(
        db,
        rows.map((r) => r.id),
      ),
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

  async my(userId: number, locale: Locale): Promise<Subscription[]> {
    const rows = await repo.currentSubscriptions(this.db, userId);
    const rank: Record<string, number> = { active: 0, suspended: 1, expired: 2 };
    rows.sort((a, b) => (rank[a.status] ?? 3) - (rank[b.status] ?? 3));
    return this.views(this.db, rows, locale);
  }

  async list(
    userId: number,
    locale: Locale,
    q: { page: number; size: number; status?: SubscriptionStatus | undefined },
  ) {
    const { rows, total } = await repo.pageOfSubscriptions(this.db, userId, q);
    return toPage(await this.views(this.db, rows, locale), total, q);
  }

  async orders(userId: number, locale: Locale, q: { page: number; size: number }) {
    const { rows, total } = await repo.pageOfOrders(this.db, userId, q);
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
      ? await repo.subscriptionPeriods(
          this.db,
          page.items.map((o) => o.subscription_id),
        )
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
      repo.statusesAndEnds(this.db, userId),
      repo.totalSpentFen(this.db, userId),
      repo.trafficSince(this.db, userId, monthStart),
    ]);
    const active = subs.filter((s) => s.status === 'active');
    return {
      active: active.length,
      total: subs.length,
      // What the nodes reported since the first of the month (UTC), after their rate multipliers.
      traffic_used_month: String(month),
      days_remaining: active.reduce(
        (max, s) => Math.max(max, Math.ceil((Date.parse(s.end_at) - Date.now()) / DAY_MS)),
        0,
      ),
      total_spent: fenToString(spent),
    };
  }

  /** Daily traffic over the last `days` days (UTC), every day present so charts need no gap filling. */
  async traffic(userId: number, days: number, subscriptionId?: number): Promise<TrafficDay[]> {
    const today = new Date(`${nowIso().slice(0, 10)}T00:00:00.000Z`).getTime();
    const first = new Date(today - (days - 1) * DAY_MS).toISOString().slice(0, 10);
    if (subscriptionId !== undefined) await ownSubscription(this.db, userId, subscriptionId);
    const rows = await repo.trafficByDay(this.db, userId, first, subscriptionId);
    const byDay = new Map(rows.map((r) => [r.day, r]));
    return Array.from({ length: days }, (_, i) => {
      const day = new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10);
      const r = byDay.get(day);
      return { day, upload: String(Number(r?.upload ?? 0)), download: String(Number(r?.download ?? 0)) };
    });
  }

  private async packageNames(ids: number[], locale: Locale): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await repo.packagesByIds(this.db, ids);
    return new Map(rows.map((p) => [p.id, packageText(p, locale).name]));
  }
}
