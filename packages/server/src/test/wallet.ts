import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../db/types.js';
import { changeBalance, checkLedger } from '../modules/wallet/ledger.js';

/** Credits a user through the ledger, as an operator's adjustment would. */
export async function credit(db: Kysely<Database>, email: string, fen: number): Promise<void> {
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  await db.transaction().execute((trx) =>
    changeBalance(trx, {
      userId: user.id,
      deltaFen: fen,
      kind: 'admin_adjust',
      reference: `test:${Math.random()}`,
    }),
  );
}

export async function balanceOf(db: Kysely<Database>, email: string): Promise<number> {
  return (
    await db.selectFrom('users').select('balance_fen').where('email', '=', email).executeTakeFirstOrThrow()
  ).balance_fen;
}

/** The books balance: every user's balance is the sum of their ledger. */
export async function expectLedgerConsistent(db: Kysely<Database>): Promise<void> {
  expect(await checkLedger(db)).toEqual([]);
}
