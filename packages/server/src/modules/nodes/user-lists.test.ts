import { decode, encode } from '@msgpack/msgpack';
import { ADMIN_API_PREFIX, TICKET_CATEGORIES, type Package } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { CompiledQuery } from 'kysely';
import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/connection.js';
import { isoAfter } from '../../db/time.js';
import { seedDemoCatalogue } from '../../seed/demo-seed.js';
import { accountWithRole, call, login, verifiedUser } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, testConfig, type TestApp } from '../../test/helpers.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { credit } from '../../test/wallet.js';
import { STAND_IN_USER_ID } from './agent-service.js';
import { NODE_API_PREFIX } from './node-api.js';
import { issueNodeToken } from './node-tokens.js';

const API = '/api/v1/portal';

interface Sub {
  id: number;
  uuid: string;
}

/**
 * The agents' user list is built once per change (user-lists.ts, migration 0024): its ETag must change exactly when
 * the list does, whatever changed it, and a call whose ETag matches must cost no query beyond authentication.
 */
describe(`the agents' user list, built once per change (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  let app: FastifyInstance;
  let customer: { id: number; token: string; email: string };
  let owner: { id: number; token: string };
  let monthly: Package;
  let node: { id: number; token: string; protocol: string };
  const db = () => t.database.handle.db;
  /** Every statement the app sends, while counting. */
  let statements: string[] | null = null;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: sink.url, LOG_LEVEL: 'error', RATE_LIMIT_MAX: '100000' } });
    app = t.app;
    await seedDemoCatalogue(db());
    const u = await verifiedUser(app, sink);
    const row = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', u.email)
      .executeTakeFirstOrThrow();
    customer = { id: row.id, token: u.tokens.access_token, email: u.email };
    await credit(db(), u.email, 1_000_000);
    owner = await accountWithRole(app, db(), 'owner');
    const packages = (await call<Package[]>(app, { url: `${API}/subscriptions/packages` })).data;
    monthly = packages.find((p) => p.type === 'monthly' && p.traffic_bytes !== null)!;
    const n = await db()
      .selectFrom('nodes')
      .select(['id', 'protocol'])
      .where('name', '=', 'Hong Kong 01')
      .executeTakeFirstOrThrow();
    node = { ...n, token: await issueNodeToken(db(), n.id) };
    // Count what the app's database handle runs (the executor every service shares).
    const executor = db().getExecutor();
    const run = executor.executeQuery.bind(executor);
    executor.executeQuery = ((query: CompiledQuery) => {
      statements?.push(query.sql);
      return run(query);
    }) as typeof executor.executeQuery;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const pull = (headers: Record<string, string> = {}, target: FastifyInstance = app) =>
    target.inject({
      url: `${NODE_API_PREFIX}/user?${new URLSearchParams({ token: node.token, node_id: String(node.id), node_type: node.protocol }).toString()}`,
      headers,
    });
  const list = async () => {
    const r = await pull();
    expect(r.statusCode).toBe(200);
    return {
      etag: r.headers.etag as string,
      ids: r.json<{ users: { id: number }[] }>().users.map((u) => u.id),
    };
  };
  const version = async () =>
    Number((await db().selectFrom('user_list_version').select('version').executeTakeFirstOrThrow()).version);
  const customerCall = <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    call<T>(app, { method, url: `${API}${url}`, token: customer.token, ...(payload ? { payload } : {}) });
  const staff = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
    call<T>(app, {
      method,
      url: `${ADMIN_API_PREFIX}${path}`,
      token: owner.token,
      ...(payload ? { payload } : {}),
    });
  const buy = async (key: string) => {
    const r = await customerCall<{ subscription: Sub }>('POST', '/subscriptions/purchase', {
      package_id: monthly.id,
      idempotency_key: `userlist-${key}`,
    });
    expect(r.code).toBe(20000);
    return r.data.subscription;
  };

  /** Runs the change and returns the list after it, failing when the ETag did not change with the list. */
  const changes = async (change: () => Promise<unknown>) => {
    const before = await list();
    await change();
    const after = await list();
    expect(after.etag).not.toBe(before.etag);
    return after;
  };
  /**
   * Runs an unrelated write: neither the version nor the ETag moves. `logged`: a write the change log records for
   * `/sub` (a link token, a language; migration 0031): the version moves, the list's bytes and ETag do not.
   */
  const unchanged = async (write: () => Promise<unknown>, logged = false) => {
    const before = await list();
    const v = await version();
    await write();
    if (logged) expect(await version()).toBeGreaterThan(v);
    else expect(await version()).toBe(v);
    const again = await pull({ 'if-none-match': before.etag });
    expect(again.statusCode).toBe(304);
  };

  it('answers a matching ETag with 304 from memory: the node, the version and the bytes are kept', async () => {
    await buy('ul-304');
    const { etag } = await list();
    // What may still be read: the node catalogue's version (app_meta, at most once a second). Never the node, the
    // list's version through the query builder, or the users (on SQLite the version row is read on the connection,
    // outside it; on PostgreSQL it is announced, once the watch is listening).
    const readsOf = (seen: string[]) => seen.filter((q) => !/from "app_meta"/.test(q));
    await vi.waitFor(async () => {
      statements = [];
      const r = await pull({ 'if-none-match': etag });
      const seen = statements;
      statements = null;
      expect(r.statusCode).toBe(304);
      expect(r.body).toBe('');
      expect(readsOf(seen), seen.join('\n')).toEqual([]);
    });
    // A full answer without a change reads nothing either: the bytes are kept.
    statements = [];
    expect((await pull()).statusCode).toBe(200);
    expect(readsOf(statements), statements.join('\n')).toEqual([]);
    statements = null;
  });

  it('changes with each kind of change that reaches a list', async () => {
    // Purchase. A link reset gives a new link token, not a new UUID: the list stays (the log records it for /sub).
    const sub = await buy('ul-buy');
    expect((await list()).ids).toContain(sub.id);
    await unchanged(
      () =>
        customerCall('POST', '/subscriptions/link/reset', { subscription_id: sub.id }).then((r) =>
          expect(r.code).toBe(20000),
        ),
      true,
    );
    // Account disabled and enabled by staff.
    expect(
      (
        await changes(() =>
          staff('PUT', `/users/${customer.id}/disabled`, { disabled: true, reason: 'test' }).then((r) =>
            expect(r.code).toBe(20000),
          ),
        )
      ).ids,
    ).not.toContain(sub.id);
    expect(
      (
        await changes(() =>
          staff('PUT', `/users/${customer.id}/disabled`, { disabled: false }).then((r) =>
            expect(r.code).toBe(20000),
          ),
        )
      ).ids,
    ).toContain(sub.id);
    // Disabling ended the customer's sessions.
    customer.token = (await login(app, customer.email)).access_token;
    // A staff grant adds a subscription.
    const other = await accountWithRole(app, db(), 'user');
    let granted = 0;
    await changes(() =>
      staff<{ id: number }>('POST', `/users/${other.id}/subscriptions`, {
        package_id: monthly.id,
        days: 3,
        reason: 'test',
      }).then((r) => {
        expect(r.code).toBe(20000);
        granted = r.data.id;
      }),
    );
    // Device and speed limits.
    await changes(() =>
      db().updateTable('subscriptions').set({ device_limit: 9 }).where('id', '=', sub.id).execute(),
    );
    await changes(() =>
      db().updateTable('subscriptions').set({ speed_limit_mbps: 50 }).where('id', '=', sub.id).execute(),
    );
    // The node hidden (its stand-in), then shown again.
    const hidden = await changes(() =>
      staff('PUT', `/nodes/${node.id}/enabled`, { enabled: false }).then((r) => expect(r.code).toBe(20000)),
    );
    expect(hidden.ids).toEqual([STAND_IN_USER_ID]);
    await changes(() =>
      staff('PUT', `/nodes/${node.id}/enabled`, { enabled: true }).then((r) => expect(r.code).toBe(20000)),
    );
    // Node groups: the package restricted to a group without this node, then the node joins it.
    const group = (await staff<{ id: number }>('POST', '/node-groups', { name: 'Only' })).data;
    const nodeAdmin = app.ctx.services.nodeAdmin;
    const restricted = await changes(() =>
      db()
        .transaction()
        .execute((trx) => nodeAdmin.setPackageGroups(trx, monthly.id, [group.id])),
    );
    expect(restricted.ids).not.toContain(sub.id);
    const joined = await changes(() =>
      db().insertInto('node_group_members').values({ group_id: group.id, node_id: node.id }).execute(),
    );
    expect(joined.ids).toContain(sub.id);
    const left = await changes(() =>
      db().deleteFrom('node_group_members').where('group_id', '=', group.id).execute(),
    );
    expect(left.ids).not.toContain(sub.id);
    await changes(() =>
      db()
        .transaction()
        .execute((trx) => nodeAdmin.setPackageGroups(trx, monthly.id, [])),
    );
    // Expiry recorded by the job, and deletion.
    await changes(() =>
      db().updateTable('subscriptions').set({ status: 'expired' }).where('id', '=', sub.id).execute(),
    );
    // Renewal brings it back (renewing a live one changes the version, not the list: same users, same bytes).
    const renew = (key: string) =>
      customerCall('POST', '/subscriptions/renew', { subscription_id: sub.id, idempotency_key: key }).then(
        (r) => expect(r.code).toBe(20000),
      );
    expect((await changes(() => renew('userlist-renew-1'))).ids).toContain(sub.id);
    const v = await version();
    const same = await list();
    await renew('userlist-renew-2');
    expect(await version()).toBeGreaterThan(v);
    expect((await pull({ 'if-none-match': same.etag })).statusCode).toBe(304);
    // Deletion (a grant has no order to keep it).
    await changes(() => db().deleteFrom('subscriptions').where('id', '=', granted).execute());
  });

  it('suspends at the limit through a push, and staff bring it back; a push that suspends nobody changes nothing', async () => {
    const sub = await buy('ul-limit');
    const push = (payload: object) =>
      app.inject({
        method: 'POST',
        url: `${NODE_API_PREFIX}/push?${new URLSearchParams({ token: node.token, node_id: String(node.id), node_type: node.protocol }).toString()}`,
        payload,
      });
    await unchanged(() => push({ [sub.id]: [1000, 2000] }));
    const limit = Number(
      (
        await db()
          .selectFrom('subscriptions')
          .select('traffic_limit')
          .where('id', '=', sub.id)
          .executeTakeFirstOrThrow()
      ).traffic_limit,
    );
    const suspended = await changes(() => push({ [sub.id]: [limit, 0] }));
    expect(suspended.ids).not.toContain(sub.id);
    const back = await changes(() =>
      staff('POST', `/users/${customer.id}/subscriptions/${sub.id}/reset-traffic`).then((r) =>
        expect(r.code).toBe(20000),
      ),
    );
    expect(back.ids).toContain(sub.id);
  });

  it('does not change with unrelated writes: a ticket, a top-up', async () => {
    await unchanged(() =>
      customerCall('POST', '/tickets', {
        title: 'Hello',
        category: TICKET_CATEGORIES[0],
        description: 'A question',
      }).then((r) => expect(r.code).toBe(20000)),
    );
    await unchanged(() => credit(db(), customer.email, 500));
  });

  it('drops a subscription when its end passes, with no write at all', async () => {
    const sub = await buy('ul-time');
    const end = isoAfter(1500);
    await db().updateTable('subscriptions').set({ end_at: end }).where('id', '=', sub.id).execute();
    const before = await list();
    expect(before.ids).toContain(sub.id);
    const v = await version();
    await new Promise((r) => setTimeout(r, 1600));
    const after = await list();
    expect(await version()).toBe(v);
    expect(after.ids).not.toContain(sub.id);
    expect(after.etag).not.toBe(before.etag);
  });

  it('a second instance on the same database sees the first one\u2019s changes within moments', async () => {
    const second = openDatabase(t.database.url);
    const other = await buildApp(testConfig({ LOG_LEVEL: 'error' }), { database: second });
    try {
      await other.ready();
      const first = await pull({}, other);
      const sub = await buy('ul-second');
      // Not this instance's write: on SQLite the version is read again within SQLITE_VERSION_TTL_MS, on PostgreSQL
      // it is announced (lib/list-version-watch.ts).
      await vi.waitFor(
        async () => {
          const after = await pull({}, other);
          expect(after.headers.etag).not.toBe(first.headers.etag);
          expect(after.json<{ users: { id: number }[] }>().users.map((u) => u.id)).toContain(sub.id);
        },
        { timeout: 2_000, interval: 20 },
      );
    } finally {
      await other.close();
      await second.close();
    }
  });

  it('sends the same bytes gzipped to agents that take gzip, and MessagePack with its own ETag', async () => {
    // A list long enough to be worth compressing.
    const end_at = isoAfter(86_400_000);
    const now = isoAfter(0);
    await db()
      .insertInto('subscriptions')
      .values(
        Array.from({ length: 40 }, () => ({
          user_id: customer.id,
          package_id: monthly.id,
          status: 'active' as const,
          uuid: randomUUID(),
          link_token: randomUUID().replaceAll('-', ''),
          start_at: now,
          end_at,
          traffic_limit: null,
          device_limit: 2,
          speed_limit_mbps: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const plain = await pull();
    // No answer waits for the compression: uncompressed (the same bytes) until the gzip is made.
    let gz = await pull({ 'accept-encoding': 'gzip' });
    for (let i = 0; i < 100 && gz.headers['content-encoding'] !== 'gzip'; i++) {
      expect(gz.rawPayload.equals(plain.rawPayload)).toBe(true);
      await new Promise((r) => setTimeout(r, 20));
      gz = await pull({ 'accept-encoding': 'gzip' });
    }
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/Accept-Encoding/);
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gz.headers.etag).toBe(plain.headers.etag);
    expect((await pull({ 'accept-encoding': 'gzip;q=0' })).headers['content-encoding']).toBeUndefined();
    expect(
      (await pull({ 'accept-encoding': 'gzip', 'if-none-match': plain.headers.etag as string })).statusCode,
    ).toBe(304);

    const packed = await pull({ 'x-response-format': 'msgpack', 'accept-encoding': 'gzip' });
    expect(packed.headers['content-type']).toBe('application/x-msgpack');
    const bytes =
      packed.headers['content-encoding'] === 'gzip' ? gunzipSync(packed.rawPayload) : packed.rawPayload;
    expect(decode(bytes)).toEqual(plain.json());
    // Byte for byte what the encoder gives for the whole object (the list is packed in slices).
    expect(Buffer.from(encode(plain.json())).equals(bytes)).toBe(true);
    expect(packed.headers.etag).not.toBe(plain.headers.etag);
    expect(
      (await pull({ 'x-response-format': 'msgpack', 'if-none-match': packed.headers.etag as string }))
        .statusCode,
    ).toBe(304);
  });
});
