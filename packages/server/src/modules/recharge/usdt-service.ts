import { randomInt } from 'node:crypto';
import { parseMoneyToFen, type Network, type Topup } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig, ChainConfig } from '../../config.js';
import { lockAccountRow } from '../../db/row-lock.js';
import { isoAfter, nowIso } from '../../db/time.js';
import type { Database, UserRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { newOrderNo } from './codes.js';
import * as repo from './repository.js';
import { toTopup } from './topups.js';
import type { UsdtSettings } from './usdt-settings.js';

const NAMES: Record<Network, string> = {
  TRC20: 'TRON (TRC20)',
  ERC20: 'Ethereum (ERC20)',
  BEP20: 'BNB Smart Chain (BEP20)',
};
const MAX_OPEN_ORDERS = 5;
const RATE_CACHE_MS = 10 * 60_000;

/** "7.20" -> 7_200_000 (rate in millionths) */
export function rateMillionths(rate: string): number {
  const [whole = '0', fraction = ''] = rate.split('.');
  return Number(whole) * 1_000_000 + Number(fraction.padEnd(6, '0').slice(0, 6));
}

/** What `micro` USDT is worth in CNY fen at a rate ("7.20"), rounded down to the fen. */
export function usdtToFen(micro: number, rate: string): number {
  return Math.floor((micro * rateMillionths(rate)) / 1e10);
}

/** USDT orders: the exact amount to send (unique among open orders), the address, the deadline. */
export class UsdtService {
  private rate: { value: string; at: string; source: string };

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: AppConfig,
    private readonly log: FastifyBaseLogger,
    private readonly settings: UsdtSettings,
  ) {
    this.rate = { value: config.usdt.rateCny, at: nowIso(), source: 'config' };
  }

  /** The networks offered now: readable by the server and with a receiving address in the settings. */
  private async offered(): Promise<ChainConfig[]> {
    const s = await this.settings.current();
    return this.config.usdt.chains.flatMap((chain) => {
      const n = s.networks[chain.network];
      return n.address ? [{ ...chain, address: n.address, confirmations: n.confirmations }] : [];
    });
  }

  async chain(network: string): Promise<ChainConfig> {
    const chain = (await this.offered()).find((c) => c.network === network);
    if (!chain) throw new AppError('CHAIN_NOT_FOUND', { network });
    return chain;
  }

  confirmationsFor = (network: string | null): number | null =>
    this.settings.readable(network)
      ? (this.settings.latest().networks[network as Network]?.confirmations ?? null)
      : null;

  async chains() {
    const offered = await this.offered();
    return (['TRC20', 'ERC20', 'BEP20'] as const).map((network) => {
      const chain = offered.find((c) => c.network === network);
      return {
        network,
        name: NAMES[network],
        confirmations: chain?.confirmations ?? 0,
        enabled: chain !== undefined,
      };
    });
  }

  async configs() {
    const offered = await this.offered();
    const s = this.settings.latest();
    return {
      networks: offered.map((c) => ({
        network: c.network,
        address: c.address,
        confirmations: c.confirmations,
      })),
      min_amount: s.min_amount,
      max_amount: s.max_amount,
      window_minutes: s.window_minutes,
      fee: '0.00',
    };
  }

  /** The configured rate, refreshed from USDT_RATE_URL (at most every 10 minutes) when one is set. */
  async exchangeRate(): Promise<{ usdt_cny: string; updated_at: string; source: string }> {
    const { rateUrl, rateJsonPath } = this.config.usdt;
    const settings = await this.settings.current();
    // The rate an operator saved replaces the configured one; a live source, when configured, still refreshes it.
    if (this.rate.source === 'config' || this.rate.source === 'settings')
      this.rate = {
        value: settings.rate,
        at: this.rate.at,
        source: settings.source === 'database' ? 'settings' : 'config',
      };
    if (rateUrl && Date.now() - Date.parse(this.rate.at) > RATE_CACHE_MS) {
      try {
        const res = await fetch(rateUrl, {
          signal: AbortSignal.timeout(5000),
          headers: { accept: 'application/json' },
        });
        let value: unknown = await res.json();
        for (const key of rateJsonPath.split('.')) value = (value as Record<string, unknown> | null)?.[key];
        if (typeof value === 'number' && value > 0 && value < 1000)
          this.rate = { value: value.toFixed(4), at: nowIso(), source: rateUrl };
      } catch (err) {
        this.log.warn({ err }, 'exchange rate refresh failed; keeping the last rate');
      }
    }
    return {
      usdt_cny: this.rate.value,
      updated_at: this.rate.at,
      source: this.rate.source === 'config' || this.rate.source === 'settings' ? 'configured' : 'live',
    };
  }

  async create(user: UserRow, amount: string, network: Network): Promise<Topup> {
    const chain = await this.chain(network);
    const baseMicro = parseMoneyToFen(amount) * 10_000;
    const {
      min_amount: minAmount,
      max_amount: maxAmount,
      window_minutes: windowMinutes,
    } = this.settings.latest();
    if (baseMicro < parseMoneyToFen(minAmount) * 10_000)
      throw new AppError('INSUFFICIENT_RECHARGE_AMOUNT', { min_amount: minAmount });
    if (baseMicro > parseMoneyToFen(maxAmount) * 10_000)
      throw new AppError('BAD_REQUEST', { max_amount: maxAmount });
    const { usdt_cny } = await this.exchangeRate();
    // Credit what the base amount is worth, rounded down to the fen; the offset below is ours to absorb.
    const amountFen = usdtToFen(baseMicro, usdt_cny);
    if (amountFen <= 0) throw new AppError('INSUFFICIENT_RECHARGE_AMOUNT', { min_amount: minAmount });
    for (let attempt = 0; attempt < 20; attempt++) {
      // A small offset (0.000001-0.009999 USDT) makes the amount unique among the open orders on this address.
      const micro = baseMicro + randomInt(1, 10_000);
      try {
        // The open orders are counted and the new one written under the account's lock, so parallel requests
        // cannot open more than the cap.
        const row = await this.db.transaction().execute(async (trx) => {
          await lockAccountRow(trx, user.id);
          const open = await repo.countPendingUsdtOrders(trx, user.id);
          if (open >= MAX_OPEN_ORDERS) throw new AppError('RATE_LIMIT', { reason: 'too_many_open_orders' });
          const now = nowIso();
          const inserted = await repo.insertOrder(trx, {
            order_no: newOrderNo('U'),
            user_id: user.id,
            method: 'usdt',
            amount_fen: amountFen,
            status: 'pending',
            network,
            usdt_micro: micro,
            address: chain.address,
            memo: null,
            rate: usdt_cny,
            transfer_id: null,
            tx_hash: null,
            code_id: null,
            expires_at: isoAfter(windowMinutes * 60_000),
            paid_at: null,
            completed_at: null,
            created_at: now,
            updated_at: now,
          });
          return repo.setOrderMemo(trx, inserted.id, inserted.order_no);
        });
        return toTopup(row, chain.confirmations);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
    }
    throw new AppError('PAYMENT_FAILED', { reason: 'no_unique_amount' });
  }

  async get(userId: number, id: number): Promise<Topup> {
    const row = await repo.findUsdtOrder(this.db, userId, id);
    if (!row) throw new AppError('RECHARGE_ORDER_NOT_FOUND');
    return toTopup(row, this.confirmationsFor(row.network));
  }

  async cancel(userId: number, id: number): Promise<Topup> {
    const canceled = await repo.cancelPendingUsdtOrder(this.db, userId, id, nowIso());
    const order = await this.get(userId, id);
    if (!canceled && order.status !== 'canceled')
      throw new AppError('ORDER_ALREADY_PAID', { status: order.status });
    return order;
  }
}
