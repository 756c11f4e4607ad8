import { sql, type Kysely } from 'kysely';
import { isPostgres, rebuildTextColumn, withId } from '../schema-helpers.js';

const ROLES = sql.raw(`'user', 'owner', 'admin', 'support', 'finance', 'viewer'`);

/**
 * Staff (issue 17): users.role takes the staff roles besides 'user' (the former 'admin' stays admin), and the
 * audit log, append-only: both databases refuse UPDATE and DELETE on it with a trigger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A CHECK cannot be changed in place on SQLite: the column is rebuilt (its values kept) with the wider one.
  await rebuildTextColumn(db, 'users', 'role', (c) =>
    c
      .notNull()
      .defaultTo('user')
      .check(sql`role in (${ROLES})`),
  );
  await db.schema
    .createIndex('users_staff')
    .on('users')
    .columns(['role', 'id'])
    .where(sql.ref('role'), '<>', 'user')
    .execute();

  await withId(db, db.schema.createTable('audit_log'))
    // No foreign key: the record outlives the account; the email and role are kept as they were.
    .addColumn('actor_id', 'integer', (c) => c.notNull())
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('actor_role', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    /** JSON: { before, after } of the fields that changed (null for a creation's before, a deletion's after). */
    .addColumn('changes', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'id']).execute();
  await db.schema
    .createIndex('audit_log_target')
    .on('audit_log')
    .columns(['target_type', 'target_id', 'id'])
    .execute();
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'id']).execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').columns(['created_at', 'id']).execute();

  if (isPostgres(db)) {
    await sql`
      create function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_log is append-only';
      end
      $$`.execute(db);
    await sql`
      create trigger audit_log_no_change before update or delete on audit_log
      for each statement execute function audit_log_append_only()`.execute(db);
    await sql`
      create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`
      create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`
      create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop table audit_log`.execute(db);
    await sql`drop function audit_log_append_only()`.execute(db);
  } else {
    await db.schema.dropTable('audit_log').execute();
  }
  await db.schema.dropIndex('users_staff').execute();
  await db.schema.alterTable('users').addColumn('role_after', 'text').execute();
  await sql`update users set role_after = case when role = 'user' then 'user' else 'admin' end`.execute(db);
  await db.schema.alterTable('users').dropColumn('role').execute();
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('user')
        .check(sql`role in ('user', 'admin')`),
    )
    .execute();
  await sql`update users set role = role_after`.execute(db);
  await db.schema.alterTable('users').dropColumn('role_after').execute();
}
