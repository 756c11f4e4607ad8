import { encode } from '@msgpack/msgpack';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connection.js';
import { isoAfter, nowIso } from '../../db/time.js';
import type { Database } from '../../db/types.js';
import { seedDemoCatalogue } from '../../seed/demo-seed.js';
import { bareUser, createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import * as repo from './repository.js';
import { UserLists } from './user-lists.js';
import type { Kysely, Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/** One write that may change a list; indexes pick among the rows there are (modulo their number). */
type Op =
  | {
      kind: 'add';
      at: number;
      user: number;
      pkg: number;
      status: 'active' | 'suspended';
      end: number;
      limit: boolean;
    }
  | { kind: 'status'; sub: number; status: 'active' | 'suspended' | 'expired' }
  | { kind: 'end'; sub: number; end: number }
  | { kind: 'uuid'; sub: number }
  | { kind: 'limits'; sub: number; device: number; speed: number | null }
  | { kind: 'traffic'; sub: number; usedUp: boolean }
  | { kind: 'package'; sub: number; pkg: number }
  | { kind: 'delete'; sub: number }
  | { kind: 'user'; sub: number; active: boolean }
  | { kind: 'reach'; pkg: number };

const index = fc.nat(1000);
const op: fc.Arbitrary<Op> = fc.oneof(
  // Adds weigh most, so that lists grow over several buckets and past the gzip threshold.
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      at: fc.nat(1500),
      user: index,
      pkg: index,
      status: fc.constantFrom('active' as const, 'suspended' as const),
      end: fc.constantFrom(-3_600_000, 86_400_000, 2 * 86_400_000),
      limit: fc.boolean(),
    }),
  },
  fc.record({
    kind: fc.constant('status' as const),
    sub: index,
    status: fc.constantFrom('active' as const, 'suspended' as const, 'expired' as const),
  }),
  fc.record({ kind: fc.constant('end' as const), sub: index, end: fc.constantFrom(-60_000, 3 * 86_400_000) }),
  fc.record({ kind: fc.constant('uuid' as const), sub: index }),
  fc.record({
    kind: fc.constant('limits' as const),
    sub: index,
    device: fc.nat(5),
    speed: fc.option(fc.integer({ min: 1, max: 1000 })),
  }),
  fc.record({ kind: fc.constant('traffic' as const), sub: index, usedUp: fc.boolean() }),
  fc.record({ kind: fc.constant('package' as const), sub: index, pkg: index }),
  fc.record({ kind: fc.constant('delete' as const), sub: index }),
  fc.record({ kind: fc.constant('user' as const), sub: index, active: fc.boolean() }),
  fc.record({ kind: fc.constant('reach' as const), pkg: index }),
);
/** A step: one write, or several in one transaction (one version on PostgreSQL). */
const step = fc.array(op, { minLength: 1, maxLength: 4 });

/**
 * A list patched from the change log (user-lists.ts, migration 0028) must be the list built whole, byte for byte,
 * after any sequence of changes, on every instance: compared after each step with a list read fresh.
 */
describe(`the agents' user list, patched after changes (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let second: DatabaseHandle;
  const db = () => t.database.handle.db;
  const users: number[] = [];
  let packages: number[] = [];
  let groups: { inside: number; outside: number };
  let nodeId: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'error' } });
    second = openDatabase(t.database.url);
    await seedDemoCatalogue(db());
    const now = nowIso();
    for (let i = 0; i < 4; i++) {
      const u = await db()
        .insertInto('users')
        .values(bareUser(`patch-${i}-${randomUUID()}@example.com`))
        .returning('id')
        .executeTakeFirstOrThrow();
      users.push(u.id);
    }
    packages = (await db().selectFrom('packages').select('id').orderBy('id').execute()).map((p) => p.id);
    const node = await db()
      .selectFrom('nodes')
      .select('id')
      .where('is_visible', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    nodeId = node.id;
    const group = async (name: string) =>
      (
        await db()
          .insertInto('node_groups')
          .values({ name, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    groups = {
      inside: await group(`patch-in-${randomUUID()}`),
      outside: await group(`patch-out-${randomUUID()}`),
    };
    await db()
      .insertInto('node_group_members')
      .values({ group_id: groups.inside, node_id: nodeId })
      .execute();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const pick = <T>(xs: T[], i: number): T | undefined => (xs.length ? xs[i % xs.length] : undefined);
  const subIds = async (q: Db) =>
    (await q.selectFrom('subscriptions').select('id').orderBy('id').execute()).map((s) => s.id);

  async function apply(q: Db, o: Op): Promise<void> {
    const now = nowIso();
    if (o.kind === 'add') {
      // Ids given, spread over several of the list's buckets (1,024 ids each); one taken already is skipped.
      const id = 1 + (o.at % 8) * 1024 + Math.floor(o.at / 8);
      if (await q.selectFrom('subscriptions').select('id').where('id', '=', id).executeTakeFirst()) return;
      await q
        .insertInto('subscriptions')
        .values({
          id,
          user_id: pick(users, o.user)!,
          package_id: pick(packages, o.pkg)!,
          status: o.status,
          uuid: randomUUID(),
          link_token: randomUUID().replaceAll('-', ''),
          start_at: now,
          end_at: isoAfter(o.end),
          traffic_limit: o.limit ? 1000 : null,
          device_limit: 2,
          speed_limit_mbps: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return;
    }
    if (o.kind === 'user') {
      // The owner of a subscription (users without one change no list).
      const sub = pick(await subIds(q), o.sub);
      if (sub === undefined) return;
      await q
        .updateTable('users')
        .set({ status: o.active ? 'active' : 'disabled' })
        .where('id', '=', q.selectFrom('subscriptions').select('user_id').where('id', '=', sub))
        .execute();
      return;
    }
    if (o.kind === 'reach') {
      // A package gains or loses a group: inside the node's group, or one the node is not in.
      const pkg = pick(packages, o.pkg)!;
      const rows = await q
        .selectFrom('package_node_groups')
        .selectAll()
        .where('package_id', '=', pkg)
        .execute();
      if (rows.length > 0) await q.deleteFrom('package_node_groups').where('package_id', '=', pkg).execute();
      else
        await q
          .insertInto('package_node_groups')
          .values({ package_id: pkg, group_id: o.pkg % 2 ? groups.inside : groups.outside })
          .execute();
      return;
    }
    const sub = pick(await subIds(q), o.sub);
    if (sub === undefined) return;
    const update = q.updateTable('subscriptions').where('id', '=', sub);
    switch (o.kind) {
      case 'status':
        await update.set({ status: o.status }).execute();
        break;
      case 'end':
        await update.set({ end_at: isoAfter(o.end) }).execute();
        break;
      case 'uuid':
        await update.set({ uuid: randomUUID() }).execute();
        break;
      case 'limits':
        await update.set({ device_limit: o.device, speed_limit_mbps: o.speed }).execute();
        break;
      case 'traffic':
        await update.set({ traffic_limit: 1000, traffic_used: o.usedUp ? 1000 : 10 }).execute();
        break;
      case 'package':
        await update.set({ package_id: pick(packages, o.pkg)! }).execute();
        break;
      case 'delete':
        await q.deleteFrom('subscriptions').where('id', '=', sub).execute();
        break;
    }
  }

  it('equals the list built whole after random sequences of changes, on two instances', async () => {
    const one = new UserLists(db());
    const two = new UserLists(second.db);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        for (const [i, s] of steps.entries()) {
          if (s.length === 1) await apply(db(), s[0]!);
          else
            await db()
              .transaction()
              .execute(async (trx) => {
                for (const o of s) await apply(trx, o);
              });
          const node = (await repo.findAgentNode(db(), nodeId))!;
          // The two instances take turns: each patches across several steps at times.
          const cached = await (i % 3 === 2 ? two : one).forNode(node);
          const fresh = await new UserLists(db()).forNode(node);
          expect(cached).not.toBeNull();
          expect(cached!.json.bytes.toString()).toBe(fresh!.json.bytes.toString());
          expect(cached!.json.etag).toBe(fresh!.json.etag);
          // Its length is known before its bytes are made (only an uncompressed answer makes them).
          expect(cached!.json.length).toBe(cached!.json.bytes.length);
          // Its gzip (made whole or of kept buckets' members) is the same bytes.
          const zipped = await cached!.json.gzip();
          if (zipped) expect(gunzipSync(zipped).equals(cached!.json.bytes)).toBe(true);
          const packed = await cached!.msgpack();
          expect(Buffer.from(encode(JSON.parse(fresh!.json.bytes.toString()))).equals(packed.bytes)).toBe(
            true,
          );
        }
      }),
      { numRuns: TEST_DIALECT === 'postgres' ? 40 : 80 },
    );
    // The property is about patches: most steps must have been patched, not rebuilt.
    const counts = {
      patched: one.counts.patched + two.counts.patched,
      built: one.counts.built + two.counts.built,
    };
    expect(counts.patched).toBeGreaterThan(counts.built);
    expect(counts.patched).toBeGreaterThan(0);
  });

  it('rebuilds whole when the log no longer reaches back to the list', async () => {
    // Every package reaching every node, every user active: the subscription added below is served.
    await db().deleteFrom('package_node_groups').execute();
    await db().updateTable('users').set({ status: 'active' }).execute();
    const lists = new UserLists(db());
    const before = await lists.forNode((await repo.findAgentNode(db(), nodeId))!);
    await apply(db(), {
      kind: 'add',
      at: 3000,
      user: 0,
      pkg: 0,
      status: 'active',
      end: 86_400_000,
      limit: false,
    });
    // As the trim does: the log is whole from the current version on only.
    await db()
      .updateTable('user_list_version')
      .set((eb) => ({ log_from: eb.ref('version') }))
      .where('id', '=', 1)
      .execute();
    const built = lists.counts.built;
    const after = await lists.forNode((await repo.findAgentNode(db(), nodeId))!);
    expect(lists.counts.built).toBe(built + 1);
    expect(after!.json.bytes.toString()).toBe(
      (await new UserLists(db()).forNode((await repo.findAgentNode(db(), nodeId))!))!.json.bytes.toString(),
    );
    expect(after!.json.etag).not.toBe(before!.json.etag);
  });

  it('trims the log in the writing transaction every 1,000 versions, keeping the last 20,000', async () => {
    await db().updateTable('user_list_version').set({ version: 40_998 }).where('id', '=', 1).execute();
    await db().insertInto('user_list_changes').values({ version: 20_500, subscription_id: 1 }).execute();
    await db().insertInto('user_list_changes').values({ version: 21_500, subscription_id: 1 }).execute();
    const sub = (await subIds(db()))[0]!;
    const bump = (n: number) =>
      db().updateTable('subscriptions').set({ device_limit: n }).where('id', '=', sub).execute();
    await bump(7);
    const head = () => db().selectFrom('user_list_version').selectAll().executeTakeFirstOrThrow();
    expect(Number((await head()).version)).toBe(40_999);
    expect(Number((await head()).log_from)).toBeLessThan(21_000);
    await bump(8);
    expect(Number((await head()).version)).toBe(41_000);
    expect(Number((await head()).log_from)).toBe(21_000);
    const kept = await db()
      .selectFrom('user_list_changes')
      .select('version')
      .where('version', '<', 30_000)
      .execute();
    expect(kept.map((r) => Number(r.version))).toEqual([21_500]);
    // A list from before the trim is rebuilt; one from after it is patched.
    const lists = new UserLists(db());
    const node = async () => (await repo.findAgentNode(db(), nodeId))!;
    await lists.forNode(await node());
    await bump(9);
    await lists.forNode(await node());
    expect(lists.counts).toEqual({ built: 1, patched: 1 });
  });

  it('stays equal to the list built whole under parallel writers', async () => {
    await db().deleteFrom('package_node_groups').execute();
    await db().updateTable('users').set({ status: 'active' }).execute();
    const lists = new UserLists(second.db);
    const node = async () => (await repo.findAgentNode(second.db, nodeId))!;
    await lists.forNode(await node());
    const ids = await subIds(db());
    let writing = true;
    const writers = Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; i < 10; i++)
        await db()
          .transaction()
          .execute(async (trx) => {
            for (const o of [
              { kind: 'status', sub: w * 10 + i, status: i % 2 ? 'active' : 'suspended' },
              {
                kind: 'add',
                at: 3100 + w * 10 + i,
                user: w,
                pkg: i,
                status: 'active',
                end: 86_400_000,
                limit: false,
              },
              { kind: 'limits', sub: w + i * 3, device: i % 4, speed: null },
            ] as Op[])
              await apply(trx, o);
          });
    });
    const reader = (async () => {
      while (writing) await lists.forNode(await node());
    })();
    await Promise.all(writers);
    writing = false;
    await reader;
    const cached = await lists.forNode(await node());
    const fresh = await new UserLists(db()).forNode((await repo.findAgentNode(db(), nodeId))!);
    expect(cached!.json.bytes.toString()).toBe(fresh!.json.bytes.toString());
    expect(lists.counts.patched).toBeGreaterThan(0);
    expect((await subIds(db())).length).toBe(ids.length + 80);
  });

  it('patches hundreds of changes at once (one pass and a sort) as well as a few', async () => {
    await db().deleteFrom('package_node_groups').execute();
    await db().updateTable('users').set({ status: 'active' }).execute();
    const lists = new UserLists(db());
    const node = async () => (await repo.findAgentNode(db(), nodeId))!;
    for (let i = 0; i < 300; i++)
      await apply(db(), {
        kind: 'add',
        at: 3200 + i,
        user: i,
        pkg: 0,
        status: 'active',
        end: 86_400_000,
        limit: false,
      });
    await lists.forNode(await node());
    const ids = await subIds(db());
    // Every other one suspended, the rest given a new device limit, a few deleted, some added: one version each side.
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('subscriptions')
          .set({ status: 'suspended' })
          .where('id', 'in', ids.filter((_, i) => i % 2 === 0).slice(-150))
          .execute();
        await trx
          .updateTable('subscriptions')
          .set({ device_limit: 4 })
          .where('id', 'in', ids.filter((_, i) => i % 2 === 1).slice(-150))
          .execute();
        await trx.deleteFrom('subscriptions').where('id', 'in', ids.slice(0, 5)).execute();
        for (let i = 0; i < 5; i++)
          await apply(trx, {
            kind: 'add',
            at: 3600 + i,
            user: i,
            pkg: 0,
            status: 'active',
            end: 86_400_000,
            limit: false,
          });
      });
    const patched = lists.counts.patched;
    const cached = await lists.forNode(await node());
    expect(lists.counts.patched).toBe(patched + 1);
    const fresh = await new UserLists(db()).forNode(await node());
    expect(cached!.json.bytes.toString()).toBe(fresh!.json.bytes.toString());
  });
});
