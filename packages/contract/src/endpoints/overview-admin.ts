import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/**
 * The operators' overview (issue 17 §3): one endpoint per area, each declaring the read permission of that area
 * (`money.read`, `users.read`, `nodes.read`, `tickets.read`), so a role gets exactly the figures it may read in the
 * lists they summarise, and the permission matrix test checks each one. `overview.read` opens the page itself (the
 * console shows a card only when the role also has the area's permission); an endpoint has one permission, and the
 * area's is the one that says who may see the figure.
 *
 * Days are UTC calendar days (timestamps are stored in UTC and node traffic is counted per UTC day): "today" runs
 * from 00:00 UTC to now, "7 days" and "30 days" from 00:00 UTC 6 and 29 days ago. Every answer gives those
 * boundaries (`periods`) so the console's links filter the lists on the same instants.
 */

/** Money in JSON is a decimal string ("12.50"). */
const money = z.string();

/** The daily series' length, and the periods. */
export const OVERVIEW_DAYS = 30;
export const OVERVIEW_WEEK_DAYS = 7;
/** A subscription is "expiring" when its active period ends within this many days. */
export const EXPIRING_DAYS = 7;

export const OVERVIEW_PERIODS = ['today', 'week', 'month'] as const;
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number];

/** From (inclusive) to (exclusive): to is the next midnight UTC, so today's figures are the whole day so far. */
const range = z.object({ from: z.string(), to: z.string() });
export const overviewPeriodsData = z.object({ today: range, week: range, month: range });
export type OverviewPeriods = z.infer<typeof overviewPeriodsData>;

const perPeriod = <T extends z.ZodType>(item: T) => z.object({ today: item, week: item, month: item });

// ---- money (money.read) ----

/** Ledger kinds that bring money into a balance: USDT payments, recharge codes redeemed, staff adjustments. */
export const TOPUP_METHODS = ['usdt_topup', 'code_redeem', 'admin_adjust'] as const;
export type TopupMethod = (typeof TOPUP_METHODS)[number];

const revenueData = z.object({
  /** Subscription orders with a price (purchases, renewals, upgrades), refunded ones included. */
  orders: z.number().int(),
  /** What those orders cost. */
  paid: money,
  /** Refunded to balances in the period (whatever the order's day). */
  refunds: money,
  /** paid - refunds. */
  net: money,
});

export const moneyOverviewData = z.object({
  periods: overviewPeriodsData,
  revenue: perPeriod(revenueData),
  /** The last OVERVIEW_DAYS days, oldest first, every day present. */
  revenue_days: z.array(revenueData.extend({ day: z.string() })),
  /** Per method: entries and their sum (staff adjustments: the net of credits and debits). */
  topups: z.array(
    z.object({
      method: z.enum(TOPUP_METHODS),
      ...perPeriod(z.object({ count: z.number().int(), amount: money })).shape,
    }),
  ),
  /** USDT top-up orders waiting for a payment (status pending), as the top-ups page lists them. */
  pending_usdt_orders: z.number().int(),
  /** Transfers that matched no open order (unmatched and late), the top-ups page's default view. */
  open_transfers: z.number().int(),
});
export type MoneyOverview = z.infer<typeof moneyOverviewData>;

export const moneyOverview = defineEndpoint({
  method: 'GET',
  path: '/overview/money',
  summary:
    'Revenue today, in 7 and 30 days with each day, top-ups by method, pending USDT orders, open transfers',
  tags: ['admin', 'overview'],
  auth: true,
  permission: 'money.read',
  data: moneyOverviewData,
});

// ---- users and subscriptions (users.read) ----

export const usersOverviewData = z.object({
  periods: overviewPeriodsData,
  /** Accounts registered in the period, and how many of them have verified their address. */
  registered: perPeriod(z.object({ total: z.number().int(), verified: z.number().int() })),
  subscriptions: z.object({
    /** Active now (status active, not past its end), as the users list's "subscribed" filter counts them. */
    active: z.number().int(),
    /** Of those, ending within EXPIRING_DAYS. */
    expiring: z.number().int(),
    expiring_before: z.string(),
  }),
});
export type UsersOverview = z.infer<typeof usersOverviewData>;

export const usersOverview = defineEndpoint({
  method: 'GET',
  path: '/overview/users',
  summary: 'New and verified accounts today, in 7 and 30 days; active and expiring subscriptions',
  tags: ['admin', 'overview'],
  auth: true,
  permission: 'users.read',
  data: usersOverviewData,
});

// ---- nodes and traffic (nodes.read) ----

export const nodesOverviewData = z.object({
  periods: overviewPeriodsData,
  nodes: z.object({
    online: z.number().int(),
    offline: z.number().int(),
    maintenance: z.number().int(),
  }),
  /** Bytes charged to users (after the nodes' rates) per period. */
  traffic: perPeriod(z.object({ upload: z.number().int(), download: z.number().int() })),
  /** The last OVERVIEW_DAYS days, oldest first, every day present. */
  traffic_days: z.array(z.object({ day: z.string(), upload: z.number().int(), download: z.number().int() })),
});
export type NodesOverview = z.infer<typeof nodesOverviewData>;

export const nodesOverview = defineEndpoint({
  method: 'GET',
  path: '/overview/nodes',
  summary: 'Nodes online, offline and in maintenance; traffic today, in 7 and 30 days with each day',
  tags: ['admin', 'overview'],
  auth: true,
  permission: 'nodes.read',
  data: nodesOverviewData,
});

// ---- tickets (tickets.read) ----

export const ticketsOverviewData = z.object({
  /** Waiting for staff (pending) and being handled (processing). */
  pending: z.number().int(),
  processing: z.number().int(),
});
export type TicketsOverview = z.infer<typeof ticketsOverviewData>;

export const ticketsOverview = defineEndpoint({
  method: 'GET',
  path: '/overview/tickets',
  summary: 'Open tickets: waiting for staff and being handled',
  tags: ['admin', 'overview'],
  auth: true,
  permission: 'tickets.read',
  data: ticketsOverviewData,
});
