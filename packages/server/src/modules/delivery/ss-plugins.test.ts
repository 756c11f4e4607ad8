import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { nowIso } from '../../db/time.js';
import { call, verifiedUser } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { pluginPathDir, requireBinaries } from '../../test/proxy/binaries.js';
import { decodeBase64List, parseShareUri, type ProxyEndpoint } from '../../test/proxy/endpoint.js';
import {
  freePort,
  startMarkerServer,
  startTcpTap,
  type MarkerServer,
  type TcpTap,
} from '../../test/proxy/net.js';
import { explain, probe } from '../../test/proxy/probe.js';
import { ProcessGroup, type RunningProcess } from '../../test/proxy/processes.js';
import { buildSsPluginServer, buildXrayrObfsServer } from '../../test/proxy/server-cores.js';
import { createTlsMaterial, type TlsMaterial } from '../../test/proxy/tls.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { credit } from '../../test/wallet.js';
import { NODE_API_PREFIX } from '../nodes/node-api.js';
import type { SsPlugin } from '../nodes/node-settings.js';
import { issueNodeToken } from '../nodes/node-tokens.js';

/**
 * Shadowsocks plugins against the real programs (shadowsocks-libev, simple-obfs, v2ray-plugin). Each node's server is
 * ss-server with the plugin its agent /config names (`plugin`, `plugin_opts`), or, for obfs http, what XrayR builds
 * from `obfs` / `obfs_settings` (v2ray's Shadowsocks inbound with the TCP HTTP header). Each client is ss-local with
 * the plugin and options read from what /sub hands the user: the SIP002 link, the sing-box outbound's
 * `plugin` / `plugin_opts`, and the Clash proxy's `plugin-opts`. Where the plugin speaks in the clear a relay records
 * what the client sent, so a wrong host or path in our output fails the test even when the server would not mind.
 */

const API = '/api/v1/portal';
const OBFS_HOST = 'www.obfs.test';
const WS_HOST = 'cdn.plugin.test';
const TLS_HOST = 'ss.plugin.test';

interface TestNode {
  name: string;
  plugin: SsPlugin;
  /** Which server the node's agent config is turned into */
  server: 'ss-server' | 'xrayr';
}

const NODES: TestNode[] = [
  { name: 'SS obfs http', plugin: { type: 'obfs', mode: 'http', host: OBFS_HOST }, server: 'ss-server' },
  { name: 'SS obfs http (XrayR)', plugin: { type: 'obfs', mode: 'http', host: OBFS_HOST }, server: 'xrayr' },
  { name: 'SS obfs tls', plugin: { type: 'obfs', mode: 'tls', host: OBFS_HOST }, server: 'ss-server' },
  {
    name: 'SS v2ray-plugin ws',
    plugin: { type: 'v2ray-plugin', mode: 'websocket', tls: false, host: WS_HOST, path: '/ss-ws' },
    server: 'ss-server',
  },
  {
    name: 'SS v2ray-plugin wss',
    plugin: { type: 'v2ray-plugin', mode: 'websocket', tls: true, host: TLS_HOST, path: '/ss-wss' },
    server: 'ss-server',
  },
];

describe(`Shadowsocks plugins with the real programs (${TEST_DIALECT})`, () => {
  const group = new ProcessGroup();
  let t: TestApp;
  let sink: SmtpSink;
  let tls: TlsMaterial;
  let marker: MarkerServer;
  let pluginPath: string;
  let uuid: string;
  let linkToken: string;
  const registered = new Map<string, { id: number; port: number; token: string; node: TestNode }>();
  const servers = new Map<string, Promise<RunningProcess>>();
  /** Every node's public port is a relay that records how each connection began. */
  const taps = new Map<string, TcpTap>();

  beforeAll(async () => {
    requireBinaries([
      'ss-server',
      'ss-local',
      'obfs-server',
      'obfs-local',
      'ss-v2ray-plugin',
      'v2ray',
      'openssl',
    ]);
    pluginPath = pluginPathDir(path.join(group.dir, 'plugins'));
    [sink, marker] = await Promise.all([startSmtpSink(), startMarkerServer('marker')]);
    tls = await createTlsMaterial(path.join(group.dir, 'tls'), [TLS_HOST]);
    t = await createTestApp({ env: { SMTP_URL: sink.url, LOG_LEVEL: 'error', SITE_NAME: 'Proxy Portal' } });
    const db = t.database.handle.db;
    const now = nowIso();
    const pkg = await db
      .insertInto('packages')
      .values({
        name: 'Plugins monthly',
        type: 'monthly',
        traffic_bytes: 100 * 1024 ** 3,
        validity_days: 30,
        price_fen: 1000,
        device_limit: 3,
        speed_limit_mbps: null,
        translations: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, node] of NODES.entries()) {
      const port = await freePort();
      const row = await db
        .insertInto('nodes')
        .values({
          name: node.name,
          region: 'Test',
          country: 'XX',
          city: null,
          host: '127.0.0.1',
          port,
          protocol: 'shadowsocks',
          // As the console saves it (admin-service.ts settingsOf).
          settings: JSON.stringify({
            network: 'tcp',
            tls: false,
            cipher: 'aes-256-gcm',
            plugin: node.plugin,
          }),
          rate_percent: 100,
          inbound_rule_id: null,
          rule_name: null,
          status: 'online',
          load_percent: null,
          cpu_percent: null,
          mem_percent: null,
          latency_ms: null,
          last_heartbeat_at: null,
          is_visible: 1,
          sort_order: i,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      registered.set(node.name, { id: row.id, port, token: await issueNodeToken(db, row.id), node });
    }
    const u = await verifiedUser(t.app, sink);
    await credit(db, u.email, 10_000);
    const bought = await call<{ subscription: { uuid: string } }>(t.app, {
      method: 'POST',
      url: `${API}/subscriptions/purchase`,
      token: u.tokens.access_token,
      payload: { package_id: pkg.id, idempotency_key: 'ss-plugins-1' },
    });
    expect(bought.code, bought.message).toBe(20000);
    uuid = bought.data.subscription.uuid;
    linkToken = (
      await call<{ token: string }>(t.app, { url: `${API}/subscriptions/link`, token: u.tokens.access_token })
    ).data.token;
  });

  afterAll(async () => {
    await Promise.all([...taps.values()].map((tap) => tap.close()));
    await group.stopAll();
    await t?.close();
    await Promise.all([sink?.close(), marker?.close()]);
  });

  async function agentFetch(name: string, what: 'config' | 'user'): Promise<unknown> {
    const n = registered.get(name)!;
    const query = new URLSearchParams({ token: n.token, node_id: String(n.id), node_type: 'shadowsocks' });
    const res = await t.app.inject({ url: `${NODE_API_PREFIX}/${what}?${query.toString()}` });
    expect(res.statusCode, `${name} /${what}: ${res.body}`).toBe(200);
    return res.json();
  }

  /** The node's server, from its agent's /config and /user, behind a relay on the node's port. */
  function serverFor(name: string): Promise<RunningProcess> {
    let server = servers.get(name);
    if (!server) {
      server = (async () => {
        const n = registered.get(name)!;
        const [config, users] = await Promise.all([agentFetch(name, 'config'), agentFetch(name, 'user')]);
        const listenPort = await freePort();
        const options = {
          label: `server ${name}`,
          protocol: 'shadowsocks' as const,
          config,
          users,
          tls,
          listenPort,
        };
        const running = await group.start(
          n.node.server === 'xrayr'
            ? buildXrayrObfsServer(options)
            : buildSsPluginServer({ ...options, pluginPath }),
        );
        taps.set(name, await startTcpTap(n.port, listenPort));
        return running;
      })();
      servers.set(name, server);
    }
    return server;
  }

  /** What the client's plugin sent in the clear carries the node's host (and path), in the form its mode uses. */
  function openingProblems(name: string): string[] {
    const { plugin } = registered.get(name)!.node;
    const openings = taps.get(name)?.openings ?? [];
    if (openings.length === 0) return [`${name}: no connection went through the relay`];
    const problems: string[] = [];
    for (const opening of openings) {
      const head = opening.split('\r\n\r\n')[0]!;
      const [requestLine, ...headers] = head.split('\r\n');
      // simple-obfs adds the port to the Host it claims.
      const host = headers
        .find((h) => /^host:/i.test(h))
        ?.replace(/^host:\s*/i, '')
        .replace(/:\d+$/, '');
      const upgrade = headers.some((h) => /^upgrade:\s*websocket$/i.test(h));
      if (plugin.type === 'obfs' && plugin.mode === 'http') {
        // simple-obfs dresses the first packet as a WebSocket upgrade for "/" with the obfs host.
        if (requestLine !== 'GET / HTTP/1.1' || host !== plugin.host)
          problems.push(`${name}: expected GET / with Host ${plugin.host}, got:\n${head}`);
      } else if (plugin.type === 'obfs') {
        // A TLS ClientHello (record type 22) whose server name is the obfs host.
        if (opening.charCodeAt(0) !== 0x16 || !opening.includes(plugin.host!))
          problems.push(`${name}: expected a TLS ClientHello naming ${plugin.host}`);
      } else if (!plugin.tls) {
        if (requestLine !== `GET ${plugin.path} HTTP/1.1` || host !== plugin.host || !upgrade)
          problems.push(
            `${name}: expected a WebSocket upgrade for ${plugin.path} with Host ${plugin.host}:\n${head}`,
          );
      } else if (opening.charCodeAt(0) !== 0x16 || !opening.includes(plugin.host!)) {
        problems.push(`${name}: expected a TLS ClientHello naming ${plugin.host}`);
      }
    }
    return problems;
  }

  const fetched = new Map<string, Promise<string>>();
  function sub(format: 'base64' | 'clash' | 'sing-box'): Promise<string> {
    let body = fetched.get(format);
    if (!body) {
      body = t.app.inject({ url: `/sub/${linkToken}?format=${format}` }).then((res) => {
        if (res.statusCode !== 200) throw new Error(`/sub?format=${format}: ${res.statusCode} ${res.body}`);
        return res.body;
      });
      fetched.set(format, body);
    }
    return body;
  }

  async function reach(name: string, endpoint: ProxyEndpoint, label: string) {
    const server = await serverFor(name);
    const r = await probe(group, { label, endpoint, marker, caCert: tls.caCert, pluginPath });
    return { ok: r.reached, detail: explain(r, server.output()) };
  }

  describe.concurrent('SIP002 links (?format=base64) with ss-local and the plugin the link names', () => {
    it.for(NODES.map((n) => [n.name, n] as const))('%s', async ([name], { expect }) => {
      const uri = decodeBase64List(await sub('base64')).find((u) => parseShareUri(u).name === name);
      expect(uri, `no link named ${name}`).toBeDefined();
      const endpoint = parseShareUri(uri!);
      expect(endpoint).toMatchObject({
        protocol: 'shadowsocks',
        port: registered.get(name)!.port,
        secret: uuid,
      });
      expect(endpoint.plugin, uri).toBeTruthy();
      const [good, wrong] = await Promise.all([
        reach(name, endpoint, `client ${name}`),
        // Negative control: the same link with another password does not get through.
        reach(name, { ...endpoint, secret: randomUUID() }, `wrong-password client ${name}`),
      ]);
      expect(good.ok, `${uri}\n${good.detail}`).toBe(true);
      expect(wrong.ok, `another password got through:\n${wrong.detail}`).toBe(false);
      expect(openingProblems(name)).toEqual([]);
    });
  });

  it('a link whose plugin options are wrong does not get through (mode, path, TLS host, multiplexing)', async () => {
    const links = decodeBase64List(await sub('base64')).map(parseShareUri);
    const of = (name: string) => links.find((e) => e.name === name)!;
    const swap = (e: ProxyEndpoint, from: string, to: string): ProxyEndpoint => ({
      ...e,
      plugin: { name: e.plugin!.name, opts: e.plugin!.opts.replace(from, to) },
    });
    const cases = [
      ['SS obfs http', swap(of('SS obfs http'), 'obfs=http', 'obfs=tls')],
      ['SS obfs tls', swap(of('SS obfs tls'), 'obfs=tls', 'obfs=http')],
      ['SS v2ray-plugin ws', swap(of('SS v2ray-plugin ws'), 'path=/ss-ws', 'path=/elsewhere')],
      // v2ray-plugin's server reads every WebSocket as multiplexed: why no link says mux=0.
      ['SS v2ray-plugin ws', swap(of('SS v2ray-plugin ws'), 'path=/ss-ws', 'path=/ss-ws;mux=0')],
      ['SS v2ray-plugin wss', swap(of('SS v2ray-plugin wss'), `host=${TLS_HOST}`, 'host=other.plugin.test')],
    ] as const;
    const results = await Promise.all(
      cases.map(async ([name, endpoint]) => ({
        name,
        endpoint,
        ...(await reach(name, endpoint, `bad ${name}`)),
      })),
    );
    for (const r of results) expect(r.ok, `${r.name} ${JSON.stringify(r.endpoint.plugin)}`).toBe(false);
  });

  it('sing-box (?format=sing-box): each outbound’s plugin and plugin_opts run with ss-local', async () => {
    const doc = JSON.parse(await sub('sing-box')) as { outbounds: Record<string, unknown>[] };
    const outbounds = doc.outbounds.filter((o) => o.type === 'shadowsocks');
    expect(outbounds.map((o) => o.tag)).toEqual(NODES.map((n) => n.name));
    const results = await Promise.all(
      outbounds.map(async (o) => {
        const name = o.tag as string;
        expect(o).toMatchObject({
          server: '127.0.0.1',
          server_port: registered.get(name)!.port,
          password: uuid,
        });
        const endpoint = parseShareUri(
          `ss://${Buffer.from(`${o.method as string}:${o.password as string}`).toString('base64url')}@127.0.0.1:` +
            `${o.server_port as number}/?plugin=${encodeURIComponent(`${o.plugin as string};${o.plugin_opts as string}`)}` +
            `#${encodeURIComponent(name)}`,
        );
        return { o, ...(await reach(name, endpoint, `sing-box ${name}`)) };
      }),
    );
    for (const r of results) expect(r.ok, `${JSON.stringify(r.o)}\n${r.detail}`).toBe(true);
  });

  it('Clash (?format=clash): each proxy’s plugin-opts, written as the plugin’s options, run with ss-local', async () => {
    const doc = parse(await sub('clash')) as { proxies: Record<string, unknown>[] };
    expect(doc.proxies.map((p) => p.name)).toEqual(NODES.map((n) => n.name));
    const results = await Promise.all(
      doc.proxies.map(async (p) => {
        const name = p.name as string;
        const o = p['plugin-opts'] as Record<string, unknown>;
        // mihomo's names for the SIP003 programs and their options.
        const plugin =
          p.plugin === 'obfs'
            ? `obfs-local;obfs=${o.mode as string}${o.host ? `;obfs-host=${o.host as string}` : ''}`
            : p.plugin === 'v2ray-plugin'
              ? [
                  'v2ray-plugin',
                  `mode=${o.mode as string}`,
                  ...(o.tls === true ? ['tls'] : []),
                  ...(o.host ? [`host=${o.host as string}`] : []),
                  ...(o.path ? [`path=${o.path as string}`] : []),
                  ...(o.mux === true ? [] : ['mux=0']),
                ].join(';')
              : null;
        expect(plugin, JSON.stringify(p)).not.toBeNull();
        const endpoint = parseShareUri(
          `ss://${Buffer.from(`${p.cipher as string}:${p.password as string}`).toString('base64url')}@` +
            `${p.server as string}:${p.port as number}/?plugin=${encodeURIComponent(plugin!)}#${encodeURIComponent(name)}`,
        );
        return { p, ...(await reach(name, endpoint, `clash ${name}`)) };
      }),
    );
    for (const r of results) expect(r.ok, `${JSON.stringify(r.p)}\n${r.detail}`).toBe(true);
  });
});
