import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../schema-helpers.js';

/**
 * The version of the agents' user lists (issue 19): one row, bumped in the same transaction as every write that can
 * change any node's list, so each instance rebuilds a list only when it may have changed (modules/nodes/user-lists.ts)
 * and a second instance sees the first's changes. The bump is done by triggers on the tables the list is made of
 * (repository.ts `servedUsers`: subscriptions, users, nodes, node_group_members, package_node_groups), so no writer,
 * present or future, can forget it, and only for the columns the list reads: a traffic push bumps it only when a
 * subscription crosses its limit, a ticket or a top-up never.
 *
 * PostgreSQL: deferred constraint triggers, bumping once per transaction at its commit (a transaction-local
 * setting remembers it), so the version row is locked last and briefly: never held while a transaction goes on to
 * lock other rows. SQLite has one writer at a time: plain triggers.
 *
 * A later migration that rebuilds a column named below (SQLite cannot drop a column a trigger uses) drops these
 * triggers first and creates them again.
 */
const CHANGED = {
  subscriptions: [
    'id',
    'status',
    'end_at',
    'uuid',
    'package_id',
    'user_id',
    'device_limit',
    'speed_limit_mbps',
    'traffic_limit',
  ],
  users: ['id', 'status'],
  nodes: ['id', 'is_visible', 'token_hash'],
} as const;

/** Whether the traffic limit is reached, before and after: `trafficUsedUp` (servable.ts) in a trigger's terms. */
const USED_UP = (row: 'old' | 'new') =>
  `(${row}.traffic_limit is not null and ${row}.traffic_used >= ${row}.traffic_limit)`;

function changedWhen(table: keyof typeof CHANGED, distinct: string): string {
  const parts: string[] = CHANGED[table].map((c) => `old.${c} ${distinct} new.${c}`);
  if (table === 'subscriptions') parts.push(`${USED_UP('old')} ${distinct} ${USED_UP('new')}`);
  return parts.join(' or ');
}

const TABLES = ['subscriptions', 'users', 'nodes', 'node_group_members', 'package_node_groups'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_list_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into user_list_version (id, version) values (1, 1)`.execute(db);

  if (isPostgres(db)) {
    await sql`
      create function user_list_changed() returns trigger language plpgsql as $$
      begin
        if current_setting('portal.user_list_bumped', true) is distinct from 'on' then
          perform set_config('portal.user_list_bumped', 'on', true);
          update user_list_version set version = version + 1 where id = 1;
        end if;
        return null;
      end
      $$`.execute(db);
    for (const table of TABLES) {
      const t = sql.table(table);
      const changed =
        table in CHANGED ? changedWhen(table as keyof typeof CHANGED, 'is distinct from') : null;
      await sql`
        create constraint trigger ${sql.raw(`${table}_list_write`)} after insert or delete on ${t}
        deferrable initially deferred for each row execute function user_list_changed()`.execute(db);
      await sql`
        create constraint trigger ${sql.raw(`${table}_list_update`)} after update on ${t}
        deferrable initially deferred for each row ${sql.raw(changed ? `when (${changed})` : '')}
        execute function user_list_changed()`.execute(db);
    }
    return;
  }
  const bump = sql.raw('update user_list_version set version = version + 1 where id = 1;');
  for (const table of TABLES) {
    const t = sql.table(table);
    const changed = table in CHANGED ? changedWhen(table as keyof typeof CHANGED, 'is not') : null;
    for (const event of ['insert', 'delete'] as const)
      await sql`
        create trigger ${sql.raw(`${table}_list_${event}`)} after ${sql.raw(event)} on ${t}
        begin ${bump} end`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_list_update`)} after update on ${t}
      for each row ${sql.raw(changed ? `when ${changed}` : '')}
      begin ${bump} end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of TABLES) {
      await sql`drop trigger ${sql.raw(`${table}_list_write`)} on ${sql.table(table)}`.execute(db);
      await sql`drop trigger ${sql.raw(`${table}_list_update`)} on ${sql.table(table)}`.execute(db);
    }
    await sql`drop function user_list_changed()`.execute(db);
  } else {
    for (const table of TABLES)
      for (const event of ['insert', 'delete', 'update'])
        await sql`drop trigger ${sql.raw(`${table}_list_${event}`)}`.execute(db);
  }
  await db.schema.dropTable('user_list_version').execute();
}
