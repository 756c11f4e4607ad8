import type { Kysely } from 'kysely';

/** help: filled in by the help feature. */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
