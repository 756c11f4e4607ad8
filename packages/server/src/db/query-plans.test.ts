import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sessions from '../modules/auth/session-repository.js';
import * as users from '../modules/auth/user-repository.js';
import * as nodes from '../modules/nodes/repository.js';
import * as recharge from '../modules/recharge/repository.js';
import * as subscriptions from '../modules/subscriptions/repository.js';
import * as tickets from '../modules/tickets/ticket-repository.js';
import * as wallet from '../modules/wallet/repository.js';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../test/helpers.js';
import { planLines, planOf, queriesOf } from '../test/query-plans.js';
import { migrateToLatest } from './migrate.js';
import type { Database, Db } from './types.js';

/*
 * The hot queries read their indexes: no full scan of a big table, no sort of a whole table (issue 19). Each query
 * is the real repository function's, compiled by the dialect (`queriesOf`), and planned on a migrated database with
 * enough rows that PostgreSQL's statistics make the plan its production one (SQLite plans without statistics, as
 * the server never runs ANALYZE there). A change to a query or an index that loses its plan fails here.
 */

const USERS = 20_000;
const DEALER = 7; // a user with many ledger entries
const DEALER_ENTRIES = 10_000;
const TICKETS = 20_000;

/** An ISO timestamp `n` steps of ten minutes after 2023-11-14, in SQL, for each dialect. */
function isoAt(n: string) {
  return TEST_DIALECT === 'postgres'
    ? `to_char(to_timestamp(1700000000 + ${n} * 600) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"')`
    : `strftime('%Y-%m-%dT%H:%M:%S.000Z', 1700000000 + ${n} * 600, 'unixepoch')`;
}

/** Rows 1..count of a generated series, as `n` (both dialects read the same recursive CTE). */
async function insertSeries(db: Kysely<Database>, count: number, insert: string): Promise<void> {
  await sql
    .raw(
      `with recursive g(n) as (select 1 union all select n + 1 from g where n < ${count}) ${insert.replaceAll(
        '$T',
        isoAt('n'),
      )}`,
    )
    .execute(db);
}

async function seed(db: Kysely<Database>): Promise<void> {
  await insertSeries(
    db,
    USERS,
    `insert into users (email, password_hash, status, balance_fen, locale, role, created_at, updated_at)
     select 'user' || n || '@plans.test', 'x', case when n % 10 = 0 then 'disabled' else 'active' end, 0, 'en',
       case when n <= 3 then 'support' else 'user' end, $T, $T from g`,
  );
  await sql`insert into packages (name, traffic_bytes, validity_days, price_fen, created_at, updated_at)
    values ('p', 1000000000, 30, 100, '2023-01-01T00:00:00.000Z', '2023-01-01T00:00:00.000Z')`.execute(db);
  const pkg = await db.selectFrom('packages').select('id').executeTakeFirstOrThrow();
  // One subscription per user: the newer half live, the rest expired or upgraded.
  await insertSeries(
    db,
    USERS,
    `insert into subscriptions (user_id, package_id, status, uuid, link_token, start_at, end_at, traffic_limit,
       device_limit, created_at, updated_at)
     select n, ${pkg.id}, case when n > ${USERS / 2} then 'active' when n % 3 = 0 then 'upgraded' else 'expired' end,
       'uuid-' || n, 'token-' || n, $T, case when n > ${USERS / 2} then '2999-01-01T00:00:00.000Z' else $T end,
       1000000000, 3, $T, $T from g`,
  );
  // The dealer's long history, then a few entries for everyone else.
  await insertSeries(
    db,
    DEALER_ENTRIES,
    `insert into ledger_entries (user_id, kind, delta_fen, balance_after_fen, reference, created_at)
     select ${DEALER}, case when n % 4 = 0 then 'purchase' else 'code_redeem' end,
       case when n % 4 = 0 then -100 else 100 end, 1000 + n, 'dealer-' || n, $T from g`,
  );
  await insertSeries(
    db,
    USERS * 3,
    `insert into ledger_entries (user_id, kind, delta_fen, balance_after_fen, reference, created_at)
     select 1 + n % ${USERS}, 'usdt_topup', 100, 100, 'u-' || n, $T from g`,
  );
  // Tickets: the old ones closed, the recent ones waiting; some assigned to staff.
  await insertSeries(
    db,
    TICKETS,
    `insert into tickets (ticket_no, user_id, title, category, priority, status, description, assignee_id,
       created_at, updated_at)
     select 'T' || n, 1 + n % ${USERS}, 't', 'other', 'low',
       case when n < ${TICKETS * 0.8} then 'closed' when n % 2 = 0 then 'pending' else 'processing' end, 'd',
       case when n % 5 = 0 then 1 + n % 3 else null end, $T, $T from g`,
  );
  // A customer with long lists of their own: orders, top-ups, tickets.
  await insertSeries(
    db,
    3000,
    `insert into subscription_orders (order_no, user_id, subscription_id, package_id, kind, amount_fen, status,
       idempotency_key, created_at)
     select 'O' || n, ${DEALER}, ${DEALER}, ${pkg.id}, 'renew', 100, 'paid', 'k' || n, $T from g`,
  );
  await insertSeries(
    db,
    USERS,
    `insert into subscription_orders (order_no, user_id, subscription_id, package_id, kind, amount_fen, status,
       idempotency_key, created_at)
     select 'P' || n, n, n, ${pkg.id}, 'purchase', 100, 'paid', 'p' || n, $T from g`,
  );
  await insertSeries(
    db,
    USERS + 3000,
    `insert into recharge_orders (order_no, user_id, method, amount_fen, status, created_at, updated_at)
     select 'R' || n, case when n <= 3000 then ${DEALER} else n - 3000 end,
       case when n % 3 = 0 then 'usdt' else 'code' end, 100,
       case when n % 3 = 0 then 'timeout' else 'confirmed' end, $T, $T from g`,
  );
  await insertSeries(
    db,
    2000,
    `insert into tickets (ticket_no, user_id, title, category, priority, status, description, created_at, updated_at)
     select 'D' || n, ${DEALER}, 't', 'other', 'low', case when n % 2 = 0 then 'closed' else 'resolved' end, 'd',
       $T, $T from g`,
  );
  await insertSeries(
    db,
    USERS,
    `insert into sessions (id, user_id, created_at, last_active_at, expires_at)
     select 'session-' || n, n, $T, $T, '2999-01-01T00:00:00.000Z' from g`,
  );
  await insertSeries(
    db,
    USERS,
    `insert into refresh_tokens (token_hash, session_id, created_at) select 'hash-' || n, 'session-' || n, $T from g`,
  );
  // As a database that has run a while (autovacuum): statistics, and the visibility map (index-only scans).
  if (TEST_DIALECT === 'postgres') await sql`vacuum analyze`.execute(db);
}

const BIG_TABLES = [
  'users',
  'ledger_entries',
  'tickets',
  'subscriptions',
  'subscription_orders',
  'recharge_orders',
  'sessions',
  'refresh_tokens',
];

interface Case {
  name: string;
  run: (db: Db) => Promise<unknown>;
  /** An index each statement (or, with several statements, one of them) must read. */
  uses: RegExp;
  /** A sort is allowed: of a page's rows only, or of a result that is the whole answer anyway. */
  sortAllowed?: string;
  /** Tables PostgreSQL may read whole, and why. */
  wholeOk?: { table: string; why: string };
}

const NOW = '2026-01-01T00:00:00.000Z';
const CASES: Case[] = [
  {
    name: "/sub's token lookup",
    run: (db) => subscriptions.byLinkToken(db, 'token-15000'),
    uses: /subscriptions_link_token_live/,
  },
  {
    name: 'the node user list (servedUsers)',
    run: (db) => nodes.servedUsers(db, NOW, 1),
    uses: /subscriptions_status_end/,
    sortAllowed: 'every served subscription is the answer, in id order',
    wholeOk: {
      table: 'users',
      why: 'half the accounts own a live subscription: a hash join reads them once',
    },
  },
  {
    // The node user list's patch after a change (user-lists.ts): the changed subscriptions by primary key. With the
    // servable rule beside `id in (…)` SQLite took the status index, read every live subscription and sorted them.
    name: 'the node user list, a patch (servedUsersById)',
    run: (db) =>
      nodes.servedUsersById(
        db,
        NOW,
        1,
        Array.from({ length: 500 }, (_, i) => 10_001 + i * 7),
      ),
    uses: /SEARCH s USING INTEGER PRIMARY KEY|subscriptions_pkey/,
    sortAllowed: 'the changed subscriptions only, in id order',
    wholeOk: { table: 'users', why: 'the owners of 500 subscriptions: a hash join may read them once' },
  },
  {
    // Every minute (subscription-jobs.ts): the subscriptions ending within a day or ended within the grace, by the
    // status and end index, never every subscription with auto-renew on (the job once tried thousands of long-expired
    // ones each minute, holding SQLite's one connection for most of a second).
    name: 'auto-renew: the subscriptions due (dueForAutoRenew)',
    run: (db) => subscriptions.dueForAutoRenew(db, '2025-12-29T00:00:00.000Z', '2026-01-02T00:00:00.000Z'),
    uses: /subscriptions_status_end/,
  },
  {
    // LinkIndex (subscriptions/link-index.ts) walks every link by ranges of ids, patches by ids and refreshes the
    // traffic figures by ranges: by primary key alone. With the status in the query SQLite took its status index and
    // read every live subscription for each chunk, on the event loop.
    name: "/sub's link index: a chunk of its walk",
    run: (db) => subscriptions.linkRowsIn(db, 12_000, 13_000),
    uses: /SEARCH s USING INTEGER PRIMARY KEY|subscriptions_pkey/,
    wholeOk: {
      table: 'users',
      why: 'the owners of a thousand subscriptions: a hash join may read them once',
    },
  },
  {
    name: "/sub's link index: a patch",
    run: (db) =>
      subscriptions.linkRowsOf(
        db,
        Array.from({ length: 500 }, (_, i) => 10_001 + i * 7),
      ),
    uses: /SEARCH s USING INTEGER PRIMARY KEY|subscriptions_pkey/,
    wholeOk: { table: 'users', why: 'the owners of 500 subscriptions: a hash join may read them once' },
  },
  {
    name: "/sub's link index: a chunk of its traffic refresh",
    run: (db) => subscriptions.linkTrafficIn(db, 12_000, 13_000),
    uses: /SEARCH subscriptions USING INTEGER PRIMARY KEY|subscriptions_pkey/,
  },
  {
    name: "the push's subscriptions",
    run: (db) => nodes.subscriptionLinks(db as never, [10_001, 10_002, 10_003]),
    uses: /subscriptions_pkey|INTEGER PRIMARY KEY/,
    sortAllowed: 'the pushed subscriptions only, in id order (PostgreSQL locks them in that order)',
  },
  {
    name: "the push's traffic",
    run: (db) =>
      nodes.addTraffic(
        db as never,
        [
          [10_001, { userId: 10_001, upload: 1, download: 2 }],
          [10_002, { userId: 10_002, upload: 3, download: 4 }],
        ],
        '2026-01-01',
        NOW,
      ),
    uses: /subscriptions_pkey|INTEGER PRIMARY KEY/,
  },
  {
    name: "the push's suspensions",
    run: (db) => nodes.suspendUsedUp(db as never, [10_001, 10_002]),
    uses: /subscriptions_pkey|INTEGER PRIMARY KEY/,
  },
  {
    name: "a customer's ledger, first page",
    run: (db) => wallet.pageOfEntries(db, DEALER, { page: 1, size: 20 }),
    uses: /ledger_entries_user_time_cover|ledger_entries_user_id/,
    sortAllowed: "the page's 20 rows, read by id",
  },
  {
    name: "a customer's ledger, a deep page",
    run: (db) => wallet.pageOfEntries(db, DEALER, { page: 400, size: 20 }),
    uses: /ledger_entries_user_time_cover/,
    sortAllowed: "the page's 20 rows, read by id",
  },
  {
    name: "a customer's ledger, credits only",
    run: (db) => wallet.pageOfEntries(db, DEALER, { page: 1, size: 20, direction: 'in' }),
    uses: /ledger_entries_user_time_cover/,
    sortAllowed: "the page's 20 rows, read by id",
  },
  {
    name: "a customer's ledger, one kind",
    run: (db) => wallet.pageOfEntries(db, DEALER, { page: 1, size: 20, kind: 'purchase' }),
    uses: /ledger_entries_user_kind_time/,
    sortAllowed: "the page's 20 rows, read by id",
  },
  {
    name: 'the balance history (the entries of 30 days)',
    run: (db) => wallet.balancesSince(db, DEALER, '2024-01-01T00:00:00.000Z'),
    uses: /ledger_entries_user_time_cover/,
  },
  {
    name: 'the balance history (the balance before, an account with few entries)',
    run: (db) => wallet.balanceBefore(db, 500, '2024-01-01T00:00:00.000Z'),
    uses: /ledger_entries_user_time_cover/,
  },
  {
    // PostgreSQL may walk every account's entries back in time when this account has a large share of them: the
    // first one it meets is the answer.
    name: 'the balance history (the balance before, the dealer)',
    run: (db) => wallet.balanceBefore(db, DEALER, '2024-01-01T00:00:00.000Z'),
    uses: /ledger_entries_user_time_cover|ledger_entries_time/,
  },
  {
    name: 'the staff ticket list',
    run: (db) => tickets.staffTicketsPage(db, {}, undefined, 21),
    uses: /tickets_updated/,
  },
  {
    name: 'the staff ticket list, after a cursor',
    run: (db) => tickets.staffTicketsPage(db, {}, { updated_at: '2024-01-01T00:00:00.000Z', id: 5000 }, 21),
    uses: /tickets_updated/,
  },
  {
    name: 'the staff ticket list, one status',
    run: (db) => tickets.staffTicketsPage(db, { status: 'closed' }, undefined, 21),
    uses: /tickets_(status_)?updated/,
  },
  {
    name: 'the staff ticket list, one assignee, waiting longest first',
    run: (db) => tickets.staffTicketsPage(db, { assigneeId: 2, sort: 'waiting' }, undefined, 21),
    uses: /tickets_(assignee_)?updated/,
  },
  {
    name: 'the staff ticket list, unassigned',
    run: (db) => tickets.staffTicketsPage(db, { unassigned: true }, undefined, 21),
    uses: /tickets_(assignee_)?updated/,
  },
  {
    name: "a customer's orders",
    run: (db) => subscriptions.pageOfOrders(db, DEALER, { page: 1, size: 20 }),
    uses: /subscription_orders_user/,
  },
  {
    name: "a customer's top-ups",
    run: (db) => recharge.pageOfOrders(db, DEALER, { page: 1, size: 20 }),
    uses: /recharge_orders_user/,
  },
  {
    name: "a customer's top-ups, one method",
    run: (db) => recharge.pageOfOrders(db, DEALER, { page: 1, size: 20, method: 'usdt' }),
    uses: /recharge_orders_user/,
  },
  {
    name: "a customer's tickets",
    run: (db) => tickets.pageOfTickets(db, { userId: DEALER, page: 1, size: 20 }),
    uses: /tickets_user/,
  },
  {
    name: "a customer's tickets, one status",
    run: (db) => tickets.pageOfTickets(db, { userId: DEALER, status: 'closed', page: 1, size: 20 }),
    uses: /tickets_user/,
  },
  {
    name: 'login by email',
    run: (db) => users.findUserByEmail(db, 'user500@plans.test'),
    uses: /users_email_key|sqlite_autoindex_users_1/,
  },
  {
    name: 'the session of an access token',
    run: (db) => sessions.findLiveSession(db, 'session-500', 500),
    uses: /sessions_pkey|sessions_user|sqlite_autoindex_sessions_1/,
  },
  {
    name: 'a refresh token',
    run: (db) => sessions.findRefreshToken(db, 'hash-500'),
    uses: /refresh_tokens_pkey|sqlite_autoindex_refresh_tokens_1/,
  },
];

/** What a plan may not hold: a whole big table read, or (unless allowed) a sort. */
function problems(lines: string[], c: Case): string[] {
  const found: string[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (TEST_DIALECT === 'sqlite') {
      // "SCAN t" reads a table whole; "SCAN t USING INDEX i" walks an index in order (a page stops early).
      if (/^SCAN \w+$/.test(line)) found.push(`full scan: ${line}`);
      if (/USE TEMP B-TREE FOR (ORDER|GROUP) BY/.test(line) && !c.sortAllowed) found.push(`sort: ${line}`);
    } else {
      const seq = /^Seq Scan on (\w+)/.exec(line);
      if (seq && BIG_TABLES.includes(seq[1]!) && c.wholeOk?.table !== seq[1])
        found.push(`full scan: ${line}`);
      if (/^(Sort|Incremental Sort)\b/.test(line) && !c.sortAllowed) found.push(`sort: ${line}`);
    }
  }
  return found;
}

describe(`the hot queries read their indexes (${TEST_DIALECT})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.handle.db);
    await seed(database.handle.db);
  }, 120_000);
  afterAll(() => database.drop());

  it.each(CASES)('$name', async (c) => {
    const queries = await queriesOf(database.handle.dialect, c.run);
    expect(queries.length).toBeGreaterThan(0);
    const plans: string[][] = [];
    for (const q of queries) {
      const lines = planLines(await planOf(database.handle.db, database.handle.dialect, q));
      plans.push(lines);
      const message = `${q.sql}\n${lines.join('\n')}`;
      expect(problems(lines, c), message).toEqual([]);
    }
    expect(
      plans.some((lines) => lines.some((l) => c.uses.test(l))),
      `${c.uses} in\n${plans.map((p) => p.join('\n')).join('\n--\n')}`,
    ).toBe(true);
  });

  it('the seeded rows are there (a plan on empty tables would prove nothing)', async () => {
    const count = async (table: 'users' | 'ledger_entries' | 'tickets') =>
      Number(
        (
          await database.handle.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('users')).toBe(USERS);
    expect(await count('ledger_entries')).toBe(DEALER_ENTRIES + USERS * 3);
    expect(await count('tickets')).toBe(TICKETS + 2000);
  });
});
