import type { Kysely } from 'kysely';

/** tickets: filled in by the tickets feature. */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
