import type { LedgerKind } from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './repository.js';

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
 * go below zero (the WHERE clause of repository.addToBalance and a CHECK on the column), so concurrent debits can never overdraw.
 * Returns the balance after the change.
 */
export async function changeBalance(trx: Transaction<Database>, change: BalanceChange): Promise<number> {
  if (!Number.isSafeInteger(change.deltaFen) || change.deltaFen === 0)
    throw new Error(`bad balance change ${change.deltaFen}`);
  const balance = await repo.addToBalance(trx, change.userId, change.deltaFen);
  if (balance === undefined) throw new AppError('INSUFFICIENT_BALANCE');
  await repo.insertEntry(trx, {
    userId: change.userId,
    kind: change.kind,
    deltaFen: change.deltaFen,
    balanceAfterFen: balance,
    reference: change.reference,
    memo: change.memo ?? null,
  });
  return balance;
}

/** The user's balance in fen. */
export function balanceOf(db: Kysely<Database> | Transaction<Database>, userId: number): Promise<number> {
  return repo.balanceOf(db, userId);
}

export interface LedgerMismatch {
  userId: number;
  balanceFen: number;
  ledgerFen: number;
}

/** Every user whose balance is not the sum of their ledger (an empty list means the books balance). */
export async function checkLedger(db: Kysely<Database>): Promise<LedgerMismatch[]> {
  const rows = await repo.balancesAndLedgerSums(db);
  return rows
    .map((r) => ({ userId: r.id, balanceFen: Number(r.balance_fen), ledgerFen: Number(r.ledger_fen) }))
    .filter((r) => r.balanceFen !== r.ledgerFen);
}
