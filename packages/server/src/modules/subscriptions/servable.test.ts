import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.js';
import { nowIso } from '../../db/time.js';
import type { SubscriptionsTable } from '../../db/types.js';
import { seedDemoCatalogue } from '../../seed/demo-seed.js';
import { bareUser, createTestDatabase, type TestDatabase } from '../../test/helpers.js';
import {
  isServable,
  servableSql,
  servingProblem,
  trafficUsedUp,
  trafficUsedUpSql,
  upgradeRefusal,
} from './servable.js';

const DAY = 86_400_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** Every combination that matters: status, before or past the end, no limit / under / at / over it. */
const CASES = ['active', 'suspended', 'expired', 'upgraded'].flatMap((status) =>
  [at(DAY), at(-DAY)].flatMap((end_at) =>
    [
      { traffic_limit: null, traffic_used: 5 },
      { traffic_limit: 10, traffic_used: 9 },
      { traffic_limit: 10, traffic_used: 10 },
      { traffic_limit: 10, traffic_used: 11 },
    ].map((t) => ({ status: status as SubscriptionsTable['status'], end_at, ...t })),
  ),
);

describe('the servable rule', () => {
  let database: TestDatabase;
  const ids: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.handle.db;
    await migrateToLatest(db);
    await seedDemoCatalogue(db);
    const pkg = await db.selectFrom('packages').select('id').orderBy('id').executeTakeFirstOrThrow();
    const now = nowIso();
    const user = await db
      .insertInto('users')
      .values(bareUser('servable@example.com', { locale: 'en' }))
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, c] of CASES.entries()) {
      const row = await db
        .insertInto('subscriptions')
        .values({
          user_id: user.id,
          package_id: pkg.id,
          uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          link_token: `servable-case-${i}`,
          start_at: at(-30 * DAY),
          device_limit: 3,
          speed_limit_mbps: null,
          upgraded_to: null,
          created_at: now,
          updated_at: now,
          ...c,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
  });
  afterAll(() => database.drop());

  it('the predicate and the SQL expression pick the same subscriptions', async () => {
    const db = database.handle.db;
    const now = nowIso();
    const rows = await db.selectFrom('subscriptions').selectAll().where('id', 'in', ids).execute();
    const servable = await db
      .selectFrom('subscriptions')
      .select('id')
      .where('id', 'in', ids)
      .where(servableSql(now))
      .execute();
    const usedUp = await db
      .selectFrom('subscriptions as s')
      .select('s.id')
      .where('s.id', 'in', ids)
      .where(trafficUsedUpSql('s'))
      .execute();
    expect(servable.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      rows
        .filter((r) => isServable(r, now))
        .map((r) => r.id)
        .sort((a, b) => a - b),
    );
    expect(usedUp.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      rows
        .filter((r) => trafficUsedUp(r))
        .map((r) => r.id)
        .sort((a, b) => a - b),
    );
    // Only active, unexpired subscriptions with traffic left: 2 of the 32 cases.
    expect(servable).toHaveLength(2);
  });

  it('explains each refusal: past the end is expired, then used-up traffic, then the status', () => {
    const now = nowIso();
    const base = { status: 'active' as const, end_at: at(DAY), traffic_limit: 10, traffic_used: 1 };
    expect(servingProblem(base, now)).toBeNull();
    expect(servingProblem({ ...base, end_at: at(-1000) }, now)).toBe('expired');
    expect(servingProblem({ ...base, status: 'expired' }, now)).toBe('expired');
    expect(servingProblem({ ...base, traffic_used: 10 }, now)).toBe('exhausted');
    expect(servingProblem({ ...base, status: 'suspended', traffic_used: 10 }, now)).toBe('exhausted');
    expect(servingProblem({ ...base, status: 'suspended' }, now)).toBe('suspended');
  });

  it('upgrades start from what is served or only out of traffic, never past the end', () => {
    const now = nowIso();
    const base = { status: 'active' as const, end_at: at(DAY), traffic_limit: 10, traffic_used: 1 };
    expect(upgradeRefusal(base, now)).toBeNull();
    expect(upgradeRefusal({ ...base, status: 'suspended', traffic_used: 10 }, now)).toBeNull();
    expect(upgradeRefusal({ ...base, status: 'suspended' }, now)).toBe('subscription_suspended');
    expect(upgradeRefusal({ ...base, status: 'upgraded' }, now)).toBe('subscription_upgraded');
    expect(upgradeRefusal({ ...base, status: 'expired' }, now)).toBe('subscription_expired');
    expect(upgradeRefusal({ ...base, end_at: at(-1000) }, now)).toBe('subscription_expired');
  });
});
