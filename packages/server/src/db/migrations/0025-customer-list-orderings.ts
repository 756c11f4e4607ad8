import type { Kysely } from 'kysely';

/** Indexes replaced by their version with `id` at the end (the list's tie-break), same name with `_id`. */
const WITH_ID: [name: string, table: string, columns: string[]][] = [
  ['tickets_user_updated', 'tickets', ['user_id', 'updated_at']],
  ['tickets_user_status_updated', 'tickets', ['user_id', 'status', 'updated_at']],
  ['recharge_orders_user_time', 'recharge_orders', ['user_id', 'created_at']],
];

/**
 * A customer's lists at a million rows (issue 19): their wallet pages, filters and balance history read one user's
 * entries by (created_at, id), each from an index that holds what the query needs, so a dealer with 20,000 entries
 * costs the same as a new account. Their tickets (by last activity, whole or by status) and their top-ups (newest
 * first) end their indexes with the id as their order does, so PostgreSQL walks them without sorting ties.
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
  for (const [name, table, columns] of WITH_ID) {
    await db.schema
      .createIndex(`${name}_id`)
      .on(table)
      .columns([...columns, 'id'])
      .execute();
    await db.schema.dropIndex(name).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of WITH_ID) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
    await db.schema.dropIndex(`${name}_id`).execute();
  }
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
