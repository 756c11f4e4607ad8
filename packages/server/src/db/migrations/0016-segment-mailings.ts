import { sql, type Kysely } from 'kysely';
import { withId, withTimestamps } from '../schema-helpers.js';

/**
 * Staff mail a segment of customers (issue 17 §4): the mailing planned by a staff member (the segment's filters and
 * the texts per language as JSON, the customers with an id up to `max_user_id` at the time), worked through in the
 * background a batch of users at a time after `last_user_id`, each batch one transaction with its outbox rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('segment_mailings'))
      .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
      .addColumn('segment', 'text', (c) => c.notNull())
      .addColumn('texts', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('pending')
          .check(sql`status in ('pending', 'done')`),
      )
      .addColumn('max_user_id', 'integer', (c) => c.notNull())
      .addColumn('last_user_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('planned', 'integer', (c) => c.notNull())
      .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('finished_at', 'text'),
  ).execute();
  await db.schema
    .createIndex('segment_mailings_status')
    .on('segment_mailings')
    .columns(['status', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('segment_mailings').execute();
}
