import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  flagQuery,
  idParamSchema,
  idSchema,
  intInput,
  intQuery,
  lineText,
  MAX_INT,
  multilineText,
} from '../inputs.js';
import { vkey } from '../i18n/validation-messages.js';
import { isMoneyString, parseMoneyToFen } from '../money.js';
import { LOCALES } from '../locales.js';
import { USER_ROLES } from '../staff.js';
import { oauthAccountData } from './auth.js';
import { adminTopupData } from './money.js';
import { ticketSummaryData } from './tickets.js';
import { orderData, subscriptionData } from './subscriptions.js';
import { sessionData } from './users.js';
import { ledgerEntryData } from './wallet.js';

/** Customers' accounts in the operators' console (issue 17 §4): search, one account's page, and what staff do to it. */

export const USER_PAGE_MAX = 100;

export const adminUserData = z.object({
  id: z.number().int(),
  email: z.string(),
  nickname: z.string().nullable(),
  role: z.enum(USER_ROLES),
  verified: z.boolean(),
  disabled: z.boolean(),
  balance: z.string(),
  /** Subscriptions active now. */
  active_subscriptions: z.number().int(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserData>;

const isoTimeQuery = z.iso.datetime({ offset: true, error: vkey('invalid') });

export const userFilterQuery = z.object({
  /** An id, or the start of an email address or a nickname. */
  q: lineText({ error: vkey('invalid') })
    .trim()
    .max(254, { error: vkey('too_long') })
    .optional(),
  verified: flagQuery.optional(),
  disabled: flagQuery.optional(),
  /** With (true) or without (false) a subscription active now. */
  subscribed: flagQuery.optional(),
  /** A balance above zero. */
  with_balance: flagQuery.optional(),
  /** Registered from this time (inclusive), to this time (exclusive). */
  registered_from: isoTimeQuery.optional(),
  registered_to: isoTimeQuery.optional(),
});
export type UserFilter = z.infer<typeof userFilterQuery>;

/** The users list's orders: newest or oldest registration first, or the highest balance first. */
export const USER_SORTS = ['newest', 'oldest', 'balance'] as const;
export type UserSort = (typeof USER_SORTS)[number];

export const list = defineEndpoint({
  method: 'GET',
  path: '/users',
  summary:
    'Accounts, newest first (or `sort`: oldest, balance), a page at a time after a cursor (`before`: the last id seen), with filters',
  tags: ['admin', 'users'],
  auth: true,
  permission: 'users.read',
  query: userFilterQuery.extend({
    sort: z.enum(USER_SORTS, { error: vkey('invalid') }).default('newest'),
    before: idParamSchema.optional(),
    size: intQuery(1, USER_PAGE_MAX, vkey('page_invalid')).default(50),
  }),
  data: z.object({
    items: z.array(adminUserData),
    /** The cursor of the next page (`before`), null on the last page. */
    next_before: z.number().int().nullable(),
  }),
});

export const adminSessionData = sessionData.omit({ current: true }).extend({
  revoked_at: z.string().nullable(),
});

export const userDetailData = z.object({
  user: adminUserData.extend({
    locale: z.string(),
    locked_until: z.string().nullable(),
    failed_logins: z.number().int(),
  }),
  subscriptions: z.array(
    subscriptionData.extend({
      /** Devices (addresses) the nodes reported in the last minutes. */
      online_devices: z.number().int(),
    }),
  ),
  /** The latest orders (at most 20). */
  orders: z.array(orderData),
  /** The latest ledger entries (at most 20). */
  ledger: z.array(ledgerEntryData),
  /** Sessions not ended (at most 20, newest first). */
  sessions: z.array(adminSessionData),
  bindings: z.array(oauthAccountData),
  tickets: z.object({ open: z.number().int(), total: z.number().int() }),
});
export type UserDetail = z.infer<typeof userDetailData>;

const idParams = z.object({ id: idParamSchema });

export const get = defineEndpoint({
  method: 'GET',
  path: '/users/:id',
  summary: 'One account: profile, balance and ledger, subscriptions, orders, sessions, bindings, tickets',
  tags: ['admin', 'users'],
  auth: true,
  permission: 'users.read',
  params: idParams,
  data: userDetailData,
});

const unsigned = (v: string) => v.replace(/^-/, '');
const fenOf = (v: string) => (isMoneyString(unsigned(v)) ? parseMoneyToFen(unsigned(v)) : null);

/** A signed amount ("10.00" credits, "-5.00" debits), not zero. */
export const signedAmountSchema = lineText({ error: vkey('amount_invalid') })
  .trim()
  .max(21, { error: vkey('amount_invalid') })
  .refine((v) => fenOf(v) !== null && fenOf(v)! <= MAX_INT, { error: vkey('amount_invalid') })
  .refine((v) => fenOf(v) !== 0, { error: vkey('amount_positive') });

/** Why staff did it: required, kept in the ledger and the audit log. */
export const reasonSchema = multilineText({ error: vkey('required') })
  .trim()
  .min(1, { error: vkey('required') })
  .max(500, { error: vkey('too_long') });

export const adjustBalanceBody = z.object({ amount: signedAmountSchema, reason: reasonSchema }).strict();

export const adjustBalance = defineEndpoint({
  method: 'POST',
  path: '/users/:id/balance',
  summary: 'Credit or debit a balance through the ledger, with a reason (a debit never takes it below zero)',
  tags: ['admin', 'users'],
  auth: true,
  permission: 'money.write',
  params: idParams,
  body: adjustBalanceBody,
  data: z.object({ balance: z.string(), entry: ledgerEntryData }),
});

export const setDisabled = defineEndpoint({
  method: 'PUT',
  path: '/users/:id/disabled',
  summary:
    'Disable an account (its sessions end, its links serve a "disabled" entry, agents drop it on their next pull) or enable it',
  tags: ['admin', 'users'],
  auth: true,
  permission: 'users.manage',
  params: idParams,
  body: z
    .object({ disabled: z.boolean({ error: vkey('invalid') }), reason: reasonSchema.optional() })
    .strict(),
  data: adminUserData,
});

export const revokeSessions = defineEndpoint({
  method: 'POST',
  path: '/users/:id/sessions/revoke',
  summary: 'End every session of an account (it signs in again)',
  tags: ['admin', 'users'],
  auth: true,
  permission: 'users.manage',
  params: idParams,
  data: z.object({ revoked: z.number().int() }),
});

export const markVerified = defineEndpoint({
  method: 'POST',
  path: '/users/:id/verify',
  summary: "Mark an account's email address verified",
  tags: ['admin', 'users'],
  auth: true,
  permission: 'users.manage',
  params: idParams,
  data: adminUserData,
});

export const resendVerification = defineEndpoint({
  method: 'POST',
  path: '/users/:id/verification-mail',
  summary: 'Send the verification mail again (an unverified account)',
  tags: ['admin', 'users'],
  auth: true,
  permission: 'users.manage',
  params: idParams,
  data: z.null(),
});

export const sendPasswordReset = defineEndpoint({
  method: 'POST',
  path: '/users/:id/password-reset',
  summary: 'Mail the account a password reset link',
  tags: ['admin', 'users'],
  auth: true,
  permission: 'users.manage',
  params: idParams,
  data: z.null(),
});

// ---- a customer's subscriptions (issue 17 §4): grant, extend, reset the link or the traffic ----

/** Days a grant gives or an extension adds. */
export const GRANT_DAYS_MAX = 3650;

const grantDays = intInput(1, GRANT_DAYS_MAX);
const subscriptionParams = z.object({ id: idParamSchema, subscription_id: idParamSchema });

export const grantSubscriptionBody = z
  .object({ package_id: idSchema, days: grantDays, reason: reasonSchema })
  .strict();
export const extendSubscriptionBody = z.object({ days: grantDays, reason: reasonSchema }).strict();

export const grantSubscription = defineEndpoint({
  method: 'POST',
  path: '/users/:id/subscriptions',
  summary:
    'Give an account a package for a number of days without payment (a new subscription, no order: never revenue, never refundable)',
  tags: ['admin', 'users'],
  auth: true,
  permission: 'subscriptions.grant',
  params: idParams,
  body: grantSubscriptionBody,
  data: subscriptionData,
});

export const extendSubscription = defineEndpoint({
  method: 'POST',
  path: '/users/:id/subscriptions/:subscription_id/extend',
  summary:
    'Add days to a subscription without payment, from its end (an expired one becomes active again from now)',
  tags: ['admin', 'users'],
  auth: true,
  permission: 'subscriptions.grant',
  params: subscriptionParams,
  body: extendSubscriptionBody,
  data: subscriptionData,
});

export const resetSubscriptionLink = defineEndpoint({
  method: 'POST',
  path: '/users/:id/subscriptions/:subscription_id/reset-link',
  summary: "Give a subscription a new link: the old one stops serving at once (as the customer's own reset)",
  tags: ['admin', 'users'],
  auth: true,
  permission: 'users.manage',
  params: subscriptionParams,
  data: subscriptionData,
});

export const resetSubscriptionTraffic = defineEndpoint({
  method: 'POST',
  path: '/users/:id/subscriptions/:subscription_id/reset-traffic',
  summary: "Set a subscription's used traffic back to zero (a used-up one is served again)",
  tags: ['admin', 'users'],
  auth: true,
  permission: 'users.manage',
  params: subscriptionParams,
  data: subscriptionData,
});

// ---- the account page's longer lists: top-ups and tickets, a page at a time after a cursor ----

/** The account page's lists' page size limit. */
export const USER_LIST_PAGE_MAX = 50;

const cursorQuery = z.object({
  /** The last id seen. */
  before: idParamSchema.optional(),
  size: intQuery(1, USER_LIST_PAGE_MAX, vkey('page_invalid')).default(10),
});

/** A top-up of the account: a USDT order with its chain state, or a redeemed recharge code. */
export const userTopupData = adminTopupData.extend({
  method: z.enum(['usdt', 'code']),
  /** The code redeemed (method `code`). */
  code: z.string().nullable(),
});
export type UserTopup = z.infer<typeof userTopupData>;

export const topups = defineEndpoint({
  method: 'GET',
  path: '/users/:id/topups',
  summary:
    "An account's top-ups (USDT orders with their chain state, redeemed codes), newest first, by cursor",
  tags: ['admin', 'users'],
  auth: true,
  permission: 'users.read',
  params: idParams,
  query: cursorQuery,
  data: z.object({ items: z.array(userTopupData), next_before: z.number().int().nullable() }),
});

export const tickets = defineEndpoint({
  method: 'GET',
  path: '/users/:id/tickets',
  summary: "An account's tickets, newest first, by cursor",
  tags: ['admin', 'users'],
  auth: true,
  permission: 'tickets.read',
  params: idParams,
  query: cursorQuery,
  data: z.object({ items: z.array(ticketSummaryData), next_before: z.number().int().nullable() }),
});

// ---- bulk disable ----

/** The most accounts one bulk disable takes. */
export const BULK_DISABLE_MAX = 500;

export const BULK_SKIP_REASONS = ['not_found', 'self', 'staff', 'already_disabled'] as const;

export const bulkDisableBody = z
  .object({
    ids: z
      .array(idSchema, { error: vkey('invalid') })
      .min(1, { error: vkey('required') })
      .max(BULK_DISABLE_MAX, { error: vkey('too_long') }),
    reason: reasonSchema,
  })
  .strict();

export const bulkDisable = defineEndpoint({
  method: 'POST',
  path: '/users/disable',
  summary:
    'Disable up to 500 accounts at once with a reason, in one transaction, as the single disable does; staff accounts, oneself, unknown and already disabled accounts are skipped and reported',
  tags: ['admin', 'users'],
  auth: true,
  permission: 'users.manage',
  body: bulkDisableBody,
  data: z.object({
    disabled: z.array(z.number().int()),
    skipped: z.array(z.object({ id: z.number().int(), reason: z.enum(BULK_SKIP_REASONS) })),
  }),
});

// ---- mail a segment of customers ----

/** `yes`, `no`, or `any` (both). */
export const SEGMENT_CHOICES = ['yes', 'no', 'any'] as const;
const choice = z.enum(SEGMENT_CHOICES, { error: vkey('invalid') });

/**
 * Who gets the mail, with the users list's filters. Staff accounts never do. Unless chosen deliberately, only
 * verified (`verified` defaults to `yes`) and active (`disabled` defaults to `no`) customers are in it.
 */
export const segmentSchema = z
  .object({
    verified: choice.default('yes'),
    disabled: choice.default('no'),
    /** With (yes) or without (no) a subscription active now. */
    subscribed: choice.default('any'),
    /** A balance above zero (yes) or none (no). */
    with_balance: choice.default('any'),
    registered_from: isoTimeQuery.optional(),
    registered_to: isoTimeQuery.optional(),
  })
  .strict();
export type Segment = z.infer<typeof segmentSchema>;

export const MAIL_SUBJECT_MAX = 200;
export const MAIL_BODY_MAX = 10_000;

export const segmentMailText = z
  .object({
    subject: lineText({ error: vkey('required') })
      .trim()
      .min(1, { error: vkey('required') })
      .max(MAIL_SUBJECT_MAX, { error: vkey('too_long') }),
    body: multilineText({ error: vkey('required') })
      .trim()
      .min(1, { error: vkey('required') })
      .max(MAIL_BODY_MAX, { error: vkey('too_long') }),
  })
  .strict();

/**
 * The mail's text per language (plain text). A customer gets their language's text, else the default language's,
 * else the first one given; at least one is required.
 */
export const segmentMailTexts = z
  .object({
    zh_CN: segmentMailText.optional(),
    zh_TW: segmentMailText.optional(),
    en: segmentMailText.optional(),
  })
  .strict()
  .refine((t) => Boolean(t.zh_CN ?? t.zh_TW ?? t.en), { error: vkey('required') });
export type SegmentMailTexts = z.infer<typeof segmentMailTexts>;

export const previewSegment = defineEndpoint({
  method: 'GET',
  path: '/users/mailings/preview',
  summary: 'How many customers a segment mailing would reach now',
  tags: ['admin', 'users'],
  auth: true,
  permission: 'users.manage',
  query: segmentSchema,
  data: z.object({ recipients: z.number().int() }),
});

export const mailSegmentBody = z.object({ segment: segmentSchema, texts: segmentMailTexts }).strict();

export const mailSegment = defineEndpoint({
  method: 'POST',
  path: '/users/mailings',
  summary:
    'Mail a segment of customers: planned now (audited, with the count), one mail per recipient queued in the background in batches',
  tags: ['admin', 'users'],
  auth: true,
  permission: 'users.manage',
  body: mailSegmentBody,
  data: z.object({ id: z.number().int(), recipients: z.number().int() }),
});

/** A planned segment mailing and how far it got. */
export const segmentMailingData = z.object({
  id: z.number().int(),
  /** The subject in the default language (else the first language given). */
  subject: z.string(),
  /** The languages the mail was written in. */
  locales: z.array(z.enum(LOCALES)),
  segment: segmentSchema,
  created_by_email: z.string().nullable(),
  created_at: z.string(),
  status: z.enum(['pending', 'done']),
  /** Customers in the segment when it was planned, and the mails queued so far. */
  planned: z.number().int(),
  sent: z.number().int(),
  finished_at: z.string().nullable(),
});
export type SegmentMailingInfo = z.infer<typeof segmentMailingData>;

export const MAILING_PAGE_MAX = 50;

export const listMailings = defineEndpoint({
  method: 'GET',
  path: '/users/mailings',
  summary:
    'The segment mailings, newest first, with their progress; a page at a time after a cursor (`before`)',
  tags: ['admin', 'users'],
  auth: true,
  permission: 'users.read',
  query: z.object({
    before: idParamSchema.optional(),
    size: intQuery(1, MAILING_PAGE_MAX, vkey('page_invalid')).default(20),
  }),
  data: z.object({ items: z.array(segmentMailingData), next_before: z.number().int().nullable() }),
});
