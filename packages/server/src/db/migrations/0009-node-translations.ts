import type { Kysely } from 'kysely';

/** Nodes' names and cities in each language (JSON, like packages' `translations`); null keeps name and city. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('nodes').addColumn('translations', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('nodes').dropColumn('translations').execute();
}
