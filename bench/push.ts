/**
 * Traffic push benchmark (issue 19): one agent's minute with PUSH_USERS users, against a real app on a fresh
 * database (SQLite, or PostgreSQL with BENCH_DATABASE_URL). Creates SUBS live subscriptions spread over many users,
 * then times ROUNDS pushes of every one of them, each round with distinct bytes (the same deltas twice from one node
 * would be a repeat, acknowledged without counting). With BENCH_SEEDED=<url of a database seeded by bench/seed.ts>
 * it pushes that database's first PUSH_USERS active subscriptions instead (its traffic grows with each run). Writes
 * p50/p95 with the target to bench/results/push-<dialect>.json. Run: `npx tsx bench/push.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestApp, testConfig } from '../packages/server/src/test/helpers.js';
import { buildApp } from '../packages/server/src/app.js';
import { openDatabase } from '../packages/server/src/db/connection.js';
import { seedDemoCatalogue } from '../packages/server/src/seed/demo-seed.js';
import { issueNodeToken } from '../packages/server/src/modules/nodes/node-tokens.js';
import { NODE_API_PREFIX } from '../packages/server/src/modules/nodes/node-api.js';

const SUBS = Number(process.env.BENCH_SUBS ?? 10_000);
const PUSH_USERS = Number(process.env.BENCH_PUSH_USERS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
/** Target for a push of PUSH_USERS users, in milliseconds (95th percentile). */
const TARGET_P95 = 300;

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! * 10) / 10;
}

const SEEDED = process.env.BENCH_SEEDED;
/** Differs from run to run: a second run within the repeat window must not send the first's deltas again. */
const SALT = 1_000_000 + (Date.now() % 1_000_000);

async function open() {
  if (!SEEDED) {
    const t = await createTestApp({ env: { LOG_LEVEL: 'error' } });
    await seedDemoCatalogue(t.database.handle.db);
    return { app: t.app, db: t.database.handle.db, close: () => t.close() };
  }
  const handle = openDatabase(SEEDED);
  const app = await buildApp(testConfig({ LOG_LEVEL: 'error' }), { database: handle });
  await app.ready();
  return {
    app,
    db: handle.db,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

const t = await open();
try {
  const db = t.db;
  const node = await db
    .selectFrom('nodes')
    .select(['id', 'protocol'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const token = await issueNodeToken(db, node.id);
  const pkg = await db.selectFrom('packages').select(['id']).orderBy('id').executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const end = new Date(Date.now() + 30 * 86_400_000).toISOString();
  if (!SEEDED) await createSubscriptions();
  async function createSubscriptions() {
    // One user per ten subscriptions.
    const userIds: number[] = [];
    for (let i = 0; i < Math.ceil(SUBS / 10); i += 500) {
      const rows = await db
        .insertInto('users')
        .values(
          Array.from({ length: Math.min(500, Math.ceil(SUBS / 10) - i) }, () => ({
            email: `bench-${randomUUID()}@example.com`,
            password_hash: null,
            nickname: null,
            avatar_url: null,
            email_verified_at: now,
            invite_code: null,
            locked_until: null,
            last_login_at: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute();
      userIds.push(...rows.map((r) => r.id));
    }
    for (let i = 0; i < SUBS; i += 500) {
      await db
        .insertInto('subscriptions')
        .values(
          Array.from({ length: Math.min(500, SUBS - i) }, (_, j) => ({
            user_id: userIds[Math.floor((i + j) / 10)]!,
            package_id: pkg.id,
            status: 'active' as const,
            uuid: randomUUID(),
            link_token: randomUUID(),
            start_at: now,
            end_at: end,
            // A few reach their limit during the run (suspended by a push), the others never do.
            traffic_limit: (i + j) % 1000 === 0 ? 50_000_000 : 1024 ** 4,
            device_limit: 3,
            speed_limit_mbps: null,
            upgraded_to: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
  }
  const ids = (
    await db
      .selectFrom('subscriptions')
      .select('id')
      .where('status', '=', 'active')
      .orderBy('id')
      .limit(PUSH_USERS)
      .execute()
  ).map((r) => r.id);
  const before = await usedTotal();
  async function usedTotal() {
    const row = await db
      .selectFrom('subscriptions')
      .select((eb) => eb.fn.sum<string>('traffic_used').as('total'))
      .where('id', 'in', ids)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }
  const q = `token=${token}&node_id=${node.id}&node_type=${node.protocol}`;

  const push = async (round: number) => {
    const payload = Object.fromEntries(
      ids.map((id, i) => [String(id), [SALT + round * 7 + (i % 13), 5_000_000]]),
    );
    const t0 = performance.now();
    const r = await t.app.inject({ method: 'POST', url: `${NODE_API_PREFIX}/push?${q}`, payload });
    const ms = performance.now() - t0;
    if (r.statusCode !== 200) throw new Error(`push failed: ${r.statusCode} ${r.body}`);
    return ms;
  };
  await push(0); // warm-up: the first day rows are inserted, later rounds update them
  const times: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) times.push(await push(round));

  const used = (await usedTotal()) - before;
  const expected = ids.reduce((s, _id, i) => {
    let n = 0;
    for (let round = 0; round <= ROUNDS; round++) n += SALT + round * 7 + (i % 13) + 5_000_000;
    return s + n;
  }, 0);
  if (used !== expected) throw new Error(`traffic_used grew by ${used}, expected ${expected}`);

  const dialect = (SEEDED ?? process.env.TEST_DATABASE_URL)?.startsWith('postgres') ? 'postgres' : 'sqlite';
  const results = {
    dialect,
    node: process.version,
    data: SEEDED ? 'seeded' : `fresh, ${SUBS} subscriptions`,
    push_users: PUSH_USERS,
    rounds: ROUNDS,
    p50_ms: percentile(times, 50),
    p95_ms: percentile(times, 95),
    target_p95_ms: TARGET_P95,
    load_average: loadavg().map((l) => Math.round(l * 100) / 100),
    measured_at: new Date().toISOString(),
  };
  const met = results.p95_ms <= TARGET_P95;
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `push-${dialect}${SEEDED ? '-seeded' : ''}.json`),
    `${JSON.stringify({ ...results, met }, null, 2)}\n`,
  );
  console.log(JSON.stringify({ ...results, met, all_ms: times.map((x) => Math.round(x)) }));
  if (!met) process.exitCode = 1;
} finally {
  await t.close();
}
