import { fenToString, type Network, type Topup, type TopupStatus } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database, RechargeOrderRow } from '../../db/types.js';
import { fetchPage, toPage } from '../../lib/paginate.js';

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

export async function listTopups(
  db: Kysely<Database>,
  userId: number,
  query: {
    page: number;
    size: number;
    method?: 'usdt' | 'code' | undefined;
    status?: TopupStatus | undefined;
  },
  confirmationsFor: (network: string | null) => number | null = () => null,
) {
  let base = db.selectFrom('recharge_orders').where('user_id', '=', userId);
  if (query.method) base = base.where('method', '=', query.method);
  if (query.status) base = base.where('status', '=', query.status);
  const { rows, total } = await fetchPage(base, query, (qb) =>
    qb.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
  );
  return toPage(
    rows.map((r) => toTopup(r, confirmationsFor(r.network))),
    total,
    query,
  );
}
