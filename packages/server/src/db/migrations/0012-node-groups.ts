import { sql, type Kysely } from 'kysely';
import { withId, withTimestamps } from '../schema-helpers.js';

/**
 * Node groups (issue 17 §6): groups of nodes, each node in any number of them, and the groups a package reaches.
 * A package with no group reaches every node (what existing packages do); with groups, only the nodes of one of
 * them. Traffic by day per node, written by the traffic accounting beside traffic_daily.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('node_groups')).addColumn('name', 'text', (c) => c.notNull().unique()),
  ).execute();

  await db.schema
    .createTable('node_group_members')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('node_groups.id').onDelete('cascade'))
    .addColumn('node_id', 'integer', (c) => c.notNull().references('nodes.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('node_group_members_pk', ['group_id', 'node_id'])
    .execute();
  await db.schema
    .createIndex('node_group_members_node')
    .on('node_group_members')
    .columns(['node_id', 'group_id'])
    .execute();

  await db.schema
    .createTable('package_node_groups')
    .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id').onDelete('cascade'))
    // A group a package uses cannot be removed (the package would silently reach every node).
    .addColumn('group_id', 'integer', (c) => c.notNull().references('node_groups.id').onDelete('restrict'))
    .addPrimaryKeyConstraint('package_node_groups_pk', ['package_id', 'group_id'])
    .execute();
  await db.schema
    .createIndex('package_node_groups_group')
    .on('package_node_groups')
    .columns(['group_id', 'package_id'])
    .execute();

  await db.schema
    .createTable('node_traffic_daily')
    .addColumn('node_id', 'integer', (c) => c.notNull().references('nodes.id').onDelete('cascade'))
    /** YYYY-MM-DD in UTC */
    .addColumn('day', 'text', (c) => c.notNull())
    /** Bytes after the node's rate, as charged to the subscriptions */
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
    .addPrimaryKeyConstraint('node_traffic_daily_pk', ['node_id', 'day'])
    .execute();

  // The console's node list: display order.
  await db.schema.createIndex('nodes_sort').on('nodes').columns(['sort_order', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('nodes_sort').execute();
  await db.schema.dropTable('node_traffic_daily').execute();
  await db.schema.dropTable('package_node_groups').execute();
  await db.schema.dropTable('node_group_members').execute();
  await db.schema.dropTable('node_groups').execute();
}
