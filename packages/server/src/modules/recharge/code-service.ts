import { fenToString, type CodeStatus, type RechargeCode } from '@portal/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/time.js';
import type { Database, RechargeCodeRow, UserRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { toPage } from '../../lib/paginate.js';
import { changeBalance } from '../wallet/ledger.js';
import { maskEmail, newOrderNo, newRechargeCode } from './codes.js';
import * as repo from './repository.js';

const FAILURE_WINDOW_MS = 15 * 60_000;
/** Wrong codes a user (or an address) may try per 15 minutes before redemption is refused for the rest of it. */
export const MAX_FAILED_REDEMPTIONS = 10;

type CodeWithUser = RechargeCodeRow & { used_by_email: string | null };

export function toCode(row: CodeWithUser): RechargeCode {
  return {
    id: row.id,
    code: row.code,
    amount: fenToString(row.amount_fen),
    status: row.status,
    batch_id: row.batch_id,
    created_at: row.created_at,
    used_at: row.used_at,
    used_by: row.used_by_email ? maskEmail(row.used_by_email) : null,
  };
}

/** Generating codes (paid from the balance) and redeeming them (credited once). */
export class CodeService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly limiter: RateLimiter,
  ) {}

  async generate(user: UserRow, quantity: number, amountFen: number) {
    const { allowed } = await this.limiter.hit(`codes:generate:${user.id}`, 30, 3600_000);
    if (!allowed) throw new AppError('RATE_LIMIT');
    const batchId = newOrderNo('B');
    const totalFen = quantity * amountFen;
    return this.db.transaction().execute(async (trx) => {
      const balance = await changeBalance(trx, {
        userId: user.id,
        deltaFen: -totalFen,
        kind: 'code_generate',
        reference: batchId,
        memo: `${quantity} × ${fenToString(amountFen)}`,
      });
      const now = nowIso();
      const rows = await repo.insertCodes(
        trx,
        Array.from({ length: quantity }, () => ({
          code: newRechargeCode(),
          amountFen,
          batchId,
          generatedBy: user.id,
          createdAt: now,
        })),
      );
      return {
        batch_id: batchId,
        total: fenToString(totalFen),
        balance: fenToString(balance),
        codes: rows.map((r) => toCode({ ...r, used_by_email: null })),
      };
    });
  }

  async redeem(user: UserRow, code: string, ip: string) {
    const keys = [`codes:fail:user:${user.id}`, `codes:fail:ip:${ip}`];
    // Every attempt counts as a failure first (an atomic increment, then the check), and gives its hit back unless
    // the code was unknown: parallel attempts cannot all pass a check made before any of them failed.
    const counted: string[] = [];
    let failed = false;
    try {
      for (const key of keys) {
        const { allowed } = await this.limiter.hit(key, MAX_FAILED_REDEMPTIONS, FAILURE_WINDOW_MS);
        counted.push(key);
        if (!allowed) throw new AppError('RATE_LIMIT', { reason: 'too_many_invalid_codes' });
      }
      return await this.db.transaction().execute(async (trx) => {
        const row = await repo.findCode(trx, code);
        if (!row) throw new AppError('CODE_INVALID');
        if (row.status === 'used') throw new AppError('CODE_USED');
        if (row.status === 'locked') throw new AppError('CODE_LOCKED');
        if (row.status === 'disabled') throw new AppError('CODE_DISABLED');
        const now = nowIso();
        if (row.expires_at !== null && row.expires_at <= now) throw new AppError('CODE_EXPIRED');
        if (!(await repo.takeCode(trx, row.id, user.id, now))) throw new AppError('CODE_USED');
        const orderNo = newOrderNo('C');
        const order = await repo.insertOrder(trx, {
          order_no: orderNo,
          user_id: user.id,
          method: 'code',
          amount_fen: row.amount_fen,
          status: 'confirmed',
          network: null,
          usdt_micro: null,
          address: null,
          memo: null,
          rate: null,
          transfer_id: null,
          tx_hash: null,
          code_id: row.id,
          expires_at: null,
          paid_at: now,
          completed_at: now,
          created_at: now,
          updated_at: now,
        });
        const balance = await changeBalance(trx, {
          userId: user.id,
          deltaFen: row.amount_fen,
          kind: 'code_redeem',
          reference: order.order_no,
        });
        return {
          amount: fenToString(row.amount_fen),
          balance: fenToString(balance),
          order_no: order.order_no,
        };
      });
    } catch (err) {
      failed = err instanceof AppError && err.code === 40503;
      throw err;
    } finally {
      if (!failed) for (const key of counted) await this.limiter.release(key);
    }
  }

  async list(userId: number, status: CodeStatus | undefined, page: number, size: number) {
    const q = { page, size };
    const { rows, total } = await repo.pageOfCodes(this.db, userId, status, q);
    return toPage(rows.map(toCode), total, q);
  }

  /** Every code of the user (optionally of one status) as CSV rows, newest first. */
  async exportCsv(userId: number, status: CodeStatus | undefined): Promise<string> {
    const rows = await repo.allCodes(this.db, userId, status);
    const escape = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    const lines = [['code', 'amount', 'status', 'batch_id', 'created_at', 'used_at', 'used_by'].join(',')];
    for (const r of rows.map(toCode)) {
      lines.push(
        [r.code, r.amount, r.status, r.batch_id, r.created_at, r.used_at ?? '', r.used_by ?? '']
          .map(escape)
          .join(','),
      );
    }
    return `${lines.join('\r\n')}\r\n`;
  }
}
