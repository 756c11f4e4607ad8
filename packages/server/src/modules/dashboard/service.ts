import { ACTIVITY_TYPES, fenToString, type Activity, type Locale } from '@portal/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/time.js';
import type { Database } from '../../db/types.js';
import { localizedText } from '../announcements/text.js';
import { packageText } from '../subscriptions/mapping.js';
import * as repo from './repository.js';

const signed = (fen: number) => `${fen > 0 ? '+' : ''}${fenToString(fen)}`;

/** Ledger kinds written together with a subscription order (reference = the order number). */
const ORDER_PAYMENTS: ReadonlySet<string> = new Set(['purchase', 'renew', 'upgrade']);

/** Newest first; at the same instant in a fixed order of types, then the higher id first. */
function newestFirst(a: Activity, b: Activity): number {
  const byTime = Date.parse(b.date) - Date.parse(a.date);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  const byType = ACTIVITY_TYPES.indexOf(a.type) - ACTIVITY_TYPES.indexOf(b.type);
  return byType !== 0 ? byType : b.id - a.id;
}

export class DashboardService {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The user's `limit` most recent activities. Four queries whatever the number of rows: each source gives its own
   * newest `limit` rows (none of the merged result can lie further back in its source), then they are merged.
   */
  async activities(userId: number, locale: Locale, limit: number): Promise<Activity[]> {
    const now = nowIso();
    const [ledger, orders, tickets, announcements] = await Promise.all([
      repo.recentLedger(this.db, userId, limit),
      repo.recentOrders(this.db, userId, limit),
      repo.recentTickets(this.db, userId, limit),
      repo.recentAnnouncements(this.db, userId, limit, now),
    ]);
    // A paid order and its payment in the ledger are one event: the order (it names the package) stands for
    // both. Dropping the payment cannot pull an older row into the list: its order is listed at the same time.
    const listedOrders = new Set(orders.map((o) => o.order_no));
    const ownLines = ledger.filter((r) => !(ORDER_PAYMENTS.has(r.kind) && listedOrders.has(r.reference)));
    const items: Activity[] = [
      ...ownLines.map((r): Activity => ({
        type: 'ledger',
        id: r.id,
        date: r.created_at,
        kind: r.kind,
        delta: signed(r.delta_fen),
        balance_after: fenToString(r.balance_after_fen),
      })),
      ...orders.map((r): Activity => ({
        type: 'order',
        id: r.id,
        date: r.created_at,
        kind: r.kind,
        order_no: r.order_no,
        package_name:
          r.name === null
            ? ''
            : packageText(
                { name: r.name, description: r.description ?? '', translations: r.translations },
                locale,
              ).name,
        amount: fenToString(r.amount_fen),
        // Orders are written when paid (as in the order list).
        status: 'paid',
      })),
      ...tickets.map((r): Activity => ({
        type: 'ticket',
        id: r.id,
        date: r.updated_at,
        ticket_no: r.ticket_no,
        title: r.title,
        status: r.status,
      })),
      ...announcements.map((r): Activity => ({
        type: 'announcement',
        id: r.id,
        // Only published announcements are visible, so publish_at is set.
        date: r.publish_at ?? r.created_at,
        title: localizedText(r, locale).title,
        is_read: r.read_at !== null,
      })),
    ];
    return items.sort(newestFirst).slice(0, limit);
  }
}
