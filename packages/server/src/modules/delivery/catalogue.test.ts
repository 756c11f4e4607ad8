import { randomUUID } from 'node:crypto';
import { ADMIN_API_PREFIX } from '@portal/contract';
import type { AdminNode, AgentConfig, NodeGroup, NodeInput } from '@portal/contract/admin';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { nowIso } from '../../db/time.js';
import { accountWithRole, call } from '../../test/accounts.js';
import { createTestApp, LogCapture, TEST_DIALECT, testConfig, type TestApp } from '../../test/helpers.js';
import { NODE_API_PREFIX } from '../nodes/node-api.js';

/**
 * Delivery renders from a catalogue kept per package until the nodes' catalogue version changes: every change an
 * operator, an agent or the offline job makes shows on the next fetch of the link, on this instance at once and
 * on another sharing the database within about a second. And /sub runs on the lean route: no compression, helmet
 * or request id, its own headers.
 */

const node = (over: Partial<NodeInput> = {}): NodeInput => ({
  name: 'Tokyo 1',
  region: 'Asia',
  country: 'jp',
  city: 'Tokyo',
  host: 'tokyo1.example.net',
  port: 443,
  protocol: 'vmess',
  network: 'ws',
  path: '/ray',
  ws_host: 'cdn.example.net',
  tls: true,
  sni: 'tokyo1.example.net',
  rate_percent: 100,
  sort_order: 10,
  translations: {},
  group_ids: [],
  ...over,
});

describe(`delivery catalogue and lean route (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let owner: { token: string };
  let other: FastifyInstance;
  const otherLogs = new LogCapture();
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    const env = { LOG_LEVEL: 'error', RATE_LIMIT_MAX: '100000', PUBLIC_URL: 'https://panel.example.com' };
    t = await createTestApp({ env });
    owner = await accountWithRole(t.app, db(), 'owner');
    // A second instance on the same database.
    other = await buildApp(testConfig({ ...env, LOG_LEVEL: 'info' }), {
      database: t.database.handle,
      logStream: otherLogs,
    });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const staff = <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
    call<T>(t.app, { method, url: `${ADMIN_API_PREFIX}${path}`, token: owner.token, payload });

  const subscriber = async (packageId: number) => {
    const user = await accountWithRole(t.app, db(), 'user');
    const now = nowIso();
    const row = await db()
      .insertInto('subscriptions')
      .values({
        user_id: user.id,
        package_id: packageId,
        status: 'active',
        uuid: randomUUID(),
        link_token: randomUUID().replaceAll('-', ''),
        start_at: now,
        end_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        traffic_limit: null,
        device_limit: 3,
        speed_limit_mbps: null,
        created_at: now,
        updated_at: now,
      })
      .returning('link_token')
      .executeTakeFirstOrThrow();
    return row.link_token;
  };
  const newPackage = async () => {
    const now = nowIso();
    const row = await db()
      .insertInto('packages')
      .values({
        name: `P ${randomUUID()}`,
        type: 'monthly',
        traffic_bytes: null,
        validity_days: 30,
        price_fen: 1000,
        translations: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  /** The hosts a link lists, as Clash reads them (no node: the placeholder's). */
  const hosts = async (link: string, app: FastifyInstance = t.app) => {
    const res = await app.inject({ url: `/sub/${link}?format=clash` });
    expect(res.statusCode).toBe(200);
    return [...res.body.matchAll(/server: ([^\s,}]+)/g)].map((m) => m[1]).sort();
  };
  const NONE = ['127.0.0.1'];
  const liveNode = async (input: NodeInput) => {
    const made = (await staff<AdminNode>('POST', '/nodes', input)).data;
    const { token } = (await staff<AgentConfig & { token: string }>('POST', `/nodes/${made.id}/token`)).data;
    const agent = () =>
      t.app.inject({
        url: `${NODE_API_PREFIX}/config?${new URLSearchParams({ token, node_id: String(made.id), node_type: made.protocol }).toString()}`,
      });
    expect((await agent()).statusCode).toBe(200);
    return { node: made, agent };
  };

  it('shows node edits, group changes, disabling and the online state on the next fetch', async () => {
    const group = (await staff<NodeGroup>('POST', '/node-groups', { name: `G ${randomUUID()}` })).data;
    const pkg = await newPackage();
    await db().insertInto('package_node_groups').values({ package_id: pkg, group_id: group.id }).execute();
    const link = await subscriber(pkg);
    const a = await liveNode(node({ name: 'A', host: 'a.example.net', group_ids: [group.id] }));
    expect(await hosts(link)).toEqual(['a.example.net']);

    // An edit (the host), at once.
    await staff(
      'PUT',
      `/nodes/${a.node.id}`,
      node({ name: 'A', host: 'a2.example.net', group_ids: [group.id] }),
    );
    expect(await hosts(link)).toEqual(['a2.example.net']);
    // A node joins the package's group; another leaves it.
    const b = await liveNode(node({ name: 'B', host: 'b.example.net', group_ids: [] }));
    expect(await hosts(link)).toEqual(['a2.example.net']);
    await staff(
      'PUT',
      `/nodes/${b.node.id}`,
      node({ name: 'B', host: 'b.example.net', group_ids: [group.id] }),
    );
    expect(await hosts(link)).toEqual(['a2.example.net', 'b.example.net']);
    await staff('PUT', `/nodes/${a.node.id}`, node({ name: 'A', host: 'a2.example.net', group_ids: [] }));
    expect(await hosts(link)).toEqual(['b.example.net']);
    // Disabled, then enabled.
    await staff('PUT', `/nodes/${b.node.id}/enabled`, { enabled: false });
    expect(await hosts(link)).toEqual(NONE);
    await staff('PUT', `/nodes/${b.node.id}/enabled`, { enabled: true });
    expect(await hosts(link)).toEqual(['b.example.net']);

    // Silent past the cutoff: the offline job takes it out; its next call puts it back.
    await db()
      .updateTable('nodes')
      .set({ last_heartbeat_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', b.node.id)
      .execute();
    expect(await t.app.ctx.services.nodes.markSilentOffline()).toBeGreaterThanOrEqual(1);
    expect(await hosts(link)).toEqual(NONE);
    expect((await b.agent()).statusCode).toBe(200);
    expect(await hosts(link)).toEqual(['b.example.net']);

    // Deleted.
    await staff('DELETE', `/nodes/${b.node.id}`);
    expect(await hosts(link)).toEqual(NONE);
  });

  it('shows another instance the change within about a second', async () => {
    const pkg = await newPackage();
    const link = await subscriber(pkg);
    const c = await liveNode(node({ name: 'C', host: 'c.example.net' }));
    await hosts(link, other);
    await staff('PUT', `/nodes/${c.node.id}`, node({ name: 'C', host: 'c2.example.net' }));
    const started = Date.now();
    while (!(await hosts(link, other)).includes('c2.example.net')) {
      expect(Date.now() - started).toBeLessThan(3000);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await hosts(link, other)).not.toContain('c.example.net');
  });

  it('answers /sub without the app-wide hooks, with the headers a download needs', async () => {
    const pkg = await newPackage();
    const link = await subscriber(pkg);
    await liveNode(node({ name: 'D', host: 'd.example.net' }));
    const res = await t.app.inject({
      url: `/sub/${link}?format=clash`,
      // Not gzip, which the route's templates answer themselves (delivery.test.ts): the compression plugin would.
      headers: { 'accept-encoding': 'br, deflate' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // HSTS: this app's PUBLIC_URL is https (over http there is none: plugins/security.test.ts).
    expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toBe('text/yaml; charset=utf-8');
    // No compression plugin, none of helmet's page headers, no request id.
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
    expect(res.headers['x-request-id']).toBeUndefined();
    // An API route still has them all.
    const api = await t.app.inject({ url: '/api/v1/portal/site', headers: { 'accept-encoding': 'gzip' } });
    expect(api.headers['x-dns-prefetch-control']).toBeDefined();
    expect(api.headers['x-request-id']).toBeDefined();

    // Failures are still the envelope, in the caller's language, with the same headers.
    const missing = await t.app.inject({
      url: '/sub/NoSuchTokenAtAll123',
      headers: { 'accept-language': 'en' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    const zh = await t.app.inject({
      url: '/sub/NoSuchTokenAtAll123',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(missing.json<{ message: string }>().message).not.toBe(zh.json<{ message: string }>().message);
    expect(zh.json<{ code: number }>().code).toBe(missing.json<{ code: number }>().code);

    // Not access-logged (the URL is the credential), where an API route is (the second instance logs at info).
    await other.inject({ url: `/sub/${link}` });
    await other.inject({ url: '/sub/NoSuchTokenAtAll123' });
    await other.inject({ url: '/api/v1/portal/site' });
    const logged = JSON.stringify(otherLogs.lines);
    expect(logged).toContain('/api/v1/portal/site');
    expect(logged).not.toContain(link);
    expect(logged).not.toContain('NoSuchTokenAtAll123');
  });
});
