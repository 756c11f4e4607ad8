import { z } from 'zod';
import { intQuery } from '../inputs.js';
import { defineEndpoint, pageSchema } from '../endpoint.js';
import { paginationQuerySchema } from '../validation.js';

export const LEDGER_KINDS = [
  'usdt_topup',
  'code_redeem',
  'code_generate',
  'purchase',
  'renew',
  'upgrade',
  'refund',
  'admin_adjust',
] as const;
export const ledgerKindSchema = z.enum(LEDGER_KINDS);
export type LedgerKind = z.infer<typeof ledgerKindSchema>;

export const ledgerEntryData = z.object({
  id: z.number().int(),
  kind: ledgerKindSchema,
  /** Signed decimal string: "+12.50" credits, "-3.00" debits. */
  delta: z.string(),
  balance_after: z.string(),
  reference: z.string(),
  memo: z.string().nullable(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntryData>;

export const listLedger = defineEndpoint({
  method: 'GET',
  path: '/wallet/ledger',
  summary: "Every change of the signed-in user's balance, newest first",
  tags: ['wallet'],
  auth: true,
  query: paginationQuerySchema.extend({
    kind: ledgerKindSchema.optional(),
    direction: z.enum(['in', 'out']).optional(),
  }),
  data: pageSchema(ledgerEntryData),
});

export const balanceHistory = defineEndpoint({
  method: 'GET',
  path: '/wallet/balance-history',
  summary: 'The balance at the end of each day (for the chart)',
  tags: ['wallet'],
  auth: true,
  query: z.object({ days: intQuery(1, 366).default(30) }),
  data: z.array(z.object({ date: z.string(), balance: z.string() })),
});
