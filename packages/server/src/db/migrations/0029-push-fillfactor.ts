import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../schema-helpers.js';

/**
 * Room on each page for a traffic push's new row versions (issue 19). Every push rewrites, for each reported user,
 * the subscription's usage columns and the row of the day in traffic_daily. None of those columns is indexed, so
 * PostgreSQL can write the new version beside the old one without touching any index (a "HOT" update), but only
 * when the page has room: a push updates every row of a page in one transaction, so a page must hold its rows twice
 * (the versions of the previous push are pruned by then). Tables filled to 100% (the default) sent every updated row
 * to another page with a new entry in each of the seven indexes of subscriptions: a push of 10,000 users spent most
 * of its time there. The tables are rewritten so that the existing pages get the room too.
 *
 * SQLite updates a row in place and touches only the indexes whose columns change: nothing to do.
 */
const TABLES = [
  ['subscriptions', 'subscriptions_pkey'],
  ['traffic_daily', 'traffic_daily_pk'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [table, pk] of TABLES) {
    await sql`alter table ${sql.table(table)} set (fillfactor = 45)`.execute(db);
    await sql`cluster ${sql.table(table)} using ${sql.raw(pk)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [table] of TABLES) await sql`alter table ${sql.table(table)} reset (fillfactor)`.execute(db);
}
