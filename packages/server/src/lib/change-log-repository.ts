import type { Db } from '../db/types.js';

/**
 * The user lists' version and change log (migrations 0024, 0028 and 0031), read by the two things kept from them:
 * the agents' user lists (modules/nodes/user-lists.ts) and the links `/sub` serves from memory
 * (modules/subscriptions/link-index.ts).
 */

/** The current version of the user lists (`user_list_version`, migration 0024). */
export async function userListVersion(db: Db): Promise<number> {
  const row = await db
    .selectFrom('user_list_version')
    .select('version')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

/**
 * The subscriptions changed by the versions after `from` up to `to` (`user_list_changes`, migration 0028); null when
 * the log no longer reaches back to `from` or a change of reach is among them (lists are then rebuilt whole).
 */
export async function userListChanges(db: Db, from: number, to: number): Promise<number[] | null> {
  const rows = await db
    .selectFrom('user_list_changes')
    .select('subscription_id')
    .where('version', '>', from)
    .where('version', '<=', to)
    .execute();
  // Read after the rows: a trim between the two is seen.
  const head = await db
    .selectFrom('user_list_version')
    .select('log_from')
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!head || Number(head.log_from) > from) return null;
  const ids = new Set<number>();
  for (const r of rows) {
    if (r.subscription_id === null) return null;
    ids.add(Number(r.subscription_id));
  }
  return [...ids];
}
