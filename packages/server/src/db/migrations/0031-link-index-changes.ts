import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../schema-helpers.js';
import { createUpdateTriggers, LOGGED_0028 } from './0028-user-list-changes.js';

/**
 * What `/sub` answers from memory (modules/subscriptions/link-index.ts, issue 19) follows the user lists' change log
 * (migration 0028): a subscription's link token and its owner's language are logged as well, so a reset link or a
 * changed language is seen like any other change (the agents' lists read neither: their bytes, so their ETags, stay).
 * On PostgreSQL every new version is announced (`NOTIFY user_list_version, '<version>'`, sent at commit), so an
 * instance learns of another's change without asking.
 */
const LOGGED = {
  ...LOGGED_0028,
  subscriptions: [...LOGGED_0028.subscriptions, 'link_token'],
  users: [...LOGGED_0028.users, 'locale'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await createUpdateTriggers(db, LOGGED);
  if (!isPostgres(db)) return;
  await sql`
    create function user_list_announce() returns trigger language plpgsql as $$
    begin
      perform pg_notify('user_list_version', new.version::text);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger user_list_version_announce after update of version on user_list_version
    for each row when (old.version is distinct from new.version) execute function user_list_announce()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await createUpdateTriggers(db, LOGGED_0028);
  if (!isPostgres(db)) return;
  await sql`drop trigger user_list_version_announce on user_list_version`.execute(db);
  await sql`drop function user_list_announce()`.execute(db);
}
