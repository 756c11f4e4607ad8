import type { Kysely } from 'kysely';

/** announcements: filled in by the announcements feature. */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
