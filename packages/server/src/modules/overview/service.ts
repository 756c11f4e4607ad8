import { fenToString } from '@portal/contract';
import {
  EXPIRING_DAYS,
  OVERVIEW_DAYS,
  OVERVIEW_WEEK_DAYS,
  TOPUP_METHODS,
  type MoneyOverview,
  type NodesOverview,
  type OverviewPeriods,
  type TicketsOverview,
  type UsersOverview,
} from '@portal/contract/admin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { TRANSFER_VIEW_STATUSES } from '../money/transfer-views.js';
import * as repo from './repository.js';

const DAY_MS = 86_400_000;

/**
 * The day boundaries of the overview: UTC calendar days (the stored timestamps are UTC, node traffic is counted per
 * UTC day, and the console's links pass these instants to the lists' filters). `days` are the last OVERVIEW_DAYS
 * days, oldest first, today last.
 */
export function overviewClock(now: Date) {
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const at = (ms: number) => new Date(ms).toISOString();
  // Every period ends at the next midnight: a row written while the figures are read still counts in its day.
  const until = at(todayStart + DAY_MS);
  const days = Array.from({ length: OVERVIEW_DAYS }, (_, i) =>
    at(todayStart - (OVERVIEW_DAYS - 1 - i) * DAY_MS).slice(0, 10),
  );
  const periods: OverviewPeriods = {
    today: { from: at(todayStart), to: until },
    week: { from: at(todayStart - (OVERVIEW_WEEK_DAYS - 1) * DAY_MS), to: until },
    month: { from: at(todayStart - (OVERVIEW_DAYS - 1) * DAY_MS), to: until },
  };
  return { now: now.toISOString(), until, days, periods };
}

/** What a day belongs to: [today, week, month] (the month is every day of the series). */
function inPeriods(day: string, periods: OverviewPeriods): [boolean, boolean, boolean] {
  return [day >= periods.today.from.slice(0, 10), day >= periods.week.from.slice(0, 10), true];
}

/** Adds per-day rows into the three periods. */
function totals<K extends string>(
  rows: readonly ({ day: string } & Record<K, number>)[],
  keys: readonly K[],
  periods: OverviewPeriods,
) {
  const zero = () => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  const out = { today: zero(), week: zero(), month: zero() };
  for (const row of rows) {
    const [today, week] = inPeriods(row.day, periods);
    for (const k of keys) {
      out.month[k] += row[k];
      if (week) out.week[k] += row[k];
      if (today) out.today[k] += row[k];
    }
  }
  return out;
}

const n = (v: number | string | null | undefined) => Number(v ?? 0);

const starts = (periods: OverviewPeriods): repo.PeriodStarts => ({
  today: periods.today.from,
  week: periods.week.from,
  month: periods.month.from,
});

/** The operators' overview: each area's figures, read-only (no transaction: every figure is one statement). */
export class OverviewService {
  constructor(private readonly db: Kysely<Database>) {}

  async money(at = new Date()): Promise<MoneyOverview> {
    const { days, periods, until } = overviewClock(at);
    const from = periods.month.from;
    const [orders, refunds, topups, pending, open] = await Promise.all([
      repo.orderDays(this.db, from, until),
      repo.refundDays(this.db, from, until),
      repo.ledgerKindTotals(this.db, TOPUP_METHODS, starts(periods), until),
      repo.pendingUsdtOrders(this.db),
      repo.transfersIn(this.db, TRANSFER_VIEW_STATUSES.open),
    ]);
    const byDay = new Map(days.map((d) => [d, { day: d, orders: 0, paid: 0, refunds: 0 }]));
    for (const o of orders) {
      const d = byDay.get(o.day);
      if (d) {
        d.orders += n(o.orders);
        d.paid += n(o.paid_fen);
      }
    }
    for (const r of refunds) {
      const d = byDay.get(r.day);
      if (d) d.refunds += n(r.sum_fen);
    }
    const series = [...byDay.values()];
    const revenue = (r: { orders: number; paid: number; refunds: number }) => ({
      orders: r.orders,
      paid: fenToString(r.paid),
      refunds: fenToString(r.refunds),
      net: fenToString(r.paid - r.refunds),
    });
    const sums = totals(series, ['orders', 'paid', 'refunds'], periods);
    const shape = (count: number | string, fen: number | string | null) => ({
      count: n(count),
      amount: fenToString(n(fen)),
    });
    return {
      periods,
      revenue: { today: revenue(sums.today), week: revenue(sums.week), month: revenue(sums.month) },
      revenue_days: series.map((d) => ({ day: d.day, ...revenue(d) })),
      topups: TOPUP_METHODS.map((method) => {
        const r = topups.find((x) => x.kind === method);
        return {
          method,
          today: shape(r?.today_count ?? 0, r?.today_fen ?? 0),
          week: shape(r?.week_count ?? 0, r?.week_fen ?? 0),
          month: shape(r?.month_count ?? 0, r?.month_fen ?? 0),
        };
      }),
      pending_usdt_orders: pending,
      open_transfers: open,
    };
  }

  async users(at = new Date()): Promise<UsersOverview> {
    const { now, periods, until } = overviewClock(at);
    const soon = new Date(at.getTime() + EXPIRING_DAYS * DAY_MS).toISOString();
    const [r, subscriptions] = await Promise.all([
      repo.registeredTotals(this.db, starts(periods), until),
      repo.subscriptionCounts(this.db, now, soon),
    ]);
    return {
      periods,
      registered: {
        today: { total: n(r.today_total), verified: n(r.today_verified) },
        week: { total: n(r.week_total), verified: n(r.week_verified) },
        month: { total: n(r.month_total), verified: n(r.month_verified) },
      },
      subscriptions: { ...subscriptions, expiring_before: soon },
    };
  }

  async nodes(at = new Date()): Promise<NodesOverview> {
    const { days, periods } = overviewClock(at);
    const [statuses, traffic] = await Promise.all([
      repo.nodeStatuses(this.db),
      repo.trafficDays(this.db, days[0]!, days.at(-1)!),
    ]);
    const nodes = { online: 0, offline: 0, maintenance: 0 };
    for (const s of statuses) nodes[s.status] += n(s.n);
    const byDay = new Map(days.map((d) => [d, { day: d, upload: 0, download: 0 }]));
    for (const t of traffic) {
      const d = byDay.get(t.day);
      if (d) {
        d.upload += n(t.upload);
        d.download += n(t.download);
      }
    }
    const series = [...byDay.values()];
    return { periods, nodes, traffic: totals(series, ['upload', 'download'], periods), traffic_days: series };
  }

  async tickets(): Promise<TicketsOverview> {
    const out = { pending: 0, processing: 0 };
    for (const row of await repo.openTickets(this.db)) out[row.status as keyof typeof out] = n(row.n);
    return out;
  }
}
