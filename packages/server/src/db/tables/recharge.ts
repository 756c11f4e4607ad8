import type { CodeStatus, TopupStatus } from '@portal/contract';
import type { Generated, Selectable } from 'kysely';

/** Tables of top-ups by recharge code and USDT (modules/recharge). */
export interface RechargeCodesTable {
  id: Generated<number>;
  code: string;
  amount_fen: number;
  status: Generated<CodeStatus>;
  batch_id: string;
  generated_by: number;
  used_by: number | null;
  used_at: string | null;
  created_at: string;
}
export interface RechargeOrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  method: 'usdt' | 'code';
  amount_fen: number;
  status: TopupStatus;
  network: string | null;
  usdt_micro: number | null;
  address: string | null;
  memo: string | null;
  rate: string | null;
  transfer_id: number | null;
  tx_hash: string | null;
  confirmations: Generated<number>;
  code_id: number | null;
  expires_at: string | null;
  paid_at: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}
export interface ChainTransfersTable {
  id: Generated<number>;
  network: string;
  tx_hash: string;
  log_index: number;
  from_address: string;
  to_address: string;
  usdt_micro: number;
  block_number: number;
  block_hash: string | null;
  block_time: string | null;
  order_id: number | null;
  status: 'matched' | 'credited' | 'unmatched' | 'late' | 'reorged';
  created_at: string;
  updated_at: string;
}
export interface ChainCursorsTable {
  network: string;
  position: string;
  updated_at: string;
}

export interface RechargeTables {
  recharge_codes: RechargeCodesTable;
  recharge_orders: RechargeOrdersTable;
  chain_transfers: ChainTransfersTable;
  chain_cursors: ChainCursorsTable;
}

export type RechargeOrderRow = Selectable<RechargeOrdersTable>;
export type RechargeCodeRow = Selectable<RechargeCodesTable>;
export type ChainTransferRow = Selectable<ChainTransfersTable>;
