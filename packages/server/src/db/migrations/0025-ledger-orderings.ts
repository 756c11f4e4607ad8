import type { Kysely } from 'kysely';

/**
 * A customer's ledger at a million rows (issue 19): their wallet pages, filters and balance history read one user's
 * entries by (created_at, id), each from an index that holds what the query needs, so a dealer with 20,000 entries
 * costs the same as a new account.
 * - (user_id, created_at, id, delta_fen, balance_after_fen): the whole list and its direction filter (credits or
 *   debits), their counts and the page's ids, and the balance history (a year of a dealer's entries), all without
 *   visiting the table. It replaces (user_id, created_at, id) of 0013 and (user_id, created_at) of 0003, both its
 *   prefixes;
 * - (user_id, kind, created_at, id): the list filtered by kind (customers' and the console's money list for one
 *   account), page and count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('ledger_entries_user_time_cover')
    .on('ledger_entries')
    .columns(['user_id', 'created_at', 'id', 'delta_fen', 'balance_after_fen'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_user_kind_time')
    .on('ledger_entries')
    .columns(['user_id', 'kind', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('ledger_entries_user_time_id').execute();
  await db.schema.dropIndex('ledger_entries_user_time').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('ledger_entries_user_time')
    .on('ledger_entries')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_user_time_id')
    .on('ledger_entries')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('ledger_entries_user_kind_time').execute();
  await db.schema.dropIndex('ledger_entries_user_time_cover').execute();
}
