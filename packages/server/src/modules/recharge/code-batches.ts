import { fenToString, parseMoneyToFen, type CodeStatus } from '@portal/contract';
import { type AdminCode, type CodeBatch } from '@portal/contract/admin';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/time.js';
import type { Database, RechargeCodeBatchRow, RechargeCodeRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import type { StaffActor } from '../../lib/staff-actor.js';
import { csvField } from '../audit/audit-service.js';
import { recordAudit } from '../audit/audit-log.js';
import { newOrderNo, newRechargeCode } from './codes.js';
import * as repo from './repository.js';

const ACTION_STATUS: Record<'lock' | 'disable' | 'enable', CodeStatus> = {
  lock: 'locked',
  disable: 'disabled',
  enable: 'unused',
};

function toAdminCode(r: RechargeCodeRow): AdminCode {
  return {
    id: r.id,
    code: r.code,
    amount: fenToString(Number(r.amount_fen)),
    status: r.status,
    batch_id: r.batch_id,
    expires_at: r.expires_at,
    generated_by: r.generated_by,
    used_by: r.used_by,
    used_at: r.used_at,
    created_at: r.created_at,
  };
}

/**
 * Recharge code batches created by operators (issue 17 §7): N codes of one amount, optionally expiring, without
 * debiting anyone (the money enters the books when a code is redeemed, as `code_redeem`). Operators lock, disable or
 * enable a code or every unused code of a batch; a used code never changes. Every write is audited.
 */
export class CodeBatches {
  constructor(private readonly db: Kysely<Database>) {}

  private async withCounts(rows: RechargeCodeBatchRow[]): Promise<CodeBatch[]> {
    const counts = await repo.batchCounts(
      this.db,
      rows.map((r) => r.batch_id),
    );
    return rows.map((r) => {
      const of = (status: CodeStatus) =>
        Number(counts.find((c) => c.batch_id === r.batch_id && c.status === status)?.n ?? 0);
      return {
        id: r.id,
        batch_id: r.batch_id,
        amount: fenToString(Number(r.amount_fen)),
        quantity: r.quantity,
        expires_at: r.expires_at,
        note: r.note,
        created_by: r.created_by,
        created_at: r.created_at,
        unused: of('unused'),
        used: of('used'),
        locked: of('locked'),
        disabled: of('disabled'),
      };
    });
  }

  async page(before: number | undefined, size: number) {
    const rows = await repo.batchesPage(this.db, before, size + 1);
    const items = await this.withCounts(rows.slice(0, size));
    return { items, next_before: rows.length > size ? items.at(-1)!.id : null };
  }

  async create(
    actor: StaffActor,
    input: { quantity: number; amount: string; expires_at: string | null; note?: string | undefined },
  ): Promise<CodeBatch> {
    if (input.expires_at !== null && input.expires_at <= nowIso())
      throw new AppError('VALIDATION', { field: 'expires_at' });
    const amountFen = parseMoneyToFen(input.amount);
    const expiresAt = input.expires_at === null ? null : new Date(input.expires_at).toISOString();
    const batch = await this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const row = await repo.insertBatch(trx, {
        batch_id: newOrderNo('O'),
        amount_fen: amountFen,
        quantity: input.quantity,
        expires_at: expiresAt,
        note: input.note ?? null,
        created_by: actor.id,
        created_at: now,
      });
      await repo.insertCodes(
        trx,
        Array.from({ length: input.quantity }, () => ({
          code: newRechargeCode(),
          amountFen,
          batchId: row.batch_id,
          generatedBy: actor.id,
          createdAt: now,
          expiresAt,
        })),
      );
      await recordAudit(trx, actor, {
        action: 'code_batch.create',
        targetType: 'code_batch',
        targetId: row.id,
        before: null,
        after: {
          batch_id: row.batch_id,
          quantity: input.quantity,
          amount: input.amount,
          expires_at: expiresAt,
          note: row.note,
        },
      });
      return row;
    });
    return (await this.withCounts([batch]))[0]!;
  }

  async setBatchStatus(actor: StaffActor, id: number, action: keyof typeof ACTION_STATUS) {
    const status = ACTION_STATUS[action];
    const { batch, changed } = await this.db.transaction().execute(async (trx) => {
      const batch = await repo.findBatch(trx, id);
      if (!batch) throw new AppError('CODE_BATCH_NOT_FOUND');
      const changed = await repo.setBatchCodesStatus(trx, batch.batch_id, status);
      await recordAudit(trx, actor, {
        action: `code_batch.${action}`,
        targetType: 'code_batch',
        targetId: batch.id,
        before: { codes_moved: 0 },
        after: { codes_moved: changed, status },
      });
      return { batch, changed };
    });
    return { batch: (await this.withCounts([batch]))[0]!, changed };
  }

  async codes(
    filter: { code?: string | undefined; batch_id?: string | undefined; status?: CodeStatus | undefined },
    before: number | undefined,
    size: number,
  ) {
    const rows = await repo.codesPage(this.db, filter, before, size + 1);
    const items = rows.slice(0, size).map(toAdminCode);
    return { items, next_before: rows.length > size ? items.at(-1)!.id : null };
  }

  async setCodeStatus(actor: StaffActor, id: number, action: keyof typeof ACTION_STATUS): Promise<AdminCode> {
    const status = ACTION_STATUS[action];
    return this.db.transaction().execute(async (trx) => {
      const code = await repo.findCodeById(trx, id);
      if (!code) throw new AppError('CODE_INVALID');
      if (code.status === 'used' || !(await repo.setCodeStatus(trx, id, status)))
        throw new AppError('CODE_STATUS_FIXED');
      await recordAudit(trx, actor, {
        action: `code.${action}`,
        targetType: 'recharge_code',
        targetId: id,
        before: { status: code.status },
        after: { status },
      });
      return toAdminCode({ ...code, status });
    });
  }

  /** A batch's codes as CSV lines (header first); refuses an unknown batch before anything is sent. */
  async csv(id: number): Promise<{ name: string; lines: AsyncGenerator<string> }> {
    const batch = await repo.findBatch(this.db, id);
    if (!batch) throw new AppError('CODE_BATCH_NOT_FOUND');
    const rows = await repo.codesOfBatch(this.db, batch.batch_id);
    async function* lines() {
      yield '\uFEFFcode,amount,status,batch_id,expires_at,created_at,used_at,used_by\r\n';
      yield rows
        .map(
          (r) =>
            `${[
              r.code,
              fenToString(Number(r.amount_fen)),
              r.status,
              r.batch_id,
              r.expires_at,
              r.created_at,
              r.used_at,
              r.used_by_email,
            ]
              .map(csvField)
              .join(',')}\r\n`,
        )
        .join('');
    }
    return { name: `codes-${batch.batch_id}`, lines: lines() };
  }
}
