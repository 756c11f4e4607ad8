import { z } from 'zod';
import { idParamSchema, idSchema, intQuery, lineText } from '../inputs.js';
import { defineEndpoint, pageSchema } from '../endpoint.js';
import { paginationQuerySchema } from '../validation.js';

const money = z.string();

/** The pricing toggle's cycles; `custom`: a period of any number of days (`validity_days`). */
export const PACKAGE_TYPES = ['monthly', 'quarterly', 'yearly', 'custom'] as const;
export const packageTypeSchema = z.enum(PACKAGE_TYPES);

export const SUBSCRIPTION_STATUSES = ['active', 'expired', 'suspended', 'upgraded'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const packageData = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: packageTypeSchema,
  /** Bytes as a decimal string; null = unlimited. */
  traffic_bytes: z.string().nullable(),
  validity_days: z.number().int(),
  price: money,
  device_limit: z.number().int(),
  speed_limit_mbps: z.number().int().nullable(),
  popular: z.boolean(),
  on_sale: z.boolean(),
  /** The packages it can be upgraded to; empty: any package on sale at the same price or more. */
  upgrade_targets: z.array(z.number().int()),
});
export type Package = z.infer<typeof packageData>;

export const listPackages = defineEndpoint({
  method: 'GET',
  path: '/subscriptions/packages',
  summary: 'Packages on sale, in the caller language',
  tags: ['subscriptions'],
  auth: false,
  data: z.array(packageData),
});

export const getPackage = defineEndpoint({
  method: 'GET',
  path: '/subscriptions/packages/:id',
  summary: 'One package',
  tags: ['subscriptions'],
  auth: false,
  params: z.object({ id: idParamSchema }),
  data: packageData,
});

/** The trial a new account receives once its email address is verified; null: none is offered. */
export const trialOfferData = z
  .object({ package_id: z.number().int(), package_name: z.string(), days: z.number().int() })
  .nullable();
export type TrialOffer = z.infer<typeof trialOfferData>;

export const trialOffer = defineEndpoint({
  method: 'GET',
  path: '/subscriptions/trial',
  summary: 'The trial offered to new accounts (given once, when the address is verified), or null',
  tags: ['subscriptions'],
  auth: false,
  data: trialOfferData,
});

export const subscriptionData = z.object({
  id: z.number().int(),
  package_id: z.number().int(),
  package_name: z.string(),
  order_no: z.string(),
  order_amount: money,
  status: subscriptionStatusSchema,
  uuid: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  days_remaining: z.number().int(),
  traffic_used: z.string(),
  traffic_limit: z.string().nullable(),
  /** 0-100; null when unlimited */
  usage_rate: z.number().nullable(),
  device_limit: z.number().int(),
  auto_renew: z.boolean(),
  /** For an upgraded subscription: the one that replaced it. */
  upgraded_to: z.number().int().nullable(),
  created_at: z.string(),
});
export type Subscription = z.infer<typeof subscriptionData>;

export const orderData = z.object({
  id: z.number().int(),
  order_no: z.string(),
  kind: z.enum(['purchase', 'renew', 'upgrade']),
  package_id: z.number().int(),
  package_name: z.string(),
  subscription_id: z.number().int(),
  amount: money,
  status: z.enum(['paid']),
  created_at: z.string(),
});
export type SubscriptionOrder = z.infer<typeof orderData>;

/** Sent by the web once per confirmation dialog, so a double click pays once. */
const idempotencyKey = lineText().min(8).max(100);

export const purchase = defineEndpoint({
  method: 'POST',
  path: '/subscriptions/purchase',
  summary: 'Buy a package from the balance',
  tags: ['subscriptions'],
  auth: true,
  body: z.object({ package_id: idSchema, idempotency_key: idempotencyKey }),
  data: z.object({ order: orderData, subscription: subscriptionData, balance: money }),
});

export const renew = defineEndpoint({
  method: 'POST',
  path: '/subscriptions/renew',
  summary:
    'Extend by one cycle (or reactivate an expired subscription) from the balance; traffic starts again',
  tags: ['subscriptions'],
  auth: true,
  body: z.object({ subscription_id: idSchema, idempotency_key: idempotencyKey }),
  data: z.object({ order: orderData, subscription: subscriptionData, balance: money }),
});

export const upgradeQuoteData = z.object({
  quote_id: z.string(),
  subscription_id: z.number().int(),
  from_package_id: z.number().int(),
  to_package_id: z.number().int(),
  remaining_time_value: money,
  remaining_traffic_value: money.nullable(),
  credit: money,
  new_price: money,
  amount_due: money,
  new_end_at: z.string(),
  expires_at: z.string(),
});
export type UpgradeQuote = z.infer<typeof upgradeQuoteData>;

export const upgradePreview = defineEndpoint({
  method: 'POST',
  path: '/subscriptions/upgrade/preview',
  summary:
    'What an upgrade costs: credit = min(remaining time value, remaining traffic value); due = new price - credit',
  tags: ['subscriptions'],
  auth: true,
  body: z.object({ subscription_id: idSchema, package_id: idSchema }),
  data: upgradeQuoteData,
});

export const upgrade = defineEndpoint({
  method: 'POST',
  path: '/subscriptions/upgrade',
  summary:
    'Perform a previewed upgrade at exactly the quoted amount (a stale or changed quote is refused: preview again)',
  tags: ['subscriptions'],
  auth: true,
  body: z.object({ quote_id: lineText().min(1).max(100), idempotency_key: idempotencyKey }),
  data: z.object({ order: orderData, subscription: subscriptionData, balance: money }),
});

export const mySubscriptions = defineEndpoint({
  method: 'GET',
  path: '/subscriptions/my',
  summary: "The signed-in user's current subscriptions (active and suspended first)",
  tags: ['subscriptions'],
  auth: true,
  data: z.array(subscriptionData),
});

export const listSubscriptions = defineEndpoint({
  method: 'GET',
  path: '/subscriptions',
  summary: "All of the signed-in user's subscriptions",
  tags: ['subscriptions'],
  auth: true,
  query: paginationQuerySchema.extend({ status: subscriptionStatusSchema.optional() }),
  data: pageSchema(subscriptionData),
});

export const listOrders = defineEndpoint({
  method: 'GET',
  path: '/subscriptions/orders',
  summary: 'Purchases, renewals and upgrades',
  tags: ['subscriptions'],
  auth: true,
  query: paginationQuerySchema,
  data: pageSchema(orderData),
});

export const history = defineEndpoint({
  method: 'GET',
  path: '/subscriptions/history',
  summary: 'Subscription history: every order with the subscription it made',
  tags: ['subscriptions'],
  auth: true,
  query: paginationQuerySchema,
  data: pageSchema(
    orderData.extend({
      subscription_status: subscriptionStatusSchema,
      start_at: z.string(),
      end_at: z.string(),
    }),
  ),
});

export const stats = defineEndpoint({
  method: 'GET',
  path: '/subscriptions/stats',
  summary: 'Active subscriptions, traffic used this month, days remaining',
  tags: ['subscriptions'],
  auth: true,
  data: z.object({
    active: z.number().int(),
    total: z.number().int(),
    traffic_used_month: z.string(),
    days_remaining: z.number().int(),
    total_spent: money,
  }),
});

export const trafficDayData = z.object({
  /** YYYY-MM-DD (UTC) */
  day: z.string(),
  /** Bytes as decimal strings, after the nodes' rate multipliers */
  upload: z.string(),
  download: z.string(),
});
export type TrafficDay = z.infer<typeof trafficDayData>;

export const traffic = defineEndpoint({
  method: 'GET',
  path: '/subscriptions/traffic',
  summary: 'Traffic per day over the last days (every day present, zero when nothing was used)',
  tags: ['subscriptions'],
  auth: true,
  query: z.object({
    days: intQuery(1, 90).default(30),
    subscription_id: idParamSchema.optional(),
  }),
  data: z.array(trafficDayData),
});

export const linkData = z.object({ subscription_id: z.number().int(), url: z.string(), token: z.string() });

export const getLink = defineEndpoint({
  method: 'GET',
  path: '/subscriptions/link',
  summary: 'The subscription URL for proxy clients',
  tags: ['subscriptions'],
  auth: true,
  query: z.object({ subscription_id: idParamSchema.optional() }),
  data: linkData,
});

export const resetLink = defineEndpoint({
  method: 'POST',
  path: '/subscriptions/link/reset',
  summary: 'A new link at once; the old URL stops working',
  tags: ['subscriptions'],
  auth: true,
  body: z.object({ subscription_id: idSchema }),
  data: linkData,
});

export const autoRenewToggle = defineEndpoint({
  method: 'POST',
  path: '/subscriptions/auto-renew/toggle',
  summary: 'Turn automatic renewal from the balance on or off',
  tags: ['subscriptions'],
  auth: true,
  body: z.object({ subscription_id: idSchema, enabled: z.boolean() }),
  data: z.object({ subscription_id: z.number().int(), enabled: z.boolean() }),
});

export const autoRenewStatus = defineEndpoint({
  method: 'GET',
  path: '/subscriptions/auto-renew/status',
  summary: 'Automatic renewal per subscription, with the next attempt',
  tags: ['subscriptions'],
  auth: true,
  data: z.array(
    z.object({
      subscription_id: z.number().int(),
      enabled: z.boolean(),
      next_attempt_at: z.string().nullable(),
    }),
  ),
});

export const autoRenewLogs = defineEndpoint({
  method: 'GET',
  path: '/subscriptions/auto-renew/logs',
  summary: 'Every automatic renewal attempt and its result',
  tags: ['subscriptions'],
  auth: true,
  query: paginationQuerySchema,
  data: pageSchema(
    z.object({
      id: z.number().int(),
      subscription_id: z.number().int(),
      result: z.enum(['success', 'insufficient_balance', 'package_unavailable']),
      amount: money,
      order_no: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});

/** One device online now: an address the nodes reported, counted against the subscription's device limit. */
export const onlineDeviceData = z.object({
  /** IPv4 dotted or IPv6 compressed, one spelling per device */
  address: z.string(),
  /** The nodes it is connected through, in the caller's language */
  nodes: z.array(z.string()),
  last_seen: z.string(),
});
export type OnlineDevice = z.infer<typeof onlineDeviceData>;

export const onlineDevicesData = z.object({
  subscription_id: z.number().int(),
  /** 0: no limit */
  device_limit: z.number().int(),
  online: z.number().int(),
  /** An address counts once its user moves this much (KiB) through a node per report interval; 0: every one */
  min_traffic_kb: z.number().int(),
  items: z.array(onlineDeviceData),
});
export type OnlineDevices = z.infer<typeof onlineDevicesData>;

export const devices = defineEndpoint({
  method: 'GET',
  path: '/subscriptions/:id/devices',
  summary:
    "A subscription's devices online now across every node (what the device limit counts), newest first",
  tags: ['subscriptions'],
  auth: true,
  params: z.object({ id: idParamSchema }),
  data: onlineDevicesData,
});
