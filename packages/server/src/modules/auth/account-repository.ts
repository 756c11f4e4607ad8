import { PostgresAdapter, sql, type RawBuilder, type SqlBool } from 'kysely';
import { emailLookupForm } from '@portal/contract';
import type { UserFilter, UserSort } from '@portal/contract/admin';
import type { Db } from '../../db/types.js';

/** The operators' reads of accounts: search with filters, and the facts of one account's page. */

const ACTIVE = 'active';

/** The first string after every string that starts with `text` (in code point order). */
function after(text: string): string {
  const last = text.codePointAt(text.length - 1) ?? 0;
  const head = last > 0xffff ? text.slice(0, -2) : text.slice(0, -1);
  return head + String.fromCodePoint(last + 1);
}

/**
 * `expr` starts with `text`: a range in code point order, which the indexes of migration 0017 serve (on PostgreSQL
 * in the "C" collation, whatever the database's own). A substring (`%x%`) would read every account.
 */
function startsWith(db: Db, expr: RawBuilder<unknown>, text: string) {
  const ordered = db.getExecutor().adapter instanceof PostgresAdapter ? sql`${expr} collate "C"` : expr;
  return sql<SqlBool>`(${ordered} >= ${text} and ${ordered} < ${after(text)})`;
}

export interface AccountRow {
  id: number;
  email: string;
  nickname: string | null;
  role: string;
  email_verified_at: string | null;
  status: 'active' | 'disabled';
  balance_fen: number;
  last_login_at: string | null;
  created_at: string;
  active_subscriptions: number;
}

/** Accounts matching the users list's filters (`users as u`); the caller selects, orders and limits. */
function filteredUsers(db: Db, f: UserFilter, now: string) {
  let q = db.selectFrom('users as u');
  if (f.q) {
    // A whole address typed with an international domain finds its stored (ASCII) form.
    const text = emailLookupForm(f.q);
    q = q.where((eb) =>
      eb.or([
        ...(/^\d{1,10}$/.test(text) && Number(text) <= 2_147_483_647 ? [eb('u.id', '=', Number(text))] : []),
        startsWith(db, sql`u.email`, text),
        startsWith(db, sql`lower(coalesce(u.nickname, ''))`, text),
      ]),
    );
  }
  if (f.verified !== undefined) q = q.where('u.email_verified_at', f.verified ? 'is not' : 'is', null);
  if (f.disabled !== undefined) q = q.where('u.status', '=', f.disabled ? 'disabled' : 'active');
  if (f.with_balance !== undefined) q = q.where('u.balance_fen', f.with_balance ? '>' : '<=', 0);
  if (f.registered_from) q = q.where('u.created_at', '>=', new Date(f.registered_from).toISOString());
  if (f.registered_to) q = q.where('u.created_at', '<', new Date(f.registered_to).toISOString());
  if (f.subscribed !== undefined) {
    const subscribed = f.subscribed;
    q = q.where((eb) => {
      const held = eb.exists(
        eb
          .selectFrom('subscriptions as s2')
          .select('s2.id')
          .whereRef('s2.user_id', '=', 'u.id')
          .where('s2.status', '=', ACTIVE)
          .where('s2.end_at', '>', now),
      );
      return subscribed ? held : eb.not(held);
    });
  }
  return q;
}

/** Accounts newest first after the cursor, `size + 1` rows (the extra one says there is a next page). */
export async function searchAccounts(
  db: Db,
  f: UserFilter & { sort?: UserSort | undefined; before?: number | undefined; size: number },
  now: string,
): Promise<AccountRow[]> {
  let q = filteredUsers(db, f, now)
    .select([
      'u.id',
      'u.email',
      'u.nickname',
      'u.role',
      'u.email_verified_at',
      'u.status',
      'u.balance_fen',
      'u.last_login_at',
      'u.created_at',
    ])
    .select((eb) =>
      eb
        .selectFrom('subscriptions as s')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('s.user_id', '=', 'u.id')
        .where('s.status', '=', ACTIVE)
        .where('s.end_at', '>', now)
        .as('active_subscriptions'),
    );
  // Each order reads an index with the id last, and the cursor (the last id seen) is compared as a row value
  // (column, id) read from that account: a page costs the same at any depth. By registration: filtered by a
  // registration time, the (created_at, id) index from the range's end (by id it would read every newer account
  // before reaching an old month; ids follow registration, so the order is the same); otherwise the ids. By balance:
  // the (balance_fen, id) index of migration 0019.
  const sort = f.sort ?? 'newest';
  const dir = sort === 'oldest' ? 'asc' : 'desc';
  const op = sql.raw(sort === 'oldest' ? '>' : '<');
  const column =
    sort === 'balance' ? 'balance_fen' : f.registered_from || f.registered_to ? 'created_at' : null;
  if (f.before !== undefined)
    q = column
      ? q.where(
          sql<SqlBool>`(${sql.ref(`u.${column}`)}, u.id) ${op} (select ${sql.ref(`c.${column}`)}, c.id from users c where c.id = ${f.before})`,
        )
      : q.where('u.id', sort === 'oldest' ? '>' : '<', f.before);
  if (column) q = q.orderBy(`u.${column}`, dir);
  q = q.orderBy('u.id', dir);
  const rows = await q.limit(f.size + 1).execute();
  return rows.map((r) => ({ ...r, active_subscriptions: Number(r.active_subscriptions ?? 0) }));
}

// ---- a segment of customers (mail): the list's filters, customers only, up to an id ----

/** The highest account id now (0 without accounts). */
export async function maxUserId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** How many customers (not staff) of the segment have an id up to `maxId`. */
export async function countSegment(db: Db, f: UserFilter, now: string, maxId: number): Promise<number> {
  const row = await filteredUsers(db, f, now)
    .where('u.role', '=', 'user')
    .where('u.id', '<=', maxId)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The segment's customers after `afterId` up to `maxId`, in id order, `limit` at most. */
export function segmentAfter(
  db: Db,
  f: UserFilter,
  now: string,
  range: { afterId: number; maxId: number },
  limit: number,
) {
  return filteredUsers(db, f, now)
    .where('u.role', '=', 'user')
    .where('u.id', '>', range.afterId)
    .where('u.id', '<=', range.maxId)
    .select(['u.id', 'u.email', 'u.locale'])
    .orderBy('u.id', 'asc')
    .limit(limit)
    .execute();
}

/** Role and status of the accounts among `ids` that exist. */
export function rolesOf(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'role', 'status']).where('id', 'in', ids).execute();
}

export async function findAccount(db: Db, id: number, now: string): Promise<AccountRow | undefined> {
  const [row] = await searchAccounts(db, { size: 1, before: id + 1 }, now).then((rows) =>
    rows.filter((r) => r.id === id),
  );
  return row;
}

/** Sessions not ended, newest first. */
export function liveSessions(db: Db, userId: number, now: string, limit: number) {
  return db
    .selectFrom('sessions')
    .select([
      'id',
      'device',
      'browser',
      'os',
      'ip',
      'location',
      'last_active_at',
      'created_at',
      'expires_at',
      'revoked_at',
    ])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('last_active_at', 'desc')
    .limit(limit)
    .execute();
}

export async function ticketCounts(db: Db, userId: number): Promise<{ open: number; total: number }> {
  const row = await db
    .selectFrom('tickets')
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`sum(case when status in ('pending', 'processing') then 1 else 0 end)`.as('open'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { open: Number(row?.open ?? 0), total: Number(row?.total ?? 0) };
}
