import type { Kysely } from 'kysely';

/**
 * The trial (issue 17 §5): one row per account that received it. The primary key on `user_id` is what keeps it to
 * one trial per account, whatever races (two verifications at once, a verification after another).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trial_grants')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // Claimed first, then the subscription is written and named here (null only inside that transaction).
    .addColumn('subscription_id', 'integer', (c) => c.references('subscriptions.id'))
    .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id'))
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('trial_grants').execute();
}
