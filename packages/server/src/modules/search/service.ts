import { fenToString, type Locale, type SearchResults } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { HelpService } from '../help/help-service.js';
import { packageText } from '../subscriptions/mapping.js';
import * as repo from './repository.js';

/** Folded for comparison: full-width forms to ASCII, lower case. */
const fold = (text: string) => text.normalize('NFKC').toLowerCase();

/** "12" or "#12": a subscription id. */
function subscriptionId(q: string): number | null {
  const m = /^#?(\d{1,9})$/.exec(q);
  return m ? Number(m[1]) : null;
}

/** The top-bar search of one signed-in user: their own records and the help documents of their language. */
export class SearchService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly help: HelpService,
  ) {}

  /**
   * Six queries whatever the user owns: their packages (to match names in the caller's language), then at most
   * `limit` subscriptions, orders and tickets, and a page of help documents (rows and count) from the help centre's
   * full-text search.
   */
  async search(userId: number, q: string, locale: Locale, limit: number): Promise<SearchResults> {
    const packages = await repo.userPackages(this.db, userId);
    const names = new Map(packages.map((p) => [p.id, packageText(p, locale).name]));
    const folded = fold(q);
    const packageIds = [...names].filter(([, name]) => fold(name).includes(folded)).map(([id]) => id);
    const nameOf = (id: number) => names.get(id) ?? '';

    const [subscriptions, orders, tickets, help] = await Promise.all([
      repo.matchingSubscriptions(this.db, userId, { packageIds, id: subscriptionId(q) }, limit),
      repo.matchingOrders(this.db, userId, { q, packageIds }, limit),
      repo.matchingTickets(this.db, userId, q, limit),
      this.help.list({ page: 1, size: limit, search: q }, locale),
    ]);
    return {
      q,
      subscriptions: subscriptions.map((s) => ({
        id: s.id,
        package_name: nameOf(s.package_id),
        status: s.status,
        end_at: s.end_at,
      })),
      orders: orders.map((o) => ({
        id: o.id,
        order_no: o.order_no,
        package_name: nameOf(o.package_id),
        kind: o.kind,
        amount: fenToString(Number(o.amount_fen)),
        created_at: o.created_at,
      })),
      tickets: tickets.map((t) => ({
        id: t.id,
        ticket_no: t.ticket_no,
        title: t.title,
        status: t.status,
        updated_at: t.updated_at,
      })),
      help: help.items.map((d) => ({
        id: d.id,
        title: d.title,
        summary: d.summary,
        category_name: d.category_name,
      })),
    };
  }
}
