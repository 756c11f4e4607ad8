import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '../../db/migrate.js';
import { openDatabase, type DatabaseHandle } from '../../db/connection.js';
import { isoAfter, nowIso } from '../../db/time.js';
import type { Db } from '../../db/types.js';
import { randomToken } from '../../lib/crypto.js';
import { seedDemoCatalogue } from '../../seed/demo-seed.js';
import { bareUser, createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../test/helpers.js';
import { userListVersion } from '../../lib/change-log-repository.js';
import {
  SQLITE_VERSION_TTL_MS,
  watchListVersion,
  type ListVersionWatch,
} from '../../lib/list-version-watch.js';
import { LinkIndex, linkTarget, type LinkTarget } from './link-index.js';
import * as repo from './repository.js';
import { trafficUsedUp } from './servable.js';
import { SubscriptionLinks } from './subscription-link.js';

/** One write `/sub` must see; indexes pick among the rows there are (modulo their number). */
type Op =
  | { kind: 'add'; user: number; pkg: number; status: 'active' | 'suspended' | 'expired'; limit: boolean }
  | { kind: 'status'; sub: number; status: 'active' | 'suspended' | 'expired' | 'upgraded' }
  | { kind: 'end'; sub: number; end: number }
  | { kind: 'reset'; sub: number; here: boolean }
  | { kind: 'traffic'; sub: number; used: number }
  | { kind: 'package'; sub: number; pkg: number }
  | { kind: 'delete'; sub: number }
  | { kind: 'owner'; user: number; active: boolean }
  | { kind: 'locale'; user: number; locale: 'zh_CN' | 'zh_TW' | 'en' }
  | { kind: 'reach'; pkg: number };

const at = fc.nat(1000);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      user: at,
      pkg: at,
      status: fc.constantFrom('active' as const, 'suspended' as const, 'expired' as const),
      limit: fc.boolean(),
    }),
  },
  fc.record({
    kind: fc.constant('status' as const),
    sub: at,
    status: fc.constantFrom('active' as const, 'suspended' as const, 'expired' as const, 'upgraded' as const),
  }),
  fc.record({ kind: fc.constant('end' as const), sub: at, end: fc.constantFrom(-60_000, 86_400_000) }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reset' as const), sub: at, here: fc.boolean() }) },
  fc.record({
    kind: fc.constant('traffic' as const),
    sub: at,
    used: fc.constantFrom(0, 10, 999, 1000, 5000),
  }),
  fc.record({ kind: fc.constant('package' as const), sub: at, pkg: at }),
  fc.record({ kind: fc.constant('delete' as const), sub: at }),
  fc.record({ kind: fc.constant('owner' as const), user: at, active: fc.boolean() }),
  fc.record({
    kind: fc.constant('locale' as const),
    user: at,
    locale: fc.constantFrom('zh_CN' as const, 'zh_TW' as const, 'en' as const),
  }),
  fc.record({ kind: fc.constant('reach' as const), pkg: at }),
);

/**
 * `/sub` answers from memory (link-index.ts): after any sequence of writes, made by this process or by another
 * connection, what the index answers for every token ever handed out is what the database says: at once for this
 * process's writes on both databases; for another connection's, within SQLITE_VERSION_TTL_MS on SQLite and as soon
 * as the version is announced on PostgreSQL. A token replaced here is refused at once on both.
 */
describe(`the subscription links /sub serves from memory (${TEST_DIALECT})`, () => {
  let t: TestDatabase;
  let other: DatabaseHandle;
  let index: LinkIndex;
  let watch: ListVersionWatch;
  let links: SubscriptionLinks;
  const errors: Error[] = [];
  const db = () => t.handle.db;
  const users: number[] = [];
  let packages: number[] = [];
  let group: number;
  /** Every token ever given to a subscription here (the current ones and those replaced). */
  const tokens = new Set<string>();

  beforeAll(async () => {
    t = await createTestDatabase();
    await migrateToLatest(db());
    await seedDemoCatalogue(db());
    other = openDatabase(t.url);
    watch = watchListVersion(t.handle, (err) => errors.push(err));
    index = new LinkIndex(db(), watch, (err) => errors.push(err));
    links = new SubscriptionLinks(db(), 'http://127.0.0.1', index);
    const now = nowIso();
    for (let i = 0; i < 3; i++) {
      const u = await db()
        .insertInto('users')
        .values(bareUser(`links-${i}-${randomUUID()}@example.com`))
        .returning('id')
        .executeTakeFirstOrThrow();
      users.push(u.id);
    }
    packages = (await db().selectFrom('packages').select('id').orderBy('id').execute()).map((p) => p.id);
    group = (
      await db()
        .insertInto('node_groups')
        .values({ name: `links-${randomUUID()}`, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await index.close();
    await watch.close();
    await other.close();
    await t.drop();
  });

  const pick = <T>(xs: T[], i: number): T | undefined => (xs.length ? xs[i % xs.length] : undefined);
  const subIds = async () =>
    (await db().selectFrom('subscriptions').select('id').orderBy('id').execute()).map((s) => s.id);

  /**
   * One write: through this process's services where it has one, else as SQL on this or the other connection. True
   * when it was the other connection's (another instance's write).
   */
  async function apply(o: Op): Promise<boolean> {
    const now = nowIso();
    if (o.kind === 'add') {
      const token = randomToken(24);
      tokens.add(token);
      await db()
        .insertInto('subscriptions')
        .values({
          user_id: pick(users, o.user)!,
          package_id: pick(packages, o.pkg)!,
          status: o.status,
          uuid: randomUUID(),
          link_token: token,
          start_at: now,
          end_at: isoAfter(86_400_000),
          traffic_limit: o.limit ? 1000 : null,
          device_limit: 2,
          speed_limit_mbps: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return false;
    }
    if (o.kind === 'owner' || o.kind === 'locale') {
      const set =
        o.kind === 'owner'
          ? { status: o.active ? ('active' as const) : ('disabled' as const) }
          : { locale: o.locale };
      // Another instance's write: this process learns of it only from the database.
      await other.db.updateTable('users').set(set).where('id', '=', pick(users, o.user)!).execute();
      return true;
    }
    if (o.kind === 'reach') {
      const pkg = pick(packages, o.pkg)!;
      const had = await db()
        .deleteFrom('package_node_groups')
        .where('package_id', '=', pkg)
        .executeTakeFirst();
      if (Number(had.numDeletedRows) === 0)
        await db().insertInto('package_node_groups').values({ package_id: pkg, group_id: group }).execute();
      return false;
    }
    const sub = pick(await subIds(), o.sub);
    if (sub === undefined) return false;
    const q = db().updateTable('subscriptions').where('id', '=', sub);
    if (o.kind === 'status') await q.set({ status: o.status }).execute();
    if (o.kind === 'end') await q.set({ end_at: isoAfter(o.end) }).execute();
    if (o.kind === 'traffic')
      await q.set({ traffic_used: o.used, upload_bytes: Math.floor(o.used / 3) }).execute();
    if (o.kind === 'package') await q.set({ package_id: pick(packages, o.pkg)! }).execute();
    if (o.kind === 'delete') await db().deleteFrom('subscriptions').where('id', '=', sub).execute();
    if (o.kind === 'reset') {
      if (o.here) {
        const { link_token: was } = await db()
          .selectFrom('subscriptions')
          .select('link_token')
          .where('id', '=', sub)
          .executeTakeFirstOrThrow();
        tokens.add(await links.replaceToken(db(), sub));
        // Refused at once, on both databases (forgotten here before the version is announced).
        expect(await links.resolve(was)).toBeNull();
      } else {
        const token = randomToken(24);
        tokens.add(token);
        await other.db
          .updateTable('subscriptions')
          .set({ link_token: token })
          .where('id', '=', sub)
          .execute();
        return true;
      }
    }
    return false;
  }

  /** Until the index has been asked and reflects the database's version (at once on SQLite). */
  async function caughtUp(db: Db = t.handle.db): Promise<void> {
    await vi.waitFor(
      async () => {
        await index.lookup('-');
        expect(index.reflects).toBe(await userListVersion(db));
      },
      { timeout: 5_000, interval: 10 },
    );
  }

  /** What the database says a token opens, if the index is to hold it. */
  async function truth(token: string): Promise<LinkTarget | undefined> {
    const row = await repo.byLinkToken(db(), token);
    return row && (repo.INDEXED_LINK_STATUSES as readonly string[]).includes(row.status)
      ? linkTarget(row)
      : undefined;
  }

  /** Traffic figures may lag (refreshed apart); whether the limit is reached may not. */
  const served = (target: LinkTarget | undefined) =>
    target && {
      ...target,
      sub: { ...target.sub, traffic_used: 0, upload_bytes: 0, usedUp: trafficUsedUp(target.sub) },
    };

  it('answers as the database does after any writes, here or elsewhere', async () => {
    await caughtUp();
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 16 }), async (ops) => {
        for (const o of ops) {
          const elsewhere = await apply(o);
          // This process's writes are seen at once on both databases (the version is read back after a write).
          // Another instance's: on SQLite within SQLITE_VERSION_TTL_MS; on PostgreSQL when announced (below).
          if (elsewhere && TEST_DIALECT === 'postgres') continue;
          if (elsewhere) await new Promise((r) => setTimeout(r, SQLITE_VERSION_TTL_MS + 5));
          for (const token of tokens) {
            const known = await index.lookup(token);
            if (known) expect(served(known)).toEqual(served(await truth(token)));
          }
        }
        await caughtUp();
        for (const token of tokens)
          expect(served(await index.lookup(token))).toEqual(served(await truth(token)));
        await index.refreshTraffic();
        for (const token of tokens) expect(await index.lookup(token)).toEqual(await truth(token));
      }),
      { numRuns: Number(process.env.X_RUNS ?? 30) },
    );
    expect(errors).toEqual([]);
    // It did answer from memory: the comparisons above were not all of "undefined" with "undefined".
    let held = 0;
    for (const token of tokens) if (await index.lookup(token)) held++;
    expect(held).toBeGreaterThan(5);
  });

  it('refuses a replaced token at once, and knows the new one', async () => {
    await apply({ kind: 'add', user: 0, pkg: 0, status: 'active', limit: false });
    await caughtUp();
    const sub = await db()
      .selectFrom('subscriptions')
      .select(['id', 'link_token'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect((await index.lookup(sub.link_token))?.sub.id).toBe(sub.id);
    const token = await links.replaceToken(db(), sub.id);
    expect(await index.lookup(sub.link_token)).toBeUndefined();
    expect(await links.resolve(sub.link_token)).toBeNull();
    expect((await links.resolve(token))?.sub.id).toBe(sub.id);
    await caughtUp();
    expect((await index.lookup(token))?.sub.id).toBe(sub.id);
  });

  it('is not used while the version is unknown, and is rebuilt when the log cannot say', async () => {
    const fresh = new LinkIndex(db(), watch);
    try {
      const [token] = [...tokens];
      // Not built yet: the database answers (undefined here), the build starts.
      expect(await fresh.lookup(token!)).toBeUndefined();
      await vi.waitFor(async () => {
        await fresh.lookup('-');
        expect(fresh.reflects).not.toBeNull();
      });
      // A change of reach (a package's groups) is logged as "rebuild".
      await apply({ kind: 'reach', pkg: 0 });
      await vi.waitFor(async () => {
        await fresh.lookup('-');
        expect(fresh.reflects).toBe(await userListVersion(db()));
      });
      for (const t of tokens) expect(served(await fresh.lookup(t))).toEqual(served(await truth(t)));
    } finally {
      await fresh.close();
    }
  });
});
