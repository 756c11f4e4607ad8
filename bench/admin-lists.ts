/**
 * The staff lists at scale (issue 17 "Speed"): every list of the staff API answers with p95 < 50 ms on a database
 * seeded by bench/seed.ts (100,000 users, 1,000,000 ledger entries, ~100,000 tickets …), on SQLite and PostgreSQL.
 *
 *   npx tsx bench/admin-lists.ts --db sqlite:data/bench/bench.db
 *   npx tsx bench/admin-lists.ts --db postgres://postgres@127.0.0.1:5432/bench
 *   (--tag before writes admin-lists-<dialect>-before.*; --only ledger runs the cases whose name has "ledger")
 *
 * Starts the real app on that database (its migrations run first, as on a deploy), makes a staff owner through the
 * API (register, role set as the CLI does, sign in, two-factor enrolment with a computed TOTP code), then times each
 * case through `app.inject` (the whole server path: auth, permission, validation, the queries, the JSON), beside a
 * bare Fastify route in the same run. Writes bench/results/admin-lists-<dialect>.json and .md with p50/p95/p99 and
 * the goal; the exit code is 1 when a case with a goal misses it. An empty database is seeded first. Not part of
 * `npm test`: `npm run bench:admin` (both databases).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { ADMIN_API_PREFIX, API_PREFIX } from '@portal/contract';
import { buildApp } from '../packages/server/src/app.js';
import { openDatabase } from '../packages/server/src/db/connection.js';
import { totpAt } from '../packages/server/src/lib/totp.js';
import { testConfig } from '../packages/server/src/test/helpers.js';
import { arg, databaseUrl, dialectOf, ensureSeeded, percentile } from './lib.js';

const DB_URL = databaseUrl(arg('db') ?? 'sqlite:data/bench/bench.db');
const dialect = dialectOf(DB_URL);
const TAG = arg('tag');
const ONLY = arg('only');
/** The goal of every list (issue 17): p95 under 50 ms. */
const GOAL_P95_MS = 50;
const WARMUP = 3;
const MIN_SAMPLES = 20;
const MAX_SAMPLES = 100;
/** A case stops sampling after this long (with at least MIN_SAMPLES). */
const CASE_BUDGET_MS = 4000;

await ensureSeeded(DB_URL);

const database = openDatabase(DB_URL, { poolSize: 10 });
const db = database.db;
const app = await buildApp(testConfig({ LOG_LEVEL: 'error', RATE_LIMIT_MAX: '1000000' }), { database });
await app.ready();

const bare = Fastify({ logger: false });
bare.get('/bare', () => ({
  code: 20000,
  message: 'ok',
  data: { items: [{ id: 1, email: 'a@example.com' }] },
}));
await bare.ready();

let ip = 0;
const remote = () => `10.77.${Math.floor(++ip / 250) % 250}.${(ip % 250) + 1}`;

async function api<T>(method: 'GET' | 'POST', path: string, payload?: unknown, token?: string): Promise<T> {
  const r = await app.inject({
    method,
    url: path,
    remoteAddress: remote(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = r.json<{ code: number; message: string; data: T }>();
  if (body.code !== 20000) throw new Error(`${method} ${path}: ${body.code} ${body.message}`);
  return body.data;
}

/** A staff owner, signed in with two-factor, as a person would be (the role given as the CLI gives it). */
async function staffOwner(): Promise<string> {
  const email = `bench-owner-${Date.now()}@bench.example`;
  const password = 'Bench-pass-1234';
  await api('POST', `${API_PREFIX}/auth/register`, { email, password, confirm_password: password });
  await db
    .updateTable('users')
    .set({ role: 'owner', email_verified_at: new Date().toISOString() })
    .where('email', '=', email)
    .execute();
  const tokens = await api<{ access_token: string }>('POST', `${API_PREFIX}/auth/login`, {
    email,
    password,
    remember_me: false,
  });
  const token = tokens.access_token;
  const setup = await api<{ secret: string }>('POST', `${API_PREFIX}/auth/2fa/setup`, undefined, token);
  await api(
    'POST',
    `${API_PREFIX}/auth/2fa/enable`,
    { code: totpAt(setup.secret, Date.now() / 1000) },
    token,
  );
  return token;
}

interface Case {
  name: string;
  url: string;
  /** false: a figure only (a whole export), no goal. */
  goal?: boolean;
}
interface Result {
  name: string;
  url: string;
  samples: number;
  rows: number | null;
  p50: number;
  p95: number;
  p99: number;
  goal_p95: number | null;
  met: boolean | null;
}

async function measure(run: () => Promise<number | null>): Promise<{ times: number[]; rows: number | null }> {
  let rows: number | null = null;
  for (let i = 0; i < WARMUP; i++) rows = await run();
  const times: number[] = [];
  const start = performance.now();
  while (times.length < MAX_SAMPLES) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
    if (times.length >= MIN_SAMPLES && performance.now() - start > CASE_BUDGET_MS) break;
  }
  return { times: times.sort((a, b) => a - b), rows };
}

function summary(name: string, url: string, m: { times: number[]; rows: number | null }, goal: boolean) {
  const p95 = percentile(m.times, 95);
  return {
    name,
    url,
    samples: m.times.length,
    rows: m.rows,
    p50: percentile(m.times, 50),
    p95,
    p99: percentile(m.times, 99),
    goal_p95: goal ? GOAL_P95_MS : null,
    met: goal ? p95 < GOAL_P95_MS : null,
  } satisfies Result;
}

// ---- what to ask for: values read from the seeded data ----
const one = async <T>(q: ReturnType<typeof sql<T>>) => (await q.execute(db)).rows[0]!;
const n = (v: unknown) => Number(v);
const counts = await one(sql<Record<string, number | string>>`select
  (select count(*) from users) as users,
  (select count(*) from ledger_entries) as ledger,
  (select count(*) from tickets) as tickets,
  (select count(*) from subscription_orders) as orders,
  (select count(*) from recharge_orders) as topups,
  (select count(*) from recharge_codes) as codes,
  (select count(*) from audit_log) as audit,
  (select count(*) from subscriptions where status = 'active') as active_subscriptions`);
if (n(counts.users) < 1000) throw new Error(`${DB_URL} is not seeded: run bench/seed.ts first`);
const maxOf = async (table: string) =>
  n((await one(sql<{ m: number }>`select max(id) as m from ${sql.table(table)}`)).m);
const deep = async (table: string) => Math.max(2, Math.floor((await maxOf(table)) * 0.05));
const dealer = await one(
  sql<{ user_id: number; email: string }>`select l.user_id, u.email from ledger_entries l
    join users u on u.id = l.user_id group by l.user_id, u.email order by count(*) desc limit 1`,
);
const customer = await one(
  sql<{ id: number; email: string }>`select u.id, u.email from users u
    where exists (select 1 from subscription_orders o where o.user_id = u.id) order by u.id limit 1 offset 5000`,
);
const batch = await one(
  sql<{ batch_id: string }>`select batch_id from recharge_code_batches order by id limit 1`,
);
const code = await one(
  sql<{ code: string }>`select code from recharge_codes order by id limit 1 offset 1000`,
);
const pkg = await one(sql<{ id: number }>`select id from packages order by id limit 1`);
const assignee = await one(
  sql<{ assignee_id: number }>`select assignee_id from tickets where assignee_id is not null limit 1`,
);
const userDeep = await deep('users');
const month = { from: new Date(Date.now() - 400 * 86_400_000), to: new Date(Date.now() - 370 * 86_400_000) };
const range = `from=${month.from.toISOString()}&to=${month.to.toISOString()}`;
const emailPrefix = customer.email.slice(0, Math.min(6, customer.email.indexOf('@')));

const A = ADMIN_API_PREFIX;
const cases: Case[] = [
  // users
  { name: 'users: first page', url: `${A}/users` },
  { name: 'users: deep page (before=5% of ids)', url: `${A}/users?before=${userDeep}` },
  { name: 'users: id', url: `${A}/users?q=${customer.id}` },
  { name: 'users: email start', url: `${A}/users?q=${encodeURIComponent(emailPrefix)}` },
  { name: 'users: whole email', url: `${A}/users?q=${encodeURIComponent(customer.email)}` },
  { name: 'users: email part, common (domain)', url: `${A}/users?q=corp.example` },
  { name: 'users: email part, no match', url: `${A}/users?q=zzqx` },
  { name: 'users: unverified', url: `${A}/users?verified=false` },
  { name: 'users: disabled', url: `${A}/users?disabled=true` },
  { name: 'users: subscribed', url: `${A}/users?subscribed=true` },
  { name: 'users: not subscribed', url: `${A}/users?subscribed=false` },
  { name: 'users: with balance', url: `${A}/users?with_balance=true` },
  { name: 'users: oldest first', url: `${A}/users?sort=oldest` },
  { name: 'users: highest balance first', url: `${A}/users?sort=balance` },
  {
    name: 'users: highest balance first, deep page',
    url: `${A}/users?sort=balance&before=${await deep('users')}`,
  },
  {
    name: 'users: registered in a month',
    url: `${A}/users?registered_from=${month.from.toISOString()}&registered_to=${month.to.toISOString()}`,
  },
  { name: 'user detail (a customer)', url: `${A}/users/${customer.id}` },
  { name: 'user detail (a dealer, 20,000 entries)', url: `${A}/users/${dealer.user_id}` },
  // orders
  { name: 'orders: first page', url: `${A}/orders` },
  { name: 'orders: oldest first', url: `${A}/orders?sort=oldest` },
  { name: 'orders: deep page', url: `${A}/orders?before=${await deep('subscription_orders')}` },
  { name: 'orders: one user (email)', url: `${A}/orders?user=${encodeURIComponent(customer.email)}` },
  { name: 'orders: kind renew', url: `${A}/orders?kind=renew` },
  { name: 'orders: a package', url: `${A}/orders?package_id=${pkg.id}` },
  { name: 'orders: a month', url: `${A}/orders?${range}` },
  // ledger
  { name: 'ledger: first page', url: `${A}/ledger` },
  { name: 'ledger: oldest first', url: `${A}/ledger?sort=oldest` },
  { name: 'ledger: a dealer, oldest first', url: `${A}/ledger?user=${dealer.user_id}&sort=oldest` },
  { name: 'ledger: deep page', url: `${A}/ledger?before=${await deep('ledger_entries')}` },
  { name: 'ledger: a dealer', url: `${A}/ledger?user=${dealer.user_id}` },
  {
    name: 'ledger: a dealer, deep page',
    url: `${A}/ledger?user=${dealer.user_id}&before=${n(
      (
        await one(
          sql<{
            id: number;
          }>`select id from ledger_entries where user_id = ${dealer.user_id} order by id limit 1 offset 100`,
        )
      ).id,
    )}`,
  },
  { name: 'ledger: kind admin_adjust', url: `${A}/ledger?kind=admin_adjust` },
  { name: 'ledger: kind refund (none)', url: `${A}/ledger?kind=refund` },
  { name: 'ledger: a month', url: `${A}/ledger?${range}` },
  // top-ups, transfers, codes
  { name: 'topups: first page', url: `${A}/topups/usdt` },
  { name: 'topups: deep page', url: `${A}/topups/usdt?before=${await deep('recharge_orders')}` },
  { name: 'topups: status timeout', url: `${A}/topups/usdt?status=timeout` },
  { name: 'topups: status pending', url: `${A}/topups/usdt?status=pending` },
  { name: 'topups: network ERC20', url: `${A}/topups/usdt?network=ERC20` },
  { name: 'topups: one user', url: `${A}/topups/usdt?user=${customer.id}` },
  { name: 'transfers: open', url: `${A}/topups/transfers` },
  { name: 'transfers: all', url: `${A}/topups/transfers?view=all` },
  {
    name: 'transfers: all, deep page',
    url: `${A}/topups/transfers?view=all&before=${await deep('chain_transfers')}`,
  },
  { name: 'code batches: first page', url: `${A}/codes/batches` },
  {
    name: 'code batches: deep page',
    url: `${A}/codes/batches?before=${await deep('recharge_code_batches')}`,
  },
  { name: 'codes: first page', url: `${A}/codes` },
  { name: 'codes: deep page', url: `${A}/codes?before=${await deep('recharge_codes')}` },
  { name: 'codes: status used', url: `${A}/codes?status=used` },
  { name: 'codes: a batch', url: `${A}/codes?batch_id=${encodeURIComponent(batch.batch_id)}` },
  { name: 'codes: a code', url: `${A}/codes?code=${encodeURIComponent(code.code)}` },
  // audit
  { name: 'audit: first page', url: `${A}/audit` },
  { name: 'audit: deep page', url: `${A}/audit?before=${await deep('audit_log')}` },
  { name: 'audit: an actor', url: `${A}/audit?actor_id=3` },
  { name: 'audit: an action', url: `${A}/audit?action=ticket.assign` },
  { name: 'audit: an action prefix', url: `${A}/audit?action=user.` },
  { name: 'audit: a target', url: `${A}/audit?target_type=user&target_id=${customer.id}` },
  { name: 'audit: a month', url: `${A}/audit?${range}` },
  // tickets
  { name: 'tickets: first page', url: `${A}/tickets` },
  { name: 'tickets: deep page (before=5% of ids)', url: `${A}/tickets?before=${await deep('tickets')}` },
  { name: 'tickets: status pending', url: `${A}/tickets?status=pending` },
  { name: 'tickets: status closed', url: `${A}/tickets?status=closed` },
  { name: 'tickets: an assignee', url: `${A}/tickets?assignee_id=${assignee.assignee_id}` },
  {
    name: 'tickets: status and assignee',
    url: `${A}/tickets?status=processing&assignee_id=${assignee.assignee_id}`,
  },
  { name: 'tickets: unassigned', url: `${A}/tickets?unassigned=true` },
  { name: 'tickets: waiting longest first', url: `${A}/tickets?sort=waiting` },
  { name: 'tickets: pending, waiting longest first', url: `${A}/tickets?status=pending&sort=waiting` },
  { name: 'tickets: who may be assigned', url: `${A}/tickets/assignees` },
  // the overview's cards (aggregates over the same tables)
  { name: 'overview: money', url: `${A}/overview/money` },
  { name: 'overview: users', url: `${A}/overview/users` },
  { name: 'overview: nodes and traffic', url: `${A}/overview/nodes` },
  { name: 'overview: tickets', url: `${A}/overview/tickets` },
  { name: 'segment mailings', url: `${A}/users/mailings` },
  // catalogue and content
  { name: 'nodes', url: `${A}/nodes` },
  { name: 'node groups', url: `${A}/node-groups` },
  { name: 'packages', url: `${A}/packages` },
  { name: 'announcements', url: `${A}/announcements` },
  { name: 'help documents', url: `${A}/help/documents` },
  { name: 'help categories', url: `${A}/help/categories` },
  { name: 'staff', url: `${A}/staff` },
  // exports (figures, no goal: they stream every matching row)
  {
    name: 'export: ledger of a customer (CSV)',
    url: `${A}/ledger/export?user=${customer.id}`,
  },
  { name: 'export: orders of a customer (CSV)', url: `${A}/orders/export?user=${customer.id}` },
  {
    name: 'export: audit of a target (CSV)',
    url: `${A}/audit/export?target_type=user&target_id=${customer.id}`,
  },
  {
    name: 'export: ledger of a dealer (CSV, 20,000 rows)',
    url: `${A}/ledger/export?user=${dealer.user_id}`,
    goal: false,
  },
].filter((c) => !ONLY || c.name.includes(ONLY));

const results: Result[] = [];
try {
  const token = await staffOwner();
  const bareM = await measure(async () => {
    const r = await bare.inject({ url: '/bare' });
    if (r.statusCode !== 200) throw new Error('bare route failed');
    return null;
  });
  const bareResult = summary('bare Fastify route (baseline)', '/bare', bareM, false);
  console.log(`${dialect}: ${JSON.stringify(counts)}`);
  console.log(
    `${'case'.padEnd(48)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)}  rows  goal`,
  );
  const line = (r: Result) =>
    console.log(
      `${r.name.padEnd(48)} ${String(r.p50).padStart(7)} ${String(r.p95).padStart(7)} ${String(r.p99).padStart(7)}  ${String(r.rows ?? '').padStart(4)}  ${r.met === null ? '' : r.met ? 'ok' : `MISSES p95 < ${GOAL_P95_MS}`}`,
    );
  line(bareResult);
  for (const c of cases) {
    const m = await measure(async () => {
      const r = await app.inject({
        url: c.url,
        remoteAddress: '10.66.0.1',
        headers: { authorization: `Bearer ${token}` },
      });
      if (r.statusCode !== 200) throw new Error(`${c.url}: HTTP ${r.statusCode} ${r.body.slice(0, 200)}`);
      if (r.headers['content-type']?.toString().startsWith('text/csv')) return r.body.split('\n').length - 2;
      const body = r.json<{ code: number; data: unknown }>();
      if (body.code !== 20000) throw new Error(`${c.url}: ${body.code}`);
      const data = body.data as { items?: unknown[] } | unknown[];
      return Array.isArray(data) ? data.length : (data.items?.length ?? null);
    });
    const r = summary(c.name, c.url, m, c.goal ?? true);
    results.push(r);
    line(r);
  }
  const misses = results.filter((r) => r.met === false);
  const out = {
    dialect,
    tag: TAG ?? null,
    node: process.version,
    data: Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, n(v)])),
    goal: `p95 < ${GOAL_P95_MS} ms per list`,
    bare: bareResult,
    cases: results,
    met: misses.length === 0,
    misses: misses.map((r) => r.name),
    measured_at: new Date().toISOString(),
  };
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
  mkdirSync(dir, { recursive: true });
  const base = path.join(dir, `admin-lists-${dialect}${TAG ? `-${TAG}` : ''}`);
  if (!ONLY) {
    writeFileSync(`${base}.json`, `${JSON.stringify(out, null, 2)}\n`);
    const md = [
      `# Staff lists, ${dialect}${TAG ? ` (${TAG})` : ''}`,
      '',
      `Measured ${out.measured_at} with Node ${process.version} through \`app.inject\` (bench/admin-lists.ts) on ` +
        `${Object.entries(out.data)
          .map(([k, v]) => `${v} ${k}`)
          .join(', ')}. Goal: p95 < ${GOAL_P95_MS} ms. Milliseconds.`,
      '',
      '| case | p50 | p95 | p99 | rows | goal |',
      '| --- | ---: | ---: | ---: | ---: | --- |',
      ...[bareResult, ...results].map(
        (r) =>
          `| ${r.name} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.rows ?? ''} | ${r.met === null ? '' : r.met ? 'met' : '**missed**'} |`,
      ),
      '',
      misses.length === 0 ? 'Every list meets the goal.' : `Missed: ${misses.map((r) => r.name).join('; ')}.`,
      '',
    ].join('\n');
    writeFileSync(`${base}.md`, md);
  }
  console.log(misses.length === 0 ? 'every list meets the goal' : `${misses.length} case(s) miss the goal`);
  if (misses.length > 0) process.exitCode = 1;
} finally {
  await app.close();
  await bare.close();
  await database.close();
}
