/**
 * Password reset requests: a registered address and an unknown one must take the same time (issue 20 §6), or the
 * answer's time tells whether an address has an account. Builds a real app on a fresh database (SQLite, or
 * PostgreSQL with BENCH_DATABASE_URL), then times ROUNDS requests of each kind, interleaved, each from its own
 * client address and for its own address (the per-address limits stay out of the way), and writes the medians to
 * bench/results/password-reset-<dialect>.json. Run: `npm run bench:reset`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestApp } from '../packages/server/src/test/helpers.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
/** Target: the two medians differ by at most this (milliseconds), noise included. */
const TARGET_GAP_MS = 0.5;

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(s.length * q))]! * 100) / 100;
}

const ip = () => `10.${randomBytes(3).join('.')}`;

const t = await createTestApp({ env: { LOG_LEVEL: 'error' } });
try {
  const db = t.database.handle.db;
  const now = new Date().toISOString();
  const known: string[] = [];
  for (let i = 0; i < ROUNDS + 20; i++) {
    const email = `bench-${randomBytes(6).toString('hex')}@example.com`;
    known.push(email);
    await db
      .insertInto('users')
      .values({
        email,
        password_hash: null,
        nickname: null,
        avatar_url: null,
        email_verified_at: now,
        locale: 'en',
        invite_code: null,
        locked_until: null,
        last_login_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  const request = async (email: string): Promise<number> => {
    const t0 = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/portal/auth/password/reset',
      payload: { email },
      remoteAddress: ip(),
    });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`reset answered ${res.statusCode}`);
    // The work after the answer is not the answer's time, but it must not pile up into the next measurement.
    await t.app.ctx.services.auth.settle();
    return ms;
  };
  // Warm up both paths.
  for (let i = 0; i < 20; i++) {
    await request(known.pop()!);
    await request(`nobody-${randomBytes(6).toString('hex')}@example.com`);
  }
  const times = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < ROUNDS; i++) {
    const order = i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
    for (const kind of order) {
      const email = kind === 'known' ? known.pop()! : `nobody-${randomBytes(6).toString('hex')}@example.com`;
      times[kind].push(await request(email));
    }
  }
  const dialect = process.env.TEST_DATABASE_URL?.startsWith('postgres') ? 'postgres' : 'sqlite';
  const median = { known: quantile(times.known, 0.5), unknown: quantile(times.unknown, 0.5) };
  const gap = Math.round(Math.abs(median.known - median.unknown) * 100) / 100;
  const results = {
    dialect,
    rounds: ROUNDS,
    median_ms: median,
    p90_ms: { known: quantile(times.known, 0.9), unknown: quantile(times.unknown, 0.9) },
    gap_ms: gap,
    target_gap_ms: TARGET_GAP_MS,
    met: gap <= TARGET_GAP_MS,
    load_average: loadavg().map((l) => Math.round(l * 100) / 100),
    at: new Date().toISOString(),
  };
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `password-reset-${dialect}.json`), `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
} finally {
  await t.close();
}
