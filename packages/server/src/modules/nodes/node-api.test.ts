import type { NodeInfo, NodeStatusEntry, NodeSummary, Package, TrafficDay } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoAfter } from '../../db/time.js';
import { seedDemoCatalogue } from '../../seed/demo-seed.js';
import { call, verifiedUser } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { credit } from '../../test/wallet.js';
import { updateNode } from './admin-repository.js';
import { STAND_IN_USER_ID } from './agent-service.js';
import { NODE_API_PREFIX } from './node-api.js';
import { issueNodeToken } from './node-tokens.js';

const API = '/api/v1/portal';
const GiB = 1024 ** 3;

interface Sub {
  id: number;
  uuid: string;
  status: string;
  traffic_used: string;
}

describe(`node API and traffic accounting (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  let app: FastifyInstance;
  let access: string;
  let packages: Package[];
  /** Demo node ids by protocol, each with a token */
  const nodes: Record<string, { id: number; token: string; type: string }> = {};
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: sink.url, LOG_LEVEL: 'error' } });
    app = t.app;
    await seedDemoCatalogue(db());
    const u = await verifiedUser(app, sink);
    access = u.tokens.access_token;
    await credit(db(), u.email, 100_000);
    packages = (await call<Package[]>(app, { url: `${API}/subscriptions/packages` })).data;
    for (const name of ['Hong Kong 01', 'Japan Tokyo 01', 'Singapore 01', 'US Los Angeles 01']) {
      const n = await db()
        .selectFrom('nodes')
        .select(['id', 'protocol'])
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      nodes[n.protocol] = { id: n.id, token: await issueNodeToken(db(), n.id), type: n.protocol };
    }
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const agent = (
    protocol: string,
    path: string,
    options: {
      method?: 'GET' | 'POST';
      payload?: unknown;
      headers?: Record<string, string>;
      query?: object;
    } = {},
  ) => {
    const n = nodes[protocol]!;
    const query = new URLSearchParams({
      token: n.token,
      node_id: String(n.id),
      node_type: n.type,
      ...(options.query as Record<string, string> | undefined),
    });
    return app.inject({
      method: options.method ?? 'GET',
      url: `${NODE_API_PREFIX}${path}?${query.toString()}`,
      headers: options.headers,
      ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
    });
  };
  const users = async (protocol = 'vmess') =>
    agent(protocol, '/user').then((r) => r.json<{ users: { id: number; uuid: string }[] }>());
  const buy = async (traffic: 'basic' | 'unlimited', key: string) => {
    const p = packages.find(
      (x) =>
        x.type === 'monthly' &&
        (traffic === 'basic' ? x.traffic_bytes === String(20 * GiB) : x.traffic_bytes === null),
    )!;
    const r = await call<{ subscription: Sub }>(app, {
      method: 'POST',
      url: `${API}/subscriptions/purchase`,
      token: access,
      payload: { package_id: p.id, idempotency_key: key },
    });
    expect(r.code).toBe(20000);
    return r.data.subscription;
  };
  const subRow = (id: number) =>
    db().selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('refuses a wrong token, node, or type with the same bare 401, and slows down a guesser', async () => {
    const n = nodes.vmess!;
    const tries: Record<string, string>[] = [
      { token: 'wrong', node_id: String(n.id), node_type: 'vmess' },
      { token: n.token, node_id: String(nodes.vless!.id), node_type: 'vless' },
      { token: n.token, node_id: String(n.id), node_type: 'trojan' },
      { token: n.token, node_id: '999999', node_type: 'vmess' },
      { node_id: String(n.id), node_type: 'vmess' },
      { token: n.token, node_id: 'x', node_type: 'vmess' },
    ];
    const bodies = new Set<string>();
    for (const q of tries) {
      const res = await app.inject({
        url: `${NODE_API_PREFIX}/user?${new URLSearchParams(q).toString()}`,
        remoteAddress: '10.9.9.1',
      });
      expect(res.statusCode).toBe(401);
      bodies.add(res.body);
    }
    expect([...bodies]).toEqual([JSON.stringify({ message: 'Unauthorized' })]);
    // XrayR's name for VMess is accepted.
    expect((await agent('vmess', '/config', { query: { node_type: 'V2ray' } })).statusCode).toBe(200);
    let last = 0;
    for (let i = 0; i < 30; i++)
      last = (
        await app.inject({
          url: `${NODE_API_PREFIX}/user?token=x&node_id=1&node_type=vmess`,
          remoteAddress: '10.9.9.2',
        })
      ).statusCode;
    expect(last).toBe(401);
    const blocked = await app.inject({
      url: `${NODE_API_PREFIX}/user?token=x&node_id=1&node_type=vmess`,
      remoteAddress: '10.9.9.2',
    });
    expect(blocked.statusCode).toBe(429);
    // A limited address is refused whatever it sends: the right token too (a guesser cannot keep trying until one
    // works); another address is served.
    const vmess = nodes.vmess!;
    const right = `${NODE_API_PREFIX}/user?token=${vmess.token}&node_id=${vmess.id}&node_type=${vmess.type}`;
    expect((await app.inject({ url: right, remoteAddress: '10.9.9.2' })).statusCode).toBe(429);
    expect((await app.inject({ url: right, remoteAddress: '10.9.9.3' })).statusCode).toBe(200);
  });

  it('serves each node its inbound configuration in the UniProxy shape, with ETag and 304', async () => {
    const vmess = await agent('vmess', '/config');
    expect(vmess.statusCode).toBe(200);
    expect(vmess.json()).toMatchObject({
      server_port: 443,
      network: 'ws',
      network_settings: { path: '/ws' },
      tls: 1,
      tls_settings: { server_name: 'hk1.example.net' },
      base_config: { push_interval: 60, pull_interval: 60 },
    });
    expect((await agent('vless', '/config')).json()).toMatchObject({ network: 'tcp', tls: 1, flow: '' });
    expect((await agent('trojan', '/config')).json()).toMatchObject({
      server_port: 443,
      server_name: 'sg1.example.net',
    });
    expect((await agent('shadowsocks', '/config')).json()).toMatchObject({
      server_port: 8388,
      cipher: 'chacha20-ietf-poly1305',
    });
    const etag = vmess.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await agent('vmess', '/config', { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('lists live subscriptions for the agents; the ETag changes exactly when the list does', async () => {
    const first = await agent('vmess', '/user');
    const etag = first.headers.etag as string;
    // Nobody yet: the agents get the node's stand-in user (they never apply an empty list), stable between calls.
    const standIn = first.json<{ users: { id: number; uuid: string; device_limit: number }[] }>().users;
    expect(standIn).toEqual([
      {
        id: STAND_IN_USER_ID,
        uuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        speed_limit: 0,
        device_limit: 1,
      },
    ]);
    expect((await agent('vmess', '/user', { headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    // Each node its own, unknown to the others.
    expect((await users('trojan')).users[0]!.uuid).not.toBe(standIn[0]!.uuid);
    // Traffic an agent reports for it reaches nobody.
    const stray = await agent('vmess', '/push', {
      method: 'POST',
      payload: { [STAND_IN_USER_ID]: [100, 100] },
    });
    expect(stray.statusCode).toBe(200);
    const before = 0;

    const sub = await buy('basic', 'node-api-buy-1');
    const after = await agent('vmess', '/user', { headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    const list = after.json<{
      users: { id: number; uuid: string; speed_limit: number; device_limit: number }[];
    }>();
    expect(list.users).toHaveLength(before + 1);
    expect(list.users).toContainEqual({ id: sub.id, uuid: sub.uuid, speed_limit: 0, device_limit: 2 });
    expect(after.headers.etag).not.toBe(etag);
    // Every node sees the same users.
    expect((await users('shadowsocks')).users.map((u) => u.id)).toContain(sub.id);
  });

  it('adds pushed bytes times the node rate, counts a repeated push once, and keeps them per day', async () => {
    const sub = await buy('unlimited', 'node-api-buy-2');
    // Through the operators' write (it moves the node catalogue's version, which the agents' kept nodes follow).
    await updateNode(db(), nodes.vless!.id, { rate_percent: 150 });
    const push = (protocol: string, payload: unknown) =>
      agent(protocol, '/push', { method: 'POST', payload });

    expect((await push('vmess', { [sub.id]: [1000, 3000] })).json()).toEqual({ data: true });
    expect((await push('vless', { [sub.id]: [1000, 3000] })).statusCode).toBe(200);
    // The same deltas from the same node again (an agent retrying a push whose answer it missed): acknowledged, not
    // counted. From another node (vmess above) the same bytes are other traffic.
    expect((await push('vless', { [sub.id]: [1000, 3000] })).json()).toEqual({ data: true });
    const row = await subRow(sub.id);
    expect(Number(row.traffic_used)).toBe(4000 + 6000);
    expect(Number(row.upload_bytes)).toBe(1000 + 1500);

    const traffic = await call<TrafficDay[]>(app, {
      url: `${API}/subscriptions/traffic?days=7&subscription_id=${sub.id}`,
      token: access,
    });
    expect(traffic.data).toHaveLength(7);
    expect(traffic.data.at(-1)).toEqual({
      day: new Date().toISOString().slice(0, 10),
      upload: '2500',
      download: '7500',
    });
    expect(traffic.data.slice(0, 6).every((d) => d.upload === '0' && d.download === '0')).toBe(true);
    const stats = await call<{ traffic_used_month: string }>(app, {
      url: `${API}/subscriptions/stats`,
      token: access,
    });
    expect(Number(stats.data.traffic_used_month)).toBeGreaterThanOrEqual(10_000);

    // The link tells clients the upload and download split.
    const { token } = (
      await call<{ token: string }>(app, {
        url: `${API}/subscriptions/link?subscription_id=${sub.id}`,
        token: access,
      })
    ).data;
    const res = await app.inject({ url: `/sub/${token}`, headers: { 'user-agent': 'v2rayN/6' } });
    expect(res.headers['subscription-userinfo']).toMatch(/^upload=2500; download=7500; total=0; /);
  });

  it('counts a push delivered twice once, also when both copies arrive at once; again after the window', async () => {
    const sub = await buy('unlimited', 'node-api-buy-repeat');
    const other = await buy('unlimited', 'node-api-buy-repeat-2');
    await updateNode(db(), nodes.trojan!.id, { rate_percent: 100 });
    const push = (payload: unknown) => agent('trojan', '/push', { method: 'POST', payload });
    const used = async (id: number) => Number((await subRow(id)).traffic_used);

    // Twenty copies of one push at once (an agent's client retrying a slow request): one counts.
    const copies = await Promise.all(
      Array.from({ length: 20 }, () => push({ [sub.id]: [7, 11], [other.id]: [1, 2] })),
    );
    expect(copies.every((r) => r.statusCode === 200)).toBe(true);
    expect(await used(sub.id)).toBe(18);
    expect(await used(other.id)).toBe(3);
    // The digest is of the deltas, not of the body's text: the same deltas in another key order are the same push.
    await push({ [other.id]: [1, 2], [sub.id]: [7, 11] });
    expect(await used(sub.id)).toBe(18);
    // Other bytes, or the same bytes for fewer subscriptions, are new traffic.
    await push({ [sub.id]: [7, 12], [other.id]: [1, 2] });
    await push({ [sub.id]: [7, 11] });
    expect(await used(sub.id)).toBe(18 + 19 + 18);
    expect(await used(other.id)).toBe(6);
    // Past the window (two push intervals) the same deltas count again: an agent sends them anew.
    await db()
      .updateTable('node_push_receipts')
      .set({ received_at: new Date(Date.now() - 3 * 60_000).toISOString() })
      .where('node_id', '=', nodes.trojan!.id)
      .execute();
    await push({ [sub.id]: [7, 11] });
    expect(await used(sub.id)).toBe(18 + 19 + 18 + 18);
    // Receipts out of the window are forgotten at the node's next push.
    const kept = await db()
      .selectFrom('node_push_receipts')
      .select('received_at')
      .where('node_id', '=', nodes.trojan!.id)
      .execute();
    expect(kept.every((r) => Date.parse(r.received_at) > Date.now() - 2 * 60_000)).toBe(true);
  });

  it('refuses a malformed push whole, writing nothing', async () => {
    const sub = await buy('unlimited', 'node-api-buy-3');
    for (const payload of [
      { [sub.id]: [100, 100], x: [1, 1] },
      { [sub.id]: [100, -1] },
      { [sub.id]: [100] },
      { [sub.id]: [1.5, 2] },
      [[sub.id, 1, 2]],
    ]) {
      const res = await agent('vmess', '/push', { method: 'POST', payload });
      expect(res.statusCode).toBe(400);
    }
    expect(Number((await subRow(sub.id)).traffic_used)).toBe(0);
  });

  it('adds concurrent pushes from several nodes exactly', async () => {
    const sub = await buy('unlimited', 'node-api-buy-4');
    await updateNode(db(), nodes.vless!.id, { rate_percent: 100 });
    const protocols = ['vmess', 'vless', 'trojan', 'shadowsocks'];
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        agent(protocols[i % 4]!, '/push', { method: 'POST', payload: { [sub.id]: [10 + i, 100] } }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const expected = Array.from({ length: 40 }, (_, i) => 110 + i).reduce((a, b) => a + b, 0);
    expect(Number((await subRow(sub.id)).traffic_used)).toBe(expected);
    const day = await db()
      .selectFrom('traffic_daily')
      .selectAll()
      .where('subscription_id', '=', sub.id)
      .executeTakeFirstOrThrow();
    expect(Number(day.upload) + Number(day.download)).toBe(expected);
  });

  it('suspends at the limit: off every node, placeholder on the link; renewal brings it back', async () => {
    const sub = await buy('basic', 'node-api-buy-5');
    const { token } = (
      await call<{ token: string }>(app, {
        url: `${API}/subscriptions/link?subscription_id=${sub.id}`,
        token: access,
      })
    ).data;
    await agent('vmess', '/push', { method: 'POST', payload: { [sub.id]: [GiB, 19 * GiB - 1] } });
    expect((await subRow(sub.id)).status).toBe('active');
    expect((await users('trojan')).users.map((u) => u.id)).toContain(sub.id);

    await agent('trojan', '/push', { method: 'POST', payload: { [sub.id]: [0, 1] } });
    const row = await subRow(sub.id);
    expect(row.status).toBe('suspended');
    expect(Number(row.traffic_used)).toBe(20 * GiB);
    for (const p of ['vmess', 'vless', 'trojan', 'shadowsocks'])
      expect((await users(p)).users.map((u) => u.id)).not.toContain(sub.id);
    const uris = Buffer.from(
      (await app.inject({ url: `/sub/${token}`, headers: { 'user-agent': 'v2rayN/6' } })).body,
      'base64',
    )
      .toString('utf8')
      .split('\n');
    expect(uris).toHaveLength(1);
    const entry = JSON.parse(Buffer.from(uris[0]!.slice('vmess://'.length), 'base64').toString('utf8')) as {
      ps: string;
      id: string;
    };
    expect(entry.ps).toContain('流量已用尽');
    expect(entry.id).not.toBe(sub.uuid);
    // Traffic the agent still reports afterwards is counted, not lost, and does not unsuspend.
    await agent('vmess', '/push', { method: 'POST', payload: { [sub.id]: [5, 5] } });
    expect(Number((await subRow(sub.id)).traffic_used)).toBe(20 * GiB + 10);

    const renewed = await call<{ subscription: Sub }>(app, {
      method: 'POST',
      url: `${API}/subscriptions/renew`,
      token: access,
      payload: { subscription_id: sub.id, idempotency_key: 'node-api-renew-5' },
    });
    expect(renewed.code).toBe(20000);
    expect(renewed.data.subscription).toMatchObject({ status: 'active', traffic_used: '0' });
    expect((await users('vmess')).users).toContainEqual(
      expect.objectContaining({ id: sub.id, uuid: sub.uuid }),
    );
    const back = Buffer.from(
      (await app.inject({ url: `/sub/${token}`, headers: { 'user-agent': 'v2rayN/6' } })).body,
      'base64',
    )
      .toString('utf8')
      .split('\n');
    expect(back.length).toBeGreaterThan(1);
  });

  it('lets a used-up subscription upgrade its way back; traffic pushed under the old id counts on the new one', async () => {
    const sub = await buy('basic', 'node-api-buy-6');
    await agent('vless', '/push', { method: 'POST', payload: { [sub.id]: [0, 20 * GiB] } });
    expect((await subRow(sub.id)).status).toBe('suspended');
    const pro = packages.find((p) => p.type === 'monthly' && p.traffic_bytes === String(200 * GiB))!;
    const quote = await call<{ quote_id: string; amount_due: string }>(app, {
      method: 'POST',
      url: `${API}/subscriptions/upgrade/preview`,
      token: access,
      payload: { subscription_id: sub.id, package_id: pro.id },
    });
    expect(quote.code).toBe(20000);
    const up = await call<{ subscription: Sub }>(app, {
      method: 'POST',
      url: `${API}/subscriptions/upgrade`,
      token: access,
      payload: { quote_id: quote.data.quote_id, idempotency_key: 'node-api-upgrade-6' },
    });
    expect(up.code).toBe(20000);
    const next = up.data.subscription;
    expect(next).toMatchObject({ status: 'active', uuid: sub.uuid });
    const list = (await users('vmess')).users;
    expect(list.map((u) => u.id)).toContain(next.id);
    expect(list.map((u) => u.id)).not.toContain(sub.id);
    // An agent that has not pulled the new list yet still reports under the old id.
    await agent('vmess', '/push', { method: 'POST', payload: { [sub.id]: [7, 3] } });
    expect(Number((await subRow(next.id)).traffic_used)).toBe(10);
    expect(Number((await subRow(sub.id)).traffic_used)).toBe(20 * GiB);
  });

  it('suspends whoever a push takes to the limit: two nodes crossing it at once, a limit lowered below the usage', async () => {
    const sub = await buy('basic', 'node-api-buy-13');
    // Neither push alone reaches 20 GiB; whichever is counted second sees the first's bytes.
    const pushes = await Promise.all(
      ['vmess', 'trojan'].map((p) =>
        agent(p, '/push', { method: 'POST', payload: { [sub.id]: [0, 10 * GiB] } }),
      ),
    );
    expect(pushes.map((r) => r.statusCode)).toEqual([200, 200]);
    const row = await subRow(sub.id);
    expect(Number(row.traffic_used)).toBe(20 * GiB);
    expect(row.status).toBe('suspended');

    const lowered = await buy('basic', 'node-api-buy-14');
    await agent('vmess', '/push', { method: 'POST', payload: { [lowered.id]: [0, GiB] } });
    await db()
      .updateTable('subscriptions')
      .set({ traffic_limit: GiB / 2 })
      .where('id', '=', lowered.id)
      .execute();
    expect((await subRow(lowered.id)).status).toBe('active');
    await agent('vmess', '/push', { method: 'POST', payload: { [lowered.id]: [1, 0] } });
    expect((await subRow(lowered.id)).status).toBe('suspended');
  });

  it('leaves expired subscriptions and disabled users off the user list', async () => {
    const a = await buy('unlimited', 'node-api-buy-7');
    const b = await buy('unlimited', 'node-api-buy-8');
    await db()
      .updateTable('subscriptions')
      .set({ end_at: isoAfter(-1000) })
      .where('id', '=', a.id)
      .execute();
    expect((await users()).users.map((u) => u.id)).not.toContain(a.id);
    expect((await users()).users.map((u) => u.id)).toContain(b.id);
    const owner = (await subRow(b.id)).user_id;
    await db().updateTable('users').set({ status: 'disabled' }).where('id', '=', owner).execute();
    expect((await users()).users.map((u) => u.id)).not.toContain(b.id);
    await db().updateTable('users').set({ status: 'active' }).where('id', '=', owner).execute();
  });

  it('keeps online IPs per node and counts devices across nodes', async () => {
    const sub = await buy('unlimited', 'node-api-buy-9');
    const alive = (p: string, payload: unknown) => agent(p, '/alive', { method: 'POST', payload });
    expect((await alive('vmess', { [sub.id]: ['1.1.1.1', '2.2.2.2'] })).statusCode).toBe(200);
    expect((await alive('trojan', { [sub.id]: ['3.3.3.3', '1.1.1.1'] })).statusCode).toBe(200);
    const list = (await agent('vmess', '/alivelist')).json<{ alive: Record<string, number> }>();
    expect(list.alive[String(sub.id)]).toBe(3);
    // A node's new report replaces its old one.
    await alive('vmess', {});
    expect(
      (await agent('vmess', '/alivelist')).json<{ alive: Record<string, number> }>().alive[String(sub.id)],
    ).toBe(2);
    expect((await alive('vmess', { [sub.id]: 'nope' })).statusCode).toBe(400);
  });

  it('takes status reports and heartbeats; a silent node shows offline at once and is recorded so', async () => {
    const n = nodes.shadowsocks!;
    const res = await agent('shadowsocks', '/status', {
      method: 'POST',
      payload: {
        cpu: 37.6,
        mem: { total: 4000, used: 1000 },
        swap: { total: 0, used: 0 },
        disk: { total: 100, used: 81 },
      },
    });
    expect(res.statusCode).toBe(200);
    const node = await call<NodeInfo>(app, { url: `${API}/nodes/${n.id}`, token: access });
    expect(node.data).toMatchObject({
      status: 'online',
      cpu: 38,
      memory: 25,
      load: 38,
      protocol: 'shadowsocks',
    });
    expect(Date.parse(node.data.last_heartbeat!)).toBeGreaterThan(Date.now() - 60_000);

    await db()
      .updateTable('nodes')
      .set({ last_heartbeat_at: isoAfter(-6 * 60_000) })
      .where('id', '=', n.id)
      .execute();
    const silent = await call<NodeInfo>(app, { url: `${API}/nodes/${n.id}`, token: access });
    expect(silent.data).toMatchObject({ status: 'offline', load: null, latency: null });
    expect(await app.ctx.services.nodes.markSilentOffline()).toBeGreaterThanOrEqual(1);
    expect(
      (await db().selectFrom('nodes').select('status').where('id', '=', n.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('offline');
    // The next call from its agent brings it back.
    await agent('shadowsocks', '/user');
    expect((await call<NodeInfo>(app, { url: `${API}/nodes/${n.id}`, token: access })).data.status).toBe(
      'online',
    );
    // Maintenance is the operator's word and a heartbeat does not override it.
    await db().updateTable('nodes').set({ status: 'maintenance' }).where('id', '=', n.id).execute();
    await agent('shadowsocks', '/user');
    expect((await call<NodeInfo>(app, { url: `${API}/nodes/${n.id}`, token: access })).data.status).toBe(
      'maintenance',
    );
    await db().updateTable('nodes').set({ status: 'online' }).where('id', '=', n.id).execute();
  });

  it('lists nodes with region, type and status filters and pagination; counts them by status and region', async () => {
    const list = (q: string, language = 'en') =>
      call<{ items: NodeInfo[]; total: number; pages: number }>(app, {
        url: `${API}/nodes?${q}`,
        token: access,
        headers: { 'accept-language': language },
      });
    const all = await list('size=100');
    expect(all.data.total).toBe(6);
    // Names and cities answer in the caller's language; the country stays a code for the browser to name.
    const tokyo = (items: NodeInfo[]) => items.find((n) => n.country === 'JP')!;
    expect(tokyo(all.data.items)).toMatchObject({ name: 'Japan Tokyo 01', location: 'Tokyo, JP' });
    expect(tokyo((await list('size=100', 'zh-CN')).data.items)).toMatchObject({
      name: '日本东京 01',
      location: '东京, JP',
    });
    const tw = await list('size=100', 'zh-TW');
    expect(tokyo(tw.data.items)).toMatchObject({ name: '日本東京 01', location: '東京, JP' });
    const one = await call<NodeInfo>(app, {
      url: `${API}/nodes/${tokyo(tw.data.items).id}`,
      token: access,
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(one.data.name).toBe('日本東京 01');
    expect((await list('region=asia')).data.items.every((n) => n.region === 'asia')).toBe(true);
    expect((await list('type=vless')).data.items.map((n) => n.name).sort()).toEqual([
      'Germany Frankfurt 01',
      'Japan Tokyo 01',
    ]);
    const maint = await list('status=maintenance');
    expect(maint.data.items.map((n) => n.name)).toEqual(['Taiwan Taipei 01']);
    const offline = await list('status=offline');
    expect(offline.data.items.map((n) => n.name)).toContain('Germany Frankfurt 01');
    expect(offline.data.items.every((n) => n.load === null)).toBe(true);
    const online = await list('status=online');
    expect(online.data.total + offline.data.total + maint.data.total).toBe(6);
    const paged = await list('size=4&page=2');
    expect(paged.data).toMatchObject({ total: 6, pages: 2 });
    expect(paged.data.items).toHaveLength(2);
    expect((await list('type=socks')).code).toBe(40004);

    const summary = (await call<NodeSummary>(app, { url: `${API}/nodes/stats/summary`, token: access })).data;
    expect(summary).toMatchObject({
      total: 6,
      online: online.data.total,
      offline: offline.data.total,
      maintenance: 1,
    });
    expect(summary.regions.find((r) => r.region === 'asia')).toMatchObject({ total: 4 });
    const statuses = (await call<NodeStatusEntry[]>(app, { url: `${API}/nodes/status`, token: access })).data;
    expect(statuses).toHaveLength(6);
    expect((await call(app, { url: `${API}/nodes/999999`, token: access })).code).toBe(40401);
    expect((await call(app, { url: `${API}/nodes` })).status).toBe(401);
  });

  it('the demo stand-in agent keeps only the demo catalogue online nodes reporting', async () => {
    const stale = isoAfter(-10 * 60_000);
    await db().updateTable('nodes').set({ last_heartbeat_at: stale }).execute();
    await app.ctx.services.nodes.markSilentOffline();
    await app.ctx.services.nodes.demoHeartbeat();
    const rows = await db().selectFrom('nodes').select(['name', 'status', 'last_heartbeat_at']).execute();
    const by = Object.fromEntries(rows.map((r) => [r.name, r]));
    // Demo nodes seeded online report again; the seeded offline one and the one in maintenance do not.
    expect(by['Hong Kong 01']).toMatchObject({ status: 'online' });
    expect(by['Hong Kong 01']!.last_heartbeat_at! > stale).toBe(true);
    expect(by['Germany Frankfurt 01']).toMatchObject({ status: 'offline', last_heartbeat_at: stale });
    expect(by['Taiwan Taipei 01']).toMatchObject({ status: 'maintenance', last_heartbeat_at: stale });
  });

  it('measures latency as the time a TCP connection to a live node takes, null when unreachable', async () => {
    const listener = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const open = (listener.address() as AddressInfo).port;
    const closed = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const now = new Date().toISOString();
    const base = {
      region: 'europe',
      country: 'NL',
      city: null,
      host: '127.0.0.1',
      protocol: 'vless' as const,
      inbound_rule_id: null,
      rule_name: null,
      load_percent: null,
      cpu_percent: null,
      mem_percent: null,
      latency_ms: 999,
      status: 'online' as const,
      last_heartbeat_at: now,
      created_at: now,
      updated_at: now,
    };
    const [reachable, unreachable] = await Promise.all(
      [
        { ...base, name: 'probe open', port: open },
        { ...base, name: 'probe closed', port: closed },
      ].map((v) => db().insertInto('nodes').values(v).returning('id').executeTakeFirstOrThrow()),
    );
    try {
      expect(await app.ctx.services.nodes.probeLatency(2000)).toBeGreaterThanOrEqual(2);
      const latency = async (id: number) =>
        (await db().selectFrom('nodes').select('latency_ms').where('id', '=', id).executeTakeFirstOrThrow())
          .latency_ms;
      const ms = await latency(reachable!.id);
      expect(ms).not.toBeNull();
      expect(ms!).toBeGreaterThanOrEqual(1);
      expect(ms!).toBeLessThan(2000);
      expect(await latency(unreachable!.id)).toBeNull();
    } finally {
      await db().deleteFrom('nodes').where('id', 'in', [reachable!.id, unreachable!.id]).execute();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });

  it('serves Hysteria2 and TUIC v5 nodes their configuration as V2bX and Xboard agents read it, field by field', async () => {
    const now = new Date().toISOString();
    const base = {
      region: 'asia',
      country: 'JP',
      city: null,
      inbound_rule_id: null,
      rule_name: null,
      load_percent: null,
      cpu_percent: null,
      mem_percent: null,
      latency_ms: null,
      last_heartbeat_at: null,
      created_at: now,
      updated_at: now,
    };
    const hy2 = await db()
      .insertInto('nodes')
      .values({
        ...base,
        name: 'hy2 shape',
        host: 'hy2.example.net',
        port: 8443,
        protocol: 'hysteria2',
        settings: JSON.stringify({
          tls: true,
          sni: 'cdn.example.net',
          hysteria2: {
            obfs: 'salamander',
            obfs_password: 'salamander-secret',
            up_mbps: 50,
            down_mbps: 200,
            hop_ports: '20000-30000',
          },
        }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tuic = await db()
      .insertInto('nodes')
      .values({
        ...base,
        name: 'tuic shape',
        host: 'tuic.example.net',
        port: 9443,
        protocol: 'tuic',
        settings: JSON.stringify({
          tls: true,
          tuic: { congestion_control: 'bbr', zero_rtt_handshake: true, udp_relay_mode: 'quic', alpn: ['h3'] },
        }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      nodes.hysteria2 = { id: hy2.id, token: await issueNodeToken(db(), hy2.id), type: 'hysteria2' };
      nodes.tuic = { id: tuic.id, token: await issueNodeToken(db(), tuic.id), type: 'tuic' };
      const base_config = { push_interval: 60, pull_interval: 60 };
      // Hysteria2: the node sends what customers download (their down hint) and receives their upload.
      const hyConfig = (await agent('hysteria2', '/config')).json<Record<string, unknown>>();
      expect(hyConfig).toEqual({
        host: 'hy2.example.net',
        server_port: 8443,
        server_name: 'cdn.example.net',
        version: 2,
        up_mbps: 200,
        down_mbps: 50,
        ignore_client_bandwidth: false,
        obfs: 'salamander',
        'obfs-password': 'salamander-secret',
        routes: [],
        base_config,
      });
      // Xboard's agents ask as "hysteria" (version 2): the same answer; VMess's token is not Hysteria2's.
      const asHysteria = await agent('hysteria2', '/config', { query: { node_type: 'hysteria' } });
      expect(asHysteria.statusCode).toBe(200);
      expect(asHysteria.json()).toEqual(hyConfig);
      expect((await agent('hysteria2', '/config', { query: { node_type: 'tuic' } })).statusCode).toBe(401);
      expect((await agent('hysteria2', '/config', { query: { node_type: 'vmess' } })).statusCode).toBe(401);

      const tuicConfig = (await agent('tuic', '/config')).json<Record<string, unknown>>();
      expect(tuicConfig).toEqual({
        host: 'tuic.example.net',
        // No certificate name set: the host.
        server_name: 'tuic.example.net',
        server_port: 9443,
        version: 5,
        congestion_control: 'bbr',
        zero_rtt_handshake: true,
        alpn: ['h3'],
        routes: [],
        base_config,
      });
      // The users are the same list (the agents use each UUID as the Hysteria2 password and TUIC's UUID and password).
      expect((await users('tuic')).users.map((u) => u.id)).toEqual(
        (await users('vmess')).users.map((u) => u.id),
      );

      // Obfuscation off: V2bX reads both obfs keys as strings, null decoding to "" (no obfuscation).
      await db()
        .updateTable('nodes')
        .set({
          settings: JSON.stringify({ tls: true, hysteria2: { obfs: 'none', ignore_client_bandwidth: true } }),
        })
        .where('id', '=', hy2.id)
        .execute();
      expect((await agent('hysteria2', '/config')).json()).toMatchObject({
        server_name: 'hy2.example.net',
        obfs: null,
        'obfs-password': null,
        up_mbps: 0,
        down_mbps: 0,
        ignore_client_bandwidth: true,
      });
    } finally {
      delete nodes.hysteria2;
      delete nodes.tuic;
      await db().deleteFrom('nodes').where('id', 'in', [hy2.id, tuic.id]).execute();
    }
  });
});
