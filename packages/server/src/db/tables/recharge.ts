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
  /** Only operators' batches may set one (migration 0013); dealers' codes never expire. */
  expires_at: Generated<string | null>;
  created_at: string;
}
/** A batch of codes an operator created (migration 0013). */
export interface RechargeCodeBatchesTable {
  id: Generated<number>;
  batch_id: string;
  amount_fen: number;
  quantity: number;
  expires_at: string | null;
  note: string | null;
  created_by: number;
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
  status: 'matched' | 'credited' | 'unmatched' | 'late' | 'reorged' | 'ignored';
  /** An operator's decision on an unmatched or late transfer (migration 0013): whom it was credited to… */
  resolved_user_id: Generated<number | null>;
  /** …which staff member decided, when, and why. */
  resolved_by: Generated<number | null>;
  resolved_at: Generated<string | null>;
  note: Generated<string | null>;
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
  recharge_code_batches: RechargeCodeBatchesTable;
  recharge_orders: RechargeOrdersTable;
  chain_transfers: ChainTransfersTable;
  chain_cursors: ChainCursorsTable;
}

export type RechargeOrderRow = Selectable<RechargeOrdersTable>;
export type RechargeCodeRow = Selectable<RechargeCodesTable>;
export type ChainTransferRow = Selectable<ChainTransfersTable>;
export type RechargeCodeBatchRow = Selectable<RechargeCodeBatchesTable>;
