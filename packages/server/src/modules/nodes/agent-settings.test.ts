import { decode } from '@msgpack/msgpack';
import { ADMIN_API_PREFIX, hasPermission, USER_ROLES, type UserRole } from '@portal/contract';
import type { AdminNode, AgentSettingsData, AgentSettingsInput, NodeInput } from '@portal/contract/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setMeta } from '../../lib/meta-repository.js';
import { accountWithRole, call } from '../../test/accounts.js';
import { v2bxVerdict, xrayrVerdict } from '../../test/agents/agent-decoders.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { AGENT_SETTINGS_KEY, loadAgentSettings } from './agent-settings.js';
import { NODE_API_PREFIX } from './node-api.js';

const ADMIN = ADMIN_API_PREFIX;

const NODES: Record<string, Partial<NodeInput>> = {
  vmess: { protocol: 'vmess', network: 'ws', path: '/ray', tls: true, sni: 'a.example.net' },
  vless: { protocol: 'vless', network: 'tcp', tls: true, sni: 'b.example.net', flow: 'xtls-rprx-vision' },
  trojan: { protocol: 'trojan', network: 'tcp', tls: true, sni: 'c.example.net' },
  shadowsocks: { protocol: 'shadowsocks', network: 'tcp', cipher: 'aes-128-gcm' },
};

const RULES: AgentSettingsInput = {
  routes: [
    { action: 'block', match: ['ads.example.com', 'regexp:^track\\d+\\.', 'protocol:bittorrent'] },
    { action: 'dns', match: ['geosite:netflix', 'full:api.example.org'], action_value: '1.1.1.1' },
    { action: 'block_ip', match: ['10.0.0.0/8', 'geoip:private', '2001:db8::/32'] },
    { action: 'block_port', match: ['25', '6881-6889'] },
  ],
  device_min_traffic_kb: 512,
};

describe(`the agents' settings: rules and the device minimum (${TEST_DIALECT})`, () => {
  let t: TestApp;
  const tokens = new Map<UserRole, string>();
  /** One node per protocol with its agent token */
  const nodes: Record<string, { id: number; token: string }> = {};
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'error', RATE_LIMIT_MAX: '100000' } });
    for (const role of USER_ROLES) tokens.set(role, (await accountWithRole(t.app, db(), role)).token);
    for (const [protocol, over] of Object.entries(NODES)) {
      const node = await staff<AdminNode>('POST', '/nodes', {
        name: `${protocol} node`,
        region: 'Asia',
        country: 'jp',
        host: `${protocol}.example.net`,
        port: 443,
        ...over,
      });
      expect(node.code).toBe(20000);
      const issued = await staff<{ token: string }>('POST', `/nodes/${node.data.id}/token`);
      nodes[protocol] = { id: node.data.id, token: issued.data.token };
    }
  });
  afterAll(() => t.close());

  function staff<T>(
    method: 'GET' | 'PUT' | 'POST',
    path: string,
    payload?: unknown,
    options: { role?: UserRole; language?: string } = {},
  ) {
    return call<T>(t.app, {
      method,
      url: `${ADMIN}${path}`,
      token: tokens.get(options.role ?? 'owner'),
      ...(options.language ? { headers: { 'accept-language': options.language } } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  const save = (body: unknown, options?: { role?: UserRole; language?: string }) =>
    staff<AgentSettingsData>('PUT', '/agent-settings', body, options);
  /** A save expected to be refused: 40004 with the failing fields */
  const refused = (body: unknown, options?: { language?: string }) =>
    staff<{ errors: { field: string; message: string }[] }>('PUT', '/agent-settings', body, options);
  const agent = (protocol: string, path: string, headers: Record<string, string> = {}) => {
    const n = nodes[protocol]!;
    const query = new URLSearchParams({ token: n.token, node_id: String(n.id), node_type: protocol });
    return t.app.inject({ url: `${NODE_API_PREFIX}${path}?${query.toString()}`, headers });
  };

  it('starts from the defaults: no rules, every address counts', async () => {
    const res = await staff<AgentSettingsData>('GET', '/agent-settings', undefined, { role: 'viewer' });
    expect(res.code).toBe(20000);
    expect(res.data).toEqual({ routes: [], device_min_traffic_kb: 0, updated_at: null });
    const config = (await agent('vmess', '/config')).json<{ routes: unknown }>();
    expect(config.routes).toEqual([]);
  });

  it('lets each role read or change them as its permissions say', async () => {
    const wrong: string[] = [];
    for (const role of USER_ROLES) {
      const read = await staff('GET', '/agent-settings', undefined, { role });
      if ((read.code === 20000) !== hasPermission(role, 'nodes.read')) wrong.push(`${role} GET ${read.code}`);
      const write = await save({ routes: [], device_min_traffic_kb: 0 }, { role });
      if ((write.code === 20000) !== hasPermission(role, 'nodes.write'))
        wrong.push(`${role} PUT ${write.code}`);
      if (!hasPermission(role, 'nodes.write') && write.code !== 40002)
        wrong.push(`${role} PUT ${write.code}`);
    }
    expect(wrong).toEqual([]);
    expect(hasPermission('viewer', 'nodes.write')).toBe(false);
  });

  it('saves the rules in order with ids, keeps ids across saves and records who changed what', async () => {
    const first = await save(RULES);
    expect(first.code).toBe(20000);
    expect(first.data.routes.map((r) => [r.id, r.action])).toEqual([
      [1, 'block'],
      [2, 'dns'],
      [3, 'block_ip'],
      [4, 'block_port'],
    ]);
    expect(first.data.routes[0]!.action_value).toBe('');
    expect(first.data.routes[1]!.action_value).toBe('1.1.1.1');
    expect(first.data.device_min_traffic_kb).toBe(512);
    expect(first.data.updated_at).not.toBeNull();
    // What the device counting reads.
    expect((await loadAgentSettings(db())).deviceMinTrafficKb).toBe(512);

    // Reordered, one removed, one new, one id sent twice and one unknown: kept ids stay, others get fresh ones.
    const [block, dns, blockIp] = first.data.routes;
    const second = await save({
      routes: [
        { id: blockIp!.id, action: 'block_ip', match: blockIp!.match },
        { id: block!.id, action: 'block', match: ['ads.example.com'] },
        { id: block!.id, action: 'block', match: ['other.example.com'] },
        { id: 99, action: 'dns', match: ['example.org'], action_value: 'https://dns.example.net/dns-query' },
        { id: dns!.id, action: dns!.action, match: dns!.match, action_value: dns!.action_value },
      ],
      device_min_traffic_kb: 0,
    });
    expect(second.code).toBe(20000);
    expect(second.data.routes.map((r) => r.id)).toEqual([3, 1, 5, 6, 2]);
    expect((await staff<AgentSettingsData>('GET', '/agent-settings')).data).toEqual(second.data);

    const audits = await db()
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'target_id', 'changes', 'actor_role'])
      .where('action', '=', 'settings.agent.update')
      .orderBy('id')
      .execute();
    const last = audits.at(-1)!;
    expect(last).toMatchObject({ target_type: 'settings', target_id: 'agent', actor_role: 'owner' });
    const changes = JSON.parse(last.changes!) as {
      before: { device_min_traffic_kb: number; routes: { id: number }[] };
      after: { device_min_traffic_kb: number; routes: { id: number }[] };
    };
    expect(changes.before.device_min_traffic_kb).toBe(512);
    expect(changes.after.device_min_traffic_kb).toBe(0);
    expect(changes.before.routes.map((r) => r.id)).toEqual([1, 2, 3, 4]);
    expect(changes.after.routes.map((r) => r.id)).toEqual([3, 1, 5, 6, 2]);
  });

  it('refuses entries that do not fit their rule, naming each, in the caller language', async () => {
    const cases: [unknown, string][] = [
      [{ action: 'block', match: ['not a domain'] }, 'routes.0.match.0'],
      [{ action: 'block', match: ['regexp:(?=lookahead)'] }, 'routes.0.match.0'],
      [{ action: 'block', match: ['regexp:(unclosed'] }, 'routes.0.match.0'],
      [{ action: 'block', match: ['protocol:smtp'] }, 'routes.0.match.0'],
      [{ action: 'block', match: [] }, 'routes.0.match'],
      [{ action: 'block', match: ['example.com'], action_value: '1.1.1.1' }, 'routes.0.action_value'],
      [{ action: 'block_ip', match: ['10.0.0.0/33'] }, 'routes.0.match.0'],
      [{ action: 'block_ip', match: ['300.1.1.1'] }, 'routes.0.match.0'],
      [{ action: 'block_port', match: ['70000'] }, 'routes.0.match.0'],
      [{ action: 'block_port', match: ['90-80'] }, 'routes.0.match.0'],
      [{ action: 'dns', match: ['main', 'example.com'], action_value: '1.1.1.1' }, 'routes.0.match.0'],
      [{ action: 'dns', match: ['example.com'] }, 'routes.0.action_value'],
      [{ action: 'dns', match: ['example.com'], action_value: 'ftp://dns.example' }, 'routes.0.action_value'],
      [{ action: 'route', match: ['example.com'] }, 'routes.0.action'],
      [{ action: 'block', match: ['example.com'], extra: 1 }, 'routes.0'],
    ];
    for (const [rule, field] of cases) {
      const res = await refused({ routes: [rule], device_min_traffic_kb: 0 }, { language: 'en' });
      expect(res.code, JSON.stringify(rule)).toBe(40004);
      const errors = res.data.errors.map((e) => e.field);
      expect(errors, JSON.stringify(rule)).toContain(`body.${field}`);
    }
    const tooMany = await save({
      routes: Array.from({ length: 101 }, () => ({ action: 'block', match: ['example.com'] })),
      device_min_traffic_kb: 0,
    });
    expect(tooMany.code).toBe(40004);
    const tooMuch = await save({ routes: [], device_min_traffic_kb: 1_048_577 });
    expect(tooMuch.code).toBe(40004);

    const zh = await refused(
      { routes: [{ action: 'dns', match: ['example.com'] }], device_min_traffic_kb: 0 },
      { language: 'zh-TW' },
    );
    expect(zh.data.errors.find((e) => e.field === 'body.routes.0.action_value')?.message).toBe(
      '請輸入 DNS 伺服器：IP 位址或 https:// 等位址',
    );
    const en = await refused(
      { routes: [{ action: 'block', match: ['bad domain'] }], device_min_traffic_kb: 0 },
      { language: 'en' },
    );
    expect(en.data.errors[0]!.message).toBe('This entry does not fit the kind of rule');
    // Nothing refused was stored, nor audited as changed.
    expect((await loadAgentSettings(db())).routes.map((r) => r.id)).toEqual([3, 1, 5, 6, 2]);
  });

  it("hands every protocol's agent the rules in the shape XrayR and V2bX decode, with a new ETag", async () => {
    await save({ routes: [], device_min_traffic_kb: 0 });
    const before = new Map<string, string>();
    for (const protocol of Object.keys(NODES)) {
      const res = await agent(protocol, '/config');
      expect(res.json<{ routes: unknown[] }>().routes).toEqual([]);
      before.set(protocol, String(res.headers.etag));
    }
    const saved = await save(RULES);
    for (const protocol of Object.keys(NODES)) {
      const stale = await agent(protocol, '/config', { 'if-none-match': before.get(protocol)! });
      expect(stale.statusCode, protocol).toBe(200);
      const etag = String(stale.headers.etag);
      expect(etag).not.toBe(before.get(protocol));
      const routes = stale.json<{ routes: Record<string, unknown>[] }>().routes;
      expect(routes, protocol).toEqual(
        saved.data.routes.map((r) => ({
          id: r.id,
          match: r.match,
          action: r.action,
          action_value: r.action_value,
        })),
      );
      for (const route of routes) {
        // XrayR: id int, match []string (a string fails to decode), action and action_value strings.
        expect(Number.isInteger(route.id)).toBe(true);
        expect(Array.isArray(route.match) && route.match.length > 0).toBe(true);
        expect((route.match as unknown[]).every((m) => typeof m === 'string')).toBe(true);
        expect(typeof route.action).toBe('string');
        expect(typeof route.action_value).toBe('string');
      }
      expect(Object.keys(routes[1]!).sort()).toEqual(['action', 'action_value', 'id', 'match']);
      // The whole config, rules included, decoded as each agent's Go structs decode it and run.
      const config = stale.json<Record<string, unknown>>();
      expect(xrayrVerdict({ protocol, config }), protocol).toEqual({ runs: true });
      expect(v2bxVerdict({ protocol, config }), protocol).toEqual({ runs: true });
      // Unchanged since: 304.
      const again = await agent(protocol, '/config', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
    }
    // XrayR joins a block rule's entries with | into one pattern: it must compile (Go's RE2 reads it the same).
    const block = saved.data.routes.find((r) => r.action === 'block')!;
    expect(() => new RegExp(block.match.join('|'))).not.toThrow();
  });

  it('leaves out a stored rule that no longer reads as one', async () => {
    await setMeta(
      db(),
      AGENT_SETTINGS_KEY,
      JSON.stringify({
        routes: [
          { id: 1, action: 'block', match: null, action_value: '' },
          { id: 2, action: 'block', match: [], action_value: '' },
          { id: 3, action: 'block', match: ['ads.example.com'], action_value: '' },
        ],
        device_min_traffic_kb: 64,
      }),
    );
    const config = (await agent('trojan', '/config')).json<{ routes: { id: number }[] }>();
    expect(config.routes.map((r) => r.id)).toEqual([3]);
    expect((await loadAgentSettings(db())).deviceMinTrafficKb).toBe(64);
  });

  describe('MessagePack for V2bX', () => {
    const msgpack = { 'x-response-format': 'msgpack' };

    it('answers the user list in MessagePack when asked: the same object, its own ETag, 304 on it', async () => {
      const json = await agent('vless', '/user');
      expect(json.headers['content-type']).toMatch(/^application\/json/);
      const packed = await agent('vless', '/user', msgpack);
      expect(packed.statusCode).toBe(200);
      expect(packed.headers['content-type']).toBe('application/x-msgpack');
      expect(String(packed.headers.vary)).toMatch(/X-Response-Format/i);
      expect(decode(packed.rawPayload)).toEqual(json.json());
      // The keys V2bX's decoder reads (msgpack tags equal to the JSON names).
      const users = (decode(packed.rawPayload) as { users: Record<string, unknown>[] }).users;
      expect(users.length).toBeGreaterThan(0);
      for (const u of users)
        expect(Object.keys(u).sort()).toEqual(['device_limit', 'id', 'speed_limit', 'uuid']);

      const etag = String(packed.headers.etag);
      expect(etag).not.toBe(String(json.headers.etag));
      const again = await agent('vless', '/user', { ...msgpack, 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      // The JSON ETag does not stand for the MessagePack bytes, and the other way round.
      expect(
        (await agent('vless', '/user', { ...msgpack, 'if-none-match': String(json.headers.etag) }))
          .statusCode,
      ).toBe(200);
      expect((await agent('vless', '/user', { 'if-none-match': etag })).statusCode).toBe(200);
    });

    it('leaves a JSON agent and the config as they were', async () => {
      const plain = await agent('vmess', '/user');
      expect(plain.headers['content-type']).toMatch(/^application\/json/);
      expect(
        (await agent('vmess', '/user', { 'if-none-match': String(plain.headers.etag) })).statusCode,
      ).toBe(304);
      const other = await agent('vmess', '/user', { 'x-response-format': 'json' });
      expect(other.headers['content-type']).toMatch(/^application\/json/);
      expect(other.body).toBe(plain.body);
      const config = await agent('vmess', '/config', msgpack);
      expect(config.headers['content-type']).toMatch(/^application\/json/);
      expect(config.json<{ routes: unknown[] }>().routes).toBeInstanceOf(Array);
    });
  });
});
