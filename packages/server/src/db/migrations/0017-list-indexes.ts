import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../schema-helpers.js';

/**
 * Indexes for the staff lists at scale (issue 17 "Speed", bench/admin-lists.ts on 100,000 users, 1,000,000 ledger
 * entries, 100,000 tickets): each list's filter and order read from one index, newest first, so a page stops after
 * its rows instead of sorting every match.
 * - tickets by last activity, whole or by status or assignee: (…, updated_at, id);
 * - top-up orders by state, newest first: (status, id) (the USDT ones are most of them; the method's own index,
 *   (method, id), keeps serving the unfiltered list); one user's, newest first: (user_id, method, id);
 * - recharge codes by state, newest first: (status, id);
 * - one user's ledger by id (their wallet page, the account page in the console): (user_id, id), so a dealer with
 *   20,000 entries is not sorted on every page;
 * - a user's subscriptions active now (the users list's count and "subscribed" filter): (user_id, status, end_at);
 *   with (user_id, status) only, SQLite without statistics (the server never runs ANALYZE) picked
 *   (status, end_at) and read every active subscription for each account listed: seconds per page;
 * - on PostgreSQL, accounts registered between two times: (created_at, id) (it otherwise walked the ids down from
 *   the newest account to the range: 60 ms for a month a year ago; with its statistics it takes the index for a
 *   narrow range only). Not on SQLite: without statistics it would always take it, and compute every account's
 *   count of subscriptions in a wide range before sorting (120 ms for a year), where walking the ids takes 10 ms;
 * - accounts by the start of their email address or nickname: a range on the address (SQLite: its unique index;
 *   PostgreSQL: byte order, whatever the database's collation) and on the lower-case nickname.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const index = (name: string, table: string, columns: string[]) =>
    db.schema.createIndex(name).on(table).columns(columns).execute();
  await index('tickets_updated', 'tickets', ['updated_at', 'id']);
  await index('tickets_status_updated_id', 'tickets', ['status', 'updated_at', 'id']);
  await index('tickets_assignee_updated', 'tickets', ['assignee_id', 'updated_at', 'id']);
  await index('recharge_orders_status_id', 'recharge_orders', ['status', 'id']);
  await index('recharge_orders_user_method', 'recharge_orders', ['user_id', 'method', 'id']);
  await index('recharge_codes_status', 'recharge_codes', ['status', 'id']);
  await index('ledger_entries_user_id', 'ledger_entries', ['user_id', 'id']);
  await index('subscriptions_user_live', 'subscriptions', ['user_id', 'status', 'end_at']);
  if (isPostgres(db)) {
    await index('users_created', 'users', ['created_at', 'id']);
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
    'recharge_orders_status_id',
    'recharge_orders_user_method',
    'recharge_codes_status',
    'ledger_entries_user_id',
    'subscriptions_user_live',
    'users_nickname_prefix',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  if (isPostgres(db)) {
    await db.schema.dropIndex('users_email_prefix').execute();
    await db.schema.dropIndex('users_created').execute();
  }
}
