import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from '../../seed/demo-seed.js';
import { bareUser, createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { recordTraffic } from './traffic.js';

describe.runIf(TEST_DIALECT === 'postgres')('traffic push on PostgreSQL: writes no index entry', () => {
  let t: TestApp;
  const db = () => t.database.handle.db;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'error' } });
    await seedDemoCatalogue(db());
    const pkg = await db().selectFrom('packages').select('id').orderBy('id').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const user = await db()
      .insertInto('users')
      .values(bareUser(`traffic-${randomUUID()}@example.com`))
      .returning('id')
      .executeTakeFirstOrThrow();
    // Enough rows for many full pages.
    const rows = await db()
      .insertInto('subscriptions')
      .values(
        Array.from({ length: 600 }, () => ({
          user_id: user.id,
          package_id: pkg.id,
          status: 'active' as const,
          uuid: randomUUID(),
          link_token: randomUUID(),
          start_at: now,
          end_at: new Date(Date.now() + 86_400_000).toISOString(),
          traffic_limit: null,
          device_limit: 3,
          speed_limit_mbps: null,
          upgraded_to: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  });
  afterAll(() => t.close());

  /** Row versions a push wrote, per table, and how many of them needed no index entry ("HOT" updates). */
  async function updatesOfOnePush(round: number) {
    const node = { id: 1, rate_percent: 100 };
    const before = await counters();
    await recordTraffic(
      db(),
      node,
      ids.map((id) => ({ subscriptionId: id, upload: round, download: 1000 })),
    );
    // The statistics of a finished transaction reach the views within a second or so.
    for (let i = 0; i < 50; i++) {
      const after = await counters();
      if (after.subscriptions.upd - before.subscriptions.upd >= ids.length)
        return {
          subscriptions: diff(after.subscriptions, before.subscriptions),
          traffic_daily: diff(after.traffic_daily, before.traffic_daily),
        };
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('statistics did not arrive');
  }
  const diff = (a: { upd: number; hot: number }, b: { upd: number; hot: number }) => ({
    upd: a.upd - b.upd,
    hot: a.hot - b.hot,
  });
  async function counters() {
    await sql`select pg_stat_clear_snapshot()`.execute(db());
    const rows = await sql<{ relname: string; upd: string; hot: string }>`
      select relname, n_tup_upd as upd, n_tup_hot_upd as hot from pg_stat_user_tables
      where relname in ('subscriptions', 'traffic_daily')`.execute(db());
    const get = (name: string) => {
      const r = rows.rows.find((x) => x.relname === name);
      return { upd: Number(r?.upd ?? 0), hot: Number(r?.hot ?? 0) };
    };
    return { subscriptions: get('subscriptions'), traffic_daily: get('traffic_daily') };
  }

  it("updates every subscription's usage and its day without a new index entry, push after push", async () => {
    await updatesOfOnePush(1); // inserts the day's rows
    for (const round of [2, 3, 4]) {
      const u = await updatesOfOnePush(round);
      expect(u.subscriptions).toEqual({ upd: ids.length, hot: ids.length });
      expect(u.traffic_daily).toEqual({ upd: ids.length, hot: ids.length });
    }
  });
});
