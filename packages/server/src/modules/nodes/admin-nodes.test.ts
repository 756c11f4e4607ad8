import { randomUUID } from 'node:crypto';
import { ADMIN_API_PREFIX, ERRORS, type NodeInfo, type TrafficDay } from '@portal/contract';
import { type AdminNode, type AgentConfig, type NodeGroup, type NodeInput } from '@portal/contract/admin';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/time.js';
import { realityKeyPair } from './reality-keys.js';
import { accountWithRole, call } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { NODE_API_PREFIX } from './node-api.js';
import { STAND_IN_USER_ID } from './agent-service.js';
import { servedUsersQuery } from './repository.js';

const ADMIN = ADMIN_API_PREFIX;
const PORTAL = '/api/v1/portal';

const vmessNode = (over: Partial<NodeInput> = {}): NodeInput => ({
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
  translations: { en: { name: 'Tokyo One', city: 'Tokyo' }, zh_CN: { name: '东京 1', city: '东京' } },
  group_ids: [],
  ...over,
});

describe(`nodes in the operators' console (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let owner: { id: number; token: string };
  let viewer: { id: number; token: string };
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'error', RATE_LIMIT_MAX: '100000', PUBLIC_URL: 'https://panel.example.com' },
    });
    owner = await accountWithRole(t.app, db(), 'owner');
    viewer = await accountWithRole(t.app, db(), 'viewer');
  });
  afterAll(() => t.close());

  const staff = <T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: unknown,
    token?: string,
  ) =>
    call<T>(t.app, {
      method,
      url: `${ADMIN}${path}`,
      token: token ?? owner.token,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const audits = (targetType: string, targetId: number) =>
    db()
      .selectFrom('audit_log')
      .select(['action', 'changes', 'actor_id'])
      .where('target_type', '=', targetType)
      .where('target_id', '=', String(targetId))
      .orderBy('id')
      .execute();
  const agent = (node: { id: number; protocol: string }, token: string, path = '/user') =>
    t.app.inject({
      url: `${NODE_API_PREFIX}${path}?${new URLSearchParams({ token, node_id: String(node.id), node_type: node.protocol }).toString()}`,
    });
  const agentUsers = async (node: AdminNode, token: string) =>
    (await agent(node, token)).json<{ users: { id: number }[] }>().users.map((u) => u.id);

  /** A package and a live subscription on it for a new customer (set up directly: buying is not under test). */
  const subscriber = async (packageId: number) => {
    const user = await accountWithRole(t.app, db(), 'user');
    const now = nowIso();
    const sub = await db()
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
      .returning(['id', 'link_token'])
      .executeTakeFirstOrThrow();
    return { ...user, subId: sub.id, link: sub.link_token };
  };
  const newPackage = async (name: string) => {
    const now = nowIso();
    const row = await db()
      .insertInto('packages')
      .values({
        name,
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
  const linkHosts = async (link: string) => {
    const res = await t.app.inject({ url: `/sub/${link}?format=clash` });
    expect(res.statusCode).toBe(200);
    return [...res.body.matchAll(/server: ([^\s,}]+)/g)].map((m) => m[1]).sort();
  };
  const customerList = async (token: string) =>
    (await call<{ items: NodeInfo[] }>(t.app, { url: `${PORTAL}/nodes?size=100`, token })).data.items
      .map((n) => n.server_address)
      .sort();

  /** A node made through the API, with a token, that has called once (so it is online). */
  const liveNode = async (input: NodeInput) => {
    const node = (await staff<AdminNode>('POST', '/nodes', input)).data;
    const { token } = (await staff<AgentConfig & { token: string }>('POST', `/nodes/${node.id}/token`)).data;
    expect((await agent(node, token, '/config')).statusCode).toBe(200);
    return { node, token };
  };

  it('creates, reads, edits and lists nodes; every write audited with the changed fields', async () => {
    const created = await staff<AdminNode>('POST', '/nodes', vmessNode());
    expect(created.code).toBe(20000);
    const node = created.data;
    expect(node).toMatchObject({
      country: 'JP',
      network: 'ws',
      path: '/ray',
      ws_host: 'cdn.example.net',
      tls: true,
      enabled: true,
      maintenance: false,
      status: 'offline',
      has_token: false,
      translations: { en: { name: 'Tokyo One', city: 'Tokyo' } },
    });
    // What the agents' API serves follows the settings.
    const row = await db()
      .selectFrom('nodes')
      .select('settings')
      .where('id', '=', node.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.settings)).toEqual({
      network: 'ws',
      path: '/ray',
      host: 'cdn.example.net',
      tls: true,
      sni: 'tokyo1.example.net',
    });

    const edited = await staff<AdminNode>(
      'PUT',
      `/nodes/${node.id}`,
      vmessNode({ port: 8443, rate_percent: 150 }),
    );
    expect(edited.code).toBe(20000);
    expect(edited.data).toMatchObject({ port: 8443, rate_percent: 150 });
    expect((await staff<AdminNode>('GET', `/nodes/${node.id}`)).data.port).toBe(8443);

    const log = await audits('node', node.id);
    expect(log.map((r) => r.action)).toEqual(['node.create', 'node.update']);
    expect(log[0]!.actor_id).toBe(owner.id);
    expect(JSON.parse(log[1]!.changes!)).toEqual({
      before: { port: 443, rate_percent: 100 },
      after: { port: 8443, rate_percent: 150 },
    });

    // Viewers read, never write.
    expect((await staff('GET', `/nodes/${node.id}`, undefined, viewer.token)).code).toBe(20000);
    expect((await staff('PUT', `/nodes/${node.id}`, vmessNode(), viewer.token)).code).toBe(40002);

    // Filters: protocol, text, enabled.
    await staff('POST', '/nodes', {
      ...vmessNode({ name: 'Frankfurt SS', host: 'fra.example.net', protocol: 'shadowsocks' }),
      network: 'tcp',
      path: null,
      ws_host: null,
      tls: false,
      sni: null,
      cipher: 'aes-256-gcm',
    });
    const names = async (query: string) =>
      (await staff<{ items: AdminNode[] }>('GET', `/nodes?${query}`)).data.items.map((n) => n.name);
    expect(await names('protocol=shadowsocks')).toEqual(['Frankfurt SS']);
    expect(await names('q=TOKYO1.example')).toEqual(['Tokyo 1']);
    expect(await names('q=%25')).toEqual([]);
    expect(await names('status=maintenance')).toEqual([]);
    expect((await names('status=offline')).length).toBeGreaterThanOrEqual(2);
  });

  it('stores a known region in any case as its key (shown in each language), others as written', async () => {
    const asia = (await staff<AdminNode>('POST', '/nodes', vmessNode({ name: 'Region a', region: ' Asia ' })))
      .data;
    expect(asia.region).toBe('asia');
    const other = (
      await staff<AdminNode>('POST', '/nodes', vmessNode({ name: 'Region b', region: 'Middle East' }))
    ).data;
    expect(other.region).toBe('Middle East');
    for (const id of [asia.id, other.id]) await staff('DELETE', `/nodes/${id}`);
  });

  it('refuses settings that do not fit the protocol, naming the field', async () => {
    const refused = async (input: unknown, field: string) => {
      const r = await staff<{ field: string; errors: { field: string }[] }>('POST', '/nodes', input);
      expect(r.code, field).toBe(ERRORS.VALIDATION.code);
      expect(
        r.data.errors.map((e) => e.field),
        field,
      ).toContain(`body.${field}`);
    };
    await refused({ ...vmessNode({ protocol: 'shadowsocks' }), cipher: 'aes-128-gcm' }, 'network');
    await refused(
      { ...vmessNode({ protocol: 'shadowsocks', network: 'tcp', path: null, ws_host: null }) },
      'tls',
    );
    await refused(vmessNode({ protocol: 'trojan', tls: false, sni: null }), 'tls');
    await refused(vmessNode({ path: 'ray' }), 'path');
    await refused(vmessNode({ cipher: 'aes-128-gcm' }), 'cipher');
    await refused(vmessNode({ port: 70_000 }), 'port');
    await refused(vmessNode({ host: 'bad host!' }), 'host');
    await refused(vmessNode({ country: 'JPN' }), 'country');
    // Transports: each protocol takes its own, with the fields each needs and no others.
    await refused(vmessNode({ network: 'xhttp' }), 'network');
    await refused(vmessNode({ protocol: 'trojan', network: 'h2' }), 'network');
    await refused(vmessNode({ network: 'h2', tls: false, sni: null }), 'tls');
    await refused(vmessNode({ network: 'grpc', path: null, ws_host: null }), 'service_name');
    await refused(vmessNode({ service_name: 'grpc' }), 'service_name');
    await refused(
      vmessNode({ network: 'grpc', path: null, ws_host: null, service_name: 'a b' }),
      'service_name',
    );
    await refused(vmessNode({ network: 'tcp', path: '/x', ws_host: null }), 'path');
    await refused(vmessNode({ tcp_header: 'http' }), 'tcp_header');
    await refused(vmessNode({ network: 'httpupgrade', path: null }), 'path');
    await refused(vmessNode({ xhttp_mode: 'packet-up' }), 'xhttp_mode');
    // Reality and Vision: VLESS only, with TLS, on the transports they run on.
    const reality = { dest: 'www.example.org' };
    const vless = (over: Partial<NodeInput>) =>
      vmessNode({ protocol: 'vless', network: 'tcp', path: null, ws_host: null, ...over });
    await refused(vmessNode({ reality }), 'reality');
    await refused(vless({ reality, tls: false, sni: null }), 'reality');
    await refused(vless({ reality, network: 'ws', path: '/x' }), 'network');
    await refused(vless({ reality, sni: null }), 'sni');
    await refused(
      vless({ reality: { dest: 'www.example.org', private_key: 'short' } }),
      'reality.private_key',
    );
    await refused(vless({ flow: 'xtls-rprx-vision', network: 'ws', path: '/x' }), 'flow');
    await refused(vless({ flow: 'xtls-rprx-vision', tls: false, sni: null }), 'flow');
    await refused(vmessNode({ flow: 'xtls-rprx-vision', network: 'tcp', path: null, ws_host: null }), 'flow');
    const before = await db().selectFrom('audit_log').select('id').execute();
    const unknownGroup = await staff('POST', '/nodes', vmessNode({ group_ids: [999_999] }));
    expect(unknownGroup.code).toBe(ERRORS.NODE_GROUP_NOT_FOUND.code);
    expect(await db().selectFrom('audit_log').select('id').execute()).toHaveLength(before.length);
    expect((await staff('GET', '/nodes/999999')).code).toBe(ERRORS.NODE_NOT_FOUND.code);
  });

  it('hands the agents each transport in the shape Xray reads, under both settings keys', async () => {
    const made = [
      vmessNode({
        name: 'grpc',
        protocol: 'vless',
        network: 'grpc',
        path: null,
        ws_host: null,
        service_name: 'tun',
      }),
      vmessNode({ name: 'upgrade', protocol: 'vless', network: 'httpupgrade', path: '/up' }),
      vmessNode({ name: 'xhttp', protocol: 'vless', network: 'xhttp', path: '/x', xhttp_mode: 'stream-up' }),
      vmessNode({ name: 'h2', network: 'h2', path: '/h2' }),
      vmessNode({ name: 'tcp-http', network: 'tcp', tcp_header: 'http', path: '/', tls: false, sni: null }),
      vmessNode({
        name: 'trojan-grpc',
        protocol: 'trojan',
        network: 'grpc',
        path: null,
        ws_host: null,
        service_name: 'tg',
      }),
    ];
    const expected: Record<string, { network: string; settings: Record<string, unknown> }> = {
      grpc: { network: 'grpc', settings: { serviceName: 'tun' } },
      upgrade: { network: 'httpupgrade', settings: { path: '/up', host: 'cdn.example.net' } },
      xhttp: { network: 'xhttp', settings: { path: '/x', host: 'cdn.example.net', mode: 'stream-up' } },
      h2: { network: 'h2', settings: { path: '/h2', host: ['cdn.example.net'] } },
      'tcp-http': {
        network: 'tcp',
        settings: {
          header: { type: 'http', request: { path: ['/'], headers: { Host: ['cdn.example.net'] } } },
        },
      },
      'trojan-grpc': { network: 'grpc', settings: { serviceName: 'tg' } },
    };
    for (const input of made) {
      const { node, token } = await liveNode(input);
      // The console reads back what it saved.
      expect(node).toMatchObject({
        network: input.network,
        tcp_header: input.tcp_header ?? 'none',
        service_name: input.service_name ?? null,
        xhttp_mode: input.xhttp_mode ?? 'auto',
      });
      const config = (await agent(node, token, '/config')).json<Record<string, unknown>>();
      const want = expected[input.name]!;
      expect(config.network, input.name).toBe(want.network);
      expect(config.networkSettings, input.name).toEqual(want.settings);
      expect(config.network_settings, input.name).toEqual(want.settings);
      expect(typeof config.server_port).toBe('number');
      expect(config.base_config).toEqual({ push_interval: 60, pull_interval: 60 });
    }
  });

  it('runs VLESS Reality with Vision: keys made or kept, the agents get their shapes, the console never the private key', async () => {
    const input = vmessNode({
      name: 'Reality',
      protocol: 'vless',
      network: 'tcp',
      path: null,
      ws_host: null,
      sni: 'www.example.org',
      flow: 'xtls-rprx-vision',
      reality: { dest: 'www.example.org' },
    });
    const { node, token } = await liveNode(input);
    expect(node.flow).toBe('xtls-rprx-vision');
    expect(node.reality).toMatchObject({
      dest: 'www.example.org',
      dest_port: 443,
      xver: 0,
      fingerprint: 'chrome',
    });
    expect(node.reality!.public_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(node.reality!.short_ids).toEqual([expect.stringMatching(/^[0-9a-f]{16}$/)]);
    expect(JSON.stringify(node)).not.toContain('private');

    const config = (await agent(node, token, '/config')).json<Record<string, unknown>>();
    expect(config).toMatchObject({ tls: 2, flow: 'xtls-rprx-vision', network: 'tcp', server_port: 443 });
    const tlsSettings = config.tls_settings as Record<string, unknown>;
    expect(tlsSettings).toEqual({
      server_name: 'www.example.org',
      server_port: '443',
      dest: 'www.example.org',
      short_id: node.reality!.short_ids[0],
      private_key: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    // The private key the agent gets is the pair of the public key clients get.
    expect(realityKeyPair(tlsSettings.private_key as string).publicKey).toBe(node.reality!.public_key);
    // Nowhere in the audit log.
    const audits = await db()
      .selectFrom('audit_log')
      .select('changes')
      .where('target_id', '=', String(node.id))
      .execute();
    expect(audits.map((a) => a.changes ?? '').join('')).not.toContain(tlsSettings.private_key as string);

    // An edit keeps the keys and short ids; xver not 0 goes to the agents as a string.
    const edited = (
      await staff<AdminNode>('PUT', `/nodes/${node.id}`, {
        ...input,
        reality: { dest: 'www.example.org', xver: 1 },
      })
    ).data;
    expect(edited.reality).toMatchObject({
      public_key: node.reality!.public_key,
      short_ids: node.reality!.short_ids,
      xver: 1,
    });
    const again = (await agent(node, token, '/config')).json<{ tls_settings: Record<string, unknown> }>();
    expect(again.tls_settings.xver).toBe('1');
    // An operator's own private key: its public key is derived from it.
    const own = realityKeyPair();
    const mine = (
      await staff<AdminNode>('PUT', `/nodes/${node.id}`, {
        ...input,
        reality: { dest: 'www.example.org', private_key: own.privateKey, short_ids: ['ab12'] },
      })
    ).data;
    expect(mine.reality).toMatchObject({ public_key: own.publicKey, short_ids: ['ab12'] });

    // Customers' links carry the public key, the short id, the fingerprint and the flow.
    const pkg = await newPackage('Reality package');
    const customer = await subscriber(pkg);
    const uri = Buffer.from(
      (await t.app.inject({ url: `/sub/${customer.link}?format=base64` })).body,
      'base64',
    )
      .toString()
      .split('\n')
      .find((line) => line.includes('#Reality'))!;
    const q = new URL(uri.replace(/^vless:\/\//, 'http://')).searchParams;
    // The node centre says Reality.
    const listed = (
      await call<{ items: NodeInfo[] }>(t.app, { url: `${PORTAL}/nodes?size=100`, token: customer.token })
    ).data.items;
    expect(listed.find((n) => n.id === node.id)).toMatchObject({
      tls: true,
      reality: true,
      transport: 'tcp',
    });
    expect(Object.fromEntries(q)).toMatchObject({
      security: 'reality',
      pbk: own.publicKey,
      sid: 'ab12',
      fp: 'chrome',
      sni: 'www.example.org',
      flow: 'xtls-rprx-vision',
    });
  });

  it('runs Shadowsocks 2022: a server key per node, user keys as the agents derive them, in every client format', async () => {
    const input = vmessNode({
      name: 'SS2022',
      protocol: 'shadowsocks',
      network: 'tcp',
      path: null,
      ws_host: null,
      tls: false,
      sni: null,
      cipher: '2022-blake3-aes-128-gcm',
    });
    const { node, token } = await liveNode(input);
    const serverKey = async () =>
      (await agent(node, token, '/config')).json<{ cipher: string; server_key: string }>();
    const first = await serverKey();
    expect(first.cipher).toBe('2022-blake3-aes-128-gcm');
    expect(Buffer.from(first.server_key, 'base64')).toHaveLength(16);
    // Kept on an edit; a cipher with another key length gets a new key.
    await staff('PUT', `/nodes/${node.id}`, { ...input, name: 'SS2022 renamed' });
    expect((await serverKey()).server_key).toBe(first.server_key);
    await staff('PUT', `/nodes/${node.id}`, { ...input, cipher: '2022-blake3-aes-256-gcm' });
    const second = await serverKey();
    expect(Buffer.from(second.server_key, 'base64')).toHaveLength(32);

    // The client's password: the server key, ':', the user's key (the first 32 characters of its UUID, base64).
    const pkg = await newPackage('SS2022 package');
    const customer = await subscriber(pkg);
    const { uuid } = await db()
      .selectFrom('subscriptions')
      .select('uuid')
      .where('id', '=', customer.subId)
      .executeTakeFirstOrThrow();
    const password = `${second.server_key}:${Buffer.from(uuid.slice(0, 32)).toString('base64')}`;
    const body = (format: string) => t.app.inject({ url: `/sub/${customer.link}?format=${format}` });
    const uri = Buffer.from((await body('base64')).body, 'base64')
      .toString()
      .split('\n')
      .find((line) => line.endsWith('#SS2022%20renamed') || line.includes('#SS2022'))!;
    // SIP002 for 2022 ciphers: userinfo percent-encoded as it is, not base64.
    expect(uri.startsWith(`ss://2022-blake3-aes-256-gcm:${encodeURIComponent(password)}@`)).toBe(true);
    expect((await body('clash')).body).toContain(`password: ${password}`);
    const box = JSON.parse((await body('sing-box')).body) as { outbounds: Record<string, unknown>[] };
    expect(box.outbounds.find((o) => o.type === 'shadowsocks' && o.tag === 'SS2022')).toMatchObject({
      method: '2022-blake3-aes-256-gcm',
      password,
    });
  });

  it('keeps a Shadowsocks plugin: saved and read back, refused where it does not fit, the agents told what they can run', async () => {
    const ssNode = (over: Partial<NodeInput>) =>
      vmessNode({
        name: 'SS plugin',
        protocol: 'shadowsocks',
        network: 'tcp',
        path: null,
        ws_host: null,
        tls: false,
        sni: null,
        cipher: 'aes-128-gcm',
        ...over,
      });
    const obfs = { type: 'obfs', mode: 'http', host: 'www.bing.com' } as const;
    const { node, token } = await liveNode(ssNode({ ss_plugin: obfs }));
    expect(node.ss_plugin).toEqual(obfs);
    expect((await staff<AdminNode>('GET', `/nodes/${node.id}`)).data.ss_plugin).toEqual(obfs);
    const config = async () => (await agent(node, token, '/config')).json<Record<string, unknown>>();
    // obfs http: XrayR's keys (it runs Xray's HTTP header on "/"), and Xboard's plugin / plugin_opts.
    expect(await config()).toMatchObject({
      cipher: 'aes-128-gcm',
      obfs: 'http',
      obfs_settings: { path: '/', host: 'www.bing.com' },
      plugin: 'obfs-server',
      plugin_opts: 'obfs=http',
    });

    // v2ray-plugin over TLS: no agent runs it, so obfs is null; the program beside the agent and its options.
    const v2ray = {
      type: 'v2ray-plugin',
      mode: 'websocket',
      tls: true,
      host: 'ss.example.com',
      path: '/ss-ws',
    } as const;
    const edited = await staff<AdminNode>('PUT', `/nodes/${node.id}`, ssNode({ ss_plugin: v2ray }));
    expect(edited.code, edited.message).toBe(20000);
    expect(edited.data.ss_plugin).toEqual(v2ray);
    expect(await config()).toMatchObject({
      obfs: null,
      obfs_settings: null,
      plugin: 'v2ray-plugin',
      plugin_opts: 'server;mode=websocket;tls;host=ss.example.com;path=/ss-ws',
    });
    const audit = (await audits('node', node.id)).at(-1)!;
    expect(audit.action).toBe('node.update');
    expect(JSON.parse(audit.changes!)).toMatchObject({ after: { ss_plugin: v2ray } });

    // Removed again: no plugin anywhere.
    await staff('PUT', `/nodes/${node.id}`, ssNode({ ss_plugin: null }));
    expect((await staff<AdminNode>('GET', `/nodes/${node.id}`)).data.ss_plugin).toBeNull();
    expect(await config()).toMatchObject({
      obfs: null,
      obfs_settings: null,
      plugin: null,
      plugin_opts: null,
    });

    const refused = async (input: unknown) => {
      const r = await staff<{ errors: { field: string }[] }>('POST', '/nodes', input);
      expect(r.code, JSON.stringify(input)).toBe(ERRORS.VALIDATION.code);
      expect(r.data.errors.map((e) => e.field).some((f) => f.startsWith('body.ss_plugin'))).toBe(true);
    };
    // Not with the 2022 ciphers (shadowsocks-libev and its plugins do not speak them), not on other protocols.
    await refused(ssNode({ cipher: '2022-blake3-aes-128-gcm', ss_plugin: obfs }));
    await refused(vmessNode({ ss_plugin: obfs }));
    await refused(ssNode({ ss_plugin: { type: 'obfs', mode: 'websocket' } as never }));
    await refused(ssNode({ ss_plugin: { type: 'kcptun' } as never }));
    await refused(ssNode({ ss_plugin: { ...v2ray, host: null } }));
    await refused(ssNode({ ss_plugin: { ...v2ray, path: 'no-slash' } }));
    await refused(ssNode({ ss_plugin: { ...v2ray, path: '/a;b=c' } }));
    await refused(ssNode({ ss_plugin: { ...obfs, host: 'bad host' } }));
  });

  it('runs Hysteria2 and TUIC v5: settings saved and read back, the obfuscation password kept, agents and clients served', async () => {
    const quicBase = (over: Partial<NodeInput>) =>
      vmessNode({
        network: 'quic',
        path: null,
        ws_host: null,
        tls: true,
        sni: 'quic.example.net',
        host: 'quic.example.net',
        ...over,
      });
    const hyInput = quicBase({
      name: 'HY2',
      protocol: 'hysteria2',
      port: 8443,
      hysteria2: { obfs: 'salamander', up_mbps: 30, down_mbps: 200, hop_ports: ' 20000-30000 , 443' },
    });
    const { node: hy, token: hyToken } = await liveNode(hyInput);
    expect(hy).toMatchObject({
      protocol: 'hysteria2',
      network: 'quic',
      tls: true,
      sni: 'quic.example.net',
      reality: null,
      tuic: null,
      hysteria2: {
        obfs: 'salamander',
        up_mbps: 30,
        down_mbps: 200,
        ignore_client_bandwidth: false,
        // Saved as clients read it.
        hop_ports: '20000-30000,443',
        allow_insecure: false,
      },
    });
    // Left empty, a salamander password is made, and an edit that leaves it empty keeps it.
    const password = hy.hysteria2!.obfs_password!;
    expect(password).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const edited = (
      await staff<AdminNode>('PUT', `/nodes/${hy.id}`, {
        ...hyInput,
        hysteria2: { ...hyInput.hysteria2, allow_insecure: true },
      })
    ).data;
    expect(edited.hysteria2).toMatchObject({ obfs_password: password, allow_insecure: true });
    // The audit log records the settings as they changed.
    const log = await audits('node', hy.id);
    expect(log.map((a) => a.action)).toEqual(['node.create', 'node.token.issue', 'node.update']);
    expect(JSON.parse(log[2]!.changes!)).toMatchObject({
      before: { hysteria2: { allow_insecure: false } },
      after: { hysteria2: { allow_insecure: true } },
    });

    // The agent (as Xboard's "hysteria" or V2bX's "hysteria2") gets its shape with the hyphenated key.
    const config = (await agent({ id: hy.id, protocol: 'hysteria' }, hyToken, '/config')).json<
      Record<string, unknown>
    >();
    expect(config).toMatchObject({
      server_port: 8443,
      server_name: 'quic.example.net',
      version: 2,
      up_mbps: 200,
      down_mbps: 30,
      obfs: 'salamander',
      'obfs-password': password,
    });

    const tuicInput = quicBase({
      name: 'TUIC',
      protocol: 'tuic',
      port: 9443,
      tuic: { congestion_control: 'bbr', udp_relay_mode: 'quic' },
    });
    const { node: tuic, token: tuicToken } = await liveNode(tuicInput);
    expect(tuic).toMatchObject({
      protocol: 'tuic',
      network: 'quic',
      hysteria2: null,
      tuic: {
        congestion_control: 'bbr',
        zero_rtt_handshake: false,
        udp_relay_mode: 'quic',
        alpn: ['h3'],
        allow_insecure: false,
      },
    });
    expect((await agent(tuic, tuicToken, '/config')).json()).toMatchObject({
      server_port: 9443,
      version: 5,
      congestion_control: 'bbr',
      zero_rtt_handshake: false,
    });
    // V2bX runs them on its sing core; XrayR cannot run them and says so.
    const configs = (await staff<AgentConfig>('GET', `/nodes/${tuic.id}/agent-config`)).data;
    expect(JSON.parse(configs.v2bx)).toMatchObject({ Core: 'sing', NodeType: 'tuic' });
    expect(configs.xrayr).toMatch(/^\s*# XrayR cannot run TUIC nodes/);

    // Customers: the node centre says QUIC; the link carries both in every format.
    const pkg = await newPackage('QUIC package');
    const customer = await subscriber(pkg);
    const listed = (
      await call<{ items: NodeInfo[] }>(t.app, {
        url: `${PORTAL}/nodes?size=100&type=hysteria2`,
        token: customer.token,
      })
    ).data.items;
    expect(listed.map((n) => [n.id, n.protocol, n.transport, n.tls])).toEqual([
      [hy.id, 'hysteria2', 'quic', true],
    ]);
    const { uuid } = await db()
      .selectFrom('subscriptions')
      .select('uuid')
      .where('id', '=', customer.subId)
      .executeTakeFirstOrThrow();
    const body = async (format: string) =>
      (await t.app.inject({ url: `/sub/${customer.link}?format=${format}` })).body;
    const uris = Buffer.from(await body('base64'), 'base64')
      .toString()
      .split('\n');
    expect(uris).toContain(
      `hysteria2://${uuid}@quic.example.net:8443/?sni=quic.example.net&obfs=salamander&obfs-password=${password}&insecure=1&mport=20000-30000%2C443#HY2`,
    );
    expect(uris).toContain(
      `tuic://${uuid}:${uuid}@quic.example.net:9443?sni=quic.example.net&congestion_control=bbr&udp_relay_mode=quic&alpn=h3#TUIC`,
    );
    const clash = await body('clash');
    expect(clash).toContain('type: hysteria2');
    expect(clash).toContain('type: tuic');
    const box = JSON.parse(await body('sing-box')) as { outbounds: Record<string, unknown>[] };
    expect(box.outbounds.find((o) => o.tag === 'HY2')).toMatchObject({
      type: 'hysteria2',
      password: uuid,
      server_ports: ['20000:30000', '443:443'],
    });
    expect(box.outbounds.find((o) => o.tag === 'TUIC')).toMatchObject({ type: 'tuic', uuid, password: uuid });
  });

  it('refuses Hysteria2 and TUIC settings that do not fit, naming the field', async () => {
    const refused = async (input: unknown, field: string) => {
      const r = await staff<{ errors: { field: string }[] }>('POST', '/nodes', input);
      expect(r.code, field).toBe(ERRORS.VALIDATION.code);
      expect(
        r.data.errors.map((e) => e.field),
        field,
      ).toContain(`body.${field}`);
    };
    const hy = (over: Partial<NodeInput>) =>
      vmessNode({ protocol: 'hysteria2', network: 'quic', path: null, ws_host: null, ...over });
    await refused(hy({ network: 'tcp' }), 'network');
    await refused(hy({ tls: false, sni: null }), 'tls');
    await refused(vmessNode({ network: 'quic', path: null, ws_host: null }), 'network');
    await refused(hy({ tuic: {} }), 'tuic');
    await refused(vmessNode({ hysteria2: {} }), 'hysteria2');
    await refused(hy({ hysteria2: { obfs: 'none', obfs_password: 'abcdefgh' } }), 'hysteria2.obfs_password');
    await refused(
      hy({ hysteria2: { obfs: 'salamander', obfs_password: 'short' } }),
      'hysteria2.obfs_password',
    );
    await refused(hy({ hysteria2: { hop_ports: '30000-20000' } }), 'hysteria2.hop_ports');
    await refused(hy({ hysteria2: { up_mbps: 1.5 } }), 'hysteria2.up_mbps');
    await refused(
      hy({ hysteria2: { ignore_client_bandwidth: true, down_mbps: 100 } }),
      'hysteria2.ignore_client_bandwidth',
    );
    await refused(hy({ protocol: 'tuic', tuic: { alpn: [] } }), 'tuic.alpn');
    await refused(
      hy({ protocol: 'tuic', tuic: { congestion_control: 'reno' as 'bbr' } }),
      'tuic.congestion_control',
    );
    await refused(hy({ reality: { dest: 'www.example.org' } }), 'reality');
  });

  it('issues and rotates the agent token: shown once, hashed, the old one refused, never in the audit log', async () => {
    const node = (
      await staff<AdminNode>('POST', '/nodes', vmessNode({ name: 'Token node', host: 't.example.net' }))
    ).data;
    const first = await staff<AgentConfig & { token: string }>('POST', `/nodes/${node.id}/token`);
    expect(first.code).toBe(20000);
    const { token } = first.data;
    expect(first.data.xrayr).toContain(`ApiKey: "${token}"`);
    expect(first.data.xrayr).toContain('ApiHost: "https://panel.example.com"');
    expect(first.data.xrayr).toContain(`NodeID: ${node.id}`);
    expect(JSON.parse(first.data.v2bx)).toMatchObject({ ApiKey: token, NodeID: node.id, NodeType: 'vmess' });
    expect((await agent(node, token, '/config')).statusCode).toBe(200);

    const second = await staff<AgentConfig & { token: string }>('POST', `/nodes/${node.id}/token`);
    expect(second.data.token).not.toBe(token);
    expect((await agent(node, token, '/config')).statusCode).toBe(401);
    expect((await agent(node, second.data.token, '/config')).statusCode).toBe(200);

    const stored = await db()
      .selectFrom('nodes')
      .select('token_hash')
      .where('id', '=', node.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(second.data.token);
    const log = await audits('node', node.id);
    expect(log.map((r) => r.action)).toEqual(['node.create', 'node.token.issue', 'node.token.rotate']);
    const text = JSON.stringify(log);
    for (const secret of [token, second.data.token, stored.token_hash!]) expect(text).not.toContain(secret);

    // The configuration without the token, for a later look.
    const shown = await staff<AgentConfig>('GET', `/nodes/${node.id}/agent-config`, undefined, viewer.token);
    expect(shown.data.v2bx).not.toContain(second.data.token);
    expect((await staff<AdminNode>('GET', `/nodes/${node.id}`)).data.has_token).toBe(true);
  });

  it('disables a node: gone from customers, out of links, its agent gets no users; maintenance; delete', async () => {
    const pkg = await newPackage('Plain');
    const { node, token } = await liveNode(vmessNode({ name: 'Switch', host: 'switch.example.net' }));
    const customer = await subscriber(pkg);
    expect(await customerList(customer.token)).toContain('switch.example.net');
    expect(await linkHosts(customer.link)).toContain('switch.example.net');
    expect(await agentUsers(node, token)).toContain(customer.subId);

    const off = await staff<AdminNode>('PUT', `/nodes/${node.id}/enabled`, { enabled: false });
    expect(off.data.enabled).toBe(false);
    expect(await customerList(customer.token)).not.toContain('switch.example.net');
    expect((await call(t.app, { url: `${PORTAL}/nodes/${node.id}`, token: customer.token })).code).toBe(
      ERRORS.NODE_NOT_FOUND.code,
    );
    expect(await linkHosts(customer.link)).not.toContain('switch.example.net');
    // Agents never apply an empty list: the disabled node's agent gets only the stand-in user, whom nobody knows.
    expect(await agentUsers(node, token)).toEqual([STAND_IN_USER_ID]);
    // Still in the console.
    expect(
      (await staff<{ items: AdminNode[] }>('GET', '/nodes?enabled=false')).data.items.map((n) => n.id),
    ).toEqual([node.id]);
    await staff('PUT', `/nodes/${node.id}/enabled`, { enabled: true });
    expect(await agentUsers(node, token)).toContain(customer.subId);

    const maint = await staff<AdminNode>('PUT', `/nodes/${node.id}/maintenance`, { maintenance: true });
    expect(maint.data).toMatchObject({ maintenance: true, status: 'maintenance' });
    expect((await staff<{ items: AdminNode[] }>('GET', '/nodes?status=maintenance')).data.items).toHaveLength(
      1,
    );
    const back = await staff<AdminNode>('PUT', `/nodes/${node.id}/maintenance`, { maintenance: false });
    expect(back.data).toMatchObject({ maintenance: false, status: 'online' });

    expect((await staff('DELETE', `/nodes/${node.id}`)).code).toBe(20000);
    expect((await staff('GET', `/nodes/${node.id}`)).code).toBe(ERRORS.NODE_NOT_FOUND.code);
    expect((await agent(node, token, '/config')).statusCode).toBe(401);
    const log = await audits('node', node.id);
    expect(log.map((r) => r.action)).toEqual([
      'node.create',
      'node.token.issue',
      'node.disable',
      'node.enable',
      'node.maintenance.on',
      'node.maintenance.off',
      'node.delete',
    ]);
    expect(JSON.parse(log[2]!.changes!)).toEqual({ before: { enabled: true }, after: { enabled: false } });
    expect(JSON.parse(log[6]!.changes!).after).toBeNull();
    expect(JSON.parse(log[6]!.changes!).before).toMatchObject({ name: 'Switch', host: 'switch.example.net' });
  });

  it('reaches nodes through groups: delivery, the customer list and the agents follow the package', async () => {
    const group = await staff<NodeGroup>('POST', '/node-groups', { name: 'Premium' });
    expect(group.code).toBe(20000);
    const g = group.data.id;
    expect((await staff('POST', '/node-groups', { name: 'Premium' })).code).toBe(
      ERRORS.NODE_GROUP_NAME_TAKEN.code,
    );

    const premium = await liveNode(
      vmessNode({ name: 'Premium 1', host: 'premium.example.net', group_ids: [g] }),
    );
    const basic = await liveNode(vmessNode({ name: 'Basic 1', host: 'basic.example.net' }));
    expect(premium.node.group_ids).toEqual([g]);
    const groups = (await staff<NodeGroup[]>('GET', '/node-groups')).data;
    expect(groups.find((x) => x.id === g)).toMatchObject({ name: 'Premium', node_count: 1 });
    expect(
      (await staff<{ items: AdminNode[] }>('GET', `/nodes?group_id=${g}`)).data.items.map((n) => n.name),
    ).toEqual(['Premium 1']);

    const restricted = await newPackage('Premium only');
    const everywhere = await newPackage('Everywhere');
    const svc = t.app.ctx.services.nodeAdmin;
    await db()
      .transaction()
      .execute((trx) => svc.setPackageGroups(trx, restricted, [g, g]));
    await expect(
      db()
        .transaction()
        .execute((trx) => svc.setPackageGroups(trx, everywhere, [999_999])),
    ).rejects.toMatchObject({ code: ERRORS.NODE_GROUP_NOT_FOUND.code });
    expect(await svc.packageGroupIds(db(), [restricted, everywhere])).toEqual(
      new Map([
        [restricted, [g]],
        [everywhere, []],
      ]),
    );

    const a = await subscriber(restricted);
    const b = await subscriber(everywhere);
    // The agents: a premium-only subscription is on the premium node only.
    expect(await agentUsers(premium.node, premium.token)).toEqual(expect.arrayContaining([a.subId, b.subId]));
    expect(await agentUsers(basic.node, basic.token)).toContain(b.subId);
    expect(await agentUsers(basic.node, basic.token)).not.toContain(a.subId);
    // The link.
    expect(await linkHosts(a.link)).toContain('premium.example.net');
    expect(await linkHosts(a.link)).not.toContain('basic.example.net');
    expect(await linkHosts(b.link)).toEqual(
      expect.arrayContaining(['premium.example.net', 'basic.example.net']),
    );
    // The customers' node list.
    expect(await customerList(a.token)).toContain('premium.example.net');
    expect(await customerList(a.token)).not.toContain('basic.example.net');
    expect(await customerList(b.token)).toEqual(
      expect.arrayContaining(['premium.example.net', 'basic.example.net']),
    );
    // Without a live subscription: every enabled node.
    const browsing = await accountWithRole(t.app, db(), 'user');
    expect(await customerList(browsing.token)).toEqual(
      expect.arrayContaining(['premium.example.net', 'basic.example.net']),
    );
    expect((await call(t.app, { url: `${PORTAL}/nodes/${basic.node.id}`, token: a.token })).code).toBe(
      ERRORS.NODE_NOT_FOUND.code,
    );

    // A group in use by a package stays; renamed, then freed and removed, each audited.
    expect((await staff('DELETE', `/node-groups/${g}`)).code).toBe(ERRORS.NODE_GROUP_IN_USE.code);
    expect((await staff<NodeGroup>('PUT', `/node-groups/${g}`, { name: 'Gold' })).data.name).toBe('Gold');
    await db()
      .transaction()
      .execute((trx) => svc.setPackageGroups(trx, restricted, []));
    expect(await linkHosts(a.link)).toEqual(
      expect.arrayContaining(['premium.example.net', 'basic.example.net']),
    );
    expect((await staff('DELETE', `/node-groups/${g}`)).code).toBe(20000);
    expect((await staff<AdminNode>('GET', `/nodes/${premium.node.id}`)).data.group_ids).toEqual([]);
    expect((await audits('node_group', g)).map((r) => r.action)).toEqual([
      'node_group.create',
      'node_group.update',
      'node_group.delete',
    ]);
  });

  it('keeps the agents\u2019 user list on indexes (SQLite query plan)', async () => {
    if (TEST_DIALECT !== 'sqlite') return;
    const compiled = servedUsersQuery(db(), nowIso(), 1).compile();
    const rows = (
      await db().executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
      )
    ).rows.map((r) => r.detail);
    const scans = rows.filter((d) => /^SCAN /.test(d) && !/USING (COVERING )?INDEX/.test(d));
    expect(scans).toEqual([]);
    // Both reach lookups are key probes.
    expect(
      rows.filter((d) => /png0|png1|ngm/.test(d)).every((d) => /^SEARCH .*(PRIMARY KEY|INDEX)/.test(d)),
    ).toBe(true);
    expect(rows.filter((d) => /png0|png1|ngm/.test(d)).length).toBeGreaterThanOrEqual(3);
  });

  it('counts traffic per node and day, after the node rate, and shows the last 30 days', async () => {
    const pkg = await newPackage('Traffic');
    const { node, token } = await liveNode(
      vmessNode({ name: 'Counter', host: 'counter.example.net', rate_percent: 200 }),
    );
    const customer = await subscriber(pkg);
    const push = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `${NODE_API_PREFIX}/push?${new URLSearchParams({ token, node_id: String(node.id), node_type: 'vmess' }).toString()}`,
        payload,
      });
    expect((await push({ [customer.subId]: [100, 1000] })).statusCode).toBe(200);
    expect((await push({ [customer.subId]: [1, 2] })).statusCode).toBe(200);
    const days = await staff<TrafficDay[]>('GET', `/nodes/${node.id}/traffic`, undefined, viewer.token);
    expect(days.data).toHaveLength(30);
    expect(days.data.at(-1)).toEqual({ day: nowIso().slice(0, 10), upload: '202', download: '2004' });
    expect(days.data.slice(0, 29).every((d) => d.upload === '0' && d.download === '0')).toBe(true);
    const sub = await db()
      .selectFrom('subscriptions')
      .select('traffic_used')
      .where('id', '=', customer.subId)
      .executeTakeFirstOrThrow();
    expect(Number(sub.traffic_used)).toBe(2206);
  });
});
