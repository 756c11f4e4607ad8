import type { OnlineDevices, Package } from '@portal/contract';
import { NODES } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoAfter } from '../../db/time.js';
import { setMeta } from '../../lib/meta-repository.js';
import { seedDemoCatalogue } from '../../seed/demo-seed.js';
import { call, verifiedUser } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { credit } from '../../test/wallet.js';
import { AGENT_SETTINGS_KEY } from './agent-settings.js';
import { NODE_API_PREFIX } from './node-api.js';
import { issueNodeToken } from './node-tokens.js';

const API = '/api/v1/portal';
const KiB = 1024;

/**
 * Device limits across nodes (issue 18 §2): what V2bX reads from `alivelist` (distinct addresses of a user on every
 * node, above the operators' minimum of traffic, from fresh reports), the limits on the user list, and the customer's
 * own list of online devices.
 */
describe(`device limits across nodes (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  let app: FastifyInstance;
  let owner: string;
  let stranger: string;
  let basic: Package;
  /** Demo nodes by protocol, each with a token */
  const nodes: Record<string, { id: number; token: string }> = {};
  const db = () => t.database.handle.db;
  let bought = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: sink.url, LOG_LEVEL: 'error' } });
    app = t.app;
    await seedDemoCatalogue(db());
    const u = await verifiedUser(app, sink);
    owner = u.tokens.access_token;
    await credit(db(), u.email, 100_000);
    stranger = (await verifiedUser(app, sink)).tokens.access_token;
    const packages = (await call<Package[]>(app, { url: `${API}/subscriptions/packages` })).data;
    basic = packages.find((p) => p.type === 'monthly' && p.device_limit === 2)!;
    for (const n of await db().selectFrom('nodes').select(['id', 'protocol']).execute())
      nodes[n.protocol] = { id: n.id, token: await issueNodeToken(db(), n.id) };
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const agent = (protocol: string, path: string, payload?: unknown) => {
    const n = nodes[protocol]!;
    const query = new URLSearchParams({ token: n.token, node_id: String(n.id), node_type: protocol });
    return app.inject({
      method: payload === undefined ? 'GET' : 'POST',
      url: `${NODE_API_PREFIX}${path}?${query.toString()}`,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  };
  const alive = async (protocol: string, report: Record<number, unknown[]>) =>
    expect((await agent(protocol, '/alive', report)).statusCode).toBe(200);
  const push = async (protocol: string, deltas: Record<number, [number, number]>) =>
    expect((await agent(protocol, '/push', deltas)).statusCode).toBe(200);
  const aliveList = async (protocol: string) =>
    (await agent(protocol, '/alivelist')).json<{ alive: Record<string, number> }>().alive;
  const minimum = (kb: number) =>
    setMeta(db(), AGENT_SETTINGS_KEY, JSON.stringify({ routes: [], device_min_traffic_kb: kb }));
  /** Every node forgets its report (an empty one replaces it). */
  const clearReports = async () => {
    for (const p of Object.keys(nodes)) await alive(p, {});
  };
  const buy = async (token = owner) => {
    const r = await call<{ subscription: { id: number; device_limit: number } }>(app, {
      method: 'POST',
      url: `${API}/subscriptions/purchase`,
      token,
      payload: { package_id: basic.id, idempotency_key: `devices-buy-${++bought}` },
    });
    expect(r.code).toBe(20000);
    return r.data.subscription;
  };
  const devices = (id: number, token = owner, language = 'en') =>
    call<OnlineDevices>(app, {
      url: `${API}/subscriptions/${id}/devices`,
      token,
      headers: { 'accept-language': language },
    });

  it('answers an empty object, never an array, when nobody is online', async () => {
    const res = await agent('vless', '/alivelist');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"alive":{}}');
  });

  it('counts distinct addresses across nodes, for a node that has none of them', async () => {
    await minimum(0);
    const sub = await buy();
    expect(sub.device_limit).toBe(2);
    // Three addresses over two nodes, one of them on both.
    await alive('vmess', { [sub.id]: ['1.1.1.1', '2.2.2.2'] });
    await alive('trojan', { [sub.id]: ['3.3.3.3', '1.1.1.1'] });
    // The third node's agent (V2bX) refuses a new address: the limit 2 <= 3 online.
    expect((await aliveList('vless'))[sub.id]).toBe(3);
    expect((await aliveList('shadowsocks'))[sub.id]).toBe(3);
    // The console's account page counts the same way.
    expect(await app.ctx.services.nodes.onlineDeviceCounts([sub.id])).toEqual(new Map([[sub.id, 3]]));
    // One node's new report replaces its own old one, not the other node's.
    await alive('vmess', { [sub.id]: ['2.2.2.2'] });
    expect((await aliveList('vless'))[sub.id]).toBe(3);
    await alive('vmess', {});
    expect((await aliveList('vless'))[sub.id]).toBe(2);
    await clearReports();
    expect(await aliveList('vless')).toEqual({});
  });

  it('counts one device once, however the agents spell its address', async () => {
    await minimum(0);
    const sub = await buy();
    await alive('vmess', {
      [sub.id]: ['::ffff:10.0.0.1', '2001:DB8::1', 'fe80::1%eth0', 'not an address', 42, '10.0.0.2_hk'],
    });
    await alive('trojan', { [sub.id]: ['10.0.0.1_sg', '[2001:db8:0:0:0:0:0:1]', '10.0.0.2'] });
    expect((await aliveList('vless'))[sub.id]).toBe(4);
    const stored = await db()
      .selectFrom('node_online_ips')
      .select('ip')
      .distinct()
      .where('subscription_id', '=', sub.id)
      .orderBy('ip')
      .execute();
    expect(stored.map((r) => r.ip)).toEqual(['10.0.0.1', '10.0.0.2', '2001:db8::1', 'fe80::1']);
    await clearReports();
  });

  it('leaves out stale reports, users without a limit, and users the node does not serve', async () => {
    await minimum(0);
    const sub = await buy();
    const unlimited = await buy();
    await db().updateTable('subscriptions').set({ device_limit: 0 }).where('id', '=', unlimited.id).execute();
    await alive('vmess', { [sub.id]: ['4.4.4.4'], [unlimited.id]: ['4.4.4.5'] });
    await alive('trojan', { [sub.id]: ['4.4.4.6'] });
    expect(await aliveList('vless')).toEqual({ [sub.id]: 2 });
    // The trojan node's report is older than the offline cutoff: it no longer counts.
    await db()
      .updateTable('node_online_ips')
      .set({ reported_at: isoAfter(-NODES.offlineAfterMs - 1000) })
      .where('node_id', '=', nodes.trojan!.id)
      .execute();
    expect(await aliveList('vless')).toEqual({ [sub.id]: 1 });
    // An expired subscription is no node's user any more.
    await db()
      .updateTable('subscriptions')
      .set({ end_at: isoAfter(-1000) })
      .where('id', '=', sub.id)
      .execute();
    expect(await aliveList('vless')).toEqual({});
    await clearReports();
  });

  it('counts an address only when its user moved the minimum through that node in its latest push', async () => {
    const sub = await buy();
    await minimum(10);
    // vmess: 11 KiB in its latest push; trojan: 2 KiB; shadowsocks: never pushed.
    await push('vmess', { [sub.id]: [6 * KiB, 5 * KiB] });
    await push('trojan', { [sub.id]: [KiB, KiB] });
    await alive('vmess', { [sub.id]: ['5.5.5.1', '5.5.5.2'] });
    await alive('trojan', { [sub.id]: ['5.5.5.3'] });
    await alive('shadowsocks', { [sub.id]: ['5.5.5.4'] });
    expect((await aliveList('vless'))[sub.id]).toBe(2);
    expect(await app.ctx.services.nodes.onlineDeviceCounts([sub.id])).toEqual(new Map([[sub.id, 2]]));
    expect((await devices(sub.id)).data.items.map((d) => d.address).sort()).toEqual(['5.5.5.1', '5.5.5.2']);
    // Exactly the minimum counts.
    await push('trojan', { [sub.id]: [10 * KiB, 0] });
    await alive('trojan', { [sub.id]: ['5.5.5.3'] });
    expect((await aliveList('vless'))[sub.id]).toBe(3);
    // A push without this user (it was idle) means it moved nothing here.
    await push('vmess', { [nodes.vless!.id + 1_000_000]: [1, 1] });
    await alive('vmess', { [sub.id]: ['5.5.5.1', '5.5.5.2'] });
    expect((await aliveList('vless'))[sub.id]).toBe(1);
    // A latest push older than two push intervals says nothing about the latest interval.
    await push('vmess', { [sub.id]: [20 * KiB, 20 * KiB] });
    await db()
      .updateTable('node_push_usage')
      .set({ pushed_at: isoAfter(-2 * NODES.agentPushSeconds * 1000 - 1000) })
      .where('node_id', '=', nodes.vmess!.id)
      .execute();
    await alive('vmess', { [sub.id]: ['5.5.5.1', '5.5.5.2'] });
    expect((await aliveList('vless'))[sub.id]).toBe(1);
    // The minimum applies when counting: lowered to 0, every reported address counts at once.
    await minimum(0);
    expect((await aliveList('vless'))[sub.id]).toBe(4);
    await clearReports();
  });

  it('keeps the latest push per node in one row, and a repeated push does not replace it', async () => {
    const sub = await buy();
    const used = async () =>
      Number(
        (
          await db()
            .selectFrom('subscriptions')
            .select('traffic_used')
            .where('id', '=', sub.id)
            .executeTakeFirstOrThrow()
        ).traffic_used,
      );
    await push('vmess', { [sub.id]: [300, 200] });
    const once = await used();
    expect(once).toBeGreaterThan(0);
    await push('vmess', { [sub.id]: [300, 200] });
    const rows = await db()
      .selectFrom('node_push_usage')
      .selectAll()
      .where('node_id', '=', nodes.vmess!.id)
      .execute();
    expect(rows).toHaveLength(1);
    // The bytes as the agent measured them (before the node's rate, which only billing applies).
    expect(JSON.parse(rows[0]!.usage)).toEqual({ [sub.id]: 500 });
    // The copy was acknowledged and not charged again.
    expect(await used()).toBe(once);
  });

  it("gives each user the package's device and speed limits, also after a renewal changes them", async () => {
    await db().updateTable('packages').set({ speed_limit_mbps: 50 }).where('id', '=', basic.id).execute();
    const sub = await buy();
    const listed = async () =>
      (await agent('vless', '/user'))
        .json<{ users: { id: number; speed_limit: number; device_limit: number }[] }>()
        .users.find((u) => u.id === sub.id);
    expect(await listed()).toMatchObject({ speed_limit: 50, device_limit: 2 });
    await db()
      .updateTable('packages')
      .set({ speed_limit_mbps: 100, device_limit: 3 })
      .where('id', '=', basic.id)
      .execute();
    const renewed = await call(app, {
      method: 'POST',
      url: `${API}/subscriptions/renew`,
      token: owner,
      payload: { subscription_id: sub.id, idempotency_key: `devices-renew-${sub.id}` },
    });
    expect(renewed.code).toBe(20000);
    expect(await listed()).toMatchObject({ speed_limit: 100, device_limit: 3 });
    await db()
      .updateTable('packages')
      .set({ speed_limit_mbps: null, device_limit: 2 })
      .where('id', '=', basic.id)
      .execute();
  });

  it('shows the owner their devices online now, with the nodes in their language; others get "not found"', async () => {
    await minimum(0);
    const sub = await buy();
    const empty = await devices(sub.id);
    expect(empty.code).toBe(20000);
    expect(empty.data).toEqual({
      subscription_id: sub.id,
      device_limit: 2,
      online: 0,
      min_traffic_kb: 0,
      items: [],
    });
    await alive('vmess', { [sub.id]: ['6.6.6.1', '::ffff:6.6.6.2'] });
    await alive('trojan', { [sub.id]: ['6.6.6.1'] });
    const names = await db()
      .selectFrom('nodes')
      .select(['id', 'name', 'translations'])
      .where('id', 'in', [nodes.vmess!.id, nodes.trojan!.id])
      .execute();
    const nameIn = (id: number, locale: string) => {
      const row = names.find((n) => n.id === id)!;
      return (JSON.parse(row.translations!) as Record<string, { name: string }>)[locale]!.name;
    };
    const en = (await devices(sub.id)).data;
    expect(en.online).toBe(2);
    expect(en.device_limit).toBe(2);
    const both = en.items.find((d) => d.address === '6.6.6.1')!;
    expect(both.nodes.sort()).toEqual([nameIn(nodes.vmess!.id, 'en'), nameIn(nodes.trojan!.id, 'en')].sort());
    expect(en.items.find((d) => d.address === '6.6.6.2')!.nodes).toEqual([nameIn(nodes.vmess!.id, 'en')]);
    expect(Date.parse(both.last_seen)).toBeGreaterThan(Date.now() - 60_000);
    const zh = (await devices(sub.id, owner, 'zh-CN')).data;
    expect(zh.items.find((d) => d.address === '6.6.6.2')!.nodes).toEqual([nameIn(nodes.vmess!.id, 'zh_CN')]);
    expect(nameIn(nodes.vmess!.id, 'zh_CN')).not.toBe(nameIn(nodes.vmess!.id, 'en'));

    // Another customer cannot tell this subscription from one that does not exist.
    const foreign = await devices(sub.id, stranger);
    const missing = await devices(2_000_000_000, stranger);
    expect([foreign.status, foreign.code]).toEqual([404, 40301]);
    expect([missing.status, missing.code]).toEqual([404, 40301]);
    expect(foreign.message).toBe(missing.message);
    expect(foreign.data).toEqual(missing.data);
    // Signed out: no answer at all.
    expect((await call(app, { url: `${API}/subscriptions/${sub.id}/devices` })).status).toBe(401);
    expect((await devices(0)).code).toBe(40004);
    await clearReports();
  });
});
