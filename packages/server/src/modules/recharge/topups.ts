import { fenToString, type Network, type Topup, type TopupStatus } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database, RechargeOrderRow } from '../../db/types.js';
import { toPage, type PageQuery } from '../../lib/paginate.js';
import * as repo from './repository.js';

/** micro-USDT -> "20.000137" (6 decimals, as it must be sent). */
export function microToString(micro: number): string {
  return `${Math.floor(micro / 1e6)}.${String(micro % 1e6).padStart(6, '0')}`;
}

export function toTopup(row: RechargeOrderRow, confirmationsRequired: number | null = null): Topup {
  return {
    id: row.id,
    order_no: row.order_no,
    method: row.method,
    amount: fenToString(row.amount_fen),
    status: row.status,
    network: (row.network as Network | null) ?? null,
    usdt_amount: row.usdt_micro === null ? null : microToString(row.usdt_micro),
    address: row.address,
    memo: row.memo,
    tx_hash: row.tx_hash,
    confirmations: row.confirmations,
    confirmations_required: row.method === 'usdt' ? confirmationsRequired : null,
    expires_at: row.expires_at,
    paid_at: row.paid_at,
    completed_at: row.completed_at,
    created_at: row.created_at,
  };
}

/** The user's top-ups of both kinds and their figures. */
export class TopupQueries {
  constructor(
    private readonly db: Kysely<Database>,
    /** Confirmations a USDT network needs (null for codes or a network no longer configured). */
    private readonly confirmationsFor: (network: string | null) => number | null,
  ) {}

  async history(
    userId: number,
    query: PageQuery & { method?: 'usdt' | 'code' | undefined; status?: TopupStatus | undefined },
  ) {
    const { rows, total } = await repo.pageOfOrders(this.db, userId, query);
    return toPage(
      rows.map((r) => toTopup(r, this.confirmationsFor(r.network))),
      total,
      query,
    );
  }

  async stats(userId: number) {
    const [orders, generated, used] = await Promise.all([
      repo.orderTotals(this.db, userId),
      repo.countCodes(this.db, userId),
      repo.countCodes(this.db, userId, 'used'),
    ]);
    return {
      total_recharged: fenToString(Number(orders.total)),
      usdt_total: fenToString(Number(orders.usdt)),
      code_total: fenToString(Number(orders.code)),
      topups: Number(orders.topups),
      pending_orders: Number(orders.pending),
      codes_generated: generated,
      codes_used: used,
    };
  }
}
