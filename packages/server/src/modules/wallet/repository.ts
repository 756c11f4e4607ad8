import type { LedgerKind } from '@portal/contract';
import { sql } from 'kysely';
import { nowIso } from '../../db/time.js';
import type { Db } from '../../db/types.js';
import { fetchPage, type PageQuery } from '../../lib/paginate.js';

/** Every line of SQL of the wallet: balances on users and the ledger. */
/** Adds `deltaFen` unless the balance would go below zero; the balance after, or undefined when refused. */
export async function addToBalance(db: Db, userId: number, deltaFen: number): Promise<number | undefined> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ balance_fen: eb('balance_fen', '+', deltaFen), updated_at: nowIso() }))
    .where('id', '=', userId)
    .where((eb) => eb(eb('balance_fen', '+', deltaFen), '>=', 0))
    .returning('balance_fen')
    .executeTakeFirst();
  return row?.balance_fen;
}

export async function insertEntry(
  db: Db,
  entry: {
    userId: number;
    kind: LedgerKind;
    deltaFen: number;
    balanceAfterFen: number;
    reference: string;
    memo: string | null;
  },
): Promise<void> {
  await db
    .insertInto('ledger_entries')
    .values({
      user_id: entry.userId,
      kind: entry.kind,
      delta_fen: entry.deltaFen,
      balance_after_fen: entry.balanceAfterFen,
      reference: entry.reference,
      memo: entry.memo,
      created_at: nowIso(),
    })
    .execute();
}

export async function balanceOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('balance_fen')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.balance_fen;
}

/** Each user's balance next to the sum of their ledger. */
export function balancesAndLedgerSums(db: Db) {
  return db
    .selectFrom('users as u')
    .leftJoin('ledger_entries as l', 'l.user_id', 'u.id')
    .select(['u.id', 'u.balance_fen', sql<number>`coalesce(sum(l.delta_fen), 0)`.as('ledger_fen')])
    .groupBy(['u.id', 'u.balance_fen'])
    .execute();
}

/**
 * A page of one user's ledger, newest first by (created_at, id), and how many entries match. Both read an index of
 * migration 0025 alone: (user_id, created_at, id, delta_fen, balance_after_fen), or (user_id, kind, created_at, id) with a kind. The
 * page's ids come from the index (the offset steps over index entries, not rows), then only those rows are read.
 */
export function pageOfEntries(
  db: Db,
  userId: number,
  q: PageQuery & { kind?: LedgerKind | undefined; direction?: 'in' | 'out' | undefined },
) {
  let base = db.selectFrom('ledger_entries').where('user_id', '=', userId);
  if (q.kind) base = base.where('kind', '=', q.kind);
  if (q.direction) base = base.where('delta_fen', q.direction === 'in' ? '>' : '<', 0);
  return fetchPage(base, q, (page) =>
    db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('id', 'in', page.select('id').orderBy('created_at', 'desc').orderBy('id', 'desc'))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
  );
}

/** The balance after the user's last entry before `at`, if any (one step down (user_id, created_at, id, …)). */
export async function balanceBefore(db: Db, userId: number, at: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('ledger_entries')
    .select('balance_after_fen')
    .where('user_id', '=', userId)
    .where('created_at', '<', at)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.balance_after_fen;
}

/** The user's entries since `at`, in the order they were booked: a range of an index that holds them (0025). */
export function balancesSince(db: Db, userId: number, at: string) {
  return db
    .selectFrom('ledger_entries')
    .select(['created_at', 'balance_after_fen'])
    .where('user_id', '=', userId)
    .where('created_at', '>=', at)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The user's entries up to and including one, oldest first (to replay where the money of a payment came from). */
export function entriesUpTo(db: Db, userId: number, lastId: number) {
  return db
    .selectFrom('ledger_entries')
    .select(['id', 'kind', 'delta_fen'])
    .where('user_id', '=', userId)
    .where('id', '<=', lastId)
    .orderBy('id')
    .execute();
}

export function entryOf(db: Db, kind: LedgerKind, reference: string) {
  return db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('kind', '=', kind)
    .where('reference', '=', reference)
    .executeTakeFirst();
}
