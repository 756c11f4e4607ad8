/**
 * Seeds a database with a large, consistent data set for the staff lists' benchmark (bench/admin-lists.ts) and the
 * ones after it: 100,000 users, 1,000,000 ledger entries (40 dealers with 20,000 each), 50,000 active subscriptions,
 * ~100,000 subscription orders, USDT top-up orders with some chain transfers, recharge codes (operators' batches and
 * dealers'), ~100,000 tickets with replies, 100,000 audit records and 20 nodes.
 *
 *   npx tsx bench/seed.ts --db sqlite:/work/bench-data/bench.db
 *   npx tsx bench/seed.ts --db postgres://postgres@127.0.0.1:5432/bench
 *   (--scale 0.1 seeds a tenth of everything, for a quick try)
 *
 * The schema comes from the real migrations (and the demo catalogue: packages, nodes, announcements, help); the
 * rows are written in bulk (one transaction of prepared inserts on SQLite, multi-row inserts on PostgreSQL). The
 * money is honest: every balance equals the sum of its ledger, each entry's balance_after is the running sum, and
 * every order and top-up has its ledger entry under the same (kind, reference). The data is deterministic (a seeded
 * generator), timed over the last three years up to the moment of seeding. The database must be empty of users; on
 * PostgreSQL a missing database is created.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { openDatabase } from '../packages/server/src/db/connection.js';
import { migrateToLatest } from '../packages/server/src/db/migrate.js';
import { seedDemoCatalogue } from '../packages/server/src/seed/demo-seed.js';

type Value = string | number | null;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const url = arg('db') ?? process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('usage: npx tsx bench/seed.ts --db <sqlite:FILE | postgres://…> [--scale 1]');
  process.exit(2);
}
const SCALE = Number(arg('scale') ?? 1);
const DB_URL = url.startsWith('postgres') ? url : url.startsWith('sqlite:') ? url : `sqlite:${url}`;
const IS_PG = DB_URL.startsWith('postgres');

/** How much of everything (at scale 1). */
const N = {
  users: Math.round(100_000 * SCALE),
  staff: 6,
  dealers: Math.max(2, Math.round(40 * SCALE)),
  dealerEntries: 20_000,
  activeShare: 0.5,
  expiredShare: 0.15,
  tickets: Math.round(100_000 * SCALE),
  audit: Math.round(100_000 * SCALE),
  transfersOpen: Math.round(5_000 * SCALE),
  matchedTransfers: Math.round(10_000 * SCALE),
  pendingTopups: Math.round(20_000 * SCALE),
  nodes: 20,
  codeBatchSize: 500,
};

// ---- a seeded generator (mulberry32): the same data on every run ----
let state = 0x5eed1234;
function rand(): number {
  state = (state + 0x6d2b79f5) | 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const hex = (n: number, len: number) =>
  createHash('sha256').update(`${n}:${state}`).digest('hex').slice(0, len);
function uuidOf(n: number, salt: string): string {
  const h = createHash('md5').update(`${salt}:${n}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const NOW = Date.now();
const DAY = 86_400_000;
const START = NOW - 3 * 365 * DAY;
const iso = (ms: number) => new Date(Math.round(ms)).toISOString();

// ---- bulk writers ----

interface Writer {
  insert(table: string, columns: string[], rows: Value[][]): Promise<void>;
  exec(text: string): Promise<void>;
  finish(): Promise<void>;
}

function sqliteWriter(file: string): Writer {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = ON');
  db.exec('begin');
  const statements = new Map<string, SQLite.Statement>();
  return {
    insert(table, columns, rows) {
      const key = `${table}(${columns.join(',')})`;
      let st = statements.get(key);
      if (!st) {
        st = db.prepare(
          `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
        );
        statements.set(key, st);
      }
      for (const row of rows) st.run(row);
      return Promise.resolve();
    },
    exec(text) {
      db.exec(text);
      return Promise.resolve();
    },
    finish() {
      // No ANALYZE: the server never runs it, so the planner works without statistics here as in production.
      db.exec('commit');
      db.close();
      return Promise.resolve();
    },
  };
}

async function pgWriter(connectionString: string): Promise<Writer> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  await client.query('begin');
  const tables = new Set<string>();
  return {
    async insert(table, columns, rows) {
      tables.add(table);
      const per = Math.floor(30_000 / columns.length);
      for (let i = 0; i < rows.length; i += per) {
        const chunk = rows.slice(i, i + per);
        const params: Value[] = [];
        const tuples = chunk.map((row) => {
          const start = params.length;
          params.push(...row);
          return `(${row.map((_, j) => `$${start + j + 1}`).join(', ')})`;
        });
        await client.query(
          `insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`,
          params,
        );
      }
    },
    async exec(text) {
      await client.query(text);
    },
    async finish() {
      // Explicit ids were written: move each table's sequence past them.
      for (const table of tables) {
        await client.query(
          `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
        );
      }
      await client.query('commit');
      // As a database that has run a while: statistics, and the visibility map (index-only scans).
      await client.query('vacuum analyze');
      await client.end();
    },
  };
}

/** Rows collected per table, written in bulk when full (or at the end). */
class Table {
  rows: Value[][] = [];
  count = 0;
  constructor(
    private readonly w: Writer,
    readonly name: string,
    readonly columns: string[],
    private readonly flushAt = 20_000,
  ) {}
  async add(row: Value[]): Promise<void> {
    this.rows.push(row);
    this.count++;
    if (this.rows.length >= this.flushAt) await this.flush();
  }
  async flush(): Promise<void> {
    if (this.rows.length === 0) return;
    const rows = this.rows;
    this.rows = [];
    await this.w.insert(this.name, this.columns, rows);
  }
}

// ---- the database: created, migrated, the demo catalogue ----

if (IS_PG) {
  const target = new URL(DB_URL);
  const name = target.pathname.slice(1);
  const admin = new URL(DB_URL);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  const exists = await c.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await c.query(`create database "${name.replace(/"/g, '')}"`);
  await c.end();
}
const handle = openDatabase(DB_URL);
const t0 = performance.now();
await migrateToLatest(handle.db);
await seedDemoCatalogue(handle.db);
const already = await handle.db
  .selectFrom('users')
  .select((eb) => eb.fn.countAll<number | string>().as('n'))
  .executeTakeFirstOrThrow();
if (Number(already.n) > 0) {
  console.error(`${DB_URL} already has users: seed an empty database`);
  await handle.close();
  process.exit(1);
}
const packages = await handle.db
  .selectFrom('packages')
  .select(['id', 'price_fen', 'validity_days', 'traffic_bytes', 'device_limit', 'speed_limit_mbps'])
  .orderBy('id')
  .execute();
const demoNodes = await handle.db.selectFrom('nodes').selectAll().orderBy('id').execute();
await handle.close();

const w = IS_PG ? await pgWriter(DB_URL) : sqliteWriter(DB_URL.slice('sqlite:'.length));
const log = (what: string) => console.log(`${((performance.now() - t0) / 1000).toFixed(1)}s  ${what}`);
log('migrated, demo catalogue seeded');

// ---- nodes: the demo's, and copies of them up to 20 ----
{
  const nodes = new Table(w, 'nodes', [
    'name',
    'region',
    'country',
    'city',
    'translations',
    'host',
    'port',
    'protocol',
    'settings',
    'status',
    'load_percent',
    'online_users',
    'is_visible',
    'sort_order',
    'created_at',
    'updated_at',
  ]);
  for (let i = demoNodes.length; i < N.nodes; i++) {
    const n = demoNodes[i % demoNodes.length]!;
    await nodes.add([
      `${n.name} ${Math.floor(i / demoNodes.length) + 1}`,
      n.region,
      n.country,
      n.city,
      n.translations,
      `b${i}.${n.host}`,
      n.port,
      n.protocol,
      n.settings,
      pick(['online', 'online', 'online', 'offline', 'maintenance']),
      int(0, 100),
      int(0, 3000),
      1,
      100 + i,
      iso(START),
      iso(START),
    ]);
  }
  await nodes.flush();
}

// ---- users ----
const FIRST = ['li', 'wang', 'zhang', 'liu', 'chen', 'yang', 'zhao', 'huang', 'zhou', 'wu', 'alice', 'bob'];
const DOMAINS = ['example.com', 'example.net', 'example.org', 'mail.example', 'corp.example'];
const STAFF_ROLES = ['owner', 'admin', 'support', 'support', 'finance', 'viewer'];
const userCreated: number[] = [];
const emailOf: string[] = [];
const balance = new Float64Array(N.users + 1);
const lastLedgerAt = new Float64Array(N.users + 1);
const dealerIds = new Set<number>();
for (let d = 0; d < N.dealers; d++)
  dealerIds.add(N.staff + 1 + Math.floor((d * (N.users - N.staff)) / N.dealers));
const supportIds = [1, 2, 3, 4]; // owner, admin, support, support: who tickets are assigned to
const staffEmails: string[] = [];

for (let id = 1; id <= N.users; id++) {
  userCreated[id] = START + ((id - 1) / N.users) * (NOW - START - DAY) + rand() * 60_000;
  const name = pick(FIRST);
  emailOf[id] =
    id <= N.staff
      ? `staff-${STAFF_ROLES[id - 1]}-${id}@bench.example`
      : dealerIds.has(id)
        ? `dealer${id}@${pick(DOMAINS)}`
        : `${name}${rand() < 0.5 ? '.' : ''}${id}@${pick(DOMAINS)}`;
  if (id <= N.staff) staffEmails[id] = emailOf[id]!;
}

// ---- money: ledger, orders, top-ups, codes (collected, then written in time order) ----
interface Ledger {
  user: number;
  kind: string;
  delta: number;
  after: number;
  ref: string;
  memo: string | null;
  at: number;
}
const ledger: Ledger[] = [];
function book(
  user: number,
  kind: string,
  delta: number,
  ref: string,
  at: number,
  memo: string | null = null,
) {
  const when = Math.max(at, lastLedgerAt[user]! + 1000);
  lastLedgerAt[user] = when;
  balance[user] = balance[user]! + delta;
  if (balance[user]! < 0) throw new Error(`negative balance for user ${user}`);
  ledger.push({ user, kind, delta, after: balance[user]!, ref, memo, at: when });
  return when;
}

interface TopupOrder {
  user: number;
  method: 'usdt' | 'code';
  amount: number;
  status: string;
  network: string | null;
  codeId: number | null;
  at: number;
  no: string;
}
const topups: TopupOrder[] = [];
let topupSeq = 0;
const NETWORKS = ['TRC20', 'TRC20', 'ERC20', 'BEP20'];
function usdtTopup(user: number, amount: number, at: number): number {
  const no = `R${String(++topupSeq).padStart(10, '0')}`;
  const when = book(user, 'usdt_topup', amount, no, at);
  topups.push({
    user,
    method: 'usdt',
    amount,
    status: 'confirmed',
    network: pick(NETWORKS),
    codeId: null,
    at,
    no,
  });
  return when;
}

// recharge codes: operators' batches (redeemed by customers) and dealers' own codes
const codes = new Table(w, 'recharge_codes', [
  'id',
  'code',
  'amount_fen',
  'status',
  'batch_id',
  'generated_by',
  'used_by',
  'used_at',
  'expires_at',
  'created_at',
]);
const batches = new Table(w, 'recharge_code_batches', [
  'batch_id',
  'amount_fen',
  'quantity',
  'expires_at',
  'note',
  'created_by',
  'created_at',
]);
let codeSeq = 0;
const codeText = (id: number) => `BC${hex(id, 14).toUpperCase()}${id.toString(36).toUpperCase()}`;
let batchOpen = { id: '', amountFen: 0, left: 0, n: 0 };
async function operatorCode(user: number, amount: number, at: number): Promise<number> {
  if (batchOpen.left === 0 || batchOpen.amountFen !== amount) {
    batchOpen = {
      id: `OB${String(batches.count + 1).padStart(6, '0')}`,
      amountFen: amount,
      left: N.codeBatchSize,
      n: 0,
    };
    await batches.add([batchOpen.id, amount, N.codeBatchSize, null, 'bench', 5, iso(START)]);
  }
  batchOpen.left--;
  const id = ++codeSeq;
  await codes.add([id, codeText(id), amount, 'used', batchOpen.id, 5, user, iso(at), null, iso(START)]);
  return id;
}
async function redeem(user: number, amount: number, at: number): Promise<void> {
  const codeId = await operatorCode(user, amount, at);
  const no = `R${String(++topupSeq).padStart(10, '0')}`;
  book(user, 'code_redeem', amount, no, at);
  topups.push({ user, method: 'code', amount, status: 'confirmed', network: null, codeId, at, no });
}

// subscriptions and their orders
const subs = new Table(w, 'subscriptions', [
  'id',
  'user_id',
  'package_id',
  'status',
  'uuid',
  'link_token',
  'start_at',
  'end_at',
  'traffic_used',
  'upload_bytes',
  'traffic_limit',
  'device_limit',
  'speed_limit_mbps',
  'auto_renew',
  'created_at',
  'updated_at',
]);
interface Order {
  user: number;
  sub: number;
  pkg: number;
  kind: string;
  amount: number;
  at: number;
  no: string;
}
const orders: Order[] = [];
let subSeq = 0;
let orderSeq = 0;
const topupAmount = (price: number) => Math.ceil(price / 1000) * 1000 + 1000 * int(0, 3);

async function payFor(user: number, price: number, at: number): Promise<void> {
  if (balance[user]! >= price) return;
  const amount = topupAmount(price - balance[user]!);
  if (rand() < 0.6) usdtTopup(user, amount, at - int(60_000, 3_600_000));
  else await redeem(user, amount, at - int(60_000, 3_600_000));
}

async function subscription(user: number, active: boolean): Promise<void> {
  const p = packages[int(0, packages.length - 1)]!;
  const from = Math.max(userCreated[user]! + DAY, NOW - 2 * 365 * DAY);
  const renewals = rand() < 0.35 ? int(1, 2) : 0;
  const period = p.validity_days * DAY;
  const end = active ? NOW + int(1, Math.max(2, p.validity_days)) * DAY : NOW - int(1, 300) * DAY;
  let start = end - period * (1 + renewals);
  if (start < from) start = from + rand() * DAY;
  const id = ++subSeq;
  const times = [
    start,
    ...Array.from({ length: renewals }, (_, k) => Math.min(start + period * (k + 1), NOW - 3_600_000)),
  ];
  for (const [k, at] of times.entries()) {
    if (at <= userCreated[user]!) continue;
    await payFor(user, p.price_fen, at);
    const no = `S${String(++orderSeq).padStart(10, '0')}`;
    const kind = k === 0 ? 'purchase' : 'renew';
    const when = book(user, kind, -p.price_fen, no, at);
    orders.push({ user, sub: id, pkg: p.id, kind, amount: p.price_fen, at: when, no });
  }
  const used = Math.floor((p.traffic_bytes ?? 200 * 1024 ** 3) * rand() * 0.8);
  await subs.add([
    id,
    user,
    p.id,
    active ? 'active' : 'expired',
    uuidOf(id, 'uuid'),
    uuidOf(id, 'link').replace(/-/g, ''),
    iso(start),
    iso(Math.max(end, start + DAY)),
    used,
    Math.floor(used / 10),
    p.traffic_bytes,
    p.device_limit,
    p.speed_limit_mbps,
    rand() < 0.3 ? 1 : 0,
    iso(start),
    iso(start),
  ]);
}

async function dealer(user: number): Promise<void> {
  let at = Math.max(userCreated[user]! + DAY, NOW - 2 * 365 * DAY);
  const step = (NOW - DAY - at) / N.dealerEntries;
  for (let k = 0; k < N.dealerEntries; k++) {
    const amount = pick([1000, 3000, 5000, 10000]);
    if (balance[user]! < amount) {
      usdtTopup(user, 10_000 * int(2, 6), at);
    } else {
      const id = ++codeSeq;
      const batchId = `DB${user}-${k}`;
      book(user, 'code_generate', -amount, batchId, at);
      const status = pick(['unused', 'unused', 'unused', 'locked', 'disabled']);
      await codes.add([id, codeText(id), amount, status, batchId, user, null, null, null, iso(at)]);
    }
    at += step;
  }
}

const users = new Table(w, 'users', [
  'id',
  'email',
  'password_hash',
  'nickname',
  'email_verified_at',
  'status',
  'role',
  'balance_fen',
  'locale',
  'failed_logins',
  'last_login_at',
  'created_at',
  'updated_at',
]);
// Users first (every other table refers to them); balances are set at the end from the ledger.
for (let id = 1; id <= N.users; id++) {
  const created = userCreated[id]!;
  await users.add([
    id,
    emailOf[id]!,
    // Not a usable hash: seeded accounts cannot sign in (the benchmark makes its own staff owner).
    '$bench$no-login',
    rand() < 0.5 ? `${pick(FIRST)}_${id % 9973}` : null,
    rand() < 0.85 || id <= N.staff ? iso(created + 600_000) : null,
    rand() < 0.01 && id > N.staff ? 'disabled' : 'active',
    id <= N.staff ? STAFF_ROLES[id - 1]! : 'user',
    0,
    pick(['zh_CN', 'zh_CN', 'zh_CN', 'zh_TW', 'en']),
    0,
    rand() < 0.8 ? iso(created + rand() * (NOW - created)) : null,
    iso(created),
    iso(created),
  ]);
}
await users.flush();
log(`${users.count} users`);

for (let id = N.staff + 1; id <= N.users; id++) {
  if (dealerIds.has(id)) {
    await dealer(id);
    continue;
  }
  const r = rand();
  if (r < N.activeShare) await subscription(id, true);
  else if (r < N.activeShare + N.expiredShare) await subscription(id, false);
  if (rand() < 0.2) {
    const at = userCreated[id]! + rand() * (NOW - userCreated[id]!);
    if (rand() < 0.5) usdtTopup(id, 1000 * int(1, 20), at);
    else await redeem(id, 1000 * int(1, 10), at);
  }
  if (rand() < 0.03) {
    book(
      id,
      'admin_adjust',
      100 * int(1, 50),
      `bench-adjust:${id}`,
      NOW - rand() * 300 * DAY,
      'bench: goodwill',
    );
  }
}
await subs.flush();
await codes.flush();
await batches.flush();
log(`${subs.count} subscriptions, ${codes.count} codes, ${ledger.length} ledger entries generated`);

async function writeSorted<T extends { at: number }>(
  items: T[],
  table: string,
  columns: string[],
  row: (item: T, id: number) => Value[],
): Promise<void> {
  items.sort((a, b) => a.at - b.at);
  const out = new Table(w, table, columns, 30_000);
  for (const [i, item] of items.entries()) await out.add(row(item, i + 1));
  await out.flush();
  log(`${items.length} ${table}`);
}

await writeSorted(
  ledger,
  'ledger_entries',
  ['id', 'user_id', 'kind', 'delta_fen', 'balance_after_fen', 'reference', 'memo', 'created_at'],
  (e, id) => [id, e.user, e.kind, e.delta, e.after, e.ref, e.memo, iso(e.at)],
);
ledger.length = 0;
await writeSorted(
  orders,
  'subscription_orders',
  [
    'id',
    'order_no',
    'user_id',
    'subscription_id',
    'package_id',
    'kind',
    'amount_fen',
    'status',
    'idempotency_key',
    'created_at',
  ],
  (o, id) => [id, o.no, o.user, o.sub, o.pkg, o.kind, o.amount, 'paid', `bench-${o.no}`, iso(o.at)],
);

// USDT orders that were never paid (timed out, canceled) or are still open.
for (let k = 0; k < N.pendingTopups; k++) {
  const user = int(N.staff + 1, N.users);
  const at = Math.max(userCreated[user]!, NOW - rand() * 365 * DAY);
  const no = `R${String(++topupSeq).padStart(10, '0')}`;
  const status = k < 50 ? 'pending' : pick(['timeout', 'timeout', 'canceled', 'failed']);
  topups.push({
    user,
    method: 'usdt',
    amount: 1000 * int(1, 50),
    status,
    network: pick(NETWORKS),
    codeId: null,
    at,
    no,
  });
}
const RATE = 7.2;
const usdtMicro = (fen: number, n: number) => Math.round((fen / 100 / RATE) * 1e6) + (n % 997);
topups.sort((a, b) => a.at - b.at);
const confirmedUsdt = topups.flatMap((t, i) =>
  t.method === 'usdt' && t.status === 'confirmed' ? [i + 1] : [],
);
const matched = new Map<number, number>(); // order id -> transfer id
for (const [k, orderId] of confirmedUsdt.slice(-N.matchedTransfers).entries()) matched.set(orderId, k + 1);
await writeSorted(
  topups,
  'recharge_orders',
  [
    'id',
    'order_no',
    'user_id',
    'method',
    'amount_fen',
    'status',
    'network',
    'usdt_micro',
    'address',
    'rate',
    'transfer_id',
    'tx_hash',
    'confirmations',
    'code_id',
    'expires_at',
    'paid_at',
    'completed_at',
    'created_at',
    'updated_at',
  ],
  (t, id) => {
    const usdt = t.method === 'usdt';
    const done = t.status === 'confirmed';
    return [
      id,
      t.no,
      t.user,
      t.method,
      t.amount,
      t.status,
      t.network,
      usdt ? usdtMicro(t.amount, id) : null,
      usdt ? `T${hex(id % 50, 33)}` : null,
      usdt ? String(RATE) : null,
      matched.get(id) ?? null,
      usdt && done ? `0x${hex(id, 64)}` : null,
      usdt && done ? 20 : 0,
      t.codeId,
      usdt ? iso(t.at + 15 * 60_000) : null,
      done ? iso(t.at + 5 * 60_000) : null,
      done ? iso(t.at + 6 * 60_000) : null,
      iso(t.at),
      iso(t.at),
    ];
  },
);

// Chain transfers: those that paid the latest orders, and some that matched none (open, credited, ignored).
{
  const transfers = new Table(w, 'chain_transfers', [
    'id',
    'network',
    'tx_hash',
    'log_index',
    'from_address',
    'to_address',
    'usdt_micro',
    'block_number',
    'block_time',
    'order_id',
    'status',
    'resolved_user_id',
    'resolved_by',
    'resolved_at',
    'note',
    'created_at',
    'updated_at',
  ]);
  const byOrder = [...matched.entries()];
  let id = 0;
  for (const [orderId] of byOrder) {
    const t = topups[orderId - 1]!;
    const at = t.at + 5 * 60_000;
    id++;
    await transfers.add([
      id,
      t.network,
      `0x${hex(orderId, 64)}`,
      0,
      `T${hex(orderId + 7, 33)}`,
      `T${hex(orderId % 50, 33)}`,
      usdtMicro(t.amount, orderId),
      50_000_000 + id,
      iso(at),
      orderId,
      'matched',
      null,
      null,
      null,
      null,
      iso(at),
      iso(at),
    ]);
  }
  for (let k = 0; k < N.transfersOpen; k++) {
    id++;
    const at = NOW - rand() * 365 * DAY;
    const status = pick(['unmatched', 'unmatched', 'late', 'ignored', 'reorged']);
    await transfers.add([
      id,
      pick(NETWORKS),
      `0x${hex(1_000_000_000 + id, 64)}`,
      0,
      `T${hex(id + 3, 33)}`,
      `T${hex(id % 50, 33)}`,
      int(1, 500) * 1_000_000 + int(0, 999_999),
      40_000_000 + id,
      iso(at),
      null,
      status,
      null,
      status === 'ignored' ? 5 : null,
      status === 'ignored' ? iso(at + DAY) : null,
      status === 'ignored' ? 'bench: not ours' : null,
      iso(at),
      iso(at),
    ]);
  }
  await transfers.flush();
  log(`${transfers.count} chain_transfers`);
}

// ---- tickets and their replies ----
{
  const tickets = new Table(w, 'tickets', [
    'id',
    'ticket_no',
    'user_id',
    'title',
    'category',
    'priority',
    'status',
    'description',
    'assignee_id',
    'reply_count',
    'last_reply_at',
    'last_reply_by',
    'closed_at',
    'created_at',
    'updated_at',
  ]);
  // Written after the tickets they belong to.
  const replies = new Table(
    w,
    'ticket_replies',
    ['id', 'ticket_id', 'author_id', 'is_staff', 'content', 'created_at'],
    Number.POSITIVE_INFINITY,
  );
  const items: { user: number; at: number }[] = [];
  for (let k = 0; k < N.tickets; k++) {
    const user = int(N.staff + 1, N.users);
    items.push({ user, at: userCreated[user]! + rand() * (NOW - userCreated[user]!) });
  }
  items.sort((a, b) => a.at - b.at);
  let replyId = 0;
  for (const [k, it] of items.entries()) {
    const id = k + 1;
    const n = int(0, 4);
    const recent = NOW - it.at < 14 * DAY;
    const status = recent
      ? pick(['pending', 'processing', 'resolved'])
      : pick(['resolved', 'closed', 'closed']);
    const assignee = rand() < 0.7 ? pick(supportIds) : null;
    let at = it.at;
    let lastBy: 'user' | 'staff' | null = null;
    for (let r = 0; r < n; r++) {
      at += rand() * Math.min(DAY, (NOW - at) / 2);
      const staff = r % 2 === 0;
      lastBy = staff ? 'staff' : 'user';
      await replies.add([
        ++replyId,
        id,
        staff ? (assignee ?? 3) : it.user,
        staff ? 1 : 0,
        staff
          ? 'Thanks, we are looking into it. 我们正在处理。'
          : 'Still not working here, please check again.',
        iso(at),
      ]);
    }
    await tickets.add([
      id,
      `T${String(id).padStart(10, '0')}`,
      it.user,
      pick(['Cannot connect', '无法连接', 'Refund question', '节点很慢', 'Change email', 'Renewal failed']),
      pick(['technical', 'billing', 'account', 'other']),
      pick(['low', 'medium', 'medium', 'high', 'urgent']),
      status,
      'The connection drops every few minutes since yesterday. 从昨天开始每隔几分钟就断开。',
      assignee,
      n,
      n > 0 ? iso(at) : null,
      lastBy,
      status === 'closed' ? iso(at + 3600_000) : null,
      iso(it.at),
      iso(status === 'closed' ? at + 3600_000 : at),
    ]);
  }
  await tickets.flush();
  await replies.flush();
  log(`${tickets.count} tickets, ${replies.count} replies`);
}

// ---- audit log ----
{
  const audit = new Table(w, 'audit_log', [
    'id',
    'actor_id',
    'actor_email',
    'actor_role',
    'action',
    'target_type',
    'target_id',
    'changes',
    'ip',
    'user_agent',
    'created_at',
  ]);
  const ACTIONS: [string, string][] = [
    ['user.balance_adjust', 'user'],
    ['user.disable', 'user'],
    ['user.verify', 'user'],
    ['user.sessions_revoke', 'user'],
    ['ticket.assign', 'ticket'],
    ['ticket.status', 'ticket'],
    ['ticket.reply', 'ticket'],
    ['code_batch.create', 'code_batch'],
    ['transfer.ignore', 'transfer'],
    ['package.update', 'package'],
    ['node.update', 'node'],
    ['announcement.update', 'announcement'],
  ];
  for (let k = 0; k < N.audit; k++) {
    const id = k + 1;
    const actor = int(1, N.staff);
    const [action, type] = pick(ACTIONS);
    const target =
      type === 'user' ? int(N.staff + 1, N.users) : type === 'ticket' ? int(1, N.tickets) : int(1, 20);
    await audit.add([
      id,
      actor,
      staffEmails[actor]!,
      STAFF_ROLES[actor - 1]!,
      action,
      type,
      String(target),
      JSON.stringify({ before: { status: 'pending' }, after: { status: 'processing' } }),
      `10.0.${int(0, 255)}.${int(1, 254)}`,
      'Mozilla/5.0 (bench)',
      iso(START + (k / N.audit) * (NOW - START)),
    ]);
  }
  await audit.flush();
  log(`${audit.count} audit records`);
}

// Balances from the ledger (numbers only in the text).
{
  const ids: number[] = [];
  for (let u = 1; u <= N.users; u++) if (balance[u]! > 0) ids.push(u);
  for (let i = 0; i < ids.length; i += 2000) {
    const chunk = ids.slice(i, i + 2000);
    const cases = chunk.map((u) => `when ${u} then ${balance[u]!}`).join(' ');
    await w.exec(`update users set balance_fen = case id ${cases} end where id in (${chunk.join(', ')})`);
  }
  log(`${ids.length} balances set`);
}
await w.finish();

// Checked: every balance against its ledger.
const h = openDatabase(DB_URL);
try {
  const wrong = await sql<{ n: number | string }>`
    select count(*) as n from users u
    where u.balance_fen <> coalesce((select sum(delta_fen) from ledger_entries l where l.user_id = u.id), 0)`.execute(
    h.db,
  );
  const n = Number(wrong.rows[0]?.n ?? -1);
  if (n !== 0) throw new Error(`${n} balances differ from their ledger`);
  const counts = await sql<{ t: string; n: number | string }>`
    select 'users' as t, count(*) as n from users union all
    select 'ledger_entries', count(*) from ledger_entries union all
    select 'subscriptions (active)', count(*) from subscriptions where status = 'active' union all
    select 'subscription_orders', count(*) from subscription_orders union all
    select 'recharge_orders', count(*) from recharge_orders union all
    select 'recharge_codes', count(*) from recharge_codes union all
    select 'chain_transfers', count(*) from chain_transfers union all
    select 'tickets', count(*) from tickets union all
    select 'ticket_replies', count(*) from ticket_replies union all
    select 'audit_log', count(*) from audit_log union all
    select 'nodes', count(*) from nodes`.execute(h.db);
  for (const r of counts.rows) console.log(`  ${r.t.padEnd(24)} ${Number(r.n)}`);
  log(`done: every balance equals its ledger sum (${path.basename(DB_URL)})`);
} finally {
  await h.close();
}
