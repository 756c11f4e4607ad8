import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../schema-helpers.js';

/**
 * What each version of the agents' user lists changed (issue 19), so a list is patched instead of rebuilt
 * (modules/nodes/user-lists.ts). The triggers of migration 0024 are replaced by ones that, beside the bump, write
 * into `user_list_changes` the subscriptions whose served state may have changed, tagged with the new version: the
 * subscription written (old and new id), or every subscription of a user whose status changed. A change of reach
 * (a node, its groups, a package's groups) or a deleted user is written as a null subscription: lists are rebuilt.
 * A new user changes no list: the version moves, nothing is written.
 *
 * PostgreSQL: the version row is bumped at commit (deferred triggers) and locked until then, so versions commit in
 * order: a reader that sees version v sees every change up to v. SQLite has one writer at a time.
 *
 * The log keeps the last KEEP versions: every TRIM versions older rows are deleted in the writing transaction and
 * `log_from` says from which version on the log is whole (a list older than that is rebuilt).
 *
 * The columns are those of migration 0024 (the list reads nothing else); a later migration that rebuilds one of them
 * drops these triggers first and creates them again.
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

const KEEP = 20_000;
const TRIM = 1_000;

const USED_UP = (row: 'old' | 'new') =>
  `(${row}.traffic_limit is not null and ${row}.traffic_used >= ${row}.traffic_limit)`;

/** The columns whose update is logged, per table; a later migration may log more (0031). */
export type LoggedColumns = { readonly [T in keyof typeof CHANGED]: readonly string[] };
export const LOGGED_0028: LoggedColumns = CHANGED;

function changedWhen(
  table: keyof typeof CHANGED,
  distinct: string,
  columns: LoggedColumns = CHANGED,
): string {
  const parts: string[] = columns[table].map((c) => `old.${c} ${distinct} new.${c}`);
  if (table === 'subscriptions') parts.push(`${USED_UP('old')} ${distinct} ${USED_UP('new')}`);
  return parts.join(' or ');
}

// SQLite: one bump per row written; the log row read back from the version row.
const bump = `update user_list_version set version = version + 1 where id = 1;
    delete from user_list_changes where (select version % ${TRIM} from user_list_version where id = 1) = 0
      and version <= (select version - ${KEEP} from user_list_version where id = 1);
    update user_list_version set log_from = max(log_from, version - ${KEEP}) where id = 1 and version % ${TRIM} = 0;`;
const log = (what: string) =>
  `insert into user_list_changes (version, subscription_id) select version, ${what} from user_list_version where id = 1;`;
const SQLITE_UPDATE = {
  subscriptions: `${log('old.id')} insert into user_list_changes (version, subscription_id)
        select version, new.id from user_list_version where id = 1 and new.id <> old.id;`,
  users: `insert into user_list_changes (version, subscription_id)
        select v.version, s.id from user_list_version v, subscriptions s where v.id = 1 and s.user_id = new.id;
        insert into user_list_changes (version, subscription_id)
        select version, null from user_list_version where id = 1 and new.id <> old.id;`,
};

/**
 * (Re)creates the update triggers of `subscriptions` and `users`, logging updates of `columns` (the function they
 * run on PostgreSQL, and their bodies on SQLite, are this migration's).
 */
export async function createUpdateTriggers(db: Kysely<unknown>, columns: LoggedColumns): Promise<void> {
  for (const table of ['subscriptions', 'users'] as const) {
    const t = sql.table(table);
    const name = sql.raw(`${table}_list_update`);
    if (isPostgres(db)) {
      await sql`drop trigger if exists ${name} on ${t}`.execute(db);
      await sql`
        create constraint trigger ${name} after update on ${t}
        deferrable initially deferred for each row when (${sql.raw(changedWhen(table, 'is distinct from', columns))})
        execute function user_list_changed()`.execute(db);
    } else {
      await sql`drop trigger if exists ${name}`.execute(db);
      await sql`
        create trigger ${name} after update on ${t}
        for each row when ${sql.raw(changedWhen(table, 'is not', columns))}
        begin ${sql.raw(bump)} ${sql.raw(SQLITE_UPDATE[table])} end`.execute(db);
    }
  }
}

const TABLES = ['subscriptions', 'users', 'nodes', 'node_group_members', 'package_node_groups'] as const;

async function dropOld(db: Kysely<unknown>): Promise<void> {
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
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await dropOld(db);
  await db.schema
    .alterTable('user_list_version')
    .addColumn('log_from', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // Nothing is logged before now: lists built earlier are rebuilt once.
  await sql`update user_list_version set log_from = version where id = 1`.execute(db);
  await db.schema
    .createTable('user_list_changes')
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('subscription_id', 'integer')
    .execute();
  await db.schema
    .createIndex('user_list_changes_version')
    .on('user_list_changes')
    .column('version')
    .execute();

  if (isPostgres(db)) {
    await sql`
      create function user_list_changed() returns trigger language plpgsql as $$
      declare
        v bigint;
      begin
        if current_setting('portal.user_list_bumped', true) is distinct from 'on' then
          perform set_config('portal.user_list_bumped', 'on', true);
          update user_list_version set version = version + 1 where id = 1 returning version into v;
          if v % ${sql.lit(TRIM)} = 0 then
            delete from user_list_changes where version <= v - ${sql.lit(KEEP)};
            update user_list_version set log_from = greatest(log_from, v - ${sql.lit(KEEP)}) where id = 1;
          end if;
        else
          select version into v from user_list_version where id = 1;
        end if;
        -- Nested: a condition naming new.id is not compiled for a table without the column.
        if tg_table_name = 'subscriptions' then
          if tg_op <> 'INSERT' then
            insert into user_list_changes (version, subscription_id) values (v, old.id);
          end if;
          if tg_op = 'INSERT' then
            insert into user_list_changes (version, subscription_id) values (v, new.id);
          elsif tg_op = 'UPDATE' then
            if new.id <> old.id then
              insert into user_list_changes (version, subscription_id) values (v, new.id);
            end if;
          end if;
        elsif tg_table_name = 'users' then
          if tg_op = 'UPDATE' then
            insert into user_list_changes (version, subscription_id)
              select v, s.id from subscriptions s where s.user_id = new.id;
            if new.id <> old.id then
              insert into user_list_changes (version, subscription_id) values (v, null);
            end if;
          elsif tg_op = 'DELETE' then
            insert into user_list_changes (version, subscription_id) values (v, null);
          end if;
        else
          insert into user_list_changes (version, subscription_id) values (v, null);
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

  const bodies: Record<(typeof TABLES)[number], Record<'insert' | 'delete' | 'update', string>> = {
    subscriptions: { insert: log('new.id'), delete: log('old.id'), update: SQLITE_UPDATE.subscriptions },
    users: { insert: '', delete: log('null'), update: SQLITE_UPDATE.users },
    nodes: { insert: log('null'), delete: log('null'), update: log('null') },
    node_group_members: { insert: log('null'), delete: log('null'), update: log('null') },
    package_node_groups: { insert: log('null'), delete: log('null'), update: log('null') },
  };
  for (const table of TABLES) {
    const t = sql.table(table);
    const changed = table in CHANGED ? changedWhen(table as keyof typeof CHANGED, 'is not') : null;
    for (const event of ['insert', 'delete'] as const)
      await sql`
        create trigger ${sql.raw(`${table}_list_${event}`)} after ${sql.raw(event)} on ${t}
        begin ${sql.raw(bump)} ${sql.raw(bodies[table][event])} end`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_list_update`)} after update on ${t}
      for each row ${sql.raw(changed ? `when ${changed}` : '')}
      begin ${sql.raw(bump)} ${sql.raw(bodies[table].update)} end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropOld(db);
  await db.schema.dropTable('user_list_changes').execute();
  const row = await sql<{ version: number }>`select version from user_list_version where id = 1`.execute(db);
  await db.schema.dropTable('user_list_version').execute();
  // 0024's table and triggers again, at the version reached (running instances must not see it go back).
  const m0024 = await import('./0024-user-list-version.js');
  await m0024.up(db);
  await sql`update user_list_version set version = ${Number(row.rows[0]?.version ?? 1)} where id = 1`.execute(
    db,
  );
}
