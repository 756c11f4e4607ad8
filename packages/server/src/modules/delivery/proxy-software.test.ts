import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { nowIso } from '../../db/time.js';
import { call, verifiedUser } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { requireBinaries } from '../../test/proxy/binaries.js';
import { decodeBase64List, parseShareUri, type Protocol } from '../../test/proxy/endpoint.js';
import {
  freePort,
  startMarkerServer,
  startTcpTap,
  type MarkerServer,
  type TcpTap,
} from '../../test/proxy/net.js';
import { explain, probe } from '../../test/proxy/probe.js';
import { ProcessGroup, type RunningProcess } from '../../test/proxy/processes.js';
import {
  danglingClashReferences,
  fromClashProxy,
  fromSingBoxOutbound,
  SING_BOX_NON_PROXY_TYPES,
  type ClashDocument,
} from '../../test/proxy/profiles.js';
import { buildServerCore } from '../../test/proxy/server-cores.js';
import { createTlsMaterial, type TlsMaterial } from '../../test/proxy/tls.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { credit } from '../../test/wallet.js';
import { NODE_API_PREFIX } from '../nodes/node-api.js';
import { issueNodeToken } from '../nodes/node-tokens.js';

/**
 * The subscription output against real proxy software. Each test node gets a real server core (v2ray, trojan-gfw,
 * ss-server) configured only from what the node API gives its agent; clients (v2ray, trojan-gfw, ss-local) are
 * configured only from what /sub gives a user. Traffic goes client -> server -> a local HTTP server that answers a
 * unique marker, all on 127.0.0.1.
 */

const API = '/api/v1/portal';
const SNI = 'node.test';
const WS_HOST = 'cdn.node.test';

interface TestNode {
  name: string;
  protocol: Protocol;
  settings: Record<string, unknown>;
}

// Names with spaces and non-ASCII text: they travel in URI fragments, vmess JSON, YAML and sing-box tags.
const NODES: TestNode[] = [
  { name: '香港 VMess TCP', protocol: 'vmess', settings: { network: 'tcp', tls: false } },
  { name: '香港 VMess WS', protocol: 'vmess', settings: { network: 'ws', path: '/vmess', host: WS_HOST } },
  {
    name: 'Tokyo VMess WS+TLS',
    protocol: 'vmess',
    settings: { network: 'ws', path: '/vmess-tls', host: WS_HOST, tls: true, sni: SNI },
  },
  { name: 'Tokyo VLESS TCP+TLS', protocol: 'vless', settings: { network: 'tcp', tls: true, sni: SNI } },
  {
    name: 'Tokyo VLESS WS+TLS',
    protocol: 'vless',
    settings: { network: 'ws', path: '/vless', host: WS_HOST, tls: true, sni: SNI },
  },
  { name: 'Singapore Trojan', protocol: 'trojan', settings: { network: 'tcp', sni: SNI } },
  { name: 'Singapore Trojan WS', protocol: 'trojan', settings: { network: 'ws', path: '/trojan', sni: SNI } },
  {
    name: 'Osaka VMess H2',
    protocol: 'vmess',
    settings: { network: 'h2', path: '/h2', host: SNI, tls: true, sni: SNI },
  },
  {
    name: 'Osaka VLESS H2',
    protocol: 'vless',
    settings: { network: 'h2', path: '/vless-h2', host: SNI, tls: true, sni: SNI },
  },
  // sing-box has no TCP header it could match: this node is left out of its configuration (formatCarries).
  {
    name: 'Seoul VMess TCP HTTP',
    protocol: 'vmess',
    settings: { network: 'tcp', header: 'http', path: '/index.html', host: WS_HOST, tls: false },
  },
  { name: 'US SS aes-256-gcm', protocol: 'shadowsocks', settings: { cipher: 'aes-256-gcm' } },
  { name: 'US SS chacha20', protocol: 'shadowsocks', settings: { cipher: 'chacha20-ietf-poly1305' } },
];

describe(`subscription output with real proxy software (${TEST_DIALECT})`, () => {
  const group = new ProcessGroup();
  let t: TestApp;
  let sink: SmtpSink;
  let tls: TlsMaterial;
  let marker: MarkerServer;
  let decoy: MarkerServer;
  let uuid: string;
  let linkToken: string;
  /** Node name -> its row id, port and agent token. */
  const registered = new Map<string, { id: number; port: number; token: string; node: TestNode }>();
  const servers = new Map<string, Promise<RunningProcess>>();
  /**
   * WebSocket without TLS is readable on the wire: those nodes get a relay on their port that records each upgrade
   * request, so the tests can check the path and Host header every client really sent.
   */
  const taps = new Map<string, TcpTap>();
  const tapped = (node: TestNode) =>
    node.settings.network === 'ws' && node.settings.tls !== true && node.protocol !== 'trojan';

  beforeAll(async () => {
    requireBinaries();
    [sink, marker, decoy] = await Promise.all([
      startSmtpSink(),
      startMarkerServer('marker'),
      startMarkerServer('decoy'),
    ]);
    tls = await createTlsMaterial(path.join(group.dir, 'tls'), [SNI]);
    t = await createTestApp({ env: { SMTP_URL: sink.url, LOG_LEVEL: 'error', SITE_NAME: 'Proxy Portal' } });
    const db = t.database.handle.db;
    const now = nowIso();

    const pkg = await db
      .insertInto('packages')
      .values({
        name: 'Test monthly',
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
          protocol: node.protocol,
          settings: JSON.stringify(node.settings),
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
      payload: { package_id: pkg.id, idempotency_key: 'proxy-software-1' },
    });
    expect(bought.code, bought.message).toBe(20000);
    uuid = bought.data.subscription.uuid;
    const link = await call<{ token: string }>(t.app, {
      url: `${API}/subscriptions/link`,
      token: u.tokens.access_token,
    });
    linkToken = link.data.token;
  });

  afterAll(async () => {
    await Promise.all([...taps.values()].map((tap) => tap.close()));
    await group.stopAll();
    await t?.close();
    await Promise.all([sink?.close(), marker?.close(), decoy?.close()]);
  });

  /** What the node's agent fetches: GET {prefix}/{config|user} with the node's own token. */
  async function agentFetch(name: string, what: 'config' | 'user'): Promise<unknown> {
    const n = registered.get(name)!;
    const query = new URLSearchParams({ token: n.token, node_id: String(n.id), node_type: n.node.protocol });
    const res = await t.app.inject({ url: `${NODE_API_PREFIX}/${what}?${query.toString()}` });
    expect(res.statusCode, `${name} /${what}: ${res.body}`).toBe(200);
    expect(res.headers.etag, `${name} /${what} has an ETag`).toBeTruthy();
    return res.json();
  }

  /** The node's real server core, started once from the node API's answers and shared by the tests. */
  function serverFor(name: string): Promise<RunningProcess> {
    let server = servers.get(name);
    if (!server) {
      server = (async () => {
        const n = registered.get(name)!;
        const [config, users] = await Promise.all([agentFetch(name, 'config'), agentFetch(name, 'user')]);
        expect((config as { server_port?: unknown }).server_port, `${name} /config server_port`).toBe(n.port);
        const listenPort = tapped(n.node) ? await freePort() : undefined;
        const server = await group.start(
          buildServerCore({
            label: `server ${name}`,
            protocol: n.node.protocol,
            config,
            users,
            tls,
            trojanFallbackPort: decoy.port,
            listenPort,
          }),
        );
        if (listenPort) taps.set(name, await startTcpTap(n.port, listenPort));
        return server;
      })();
      servers.set(name, server);
    }
    return server;
  }

  /** Every WebSocket upgrade that reached a tapped node asked for its path with its Host header. */
  function wsUpgradeProblems(name: string): string[] {
    const tap = taps.get(name);
    if (!tap) return [];
    const { path: wsPath, host } = registered.get(name)!.node.settings as { path: string; host: string };
    if (tap.openings.length === 0) return [`${name}: no connection went through the tap`];
    const problems: string[] = [];
    for (const opening of tap.openings) {
      const [requestLine, ...headers] = opening.split('\r\n\r\n')[0]!.split('\r\n');
      const hostHeader = headers.find((h) => /^host:/i.test(h))?.replace(/^host:\s*/i, '');
      const upgrade = headers.some((h) => /^upgrade:\s*websocket$/i.test(h));
      if (requestLine !== `GET ${wsPath} HTTP/1.1` || hostHeader !== host || !upgrade)
        problems.push(
          `${name}: expected a WebSocket upgrade for ${wsPath} with Host ${host}, got:\n${opening}`,
        );
    }
    return problems;
  }

  /** Each format is fetched once (GET /sub is rate-limited per link) and shared by the tests. */
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

  async function shareUris(): Promise<Map<string, string>> {
    const byName = new Map<string, string>();
    for (const uri of decodeBase64List(await sub('base64'))) byName.set(parseShareUri(uri).name, uri);
    return byName;
  }

  it('lists every test node once in each format', async () => {
    const names = NODES.map((n) => n.name);
    expect([...(await shareUris()).keys()]).toEqual(names);
    const singBox = JSON.parse(await sub('sing-box')) as { outbounds: { type: string; tag: string }[] };
    expect(
      singBox.outbounds.filter((o) => !SING_BOX_NON_PROXY_TYPES.includes(o.type)).map((o) => o.tag),
    ).toEqual(names.filter((n) => n !== 'Seoul VMess TCP HTTP'));
    const clash = parse(await sub('clash')) as ClashDocument;
    expect(clash.proxies.map((p) => p.name)).toEqual(names);
  });

  describe.concurrent('share URIs (?format=base64) with the client each link type is made for', () => {
    it.for(NODES.map((n) => [n.name, n] as const))('%s', async ([name, node], { expect }) => {
      const server = await serverFor(name);
      const uri = (await shareUris()).get(name);
      expect(uri, `no share URI named ${name}`).toBeDefined();
      const endpoint = parseShareUri(uri!);
      expect(endpoint).toMatchObject({
        protocol: node.protocol,
        host: '127.0.0.1',
        port: registered.get(name)!.port,
        secret: uuid,
      });
      const common = { endpoint, marker, caCert: tls.caCert };
      const [good, wrong] = await Promise.all([
        probe(group, { ...common, label: `client ${name}` }),
        // Negative control: the same link with someone else's UUID/password must not get through.
        probe(group, {
          ...common,
          label: `wrong-secret client ${name}`,
          endpoint: { ...endpoint, secret: randomUUID() },
          timeoutMs: 5000,
        }),
      ]);
      expect(good.reached, `${uri}\n${explain(good, server.output())}`).toBe(true);
      expect(wrong.reached, `wrong secret got through:\n${explain(wrong, server.output())}`).toBe(false);
      expect(wrong.body).not.toContain(marker.marker);
      expect(wsUpgradeProblems(name)).toEqual([]);
    });
  });

  it('sing-box (?format=sing-box): every proxy outbound works as a v2ray client', async () => {
    const doc = JSON.parse(await sub('sing-box')) as { outbounds: { type: string; tag: string }[] };
    const proxies = doc.outbounds.filter((o) => !SING_BOX_NON_PROXY_TYPES.includes(o.type));
    const tags = new Set(doc.outbounds.map((o) => o.tag));
    for (const o of doc.outbounds as { tag: string; outbounds?: string[] }[])
      for (const member of o.outbounds ?? []) expect(tags.has(member), `${o.tag} -> ${member}`).toBe(true);
    const results = await Promise.all(
      proxies.map(async (outbound) => {
        const endpoint = fromSingBoxOutbound(outbound);
        expect(endpoint.secret).toBe(uuid);
        const server = await serverFor(endpoint.name);
        const r = await probe(group, {
          label: `sing-box ${endpoint.name}`,
          endpoint,
          marker,
          caCert: tls.caCert,
          implementation: 'v2ray',
        });
        return { name: endpoint.name, outbound, ok: r.reached, detail: explain(r, server.output()) };
      }),
    );
    for (const r of results) expect(r.ok, `${JSON.stringify(r.outbound)}\n${r.detail}`).toBe(true);
    expect(results.flatMap((r) => wsUpgradeProblems(r.name))).toEqual([]);
  });

  it('Clash (?format=clash): every group member exists, and every proxy works as a v2ray client', async () => {
    const doc = parse(await sub('clash')) as ClashDocument;
    expect(danglingClashReferences(doc)).toEqual([]);
    const results = await Promise.all(
      doc.proxies.map(async (proxy) => {
        const endpoint = fromClashProxy(proxy);
        expect(endpoint.secret).toBe(uuid);
        const server = await serverFor(endpoint.name);
        const r = await probe(group, {
          label: `clash ${endpoint.name}`,
          endpoint,
          marker,
          caCert: tls.caCert,
          implementation: 'v2ray',
        });
        return { proxy, ok: r.reached, detail: explain(r, server.output()) };
      }),
    );
    for (const r of results) expect(r.ok, `${JSON.stringify(r.proxy)}\n${r.detail}`).toBe(true);
    expect(results.flatMap((r) => wsUpgradeProblems(r.proxy.name))).toEqual([]);
  });
});
