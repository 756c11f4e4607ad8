import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../schema-helpers.js';

/**
 * Indexes for the staff lists at scale (issue 17 "Speed", bench/admin-lists.ts on 100,000 users, 1,000,000 ledger
 * entries, 100,000 tickets): each list's filter and order read from one index, newest first, so a page stops after
 * its rows instead of sorting every match.
 * - tickets by last activity, whole or by status or assignee: (…, updated_at, id);
 * - USDT top-up orders by state or network, newest first: (method, status | network, id);
 * - recharge codes by state, newest first: (status, id);
 * - accounts by the start of their e-mail address or nickname: a range on the address (SQLite: its unique index;
 *   PostgreSQL: byte order, whatever the database's collation) and on the lower-case nickname.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const index = (name: string, table: string, columns: string[]) =>
    db.schema.createIndex(name).on(table).columns(columns).execute();
  await index('tickets_updated', 'tickets', ['updated_at', 'id']);
  await index('tickets_status_updated_id', 'tickets', ['status', 'updated_at', 'id']);
  await index('tickets_assignee_updated', 'tickets', ['assignee_id', 'updated_at', 'id']);
  await index('recharge_orders_method_status', 'recharge_orders', ['method', 'status', 'id']);
  await index('recharge_orders_method_network', 'recharge_orders', ['method', 'network', 'id']);
  await index('recharge_codes_status', 'recharge_codes', ['status', 'id']);
  if (isPostgres(db)) {
    await sql`create index users_email_prefix on users (email collate "C")`.execute(db);
    await sql`create index users_nickname_prefix on users ((lower(coalesce(nickname, ''))) collate "C")`.execute(
      db,
    );
  } else {
    await sql`create index users_nickname_prefix on users (lower(coalesce(nickname, '')))`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'tickets_updated',
    'tickets_status_updated_id',
    'tickets_assignee_updated',
    'recharge_orders_method_status',
    'recharge_orders_method_network',
    'recharge_codes_status',
    'users_nickname_prefix',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  if (isPostgres(db)) await db.schema.dropIndex('users_email_prefix').execute();
}
