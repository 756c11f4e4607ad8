import type { Kysely } from 'kysely';

/**
 * Traffic pushes counted once (issue 18 §2). Agents retry a push whose answer they did not get (a timeout), so the
 * panel may receive the same deltas twice. Each counted push leaves a receipt, the digest of its deltas per node;
 * the same deltas from the same node within a short window are acknowledged and not counted again. The primary key
 * is the check: two copies arriving at once cannot both insert it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('node_push_receipts')
    .addColumn('node_id', 'integer', (c) => c.notNull().references('nodes.id').onDelete('cascade'))
    /** SHA-256 (hex) of the push's deltas in subscription order */
    .addColumn('digest', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('node_push_receipts_pk', ['node_id', 'digest'])
    .execute();
  // Pruning by age, per node.
  await db.schema
    .createIndex('node_push_receipts_time')
    .on('node_push_receipts')
    .columns(['node_id', 'received_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('node_push_receipts').execute();
}
