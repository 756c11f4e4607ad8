import { fenToString } from '@portal/contract';
import { type AdminTransfer } from '@portal/contract/admin';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/time.js';
import type { ChainTransferRow, Database } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import type { StaffActor } from '../../lib/staff-actor.js';
import { recordAudit } from '../audit/audit-log.js';
import { changeBalance } from '../wallet/ledger.js';
import * as chainRepo from './chain-repository.js';
import { newOrderNo } from './codes.js';
import * as repo from './repository.js';
import { microToString } from './topups.js';
import { usdtToFen } from './usdt-service.js';

export type TransferWithOrder = ChainTransferRow & {
  order_no: string | null;
  order_user_id: number | null;
  order_rate: string | null;
};

/** What crediting a transfer gives: its USDT at the rate of the order it was for, or at today's rate. */
export function creditFen(t: TransferWithOrder, currentRate: string): number {
  return usdtToFen(Number(t.usdt_micro), t.order_rate ?? currentRate);
}

export function toAdminTransfer(t: TransferWithOrder, currentRate: string): AdminTransfer {
  return {
    id: t.id,
    network: t.network,
    tx_hash: t.tx_hash,
    log_index: t.log_index,
    from_address: t.from_address,
    to_address: t.to_address,
    usdt_amount: microToString(Number(t.usdt_micro)),
    block_number: Number(t.block_number),
    block_time: t.block_time,
    status: t.status,
    order_no: t.order_no,
    order_user_id: t.order_user_id,
    credit_amount: fenToString(creditFen(t, currentRate)),
    resolved_user_id: t.resolved_user_id,
    resolved_by: t.resolved_by,
    resolved_at: t.resolved_at,
    note: t.note,
    created_at: t.created_at,
  };
}

/**
 * Operators' decisions on USDT transfers that matched no open order (unmatched) or arrived after theirs closed
 * (late): credit one to a user, or ignore it. Each happens once: the transfer moves out of unmatched/late with a
 * conditional update, and the ledger's (usdt_topup, `transfer:<id>`) is unique, so parallel clicks book it once.
 */
export class TransferDesk {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly currentRate: () => Promise<string>,
  ) {}

  rate(): Promise<string> {
    return this.currentRate();
  }

  async credit(actor: StaffActor, id: number, userId: number, note: string) {
    const rate = await this.currentRate();
    return this.db.transaction().execute(async (trx) => {
      const t = await chainRepo.transferForOperator(trx, id);
      if (!t) throw new AppError('TRANSFER_NOT_FOUND');
      if (t.status !== 'unmatched' && t.status !== 'late')
        throw new AppError('TRANSFER_RESOLVED', { status: t.status });
      if (!(await repo.userExists(trx, userId))) throw new AppError('USER_NOT_FOUND');
      const amountFen = creditFen(t, rate);
      if (amountFen <= 0) throw new AppError('INSUFFICIENT_RECHARGE_AMOUNT');
      const now = nowIso();
      if (
        !(await chainRepo.resolveTransfer(trx, id, {
          status: 'credited',
          userId,
          by: actor.id,
          note,
          at: now,
        }))
      )
        throw new AppError('TRANSFER_RESOLVED', { status: 'credited' });
      // A confirmed USDT top-up of the user, so it shows in their history like any other.
      const order = await repo.insertOrder(trx, {
        order_no: newOrderNo('U'),
        user_id: userId,
        method: 'usdt',
        amount_fen: amountFen,
        status: 'confirmed',
        network: t.network,
        usdt_micro: t.usdt_micro,
        address: t.to_address,
        memo: null,
        rate: t.order_rate ?? rate,
        transfer_id: t.id,
        tx_hash: t.tx_hash,
        code_id: null,
        expires_at: null,
        paid_at: t.block_time ?? now,
        completed_at: now,
        created_at: now,
        updated_at: now,
      });
      const balance = await changeBalance(trx, {
        userId,
        deltaFen: amountFen,
        kind: 'usdt_topup',
        reference: `transfer:${t.id}`,
        memo: order.order_no,
      });
      await recordAudit(trx, actor, {
        action: 'transfer.credit',
        targetType: 'chain_transfer',
        targetId: t.id,
        before: { status: t.status, resolved_user_id: null, note: t.note },
        after: {
          status: 'credited',
          resolved_user_id: userId,
          note,
          amount: fenToString(amountFen),
          order_no: order.order_no,
        },
      });
      const after = await chainRepo.transferForOperator(trx, id);
      return {
        transfer: toAdminTransfer(after!, rate),
        order_no: order.order_no,
        amount: fenToString(amountFen),
        balance: fenToString(balance),
      };
    });
  }

  async ignore(actor: StaffActor, id: number, note: string): Promise<AdminTransfer> {
    const rate = await this.currentRate();
    return this.db.transaction().execute(async (trx) => {
      const t = await chainRepo.transferForOperator(trx, id);
      if (!t) throw new AppError('TRANSFER_NOT_FOUND');
      const now = nowIso();
      if (
        !(await chainRepo.resolveTransfer(trx, id, {
          status: 'ignored',
          userId: null,
          by: actor.id,
          note,
          at: now,
        }))
      )
        throw new AppError('TRANSFER_RESOLVED', { status: t.status });
      await recordAudit(trx, actor, {
        action: 'transfer.ignore',
        targetType: 'chain_transfer',
        targetId: t.id,
        before: { status: t.status, note: t.note },
        after: { status: 'ignored', note },
      });
      return toAdminTransfer((await chainRepo.transferForOperator(trx, id))!, rate);
    });
  }
}
