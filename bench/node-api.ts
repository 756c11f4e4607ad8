/**
 * Node API benchmark: what the agents of many nodes cost the portal. Builds a real app on a fresh database (SQLite,
 * or PostgreSQL with BENCH_DATABASE_URL), creates SUBS live subscriptions, then times
 *   - GET user (the full list) and its 304 answer,
 *   - POST push with PUSH_USERS entries (one agent's minute),
 * and writes the figures with their targets to bench/results/node-api-<dialect>.json. Run: `npm run bench`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestApp } from '../packages/server/src/test/helpers.js';
import { seedDemoCatalogue } from '../packages/server/src/seed/demo-seed.js';
import { issueNodeToken } from '../packages/server/src/modules/nodes/node-tokens.js';
import { NODE_API_PREFIX } from '../packages/server/src/modules/nodes/node-api.js';

const SUBS = Number(process.env.BENCH_SUBS ?? 5000);
const PUSH_USERS = Number(process.env.BENCH_PUSH_USERS ?? 1000);
const ROUNDS = 15;
/** Targets per call, in milliseconds (median). */
const TARGETS = { userList: 100, userList304: 100, push: 500 };

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.floor(s.length / 2)]! * 10) / 10;
}

async function time(n: number, run: () => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await run();
    out.push(performance.now() - t0);
  }
  return out;
}

const t = await createTestApp({ env: { LOG_LEVEL: 'error' } });
try {
  const db = t.database.handle.db;
  await seedDemoCatalogue(db);
  const node = await db
    .selectFrom('nodes')
    .select(['id', 'protocol'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const token = await issueNodeToken(db, node.id);
  const pkg = await db.selectFrom('packages').select(['id']).orderBy('id').executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const end = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const user = await db
    .insertInto('users')
    .values({
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < SUBS; i += 500) {
    await db
      .insertInto('subscriptions')
      .values(
        Array.from({ length: Math.min(500, SUBS - i) }, () => ({
          user_id: user.id,
          package_id: pkg.id,
          status: 'active' as const,
          uuid: randomUUID(),
          link_token: randomUUID(),
          start_at: now,
          end_at: end,
          traffic_limit: 1024 ** 4,
          device_limit: 3,
          speed_limit_mbps: null,
          upgraded_to: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
  const ids = (await db.selectFrom('subscriptions').select('id').limit(PUSH_USERS).execute()).map(
    (r) => r.id,
  );
  const q = `token=${token}&node_id=${node.id}&node_type=${node.protocol}`;
  const first = await t.app.inject({ url: `${NODE_API_PREFIX}/user?${q}` });
  const etag = first.headers.etag as string;
  if (first.json<{ users: unknown[] }>().users.length !== SUBS) throw new Error('user list incomplete');

  const userList = await time(ROUNDS, async () => {
    await t.app.inject({ url: `${NODE_API_PREFIX}/user?${q}` });
  });
  const userList304 = await time(ROUNDS, async () => {
    const r = await t.app.inject({ url: `${NODE_API_PREFIX}/user?${q}`, headers: { 'if-none-match': etag } });
    if (r.statusCode !== 304) throw new Error(`expected 304, got ${r.statusCode}`);
  });
  // Each round's bytes differ: the same deltas twice from one node would be a repeat, acknowledged without counting.
  let round = 0;
  const push = await time(ROUNDS, async () => {
    round += 1;
    const payload = Object.fromEntries(ids.map((id) => [String(id), [1_000_000 + round, 5_000_000]]));
    const r = await t.app.inject({ method: 'POST', url: `${NODE_API_PREFIX}/push?${q}`, payload });
    if (r.statusCode !== 200) throw new Error(`push failed: ${r.statusCode}`);
  });

  const dialect = process.env.TEST_DATABASE_URL?.startsWith('postgres') ? 'postgres' : 'sqlite';
  const results = {
    dialect,
    node: process.version,
    subscriptions: SUBS,
    push_users: PUSH_USERS,
    median_ms: { userList: median(userList), userList304: median(userList304), push: median(push) },
    targets_ms: TARGETS,
    measured_at: new Date().toISOString(),
  };
  const met = (Object.keys(TARGETS) as (keyof typeof TARGETS)[]).every(
    (k) => results.median_ms[k] <= TARGETS[k],
  );
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `node-api-${dialect}.json`),
    `${JSON.stringify({ ...results, met }, null, 2)}\n`,
  );
  console.log(JSON.stringify({ ...results, met }, null, 2));
  if (!met) process.exitCode = 1;
} finally {
  await t.close();
}
