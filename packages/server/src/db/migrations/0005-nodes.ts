import { sql, type Kysely } from 'kysely';

/**
 * What the node agents need and report: a per-node API token (stored as a SHA-256 hash), disk usage and online
 * devices from status reports, the upload share of a subscription's traffic, per-day traffic for charts, and the
 * online IP addresses the agents report for device limits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('nodes').addColumn('token_hash', 'text').execute();
  await db.schema.alterTable('nodes').addColumn('disk_percent', 'integer').execute();
  await db.schema
    .alterTable('nodes')
    .addColumn('online_users', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // traffic_used stays the total (upload + download) that limits compare with; upload_bytes is its upload part.
  await db.schema
    .alterTable('subscriptions')
    .addColumn('upload_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('traffic_daily')
    .addColumn('subscription_id', 'integer', (c) =>
      c.notNull().references('subscriptions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** YYYY-MM-DD in UTC */
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('upload', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`upload >= 0`),
    )
    .addColumn('download', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`download >= 0`),
    )
    .addPrimaryKeyConstraint('traffic_daily_pk', ['subscription_id', 'day'])
    .execute();
  await db.schema
    .createIndex('traffic_daily_user_day')
    .on('traffic_daily')
    .columns(['user_id', 'day'])
    .execute();

  await db.schema
    .createTable('node_online_ips')
    .addColumn('node_id', 'integer', (c) => c.notNull().references('nodes.id').onDelete('cascade'))
    .addColumn('subscription_id', 'integer', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('reported_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('node_online_ips_pk', ['node_id', 'subscription_id', 'ip'])
    .execute();
  await db.schema
    .createIndex('node_online_ips_reported')
    .on('node_online_ips')
    .column('reported_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('node_online_ips').execute();
  await db.schema.dropTable('traffic_daily').execute();
  await db.schema.alterTable('subscriptions').dropColumn('upload_bytes').execute();
  for (const column of ['online_users', 'disk_percent', 'token_hash']) {
    await db.schema.alterTable('nodes').dropColumn(column).execute();
  }
}
