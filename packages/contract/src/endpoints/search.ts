/**
 * The console's top-bar search (Ctrl/Cmd+K): the signed-in user's own subscriptions, subscription orders and
 * tickets, and the help documents of their language, in one call. Console pages are matched by the web itself.
 */
import { z } from 'zod';
import { intQuery, lineText } from '../inputs.js';
import { defineEndpoint } from '../endpoint.js';
import { vkey } from '../i18n/validation-messages.js';
import { subscriptionStatusSchema } from './subscriptions.js';
import { ticketStatusSchema } from './tickets.js';

export const SEARCH = {
  /** Characters of a query after trimming. */
  queryMin: 1,
  queryMax: 64,
  /** Results per group when the caller does not say, and the most it may ask for. */
  limitDefault: 5,
  limitMax: 10,
  /** Milliseconds the search box waits after the last keystroke before it asks the server. */
  debounceMs: 200,
} as const;

export const SEARCH_GROUPS = ['subscriptions', 'orders', 'tickets', 'help'] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

export const searchQuerySchema = lineText({ error: vkey('required') })
  .trim()
  .min(SEARCH.queryMin, { error: vkey('required') })
  .max(SEARCH.queryMax, { error: vkey('too_long') });

export const searchSubscriptionHit = z.object({
  id: z.number().int(),
  /** In the caller's language. */
  package_name: z.string(),
  status: subscriptionStatusSchema,
  /** ISO 8601 (UTC). */
  end_at: z.string(),
});
export type SearchSubscriptionHit = z.infer<typeof searchSubscriptionHit>;

export const searchOrderHit = z.object({
  id: z.number().int(),
  order_no: z.string(),
  /** In the caller's language. */
  package_name: z.string(),
  kind: z.enum(['purchase', 'renew', 'upgrade']),
  /** Decimal string in CNY, as every amount of the API ("35.00"). */
  amount: z.string(),
  created_at: z.string(),
});
export type SearchOrderHit = z.infer<typeof searchOrderHit>;

export const searchTicketHit = z.object({
  id: z.number().int(),
  ticket_no: z.string(),
  title: z.string(),
  status: ticketStatusSchema,
  updated_at: z.string(),
});
export type SearchTicketHit = z.infer<typeof searchTicketHit>;

export const searchHelpHit = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  category_name: z.string(),
});
export type SearchHelpHit = z.infer<typeof searchHelpHit>;

export const searchResults = z.object({
  /** The query as searched (trimmed). */
  q: z.string(),
  subscriptions: z.array(searchSubscriptionHit),
  orders: z.array(searchOrderHit),
  tickets: z.array(searchTicketHit),
  help: z.array(searchHelpHit),
});
export type SearchResults = z.infer<typeof searchResults>;

export const search = defineEndpoint({
  method: 'GET',
  path: '/search',
  summary:
    "Search the signed-in user's subscriptions (package name, id), orders (order number, package name), tickets (subject, number) and the help documents of the caller's language; each group holds at most `limit` results",
  tags: ['search'],
  auth: true,
  query: z.object({
    q: searchQuerySchema,
    limit: intQuery(1, SEARCH.limitMax, vkey('invalid')).default(SEARCH.limitDefault),
  }),
  data: searchResults,
});
