import { sql, type Kysely } from 'kysely';

const KEYS = ['asia', 'europe', 'america', 'oceania', 'africa'];

/**
 * Node regions written as a known key in another case or with spaces ("Asia ") become the key, which customers see
 * in their own language; the console now stores them so (`normaliseRegion` in the contract). Other regions stay as
 * written. Nothing to undo: the key is what was meant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update nodes set region = lower(trim(region))
    where lower(trim(region)) in (${sql.join(KEYS)}) and region <> lower(trim(region))`.execute(db);
}

export async function down(): Promise<void> {}
