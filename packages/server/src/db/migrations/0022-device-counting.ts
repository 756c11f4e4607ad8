import type { Kysely } from 'kysely';

/**
 * Devices counted across nodes with a minimum of traffic (issue 18 §2). Agents report traffic per user, not per
 * address, so the finest the panel knows is "what this user moved through this node in its latest push":
 * - node_push_usage keeps, per node, its latest push as one row (the bytes per reported user id, JSON) — one
 *   upsert per push, whatever its size, so the push path stays cheap;
 * - node_online_ips.traffic_bytes is copied from it when the node reports who is online, so the minimum the
 *   operators set is applied when counting (alivelist, the customer's devices) with whatever value it has then;
 * - the subscription index serves the customer's list and the per-subscription counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('node_push_usage')
    .addColumn('node_id', 'integer', (c) => c.primaryKey().references('nodes.id').onDelete('cascade'))
    .addColumn('pushed_at', 'text', (c) => c.notNull())
    /** JSON: { "<reported user id>": <upload + download bytes, before the node's rate> } */
    .addColumn('usage', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('node_online_ips')
    .addColumn('traffic_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('node_online_ips_subscription')
    .on('node_online_ips')
    .columns(['subscription_id', 'reported_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('node_online_ips_subscription').execute();
  await db.schema.alterTable('node_online_ips').dropColumn('traffic_bytes').execute();
  await db.schema.dropTable('node_push_usage').execute();
}
