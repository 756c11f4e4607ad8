import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { resolveSecret } from '../lib/secrets.js';
import { seedDemoCatalogue } from '../seed/demo-seed.js';
import { DEMO_HELP_DOCUMENTS, DEMO_NODES, DEMO_PACKAGES } from '../seed/demo-catalogue.js';
import { createTestDatabase, testConfig, TEST_DIALECT, type TestDatabase } from '../test/helpers.js';
import { migrateToLatest } from './migrate.js';

describe(`migrations, secrets and demo data (${TEST_DIALECT})`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.drop());

  it('applies every migration once; a second run changes nothing', async () => {
    const first = await migrateToLatest(database.handle.db);
    expect(first).toContain('0001-init');
    expect(await migrateToLatest(database.handle.db)).toEqual([]);
  });

  it('seeds the demo catalogue exactly once, even when two starts race', async () => {
    await migrateToLatest(database.handle.db);
    const results = await Promise.all([
      seedDemoCatalogue(database.handle.db),
      seedDemoCatalogue(database.handle.db),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await seedDemoCatalogue(database.handle.db)).toBe(false);
    const db = database.handle.db;
    const count = async (table: 'packages' | 'nodes' | 'help_documents' | 'announcements') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('packages')).toBe(DEMO_PACKAGES.length);
    expect(await count('nodes')).toBe(DEMO_NODES.length);
    expect(await count('help_documents')).toBe(DEMO_HELP_DOCUMENTS.length * 3);
    expect(await count('announcements')).toBeGreaterThan(0);
    const pro = await db
      .selectFrom('packages')
      .selectAll()
      .where('is_popular', '=', 1)
      .executeTakeFirstOrThrow();
    expect(typeof pro.price_fen).toBe('number');
    expect(typeof pro.traffic_bytes).toBe('number');
  });

  it('the database refuses a negative price and an unknown protocol', async () => {
    await migrateToLatest(database.handle.db);
    const now = new Date().toISOString();
    await expect(
      database.handle.db
        .insertInto('packages')
        .values({
          name: 'x',
          type: 'monthly',
          traffic_bytes: null,
          validity_days: 30,
          price_fen: -1,
          speed_limit_mbps: null,
          translations: null,
          created_at: now,
          updated_at: now,
        })
        .execute(),
    ).rejects.toThrow();
    await expect(
      database.handle.db
        .insertInto('nodes')
        .values({
          name: 'x',
          region: 'asia',
          country: 'HK',
          city: null,
          host: 'h',
          port: 1,
          protocol: 'http' as 'vmess', // an invalid protocol on purpose: the database must refuse it
          inbound_rule_id: null,
          rule_name: null,
          load_percent: null,
          cpu_percent: null,
          mem_percent: null,
          latency_ms: null,
          last_heartbeat_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute(),
    ).rejects.toThrow();
    // Hysteria2 and TUIC (migration 0021) are protocols it takes.
    for (const protocol of ['hysteria2', 'tuic'] as const)
      await database.handle.db
        .insertInto('nodes')
        .values({
          name: protocol,
          region: 'asia',
          country: 'JP',
          city: null,
          host: 'h',
          port: 443,
          protocol,
          inbound_rule_id: null,
          rule_name: null,
          load_percent: null,
          cpu_percent: null,
          mem_percent: null,
          latency_ms: null,
          last_heartbeat_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
  });

  it('generates a secret on first start and keeps it across restarts; a configured one wins', async () => {
    const a = await buildApp(testConfig(), { database: database.handle });
    const b = await buildApp(testConfig(), { database: database.handle });
    expect(a.ctx.secrets.jwt.length).toBeGreaterThanOrEqual(48);
    expect(b.ctx.secrets.jwt).toBe(a.ctx.secrets.jwt);
    await a.close();
    await b.close();
    const given = 'x'.repeat(40);
    expect(await resolveSecret(database.handle.db, 'jwt', given)).toBe(given);
    const [s1, s2] = await Promise.all([
      resolveSecret(database.handle.db, 'other', null),
      resolveSecret(database.handle.db, 'other', null),
    ]);
    expect(s1).toBe(s2);
  });
});
