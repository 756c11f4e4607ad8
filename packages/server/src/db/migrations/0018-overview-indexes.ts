import type { Kysely } from 'kysely';

/**
 * The operators' overview (issue 17 §3): each figure is an aggregate over a date range, read from an index that holds
 * every column it needs, so 30 days of a million-row ledger are summed without visiting the table.
 */
const INDEXES: [name: string, table: string, columns: string[]][] = [
  // Revenue: orders with a price per day.
  ['subscription_orders_time_amount', 'subscription_orders', ['created_at', 'amount_fen']],
  // Top-ups by method and refunds: ledger entries of a kind per day.
  ['ledger_entries_kind_time_delta', 'ledger_entries', ['kind', 'created_at', 'delta_fen']],
  // New and verified accounts per day.
  ['users_created', 'users', ['created_at', 'email_verified_at']],
  // Traffic per day, every node together.
  ['node_traffic_daily_day', 'node_traffic_daily', ['day']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of INDEXES)
    await db.schema.createIndex(name).on(table).columns(columns).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
