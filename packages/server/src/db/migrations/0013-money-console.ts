import { sql, type Kysely } from 'kysely';
import { withId } from '../schema-helpers.js';

/**
 * Orders and money in the operators' console (issue 17 §7): indexes for the lists across users (newest first by
 * (created_at, id), a page after a cursor, filtered by kind or package), and on chain_transfers what an operator
 * decided about a transfer that matched no order: the status 'ignored' besides 'credited', who decided, when, for
 * whom, and why; operators' recharge code batches, with an optional expiry on their codes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const index = (name: string, table: string, columns: string[]) =>
    db.schema.createIndex(name).on(table).columns(columns).execute();
  await index('ledger_entries_time', 'ledger_entries', ['created_at', 'id']);
  await index('ledger_entries_kind_time', 'ledger_entries', ['kind', 'created_at', 'id']);
  await index('ledger_entries_user_time_id', 'ledger_entries', ['user_id', 'created_at', 'id']);
  await index('subscription_orders_time', 'subscription_orders', ['created_at', 'id']);
  await index('subscription_orders_kind_time', 'subscription_orders', ['kind', 'created_at', 'id']);
  await index('subscription_orders_package_time', 'subscription_orders', ['package_id', 'created_at', 'id']);
  await index('recharge_orders_method', 'recharge_orders', ['method', 'id']);

  // A CHECK cannot be changed in place on SQLite: the column is rebuilt (its values kept) with the wider one.
  await db.schema.dropIndex('chain_transfers_status').execute();
  await db.schema.alterTable('chain_transfers').addColumn('status_before', 'text').execute();
  await sql`update chain_transfers set status_before = status`.execute(db);
  await db.schema.alterTable('chain_transfers').dropColumn('status').execute();
  await db.schema
    .alterTable('chain_transfers')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('unmatched')
        .check(sql`status in ('matched', 'credited', 'unmatched', 'late', 'reorged', 'ignored')`),
    )
    .execute();
  await sql`update chain_transfers set status = status_before`.execute(db);
  await db.schema.alterTable('chain_transfers').dropColumn('status_before').execute();
  await db.schema
    .alterTable('chain_transfers')
    .addColumn('resolved_user_id', 'integer', (c) => c.references('users.id').onDelete('restrict'))
    .execute();
  await db.schema.alterTable('chain_transfers').addColumn('resolved_by', 'integer').execute();
  await db.schema.alterTable('chain_transfers').addColumn('resolved_at', 'text').execute();
  await db.schema.alterTable('chain_transfers').addColumn('note', 'text').execute();
  await index('chain_transfers_status', 'chain_transfers', ['network', 'status']);
  await index('chain_transfers_status_id', 'chain_transfers', ['status', 'id']);

  // Recharge code batches created by operators (no balance is debited), and an optional expiry on their codes.
  await withId(db, db.schema.createTable('recharge_code_batches'))
    .addColumn('batch_id', 'text', (c) => c.notNull().unique())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull().check(sql`amount_fen > 0`))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('expires_at', 'text')
    .addColumn('note', 'text')
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('recharge_codes').addColumn('expires_at', 'text').execute();
  await index('recharge_codes_batch', 'recharge_codes', ['batch_id', 'status']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'ledger_entries_time',
    'ledger_entries_kind_time',
    'ledger_entries_user_time_id',
    'subscription_orders_time',
    'subscription_orders_kind_time',
    'subscription_orders_package_time',
    'recharge_orders_method',
    'chain_transfers_status_id',
    'recharge_codes_batch',
  ])
    await db.schema.dropIndex(name).execute();
  for (const column of ['note', 'resolved_at', 'resolved_by', 'resolved_user_id'])
    await db.schema.alterTable('chain_transfers').dropColumn(column).execute();
  await db.schema.alterTable('recharge_codes').dropColumn('expires_at').execute();
  await db.schema.dropTable('recharge_code_batches').execute();
}
