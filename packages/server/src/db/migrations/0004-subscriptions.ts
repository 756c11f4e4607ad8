import { sql, type Kysely } from 'kysely';
import { withId, withTimestamps } from '../schema-helpers.js';

/**
 * Subscriptions (the proxy credential: UUID and link token), the orders that pay for them, upgrade quotes, and the
 * log of automatic renewals.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('subscriptions'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
      .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id').onDelete('restrict'))
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`status in ('active', 'expired', 'suspended', 'upgraded')`),
      )
      .addColumn('uuid', 'text', (c) => c.notNull())
      .addColumn('link_token', 'text', (c) => c.notNull())
      .addColumn('start_at', 'text', (c) => c.notNull())
      .addColumn('end_at', 'text', (c) => c.notNull())
      .addColumn('traffic_used', 'bigint', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`traffic_used >= 0`),
      )
      .addColumn('traffic_limit', 'bigint')
      .addColumn('device_limit', 'integer', (c) => c.notNull())
      .addColumn('speed_limit_mbps', 'integer')
      .addColumn('auto_renew', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('upgraded_to', 'integer')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema
    .createIndex('subscriptions_user')
    .on('subscriptions')
    .columns(['user_id', 'status'])
    .execute();
  await db.schema
    .createIndex('subscriptions_status_end')
    .on('subscriptions')
    .columns(['status', 'end_at'])
    .execute();
  // An upgrade hands the UUID and link token to the new subscription; among the others they are unique.
  for (const column of ['uuid', 'link_token']) {
    await db.schema
      .createIndex(`subscriptions_${column}_live`)
      .unique()
      .on('subscriptions')
      .column(column)
      .where(sql.ref('status'), '<>', 'upgraded')
      .execute();
  }

  await withId(db, db.schema.createTable('subscription_orders'))
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('subscription_id', 'integer', (c) =>
      c.notNull().references('subscriptions.id').onDelete('restrict'),
    )
    .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id').onDelete('restrict'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('purchase', 'renew', 'upgrade')`))
    .addColumn('amount_fen', 'bigint', (c) => c.notNull().check(sql`amount_fen >= 0`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('paid'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('subscription_orders_idempotency', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('subscription_orders_user')
    .on('subscription_orders')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('upgrade_quotes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subscription_id', 'integer', (c) =>
      c.notNull().references('subscriptions.id').onDelete('cascade'),
    )
    .addColumn('subscription_version', 'integer', (c) => c.notNull())
    .addColumn('to_package_id', 'integer', (c) => c.notNull().references('packages.id').onDelete('cascade'))
    .addColumn('to_price_fen', 'bigint', (c) => c.notNull())
    .addColumn('credit_fen', 'bigint', (c) => c.notNull())
    .addColumn('amount_due_fen', 'bigint', (c) => c.notNull())
    .addColumn('new_end_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await withId(db, db.schema.createTable('auto_renew_logs'))
    .addColumn('subscription_id', 'integer', (c) =>
      c.notNull().references('subscriptions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('period_end', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) =>
      c.notNull().check(sql`result in ('success', 'insufficient_balance', 'package_unavailable')`),
    )
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('order_no', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    // One log line per period and result: a job that runs every minute does not repeat itself (or its mail).
    .addUniqueConstraint('auto_renew_logs_once', ['subscription_id', 'period_end', 'result'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['auto_renew_logs', 'upgrade_quotes', 'subscription_orders', 'subscriptions']) {
    await db.schema.dropTable(table).execute();
  }
}
