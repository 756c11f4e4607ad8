import { sql, type Kysely } from 'kysely';

/**
 * Announcements (the table itself is in 0001-init): who read which (one row per announcement and user), and the
 * announcement mail. A mailing row per announcement walks the users in id order with a cursor (the last user id
 * done), and a delivery row per announcement and user is written in the same transaction as that user's mail goes
 * into the outbox: a restart resumes from the cursor, and the unique delivery key mails nobody twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('announcement_reads')
    .addColumn('announcement_id', 'integer', (c) =>
      c.notNull().references('announcements.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('announcement_reads_pk', ['announcement_id', 'user_id'])
    .execute();
  // The unread count and the is_read of a list look up one user's reads.
  await db.schema
    .createIndex('announcement_reads_user')
    .on('announcement_reads')
    .columns(['user_id', 'announcement_id'])
    .execute();

  await db.schema
    .createTable('announcement_mailings')
    .addColumn('announcement_id', 'integer', (c) =>
      c.primaryKey().references('announcements.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'done')`),
    )
    .addColumn('last_user_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`sent >= 0`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('announcement_mailings_status')
    .on('announcement_mailings')
    .column('status')
    .execute();

  await db.schema
    .createTable('announcement_deliveries')
    .addColumn('announcement_id', 'integer', (c) =>
      c.notNull().references('announcements.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('announcement_deliveries_pk', ['announcement_id', 'user_id'])
    .execute();

  // Staff lists newest first; customers' lists filter on the publication window.
  await db.schema.createIndex('announcements_expire_at').on('announcements').column('expire_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('announcements_expire_at').execute();
  await db.schema.dropTable('announcement_deliveries').execute();
  await db.schema.dropTable('announcement_mailings').execute();
  await db.schema.dropTable('announcement_reads').execute();
}
