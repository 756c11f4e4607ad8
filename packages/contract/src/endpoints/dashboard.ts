/**
 * The dashboard overview (/): what the other features' own endpoints cannot give in one call. Recent activities
 * merge the signed-in user's ledger entries, subscription orders, tickets and the announcements visible to them,
 * newest first.
 */
import { z } from 'zod';
import { intQuery } from '../inputs.js';
import { defineEndpoint } from '../endpoint.js';
import { ticketStatusSchema } from './tickets.js';
import { ledgerKindSchema } from './wallet.js';

export const ACTIVITY_TYPES = ['ledger', 'order', 'ticket', 'announcement'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const DASHBOARD = {
  /** Activities per call when the caller does not say. */
  activitiesDefault: 10,
  activitiesMax: 50,
} as const;

const base = {
  /** The id of what the activity links to: ledger entry, order, ticket (/support/<id>), announcement. */
  id: z.number().int(),
  /** ISO 8601 (UTC): when it happened (tickets: their last activity; announcements: publication). */
  date: z.string(),
};

export const ledgerActivity = z.object({
  type: z.literal('ledger'),
  ...base,
  kind: ledgerKindSchema,
  /** Signed decimal string, as in the ledger: "+12.50" credits, "-3.00" debits. */
  delta: z.string(),
  balance_after: z.string(),
});

export const orderActivity = z.object({
  type: z.literal('order'),
  ...base,
  kind: z.enum(['purchase', 'renew', 'upgrade']),
  order_no: z.string(),
  /** In the caller's language. */
  package_name: z.string(),
  amount: z.string(),
  status: z.enum(['paid']),
});

export const ticketActivity = z.object({
  type: z.literal('ticket'),
  ...base,
  ticket_no: z.string(),
  title: z.string(),
  status: ticketStatusSchema,
});

export const announcementActivity = z.object({
  type: z.literal('announcement'),
  ...base,
  /** In the caller's language (the base title when there is no translation). */
  title: z.string(),
  is_read: z.boolean(),
});

export const activityData = z.discriminatedUnion('type', [
  ledgerActivity,
  orderActivity,
  ticketActivity,
  announcementActivity,
]);
export type Activity = z.infer<typeof activityData>;

export const activities = defineEndpoint({
  method: 'GET',
  path: '/dashboard/activities',
  summary:
    "The signed-in user's recent activities: ledger entries, subscription orders, tickets and visible announcements, newest first",
  tags: ['dashboard'],
  auth: true,
  query: z.object({
    limit: intQuery(1, DASHBOARD.activitiesMax).default(DASHBOARD.activitiesDefault),
  }),
  data: z.object({ items: z.array(activityData) }),
});
