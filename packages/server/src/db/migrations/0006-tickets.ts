import { sql, type Kysely } from 'kysely';
import { withId, withTimestamps } from '../schema-helpers.js';

/**
 * Support tickets: the ticket (its opening message is the description), the replies of the customer and of staff,
 * and the attachments. An attachment is uploaded first (ticket_id null) and claimed by the ticket or reply that
 * references it; unclaimed uploads are removed by the tickets job after a day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('tickets'))
      .addColumn('ticket_no', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) =>
        c.notNull().check(sql`category in ('technical', 'billing', 'account', 'other')`),
      )
      .addColumn('priority', 'text', (c) =>
        c.notNull().check(sql`priority in ('low', 'medium', 'high', 'urgent')`),
      )
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`status in ('pending', 'processing', 'resolved', 'closed')`),
      )
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('assignee_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('reply_count', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`reply_count >= 0`),
      )
      .addColumn('last_reply_at', 'text')
      .addColumn('last_reply_by', 'text', (c) => c.check(sql`last_reply_by in ('user', 'staff')`))
      .addColumn('closed_at', 'text'),
  ).execute();
  // The customer's list (all, or one status) and the staff list, both newest activity first.
  await db.schema
    .createIndex('tickets_user_updated')
    .on('tickets')
    .columns(['user_id', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('tickets_user_status_updated')
    .on('tickets')
    .columns(['user_id', 'status', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('tickets_status_updated')
    .on('tickets')
    .columns(['status', 'updated_at'])
    .execute();
  await db.schema.createIndex('tickets_assignee').on('tickets').column('assignee_id').execute();

  await withId(db, db.schema.createTable('ticket_replies'))
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('is_staff', 'integer', (c) => c.notNull().check(sql`is_staff in (0, 1)`))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ticket_replies_ticket')
    .on('ticket_replies')
    .columns(['ticket_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('ticket_attachments'))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('uploader_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ticket_id', 'integer', (c) => c.references('tickets.id').onDelete('cascade'))
    .addColumn('reply_id', 'integer', (c) => c.references('ticket_replies.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text')
    .addColumn('kind', 'text', (c) => c.check(sql`kind in ('image', 'pdf', 'word', 'text')`))
    .addColumn('size_bytes', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`size_bytes >= 0`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('attached_at', 'text')
    .execute();
  await db.schema
    .createIndex('ticket_attachments_ticket')
    .on('ticket_attachments')
    .columns(['ticket_id', 'id'])
    .execute();
  // Uploads not yet referenced: counted per uploader, and swept by age.
  await db.schema
    .createIndex('ticket_attachments_unclaimed')
    .on('ticket_attachments')
    .columns(['uploader_id', 'created_at'])
    .where(sql.ref('ticket_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('ticket_attachments_unclaimed_age')
    .on('ticket_attachments')
    .column('created_at')
    .where(sql.ref('ticket_id'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['ticket_attachments', 'ticket_replies', 'tickets']) {
    await db.schema.dropTable(table).execute();
  }
}
