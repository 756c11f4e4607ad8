/** Display helpers of the dashboard: traffic, the month's days, subscriptions, and what each activity says. */
import type { Activity, Subscription, TrafficDay } from '@portal/contract';
import type { TFunction } from '../../i18n/translator';
import { isDebit, signedYuan, yuan } from '../../lib/money';

/** Days of this month up to today (UTC, the calendar the nodes' daily traffic uses): 1 on the first. */
export function monthDays(now: Date): number {
  return now.getUTCDate();
}

/** "2026-11-05" -> "5": the axis label of a day (the month is in the card's title). */
export function dayOfMonth(day: string): string {
  return String(Number(day.slice(8, 10)) || day);
}

function count(value: string): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

export interface TrafficPoint {
  /** YYYY-MM-DD */
  day: string;
  upload: number;
  download: number;
}

/** The month's days as numbers (every day present, zero when nothing was used), with the total and today's bytes. */
export function summarizeTraffic(days: readonly TrafficDay[]) {
  const points: TrafficPoint[] = days.map((d) => ({
    day: d.day,
    upload: count(d.upload),
    download: count(d.download),
  }));
  const total = points.reduce((sum, p) => sum + p.upload + p.download, 0);
  const last = points.at(-1);
  return { points, total, today: last ? last.upload + last.download : 0 };
}

/** Active subscriptions, the one that ends first leading. */
export function activeByExpiry(subscriptions: readonly Subscription[]): Subscription[] {
  return subscriptions
    .filter((s) => s.status === 'active')
    .sort((a, b) => Date.parse(a.end_at) - Date.parse(b.end_at));
}

/** Where an activity leads. */
export function activityLink(activity: Activity): string {
  switch (activity.type) {
    case 'ledger':
      return '/finance';
    case 'order':
      return '/subscription/history';
    case 'ticket':
      return `/support/${activity.id}`;
    case 'announcement':
      return `/announcements?id=${activity.id}`;
  }
}

export interface ActivityText {
  /** The line that says what happened. */
  title: string;
  /** A second line: the balance after, the order number; null when there is nothing more. */
  detail: string | null;
  /** A signed amount for money that moved; null otherwise. */
  amount: string | null;
  /** How the amount reads: money in or money out (an order paid, a fee); neutral without an amount. */
  tone: 'credit' | 'debit' | 'neutral';
}

/** What an activity says, in the current language. */
export function activityText(activity: Activity, t: TFunction): ActivityText {
  switch (activity.type) {
    case 'ledger':
      return {
        // The wallet's names of the ledger's kinds: one name per kind wherever money moves.
        title: t(`wallet.kinds.${activity.kind}`),
        detail: t('dashboard.activities.balanceAfter', { value: yuan(activity.balance_after) }),
        amount: signedYuan(activity.delta),
        tone: isDebit(activity.delta) ? 'debit' : 'credit',
      };
    case 'order':
      return {
        title: t(`dashboard.activities.order.${activity.kind}`, { name: activity.package_name }),
        detail: t('dashboard.activities.orderNo', { no: activity.order_no }),
        // Paid from the balance: money out (the server lists the order instead of its ledger payment).
        amount: signedYuan(`-${activity.amount}`),
        tone: 'debit',
      };
    case 'ticket':
      return {
        title: t('dashboard.activities.ticket', { title: activity.title }),
        detail: `#${activity.ticket_no}`,
        amount: null,
        tone: 'neutral',
      };
    case 'announcement':
      return {
        title: t('dashboard.activities.announcement', { title: activity.title }),
        detail: null,
        amount: null,
        tone: 'neutral',
      };
  }
}
