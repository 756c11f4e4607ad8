import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/types.js';

/*
 * Every query reads only the signed-in user's rows, through the indexes on user_id, and returns at most `limit`
 * rows: the search costs the same few queries whatever the user owns.
 */

/** `%q%` for LIKE with `\` as the escape character: %, _ and \ typed by the user match themselves. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive "column contains q" on both dialects (lower() on both sides; Chinese has no case). */
function contains(column: string, q: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like lower(${containsPattern(q)}) escape '\\'`;
}

/** The packages the user has subscribed to or ordered (a handful): their names are matched in the caller's language. */
export function userPackages(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('packages')
    .select(['id', 'name', 'description', 'translations'])
    .where((eb) =>
      eb.or([
        eb('id', 'in', eb.selectFrom('subscriptions').select('package_id').where('user_id', '=', userId)),
        eb(
          'id',
          'in',
          eb.selectFrom('subscription_orders').select('package_id').where('user_id', '=', userId),
        ),
      ]),
    )
    .execute();
}

/** Subscriptions of one of `packageIds` or with the id `id`; active ones first, then the latest to end. */
export function matchingSubscriptions(
  db: Kysely<Database>,
  userId: number,
  match: { packageIds: number[]; id: number | null },
  limit: number,
) {
  return db
    .selectFrom('subscriptions')
    .select(['id', 'package_id', 'status', 'end_at'])
    .where('user_id', '=', userId)
    .where((eb) => {
      const any: Expression<SqlBool>[] = [];
      if (match.packageIds.length > 0) any.push(eb('package_id', 'in', match.packageIds));
      if (match.id !== null) any.push(eb('id', '=', match.id));
      return any.length > 0 ? eb.or(any) : eb.lit(false);
    })
    .orderBy(sql`case when status = 'active' then 0 else 1 end`)
    .orderBy('end_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Orders whose number contains q or of one of `packageIds`; newest first. */
export function matchingOrders(
  db: Kysely<Database>,
  userId: number,
  match: { q: string; packageIds: number[] },
  limit: number,
) {
  return db
    .selectFrom('subscription_orders')
    .select(['id', 'order_no', 'package_id', 'kind', 'amount_fen', 'created_at'])
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        contains('order_no', match.q),
        ...(match.packageIds.length > 0 ? [eb('package_id', 'in', match.packageIds)] : []),
      ]),
    )
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Tickets whose subject or number contains q; the most recently active first. */
export function matchingTickets(db: Kysely<Database>, userId: number, q: string, limit: number) {
  return db
    .selectFrom('tickets')
    .select(['id', 'ticket_no', 'title', 'status', 'updated_at'])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([contains('title', q), contains('ticket_no', q)]))
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
