import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idParamSchema, idSchema, intInput, intQuery, lineText, multilineText } from '../inputs.js';
import { vkey } from '../i18n/validation-messages.js';
import { ledgerKindSchema } from './wallet.js';
import { codeStatusSchema, MAX_CODE_AMOUNT, networkSchema, topupStatusSchema } from './recharge.js';
import { moneyAmountSchema } from '../validation.js';

/**
 * The operators' console, orders and money (issue 17 §7): subscription orders and the ledger across users, USDT
 * top-up orders with their chain state, transfers that matched no order (credit to a user once, or ignore) and
 * refunds of a subscription order to the balance. Lists are newest first, a page at a time after a cursor
 * (`before`: the last id seen; `next_before` is null on the last page).
 */

/** Money in JSON is a decimal string: CNY with 2 decimals ("12.50"), USDT with 6 ("10.000037"). */
const money = z.string();

/** The money lists' page size limit. */
export const MONEY_PAGE_MAX = 200;

const isoTimeQuery = z.iso.datetime({ offset: true, error: vkey('invalid') });
const pageQuery = {
  before: idParamSchema.optional(),
  size: intQuery(1, MONEY_PAGE_MAX, vkey('page_invalid')).default(50),
};
/** The orders and the ledger: newest first (the default) or oldest first, paged the same way either way. */
export const TIME_SORTS = ['newest', 'oldest'] as const;
export type TimeSort = (typeof TIME_SORTS)[number];
const timeSortQuery = { sort: z.enum(TIME_SORTS, { error: vkey('invalid') }).default('newest') };
/** A user by id (digits) or by email address. */
const userQuery = lineText({ error: vkey('invalid') })
  .trim()
  .min(1, { error: vkey('invalid') })
  .max(254, { error: vkey('invalid') });
const timeRange = {
  /** From this time (inclusive), to this time (exclusive). */
  from: isoTimeQuery.optional(),
  to: isoTimeQuery.optional(),
};
const cursorPage = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), next_before: z.number().int().nullable() });

// ---- subscription orders ----

export const ORDER_KINDS = ['purchase', 'renew', 'upgrade'] as const;

export const adminOrderData = z.object({
  id: z.number().int(),
  order_no: z.string(),
  user_id: z.number().int(),
  user_email: z.string(),
  subscription_id: z.number().int(),
  package_id: z.number().int(),
  package_name: z.string(),
  kind: z.enum(ORDER_KINDS),
  amount: money,
  /** `paid`, or `refunded` once refunded to the balance. */
  status: z.string(),
  created_at: z.string(),
});
export type AdminOrder = z.infer<typeof adminOrderData>;

export const orderFilterQuery = z.object({
  user: userQuery.optional(),
  kind: z.enum(ORDER_KINDS, { error: vkey('invalid') }).optional(),
  package_id: idParamSchema.optional(),
  ...timeRange,
});

export const listOrders = defineEndpoint({
  method: 'GET',
  path: '/orders',
  summary:
    'Subscription orders of every user, newest (or `sort=oldest`: oldest) first, filtered, a page at a time after a cursor',
  tags: ['admin', 'money'],
  auth: true,
  permission: 'money.read',
  query: orderFilterQuery.extend({ ...pageQuery, ...timeSortQuery }),
  data: cursorPage(adminOrderData),
});

export const exportOrders = defineEndpoint({
  method: 'GET',
  path: '/orders/export',
  summary: 'Subscription orders as CSV (UTF-8 with a byte-order mark), newest first, with the same filters',
  tags: ['admin', 'money'],
  auth: true,
  permission: 'money.read',
  produces: 'text/csv',
  query: orderFilterQuery,
  data: z.string(),
});

// ---- the ledger ----

export const adminLedgerEntryData = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_email: z.string(),
  kind: ledgerKindSchema,
  /** Signed: "+12.50" credits, "-3.00" debits. */
  delta: z.string(),
  balance_after: money,
  reference: z.string(),
  memo: z.string().nullable(),
  created_at: z.string(),
});
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntryData>;

export const ledgerFilterQuery = z.object({
  user: userQuery.optional(),
  kind: ledgerKindSchema.optional(),
  ...timeRange,
});

export const listLedger = defineEndpoint({
  method: 'GET',
  path: '/ledger',
  summary:
    'Every balance change of every user, newest (or `sort=oldest`: oldest) first, filtered, a page at a time after a cursor',
  tags: ['admin', 'money'],
  auth: true,
  permission: 'money.read',
  query: ledgerFilterQuery.extend({ ...pageQuery, ...timeSortQuery }),
  data: cursorPage(adminLedgerEntryData),
});

export const exportLedger = defineEndpoint({
  method: 'GET',
  path: '/ledger/export',
  summary: 'The ledger as CSV (UTF-8 with a byte-order mark), newest first, with the same filters',
  tags: ['admin', 'money'],
  auth: true,
  permission: 'money.read',
  produces: 'text/csv',
  query: ledgerFilterQuery,
  data: z.string(),
});

// ---- USDT top-up orders and transfers ----

export const TRANSFER_STATUSES = ['matched', 'credited', 'unmatched', 'late', 'reorged', 'ignored'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export const adminTopupData = z.object({
  id: z.number().int(),
  order_no: z.string(),
  user_id: z.number().int(),
  user_email: z.string(),
  amount: money,
  usdt_amount: money.nullable(),
  network: z.string().nullable(),
  address: z.string().nullable(),
  rate: z.string().nullable(),
  status: topupStatusSchema,
  tx_hash: z.string().nullable(),
  confirmations: z.number().int(),
  /** What the network needs now (null when it is no longer configured). */
  confirmations_required: z.number().int().nullable(),
  /** The state of the transfer that paid it, if any. */
  transfer_status: z.enum(TRANSFER_STATUSES).nullable(),
  expires_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminTopup = z.infer<typeof adminTopupData>;

export const listTopups = defineEndpoint({
  method: 'GET',
  path: '/topups/usdt',
  summary: 'USDT top-up orders of every user with their chain state, newest first, a page at a time',
  tags: ['admin', 'money'],
  auth: true,
  permission: 'money.read',
  query: z.object({
    user: userQuery.optional(),
    status: topupStatusSchema.optional(),
    network: networkSchema.optional(),
    ...pageQuery,
  }),
  data: cursorPage(adminTopupData),
});

export const adminTransferData = z.object({
  id: z.number().int(),
  network: z.string(),
  tx_hash: z.string(),
  log_index: z.number().int(),
  from_address: z.string(),
  to_address: z.string(),
  usdt_amount: money,
  block_number: z.number().int(),
  block_time: z.string().nullable(),
  status: z.enum(TRANSFER_STATUSES),
  /** The order it was for (a late transfer: the order that had timed out or was canceled). */
  order_no: z.string().nullable(),
  order_user_id: z.number().int().nullable(),
  /** What crediting it now gives (CNY at the order's rate, or today's rate). */
  credit_amount: money,
  /** Who was credited, or why it was ignored, and by whom. */
  resolved_user_id: z.number().int().nullable(),
  resolved_by: z.number().int().nullable(),
  resolved_at: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type AdminTransfer = z.infer<typeof adminTransferData>;

/** Transfers an operator has to look at by default; `all` lists every one. */
export const TRANSFER_VIEWS = ['open', 'credited', 'ignored', 'all'] as const;

export const listTransfers = defineEndpoint({
  method: 'GET',
  path: '/topups/transfers',
  summary: 'USDT transfers seen on the chain; by default those that matched no open order (unmatched, late)',
  tags: ['admin', 'money'],
  auth: true,
  permission: 'money.read',
  query: z.object({
    view: z.enum(TRANSFER_VIEWS, { error: vkey('invalid') }).default('open'),
    network: networkSchema.optional(),
    ...pageQuery,
  }),
  data: cursorPage(adminTransferData),
});

const noteInput = multilineText({ error: vkey('invalid') })
  .trim()
  .min(1, { error: vkey('required') })
  .max(500, { error: vkey('invalid') });

export const creditTransfer = defineEndpoint({
  method: 'POST',
  path: '/topups/transfers/:id/credit',
  summary: 'Credit an unmatched or late transfer to a user: once, whatever the number of clicks',
  tags: ['admin', 'money'],
  auth: true,
  permission: 'money.write',
  params: z.object({ id: idParamSchema }),
  body: z.object({ user_id: idSchema, note: noteInput }),
  data: z.object({ transfer: adminTransferData, order_no: z.string(), amount: money, balance: money }),
});

export const ignoreTransfer = defineEndpoint({
  method: 'POST',
  path: '/topups/transfers/:id/ignore',
  summary: 'Mark an unmatched or late transfer as looked at and not credited, with the reason',
  tags: ['admin', 'money'],
  auth: true,
  permission: 'money.write',
  params: z.object({ id: idParamSchema }),
  body: z.object({ note: noteInput }),
  data: adminTransferData,
});

// ---- refunds ----

export const REFUND_REFUSALS = [
  /** Already refunded. */
  'refunded',
  /** More than REFUND_DAYS after the order. */
  'too_late',
  /** Nothing was paid from the balance except recharge-code money (or nothing at all). */
  'code_paid',
  /** The subscription's traffic is used up (or its time, for unlimited traffic): nothing is left to refund. */
  'used_up',
  /** The subscription was replaced by an upgrade or renewed after this order: refund the latest order instead. */
  'superseded',
] as const;

export const refundPreviewData = z.object({
  order_no: z.string(),
  paid: money,
  /** The part of the order paid with recharge-code money (never refunded): see README, "Refunds". */
  code_paid: money,
  /** `paid - code_paid`. */
  refundable_base: money,
  traffic_used: z.number().int(),
  traffic_limit: z.number().int().nullable(),
  /** The share of the order left, in millionths (1000000 = all of it). */
  remaining_ppm: z.number().int(),
  /** What the refund credits now. */
  amount: money,
  /** `full` (no traffic used) or `proportional`; null when refused. */
  rule: z.enum(['full', 'proportional']).nullable(),
  refused: z.enum(REFUND_REFUSALS).nullable(),
  /** The subscription after the refund: ended now, or its end moved back. */
  subscription_end_at: z.string().nullable(),
  deadline: z.string(),
});
export type RefundPreview = z.infer<typeof refundPreviewData>;

export const refundPreview = defineEndpoint({
  method: 'GET',
  path: '/orders/:id/refund',
  summary: 'What refunding a subscription order to the balance would give now, and why (or why not)',
  tags: ['admin', 'money'],
  auth: true,
  permission: 'money.read',
  params: z.object({ id: idParamSchema }),
  data: refundPreviewData,
});

export const refundOrder = defineEndpoint({
  method: 'POST',
  path: '/orders/:id/refund',
  summary:
    'Refund a subscription order to the balance under the terms (once); ends or shortens the subscription',
  tags: ['admin', 'money'],
  auth: true,
  permission: 'money.write',
  params: z.object({ id: idParamSchema }),
  body: z.object({ note: noteInput }),
  data: z.object({ refund: refundPreviewData, balance: money }),
});

// ---- USDT payment settings ----

/** A receiving address as each network writes it. */
export const ADDRESS_PATTERNS = {
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  BEP20: /^0x[0-9a-fA-F]{40}$/,
} as const;

const networkSettings = (network: keyof typeof ADDRESS_PATTERNS) =>
  z.object({
    /** Where customers send USDT on this network; null: the network is not offered. */
    address: lineText({ error: vkey('invalid') })
      .trim()
      .max(64, { error: vkey('invalid') })
      .regex(ADDRESS_PATTERNS[network], { error: vkey('invalid') })
      .nullable(),
    confirmations: intInput(1, 1000),
  });

/** Everything an operator sets: the rate, the limits of one order, the payment window, each network. */
export const usdtSettingsInput = z
  .object({
    /** CNY per USDT, up to 4 decimals. */
    rate: lineText({ error: vkey('invalid') })
      .max(12, { error: vkey('invalid') })
      .regex(/^(?!0+(\.0+)?$)\d{1,3}(\.\d{1,4})?$/, {
        error: vkey('invalid'),
      }),
    min_amount: lineText({ error: vkey('invalid') })
      .max(12, { error: vkey('invalid') })
      .regex(/^(?!0+(\.0+)?$)\d{1,7}(\.\d{1,2})?$/, {
        error: vkey('invalid'),
      }),
    max_amount: lineText({ error: vkey('invalid') })
      .max(12, { error: vkey('invalid') })
      .regex(/^(?!0+(\.0+)?$)\d{1,7}(\.\d{1,2})?$/, {
        error: vkey('invalid'),
      }),
    window_minutes: intInput(5, 1440),
    networks: z.object({
      TRC20: networkSettings('TRC20'),
      ERC20: networkSettings('ERC20'),
      BEP20: networkSettings('BEP20'),
    }),
  })
  .refine((s) => Number(s.min_amount) <= Number(s.max_amount), {
    path: ['max_amount'],
    error: vkey('invalid'),
  });
export type UsdtSettingsInput = z.infer<typeof usdtSettingsInput>;

export const usdtSettingsData = z.object({
  rate: z.string(),
  min_amount: money,
  max_amount: money,
  window_minutes: z.number().int(),
  networks: z.object({
    TRC20: z.object({
      address: z.string().nullable(),
      confirmations: z.number().int(),
      readable: z.boolean(),
    }),
    ERC20: z.object({
      address: z.string().nullable(),
      confirmations: z.number().int(),
      readable: z.boolean(),
    }),
    BEP20: z.object({
      address: z.string().nullable(),
      confirmations: z.number().int(),
      readable: z.boolean(),
    }),
  }),
  /** Where the values come from: the environment's defaults until an operator saves them. */
  source: z.enum(['environment', 'database']),
  updated_at: z.string().nullable(),
});
export type UsdtSettings = z.infer<typeof usdtSettingsData>;

export const getUsdtSettings = defineEndpoint({
  method: 'GET',
  path: '/settings/usdt',
  summary:
    'USDT payment settings in force (a network is `readable` when the server has a way to read its chain)',
  tags: ['admin', 'money'],
  auth: true,
  permission: 'money.read',
  data: usdtSettingsData,
});

export const saveUsdtSettings = defineEndpoint({
  method: 'PUT',
  path: '/settings/usdt',
  summary: 'Save the USDT payment settings; new orders and the chain watcher use them at once',
  tags: ['admin', 'money'],
  auth: true,
  permission: 'settings.write',
  body: usdtSettingsInput,
  data: usdtSettingsData,
});

// ---- recharge code batches (operators) ----

/** The most codes one operator batch creates. */
export const OPERATOR_BATCH_MAX = 1000;

export const codeBatchData = z.object({
  id: z.number().int(),
  batch_id: z.string(),
  amount: money,
  quantity: z.number().int(),
  expires_at: z.string().nullable(),
  note: z.string().nullable(),
  created_by: z.number().int(),
  created_at: z.string(),
  /** How many of its codes are in each state. */
  unused: z.number().int(),
  used: z.number().int(),
  locked: z.number().int(),
  disabled: z.number().int(),
});
export type CodeBatch = z.infer<typeof codeBatchData>;

export const listCodeBatches = defineEndpoint({
  method: 'GET',
  path: '/codes/batches',
  summary: "Operators' recharge code batches, newest first, with how many codes are in each state",
  tags: ['admin', 'money'],
  auth: true,
  permission: 'money.read',
  query: z.object({ ...pageQuery }),
  data: cursorPage(codeBatchData),
});

export const createCodeBatch = defineEndpoint({
  method: 'POST',
  path: '/codes/batches',
  summary: 'Create N recharge codes of one amount, with an optional expiry (no balance is debited)',
  tags: ['admin', 'money'],
  auth: true,
  permission: 'money.write',
  body: z.object({
    quantity: intInput(1, OPERATOR_BATCH_MAX),
    amount: moneyAmountSchema.refine((v) => Number(v) <= Number(MAX_CODE_AMOUNT), {
      error: vkey('amount_invalid'),
    }),
    expires_at: z.iso
      .datetime({ offset: true, error: vkey('invalid') })
      .nullable()
      .default(null),
    note: noteInput.optional(),
  }),
  data: codeBatchData,
});

export const CODE_ACTIONS = ['lock', 'disable', 'enable'] as const;

export const setBatchStatus = defineEndpoint({
  method: 'POST',
  path: '/codes/batches/:id/status',
  summary: 'Lock, disable or enable every code of a batch that is not used yet',
  tags: ['admin', 'money'],
  auth: true,
  permission: 'money.write',
  params: z.object({ id: idParamSchema }),
  body: z.object({ action: z.enum(CODE_ACTIONS, { error: vkey('invalid') }) }),
  data: z.object({ batch: codeBatchData, changed: z.number().int() }),
});

export const exportCodeBatch = defineEndpoint({
  method: 'GET',
  path: '/codes/batches/:id/export',
  summary: 'The codes of a batch as CSV (UTF-8 with a byte-order mark)',
  tags: ['admin', 'money'],
  auth: true,
  permission: 'money.read',
  produces: 'text/csv',
  params: z.object({ id: idParamSchema }),
  data: z.string(),
});

export const adminCodeData = z.object({
  id: z.number().int(),
  code: z.string(),
  amount: money,
  status: codeStatusSchema,
  batch_id: z.string(),
  expires_at: z.string().nullable(),
  generated_by: z.number().int(),
  used_by: z.number().int().nullable(),
  used_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminCode = z.infer<typeof adminCodeData>;

export const listCodes = defineEndpoint({
  method: 'GET',
  path: '/codes',
  summary: "Recharge codes of every batch (operators' and dealers'), newest first; by code, batch or state",
  tags: ['admin', 'money'],
  auth: true,
  permission: 'money.read',
  query: z.object({
    code: lineText({ error: vkey('invalid') })
      .trim()
      .max(100, { error: vkey('invalid') })
      .optional(),
    batch_id: lineText({ error: vkey('invalid') })
      .trim()
      .max(40, { error: vkey('invalid') })
      .optional(),
    status: codeStatusSchema.optional(),
    ...pageQuery,
  }),
  data: cursorPage(adminCodeData),
});

export const setCodeStatus = defineEndpoint({
  method: 'POST',
  path: '/codes/:id/status',
  summary: 'Lock, disable or enable one recharge code (a used code stays used)',
  tags: ['admin', 'money'],
  auth: true,
  permission: 'money.write',
  params: z.object({ id: idParamSchema }),
  body: z.object({ action: z.enum(CODE_ACTIONS, { error: vkey('invalid') }) }),
  data: adminCodeData,
});
