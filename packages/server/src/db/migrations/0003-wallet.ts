import { sql, type Kysely } from 'kysely';
import { withId, withTimestamps } from '../schema-helpers.js';

/**
 * The money path: the balance ledger, recharge codes, top-up orders (USDT and code redemptions), what the chain
 * watcher has seen, and leases so that one instance at a time runs each job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('ledger_entries'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`kind in ('usdt_topup', 'code_redeem', 'code_generate', 'purchase', 'renew', 'upgrade', 'refund', 'admin_adjust')`,
        ),
    )
    .addColumn('delta_fen', 'bigint', (c) => c.notNull().check(sql`delta_fen <> 0`))
    .addColumn('balance_after_fen', 'bigint', (c) => c.notNull().check(sql`balance_after_fen >= 0`))
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('memo', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    // One entry per (kind, reference): the same top-up, redemption or purchase can never be booked twice.
    .addUniqueConstraint('ledger_entries_kind_reference', ['kind', 'reference'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_user_time')
    .on('ledger_entries')
    .columns(['user_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('recharge_codes'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull().check(sql`amount_fen > 0`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('unused')
        .check(sql`status in ('unused', 'used', 'locked', 'disabled')`),
    )
    .addColumn('batch_id', 'text', (c) => c.notNull())
    .addColumn('generated_by', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('used_by', 'integer', (c) => c.references('users.id').onDelete('restrict'))
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('recharge_codes_owner')
    .on('recharge_codes')
    .columns(['generated_by', 'status', 'id'])
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('recharge_orders'))
      .addColumn('order_no', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
      .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('usdt', 'code')`))
      .addColumn('amount_fen', 'bigint', (c) => c.notNull().check(sql`amount_fen > 0`))
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .check(
            sql`status in ('pending', 'paid', 'confirmed', 'canceled', 'timeout', 'failed', 'refunded')`,
          ),
      )
      .addColumn('network', 'text')
      .addColumn('usdt_micro', 'bigint')
      .addColumn('address', 'text')
      .addColumn('memo', 'text')
      .addColumn('rate', 'text')
      .addColumn('transfer_id', 'integer')
      .addColumn('tx_hash', 'text')
      .addColumn('confirmations', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('code_id', 'integer', (c) => c.references('recharge_codes.id').onDelete('restrict'))
      .addColumn('expires_at', 'text')
      .addColumn('paid_at', 'text')
      .addColumn('completed_at', 'text'),
  ).execute();
  await db.schema
    .createIndex('recharge_orders_user_time')
    .on('recharge_orders')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('recharge_orders_open')
    .on('recharge_orders')
    .columns(['status', 'network'])
    .execute();
  // Among pending orders, an (address, exact amount) pair names one order: that is how a transfer finds its order.
  await db.schema
    .createIndex('recharge_orders_pending_amount')
    .unique()
    .on('recharge_orders')
    .columns(['network', 'address', 'usdt_micro'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('chain_transfers'))
      .addColumn('network', 'text', (c) => c.notNull())
      .addColumn('tx_hash', 'text', (c) => c.notNull())
      .addColumn('log_index', 'integer', (c) => c.notNull())
      .addColumn('from_address', 'text', (c) => c.notNull())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('usdt_micro', 'bigint', (c) => c.notNull())
      .addColumn('block_number', 'bigint', (c) => c.notNull())
      .addColumn('block_hash', 'text')
      .addColumn('block_time', 'text')
      .addColumn('order_id', 'integer', (c) => c.references('recharge_orders.id').onDelete('restrict'))
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`status in ('matched', 'credited', 'unmatched', 'late', 'reorged')`),
      )
      .addUniqueConstraint('chain_transfers_unique', ['network', 'tx_hash', 'log_index']),
  ).execute();
  await db.schema
    .createIndex('chain_transfers_status')
    .on('chain_transfers')
    .columns(['network', 'status'])
    .execute();

  await db.schema
    .createTable('chain_cursors')
    .addColumn('network', 'text', (c) => c.primaryKey())
    .addColumn('position', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'job_leases',
    'chain_cursors',
    'chain_transfers',
    'recharge_orders',
    'recharge_codes',
    'ledger_entries',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
