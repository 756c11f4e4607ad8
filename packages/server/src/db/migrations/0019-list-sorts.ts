import type { Kysely } from 'kysely';

/**
 * The console's list orders (issue 17: lists with server-side sorting that stay fast on big tables): the users list
 * by balance, highest first, pages after a cursor on (balance_fen, id). Oldest-first orders of the ledger, the orders
 * and the tickets read their existing (created_at | updated_at, id) indexes the other way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('users_balance').on('users').columns(['balance_fen', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_balance').execute();
}
