import { z } from 'zod';
import { idParamSchema } from '../inputs.js';
import { LIMITS, USDT } from '../constants.js';
import { defineEndpoint, pageSchema } from '../endpoint.js';
import {
  generateCodesBody,
  moneyAmountSchema,
  paginationQuerySchema,
  rechargeCodeSchema,
} from '../validation.js';

/** Money in JSON is a decimal string: CNY with 2 decimals ("12.50"), USDT with up to 6 ("10.000037"). */
const money = z.string();

export { MAX_CODE_AMOUNT } from '../constants.js';

export const NETWORKS = USDT.networks;
export const networkSchema = z.enum(NETWORKS);
export type Network = z.infer<typeof networkSchema>;

export const TOPUP_STATUSES = [
  'pending',
  'paid',
  'confirmed',
  'canceled',
  'timeout',
  'failed',
  'refunded',
] as const;
export const topupStatusSchema = z.enum(TOPUP_STATUSES);
export type TopupStatus = z.infer<typeof topupStatusSchema>;

export const CODE_STATUSES = ['unused', 'used', 'locked', 'disabled'] as const;
export const codeStatusSchema = z.enum(CODE_STATUSES);
export type CodeStatus = z.infer<typeof codeStatusSchema>;

// ---- recharge codes ----

export const rechargeCodeData = z.object({
  id: z.number().int(),
  code: z.string(),
  amount: money,
  status: codeStatusSchema,
  batch_id: z.string(),
  created_at: z.string(),
  used_at: z.string().nullable(),
  /** The redeemer's email, partly masked. */
  used_by: z.string().nullable(),
});
export type RechargeCode = z.infer<typeof rechargeCodeData>;

export const generateCodes = defineEndpoint({
  method: 'POST',
  path: '/recharge/codes/generate',
  summary: `Generate ${LIMITS.codeBatchMin}-${LIMITS.codeBatchMax} codes of one amount; quantity x amount is deducted from the balance at once`,
  tags: ['recharge'],
  auth: true,
  body: generateCodesBody,
  data: z.object({ batch_id: z.string(), total: money, balance: money, codes: z.array(rechargeCodeData) }),
});

export const useCode = defineEndpoint({
  method: 'POST',
  path: '/recharge/codes/use',
  summary: 'Redeem a code (single use) and credit its amount',
  tags: ['recharge'],
  auth: true,
  body: z.object({ code: rechargeCodeSchema }),
  data: z.object({ amount: money, balance: money, order_no: z.string() }),
});

export const listCodesQuery = paginationQuerySchema.extend({ status: codeStatusSchema.optional() });

export const listCodes = defineEndpoint({
  method: 'GET',
  path: '/recharge/codes',
  summary: 'The codes the signed-in user generated',
  tags: ['recharge'],
  auth: true,
  query: listCodesQuery,
  data: pageSchema(rechargeCodeData),
});

/** GET /recharge/codes/export?status=… answers text/csv (a file), not the envelope. */
export const EXPORT_CODES_PATH = '/recharge/codes/export';

// ---- USDT ----

export const chainData = z.object({
  network: networkSchema,
  name: z.string(),
  confirmations: z.number().int(),
  enabled: z.boolean(),
});

export const listChains = defineEndpoint({
  method: 'GET',
  path: '/recharge/chains',
  summary: 'Networks for USDT payments and the confirmations each needs',
  tags: ['recharge'],
  auth: true,
  data: z.array(chainData),
});

export const rechargeConfigData = z.object({
  networks: z.array(
    z.object({ network: networkSchema, address: z.string(), confirmations: z.number().int() }),
  ),
  min_amount: money,
  max_amount: money,
  window_minutes: z.number().int(),
  fee: money,
});

export const getConfigs = defineEndpoint({
  method: 'GET',
  path: '/recharge/configs',
  summary: 'Enabled networks with their receiving addresses, amount limits and the payment window',
  tags: ['recharge'],
  auth: true,
  data: rechargeConfigData,
});

export const getExchangeRates = defineEndpoint({
  method: 'GET',
  path: '/recharge/exchange-rates',
  summary: 'USDT -> CNY rate used to credit payments',
  tags: ['recharge'],
  auth: true,
  data: z.object({ usdt_cny: z.string(), updated_at: z.string(), source: z.string() }),
});

export const topupData = z.object({
  id: z.number().int(),
  order_no: z.string(),
  method: z.enum(['usdt', 'code']),
  /** CNY credited (or to be credited) to the balance. */
  amount: money,
  status: topupStatusSchema,
  network: networkSchema.nullable(),
  /** The exact USDT amount to send. */
  usdt_amount: money.nullable(),
  address: z.string().nullable(),
  memo: z.string().nullable(),
  tx_hash: z.string().nullable(),
  confirmations: z.number().int(),
  confirmations_required: z.number().int().nullable(),
  expires_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  created_at: z.string(),
});
export type Topup = z.infer<typeof topupData>;

export const createUsdtOrder = defineEndpoint({
  method: 'POST',
  path: '/recharge/usdt',
  summary: 'Open a USDT payment: the exact amount to send, the address and the deadline',
  tags: ['recharge'],
  auth: true,
  body: z.object({ amount: moneyAmountSchema, network: networkSchema }),
  data: topupData,
});

export const getUsdtOrder = defineEndpoint({
  method: 'GET',
  path: '/recharge/usdt/:id',
  summary: 'A USDT order: status, transaction hash, confirmations',
  tags: ['recharge'],
  auth: true,
  params: z.object({ id: idParamSchema }),
  data: topupData,
});

export const cancelUsdtOrder = defineEndpoint({
  method: 'POST',
  path: '/recharge/usdt/:id/cancel',
  summary: 'Cancel a pending USDT order',
  tags: ['recharge'],
  auth: true,
  params: z.object({ id: idParamSchema }),
  data: topupData,
});

export const historyQuery = paginationQuerySchema.extend({
  method: z.enum(['usdt', 'code']).optional(),
  status: topupStatusSchema.optional(),
});

export const history = defineEndpoint({
  method: 'GET',
  path: '/recharge/history',
  summary: 'USDT orders and code redemptions, newest first',
  tags: ['recharge'],
  auth: true,
  query: historyQuery,
  data: pageSchema(topupData),
});

export const stats = defineEndpoint({
  method: 'GET',
  path: '/recharge/stats',
  summary: "The signed-in user's top-up totals",
  tags: ['recharge'],
  auth: true,
  data: z.object({
    total_recharged: money,
    usdt_total: money,
    code_total: money,
    topups: z.number().int(),
    pending_orders: z.number().int(),
    codes_generated: z.number().int(),
    codes_used: z.number().int(),
  }),
});
