import { nowIso } from '../db/time.js';
import type { Db } from '../db/types.js';

/** Small key/value settings kept in the database (shared by every instance of the server). */
export async function getMeta(db: Db, key: string): Promise<string | null> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

/** Inserts the value unless the key exists; true when this call inserted it. */
export async function insertMetaIfAbsent(db: Db, key: string, value: string): Promise<boolean> {
  const result = await db
    .insertInto('app_meta')
    .values({ key, value, updated_at: nowIso() })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Writes the value, replacing any earlier one. */
export async function setMeta(db: Db, key: string, value: string): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('app_meta')
    .values({ key, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}

/** The address the running server announced (PUBLIC_URL or its default); the CLI tells agents this one. */
export const ANNOUNCED_PUBLIC_URL = 'public_url';
