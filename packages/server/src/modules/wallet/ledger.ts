import type { LedgerKind } from '@portal/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import { nowIso } from '../../db/time.js';
import type { Database } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';

export interface BalanceChange {
  userId: number;
  /** fen; negative debits */
  deltaFen: number;
  kind: LedgerKind;
  /** What caused it (order number, batch id…); (kind, reference) is unique, so nothing is booked twice. */
  reference: string;
  memo?: string | null;
}

/**
 * The only way a balance changes: the balance and its ledger row in the caller's transaction. The SQL refuses to
 * go below zero (the WHERE clause here and a CHECK on the column), so concurrent debits can never overdraw.
 * Returns the balance after the change.
 */
export async function changeBalance(trx: Transaction<Database>, change: BalanceChange): Promise<number> {
  if (!Number.isSafeInteger(change.deltaFen) || change.deltaFen === 0)
    throw new Error(`bad balance change ${change.deltaFen}`);
  const row = await trx
    .updateTable('users')
    .set((eb) => ({ balance_fen: eb('balance_fen', '+', change.deltaFen), updated_at: nowIso() }))
    .where('id', '=', change.userId)
    .where((eb) => eb(eb('balance_fen', '+', change.deltaFen), '>=', 0))
    .returning('balance_fen')
    .executeTakeFirst();
  if (!row) throw new AppError('INSUFFICIENT_BALANCE');
  await trx
    .insertInto('ledger_entries')
    .values({
      user_id: change.userId,
      kind: change.kind,
      delta_fen: change.deltaFen,
      balance_after_fen: row.balance_fen,
      reference: change.reference,
      memo: change.memo ?? null,
      created_at: nowIso(),
    })
    .execute();
  return row.balance_fen;
}

export interface LedgerMismatch {
  userId: number;
  balanceFen: number;
  ledgerFen: number;
}

/** Every user whose balance is not the sum of their ledger (an empty list means the books balance). */
export async function checkLedger(db: Kysely<Database>): Promise<LedgerMismatch[]> {
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('ledger_entries as l', 'l.user_id', 'u.id')
    .select(['u.id', 'u.balance_fen', sql<number>`coalesce(sum(l.delta_fen), 0)`.as('ledger_fen')])
    .groupBy(['u.id', 'u.balance_fen'])
    .execute();
  return rows
    .map((r) => ({ userId: r.id, balanceFen: Number(r.balance_fen), ledgerFen: Number(r.ledger_fen) }))
    .filter((r) => r.balanceFen !== r.ledgerFen);
}
