import { sql, type Kysely } from 'kysely';
import { rebuildTextColumn } from '../schema-helpers.js';

/**
 * The catalogue in the operators' console (issue 17 §5): a package may be a period of any number of days
 * (`custom`), says when its traffic starts again, and may name the packages it can be upgraded to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuildTextColumn(db, 'packages', 'type', (c) =>
    c
      .notNull()
      .defaultTo('custom')
      .check(sql`type in ('monthly', 'quarterly', 'yearly', 'custom')`),
  );
  await db.schema
    .alterTable('packages')
    .addColumn('traffic_reset', 'text', (c) =>
      c
        .notNull()
        .defaultTo('period')
        .check(sql`traffic_reset in ('period', 'monthly', 'never')`),
    )
    .execute();
  await db.schema
    .createTable('package_upgrade_targets')
    .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id').onDelete('cascade'))
    .addColumn('target_id', 'integer', (c) => c.notNull().references('packages.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('package_upgrade_targets_pk', ['package_id', 'target_id'])
    .execute();
  // The console's counts per package (orders, active subscriptions) and "was it ever sold?".
  await db.schema
    .createIndex('subscription_orders_package')
    .on('subscription_orders')
    .column('package_id')
    .execute();
  await db.schema
    .createIndex('subscriptions_package')
    .on('subscriptions')
    .columns(['package_id', 'status'])
    .execute();
  // When a monthly-reset subscription's traffic last started again (null: at its start).
  await db.schema.alterTable('subscriptions').addColumn('traffic_reset_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('traffic_reset_at').execute();
  await db.schema.dropIndex('subscriptions_package').execute();
  await db.schema.dropIndex('subscription_orders_package').execute();
  await db.schema.dropTable('package_upgrade_targets').execute();
  await db.schema.alterTable('packages').dropColumn('traffic_reset').execute();
  await sql`update packages set type = 'monthly' where type = 'custom'`.execute(db);
  await rebuildTextColumn(db, 'packages', 'type', (c) =>
    c
      .notNull()
      .defaultTo('monthly')
      .check(sql`type in ('monthly', 'quarterly', 'yearly')`),
  );
}
