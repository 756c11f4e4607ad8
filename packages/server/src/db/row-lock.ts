import { PostgresAdapter, type Transaction } from 'kysely';
import type { Database } from './types.js';

/**
 * Makes "count, then write" limits of one account hold under parallel requests: the account's row is locked until
 * the transaction ends (SELECT … FOR UPDATE on PostgreSQL), so a second request of the same account waits for the
 * first to commit and then counts its row. SQLite needs nothing: its one connection runs transactions one at a time.
 * Call it first in the transaction that counts and then writes.
 */
export async function lockAccountRow(trx: Transaction<Database>, userId: number): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
