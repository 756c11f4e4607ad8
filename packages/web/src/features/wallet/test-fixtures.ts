/** Shapes the wallet tests answer with (kept beside the tests, not exported from the feature). */
import type { LedgerEntry, RechargeCode, Topup } from '@portal/contract';
import { PROFILE } from '../../test/render';

export const VALID_CODE = `RC-${'ABCDEFGHJK'.repeat(6)}MNPQRST`;

export const PROFILE_NORMAL = { ...PROFILE };
export const PROFILE_RESTRICTED = { ...PROFILE, email_verified: false, status: 'restricted' };

export const CONFIGS = {
  networks: [
    { network: 'TRC20', address: 'TXa1b2c3d4e5f6g7h8j9k0LmNoPqRsTuVw', confirmations: 20 },
    { network: 'ERC20', address: '0x1111222233334444555566667777888899990000', confirmations: 12 },
  ],
  min_amount: '10.00',
  max_amount: '10000.00',
  window_minutes: 15,
  fee: '0.00',
};

export const RATES = { usdt_cny: '7.20', updated_at: '2026-11-05T00:00:00Z', source: 'test' };

export function topup(overrides: Partial<Topup> = {}): Topup {
  return {
    id: 7,
    order_no: 'U202611050001',
    method: 'usdt',
    amount: '144.00',
    status: 'pending',
    network: 'ERC20',
    usdt_amount: '20.000137',
    address: '0x1111222233334444555566667777888899990000',
    memo: null,
    tx_hash: null,
    confirmations: 0,
    confirmations_required: 12,
    expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
    paid_at: null,
    completed_at: null,
    created_at: '2026-11-05T08:00:00Z',
    ...overrides,
  };
}

export function rechargeCode(overrides: Partial<RechargeCode> = {}): RechargeCode {
  return {
    id: 1,
    code: VALID_CODE,
    amount: '10.00',
    status: 'unused',
    batch_id: 'b1',
    created_at: '2026-11-05T08:00:00Z',
    used_at: null,
    used_by: null,
    ...overrides,
  };
}

export function ledgerEntry(overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id: 1,
    kind: 'code_redeem',
    delta: '+10.00',
    balance_after: '10.00',
    reference: 'R1',
    memo: null,
    created_at: '2026-11-05T08:00:00Z',
    ...overrides,
  };
}

export function page<T>(items: T[], pageNo = 1) {
  return { items, total: items.length, page: pageNo, size: 20, pages: items.length ? 1 : 0 };
}
