import type { Package } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import { gunzipSync } from 'node:zlib';
import { parse } from 'yaml';
import { call, verifiedUser } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { credit } from '../../test/wallet.js';
import { seedDemoCatalogue } from '../../seed/demo-seed.js';
import { catalogueChanged } from '../nodes/catalogue-version.js';
import { SING_BOX_SCHEMA, singBoxReferenceProblems } from '../../test/clients/sing-box-schema.js';
import { clashYaml, formatCarries, pickFormat, shareUri, singBoxJson, type ClientNode } from './formats.js';
import { UNKNOWN_TOKENS_PER_MINUTE } from './routes.js';

const API = '/api/v1/portal';

describe(`subscription delivery (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  let token: string;
  let uuid: string;
  let subId: number;
  let access: string;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: sink.url, LOG_LEVEL: 'error', SITE_NAME: 'Proxy Portal' } });
    await seedDemoCatalogue(t.database.handle.db);
    const u = await verifiedUser(t.app, sink);
    access = u.tokens.access_token;
    await credit(t.database.handle.db, u.email, 10_000);
    const pro = (await call<Package[]>(t.app, { url: `${API}/subscriptions/packages` })).data.find(
      (p) => p.price === '35.00',
    )!;
    const bought = await call<{ subscription: { id: number; uuid: string } }>(t.app, {
      method: 'POST',
      url: `${API}/subscriptions/purchase`,
      token: access,
      payload: { package_id: pro.id, idempotency_key: 'delivery-test-1' },
    });
    subId = bought.data.subscription.id;
    uuid = bought.data.subscription.uuid;
    token = (await call<{ token: string }>(t.app, { url: `${API}/subscriptions/link`, token: access })).data
      .token;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });
  const get = (path: string, headers: Record<string, string> = {}) => t.app.inject({ url: path, headers });
  const db = () => t.database.handle.db;

  it('chooses the format from ?format= first, else the User-Agent', () => {
    expect(pickFormat(undefined, 'ClashMetaForAndroid/2.10')).toBe('clash');
    expect(pickFormat(undefined, 'mihomo/1.18')).toBe('clash');
    expect(pickFormat(undefined, 'clash-verge/v2.0')).toBe('clash');
    expect(pickFormat(undefined, 'Stash/2.5')).toBe('clash');
    expect(pickFormat(undefined, 'SFA/1.9 (sing-box 1.9)')).toBe('sing-box');
    expect(pickFormat(undefined, 'HiddifyNext/1.0')).toBe('sing-box');
    expect(pickFormat(undefined, 'v2rayN/6.0')).toBe('base64');
    expect(pickFormat(undefined, 'Shadowrocket/2.2')).toBe('base64');
    expect(pickFormat('clash', 'v2rayN/6.0')).toBe('clash');
    expect(pickFormat('sing-box', 'clash-verge')).toBe('sing-box');
  });

  it('brackets an IPv6 host in URI share links so the port stays the port', () => {
    const node: ClientNode = {
      name: 'v6 node',
      protocol: 'vless',
      host: '2001:db8::1',
      port: 8443,
      secret: '11111111-2222-4333-8444-555555555555',
      network: 'tcp',
      tcpHeader: 'none',
      serviceName: null,
      xhttpMode: 'auto',
      path: null,
      wsHost: null,
      tls: false,
      sni: null,
      flow: '',
      reality: null,
      cipher: 'aes-256-gcm',
      ssPlugin: null,
    };
    for (const protocol of ['vless', 'trojan', 'shadowsocks'] as const) {
      const url = new URL(shareUri({ ...node, protocol }));
      expect(url.hostname).toBe('[2001:db8::1]');
      expect(url.port).toBe('8443');
    }
    expect(new URL(shareUri({ ...node, host: 'example.net' })).host).toBe('example.net:8443');
  });

  it('carries each transport the way each client reads it, and leaves a node out where a client cannot use it', () => {
    const uuid = '11111111-2222-4333-8444-555555555555';
    const node = (name: string, extra: Partial<ClientNode>): ClientNode => ({
      name,
      protocol: 'vless',
      host: 'node.example.com',
      port: 443,
      secret: uuid,
      network: 'tcp',
      tcpHeader: 'none',
      path: null,
      wsHost: null,
      serviceName: null,
      xhttpMode: 'auto',
      tls: true,
      sni: 'node.example.com',
      flow: '',
      reality: null,
      cipher: 'aes-256-gcm',
      ssPlugin: null,
      ...extra,
    });
    const nodes = [
      node('grpc', { network: 'grpc', serviceName: 'tunnel' }),
      node('upgrade', { network: 'httpupgrade', path: '/up', wsHost: 'cdn.example.com' }),
      node('xhttp', { network: 'xhttp', path: '/x', wsHost: 'cdn.example.com', xhttpMode: 'packet-up' }),
      node('h2', { protocol: 'vmess', network: 'h2', path: '/h2', wsHost: 'cdn.example.com' }),
      node('tcp-http', {
        protocol: 'vmess',
        tls: false,
        sni: null,
        tcpHeader: 'http',
        path: '/',
        wsHost: 'a.example.com',
      }),
      node('trojan-grpc', { protocol: 'trojan', network: 'grpc', serviceName: 'tg' }),
    ];
    const byName = (name: string) => nodes.find((n) => n.name === name)!;
    const query = (name: string) =>
      new URL(shareUri(byName(name)).replace(/^\w+:\/\//, 'http://')).searchParams;
    expect(Object.fromEntries(query('grpc'))).toMatchObject({
      type: 'grpc',
      serviceName: 'tunnel',
      mode: 'gun',
    });
    expect(Object.fromEntries(query('upgrade'))).toMatchObject({
      type: 'httpupgrade',
      path: '/up',
      host: 'cdn.example.com',
    });
    expect(Object.fromEntries(query('xhttp'))).toMatchObject({
      type: 'xhttp',
      path: '/x',
      mode: 'packet-up',
    });
    expect(Object.fromEntries(query('trojan-grpc'))).toMatchObject({ type: 'grpc', serviceName: 'tg' });
    const vmess = (name: string) =>
      JSON.parse(Buffer.from(shareUri(byName(name)).slice('vmess://'.length), 'base64').toString()) as Record<
        string,
        string
      >;
    expect(vmess('h2')).toMatchObject({ net: 'http', path: '/h2', host: 'cdn.example.com', tls: 'tls' });
    expect(vmess('tcp-http')).toMatchObject({ net: 'tcp', type: 'http', path: '/', host: 'a.example.com' });

    // Clash Meta: mihomo's keys, and the whole document valid by its schema.
    const require = createRequire(import.meta.url);
    const schema = require('meta-json-schema/schemas/meta-json-schema.json') as Record<string, unknown>;
    const validate = new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(schema);
    const clash = parse(clashYaml(nodes, 'Proxy Portal')) as { proxies: Record<string, unknown>[] };
    expect(validate(clash), JSON.stringify(validate.errors?.slice(0, 5))).toBe(true);
    const proxy = (name: string) => clash.proxies.find((p) => p.name === name)!;
    expect(proxy('grpc')).toMatchObject({ network: 'grpc', 'grpc-opts': { 'grpc-service-name': 'tunnel' } });
    expect(proxy('upgrade')).toMatchObject({
      network: 'ws',
      'ws-opts': { path: '/up', headers: { Host: 'cdn.example.com' }, 'v2ray-http-upgrade': true },
    });
    expect(proxy('xhttp')).toMatchObject({
      network: 'xhttp',
      'xhttp-opts': { path: '/x', mode: 'packet-up' },
    });
    expect(proxy('h2')).toMatchObject({
      network: 'h2',
      'h2-opts': { path: '/h2', host: ['cdn.example.com'] },
    });
    expect(proxy('tcp-http')).toMatchObject({
      network: 'http',
      'http-opts': { path: ['/'], headers: { Host: ['a.example.com'] } },
    });

    // sing-box: no XHTTP, and no TCP HTTP header it could match, so those two are not sent; the rest have their
    // transport objects.
    const box = JSON.parse(singBoxJson(nodes)) as { outbounds: { tag: string; transport?: unknown }[] };
    const tags = box.outbounds.map((o) => o.tag);
    expect(tags).not.toContain('xhttp');
    expect(tags).not.toContain('tcp-http');
    const outbound = (tag: string) => box.outbounds.find((o) => o.tag === tag)!;
    expect(outbound('grpc').transport).toEqual({ type: 'grpc', service_name: 'tunnel' });
    expect(outbound('upgrade').transport).toEqual({
      type: 'httpupgrade',
      path: '/up',
      host: 'cdn.example.com',
    });
    expect(outbound('h2').transport).toEqual({ type: 'http', path: '/h2', host: ['cdn.example.com'] });
    expect(formatCarries('clash', node('vmess-xhttp', { protocol: 'vmess', network: 'xhttp' }))).toBe(false);

    // VLESS Reality with XTLS Vision, in each client's words.
    const reality = node('reality', {
      sni: 'www.example.org',
      flow: 'xtls-rprx-vision',
      reality: {
        publicKey: 'kCBKFWBYcvKvGrndVRB-kBFyi5Z8fgVyMxjUynPhgEI',
        shortId: '0123456789abcdef',
        fingerprint: 'chrome',
      },
    });
    const rq = new URL(shareUri(reality).replace(/^vless:\/\//, 'http://')).searchParams;
    expect(Object.fromEntries(rq)).toEqual({
      type: 'tcp',
      encryption: 'none',
      security: 'reality',
      sni: 'www.example.org',
      pbk: 'kCBKFWBYcvKvGrndVRB-kBFyi5Z8fgVyMxjUynPhgEI',
      sid: '0123456789abcdef',
      fp: 'chrome',
      flow: 'xtls-rprx-vision',
    });
    const clashReality = parse(clashYaml([reality], 'Proxy Portal')) as {
      proxies: Record<string, unknown>[];
    };
    expect(validate(clashReality), JSON.stringify(validate.errors?.slice(0, 5))).toBe(true);
    expect(clashReality.proxies[0]).toMatchObject({
      type: 'vless',
      tls: true,
      servername: 'www.example.org',
      flow: 'xtls-rprx-vision',
      'reality-opts': {
        'public-key': 'kCBKFWBYcvKvGrndVRB-kBFyi5Z8fgVyMxjUynPhgEI',
        'short-id': '0123456789abcdef',
      },
      'client-fingerprint': 'chrome',
    });
    const boxReality = JSON.parse(singBoxJson([reality])) as { outbounds: Record<string, unknown>[] };
    expect(boxReality.outbounds.find((o) => o.tag === 'reality')).toMatchObject({
      type: 'vless',
      flow: 'xtls-rprx-vision',
      tls: {
        enabled: true,
        server_name: 'www.example.org',
        utls: { enabled: true, fingerprint: 'chrome' },
        reality: {
          enabled: true,
          public_key: 'kCBKFWBYcvKvGrndVRB-kBFyi5Z8fgVyMxjUynPhgEI',
          short_id: '0123456789abcdef',
        },
      },
    });
    // A plain VLESS node says no flow at all (never "none").
    expect(shareUri(byName('grpc'))).not.toContain('flow=');
    expect(
      JSON.parse(singBoxJson([byName('grpc')])).outbounds.find((o: { tag: string }) => o.tag === 'grpc'),
    ).not.toHaveProperty('flow');
    expect(formatCarries('base64', byName('xhttp'))).toBe(true);
  });

  it('gives Shadowsocks plugins to each client in its own words: SIP002 ?plugin=, mihomo plugin-opts, sing-box plugin_opts', () => {
    const ss = (name: string, ssPlugin: ClientNode['ssPlugin']): ClientNode => ({
      name,
      protocol: 'shadowsocks',
      host: 'ss.example.com',
      port: 8388,
      secret: 'pass-word',
      network: 'tcp',
      tcpHeader: 'none',
      path: null,
      wsHost: null,
      serviceName: null,
      xhttpMode: 'auto',
      tls: false,
      sni: null,
      flow: '',
      reality: null,
      cipher: 'aes-128-gcm',
      ssPlugin,
    });
    const nodes = [
      ss('obfs-http', { type: 'obfs', mode: 'http', host: 'www.bing.com' }),
      ss('obfs-tls', { type: 'obfs', mode: 'tls', host: null }),
      ss('v2ray-ws', {
        type: 'v2ray-plugin',
        mode: 'websocket',
        tls: false,
        host: 'cdn.example.com',
        path: '/ws',
      }),
      ss('v2ray-wss', {
        type: 'v2ray-plugin',
        mode: 'websocket',
        tls: true,
        host: 'ss.example.com',
        path: null,
      }),
      ss('plain', null),
    ];
    // SIP002: "/?plugin=" with the percent-encoded "name;options" (';' and '=' encoded), before the fragment.
    const uris = nodes.map(shareUri);
    expect(uris[0]).toBe(
      `ss://${Buffer.from('aes-128-gcm:pass-word').toString('base64url')}@ss.example.com:8388` +
        '/?plugin=obfs-local%3Bobfs%3Dhttp%3Bobfs-host%3Dwww.bing.com#obfs-http',
    );
    const plugin = (uri: string) => new URL(uri.replace(/^ss:\/\//, 'http://')).searchParams.get('plugin');
    expect(plugin(uris[1]!)).toBe('obfs-local;obfs=tls');
    expect(plugin(uris[2]!)).toBe('v2ray-plugin;mode=websocket;host=cdn.example.com;path=/ws');
    expect(plugin(uris[3]!)).toBe('v2ray-plugin;mode=websocket;tls;host=ss.example.com');
    expect(uris[4]).not.toContain('?');

    const require = createRequire(import.meta.url);
    const schema = require('meta-json-schema/schemas/meta-json-schema.json') as Record<string, unknown>;
    const validate = new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(schema);
    const clash = parse(clashYaml(nodes, 'Proxy Portal')) as { proxies: Record<string, unknown>[] };
    expect(validate(clash), JSON.stringify(validate.errors?.slice(0, 5))).toBe(true);
    expect(clash.proxies.map((p) => [p.plugin, p['plugin-opts']])).toEqual([
      ['obfs', { mode: 'http', host: 'www.bing.com' }],
      ['obfs', { mode: 'tls' }],
      ['v2ray-plugin', { mode: 'websocket', tls: false, host: 'cdn.example.com', path: '/ws', mux: true }],
      ['v2ray-plugin', { mode: 'websocket', tls: true, host: 'ss.example.com', mux: true }],
      [undefined, undefined],
    ]);

    const box = JSON.parse(singBoxJson(nodes)) as { outbounds: Record<string, unknown>[] };
    const outbounds = box.outbounds.filter((o) => o.type === 'shadowsocks');
    expect(outbounds.map((o) => [o.plugin, o.plugin_opts])).toEqual([
      ['obfs-local', 'obfs=http;obfs-host=www.bing.com'],
      ['obfs-local', 'obfs=tls'],
      ['v2ray-plugin', 'mode=websocket;host=cdn.example.com;path=/ws'],
      ['v2ray-plugin', 'mode=websocket;tls;host=ss.example.com'],
      [undefined, undefined],
    ]);
  });

  it('carries Hysteria2 and TUIC v5 to every format in its own keys (URI, mihomo schema, sing-box)', () => {
    const uuid = '11111111-2222-4333-8444-555555555555';
    const quic = (name: string, extra: Partial<ClientNode>): ClientNode => ({
      name,
      protocol: 'hysteria2',
      host: 'quic.example.com',
      port: 8443,
      secret: uuid,
      network: 'quic',
      tcpHeader: 'none',
      path: null,
      wsHost: null,
      serviceName: null,
      xhttpMode: 'auto',
      tls: true,
      sni: 'quic.example.com',
      flow: '',
      reality: null,
      cipher: '',
      ssPlugin: null,
      ...extra,
    });
    const hy2 = quic('hy2', {
      hysteria2: {
        obfsPassword: 'salamander-pass',
        upMbps: 30,
        downMbps: 200,
        hopPorts: '443,20000-30000',
        allowInsecure: true,
      },
    });
    const hy2Plain = quic('hy2-plain', {
      sni: null,
      hysteria2: { obfsPassword: null, upMbps: 0, downMbps: 0, hopPorts: null, allowInsecure: false },
    });
    const tuic = quic('tuic', {
      protocol: 'tuic',
      tuic: {
        congestionControl: 'bbr',
        udpRelayMode: 'quic',
        zeroRttHandshake: true,
        alpn: ['h3', 'h3-29'],
        allowInsecure: false,
      },
    });
    const nodes = [hy2, hy2Plain, tuic];
    for (const format of ['base64', 'clash', 'sing-box'] as const)
      for (const n of nodes) expect(formatCarries(format, n), `${format} ${n.name}`).toBe(true);

    // Share URIs: the official hysteria2:// scheme with v2rayN's mport; tuic://uuid:password@.
    const hyUri = new URL(shareUri(hy2));
    expect(hyUri.protocol).toBe('hysteria2:');
    expect(decodeURIComponent(hyUri.username)).toBe(uuid);
    expect(hyUri.host).toBe('quic.example.com:8443');
    expect(hyUri.pathname).toBe('/');
    expect(Object.fromEntries(hyUri.searchParams)).toEqual({
      sni: 'quic.example.com',
      obfs: 'salamander',
      'obfs-password': 'salamander-pass',
      insecure: '1',
      mport: '443,20000-30000',
    });
    expect(decodeURIComponent(hyUri.hash.slice(1))).toBe('hy2');
    // Bandwidth is the client's own business: never in the URI.
    expect(shareUri(hy2)).not.toMatch(/up|down|mbps/i);
    expect(Object.fromEntries(new URL(shareUri(hy2Plain)).searchParams)).toEqual({});
    const tuicUri = new URL(shareUri(tuic));
    expect(tuicUri.protocol).toBe('tuic:');
    expect(decodeURIComponent(tuicUri.username)).toBe(uuid);
    expect(decodeURIComponent(tuicUri.password)).toBe(uuid);
    expect(Object.fromEntries(tuicUri.searchParams)).toEqual({
      sni: 'quic.example.com',
      congestion_control: 'bbr',
      udp_relay_mode: 'quic',
      alpn: 'h3,h3-29',
    });

    // Clash Meta: mihomo's keys, valid by its schema.
    const require = createRequire(import.meta.url);
    const schema = require('meta-json-schema/schemas/meta-json-schema.json') as Record<string, unknown>;
    const validate = new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(schema);
    const clash = parse(clashYaml(nodes, 'Proxy Portal')) as { proxies: Record<string, unknown>[] };
    expect(validate(clash), JSON.stringify(validate.errors?.slice(0, 5))).toBe(true);
    const proxy = (name: string) => clash.proxies.find((p) => p.name === name)!;
    expect(proxy('hy2')).toEqual({
      name: 'hy2',
      server: 'quic.example.com',
      port: 8443,
      udp: true,
      type: 'hysteria2',
      password: uuid,
      sni: 'quic.example.com',
      obfs: 'salamander',
      'obfs-password': 'salamander-pass',
      up: '30 Mbps',
      down: '200 Mbps',
      ports: '443,20000-30000',
      'skip-cert-verify': true,
    });
    // Nothing set: no bandwidth, obfuscation, hopping or name keys at all (never empty or null values).
    expect(proxy('hy2-plain')).toEqual({
      name: 'hy2-plain',
      server: 'quic.example.com',
      port: 8443,
      udp: true,
      type: 'hysteria2',
      password: uuid,
    });
    expect(proxy('tuic')).toEqual({
      name: 'tuic',
      server: 'quic.example.com',
      port: 8443,
      udp: true,
      type: 'tuic',
      uuid,
      password: uuid,
      sni: 'quic.example.com',
      alpn: ['h3', 'h3-29'],
      'congestion-controller': 'bbr',
      'udp-relay-mode': 'quic',
      'reduce-rtt': true,
    });

    // sing-box: colon port ranges, obfs as an object, TLS always on.
    const box = JSON.parse(singBoxJson(nodes)) as { outbounds: Record<string, unknown>[] };
    const outbound = (tag: string) => box.outbounds.find((o) => o.tag === tag)!;
    expect(outbound('hy2')).toEqual({
      type: 'hysteria2',
      tag: 'hy2',
      server: 'quic.example.com',
      server_port: 8443,
      server_ports: ['443:443', '20000:30000'],
      password: uuid,
      obfs: { type: 'salamander', password: 'salamander-pass' },
      up_mbps: 30,
      down_mbps: 200,
      tls: { enabled: true, server_name: 'quic.example.com', insecure: true },
    });
    expect(outbound('hy2-plain')).toEqual({
      type: 'hysteria2',
      tag: 'hy2-plain',
      server: 'quic.example.com',
      server_port: 8443,
      password: uuid,
      tls: { enabled: true },
    });
    expect(outbound('tuic')).toEqual({
      type: 'tuic',
      tag: 'tuic',
      server: 'quic.example.com',
      server_port: 8443,
      uuid,
      password: uuid,
      congestion_control: 'bbr',
      udp_relay_mode: 'quic',
      zero_rtt_handshake: true,
      tls: { enabled: true, server_name: 'quic.example.com', alpn: ['h3', 'h3-29'] },
    });
    const selector = box.outbounds.find((o) => o.type === 'selector') as { outbounds: string[] };
    expect(selector.outbounds).toEqual(['auto', 'hy2', 'hy2-plain', 'tuic']);
  });

  it('serves a base64 list of share URIs with the subscription headers', async () => {
    const res = await get(`/sub/${token}`, { 'user-agent': 'v2rayN/6.45' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['subscription-userinfo']).toMatch(
      new RegExp(`^upload=0; download=0; total=${200 * 1024 ** 3}; expire=\\d+$`),
    );
    expect(res.headers['profile-update-interval']).toBe('24');
    expect(res.headers['content-disposition']).toBe("attachment; filename*=UTF-8''Proxy%20Portal");
    const uris = Buffer.from(res.body, 'base64').toString('utf8').split('\n');
    // The demo catalogue: offline nodes are left out.
    expect(uris).toHaveLength(5);
    const vmess = JSON.parse(
      Buffer.from(uris[0]!.slice('vmess://'.length), 'base64').toString('utf8'),
    ) as Record<string, string>;
    expect(vmess).toMatchObject({
      v: '2',
      ps: 'Hong Kong 01',
      add: 'hk1.example.net',
      port: '443',
      id: uuid,
      net: 'ws',
      path: '/ws',
      tls: 'tls',
      sni: 'hk1.example.net',
    });
    const vless = new URL(uris[1]!);
    expect(vless.protocol).toBe('vless:');
    expect(decodeURIComponent(vless.username)).toBe(uuid);
    expect(vless.searchParams.get('security')).toBe('tls');
    expect(decodeURIComponent(vless.hash.slice(1))).toBe('Japan Tokyo 01');
    expect(uris[2]!.startsWith(`trojan://${uuid}@sg1.example.net:443?`)).toBe(true);
    const ss = uris.find((u) => u.startsWith('ss://'))!;
    const userinfo = Buffer.from(ss.slice(5, ss.indexOf('@')), 'base64url').toString('utf8');
    expect(userinfo).toBe(`chacha20-ietf-poly1305:${uuid}`);
    expect(ss).toContain('@us1.example.net:8388#US%20Los%20Angeles%2001');
  });

  it('serves Clash Meta YAML whose groups name only proxies that exist', async () => {
    const res = await get(`/sub/${token}`, { 'user-agent': 'clash-verge/v1.7' });
    expect(res.headers['content-type']).toMatch(/yaml/);
    const doc = parse(res.body) as {
      proxies: { name: string; type: string; uuid?: string }[];
      'proxy-groups': { name: string; type: string; proxies: string[] }[];
      rules: string[];
    };
    const names = new Set(doc.proxies.map((p) => p.name));
    expect(doc.proxies.map((p) => p.type)).toEqual(['vmess', 'vless', 'trojan', 'vmess', 'ss']);
    const groups = new Set(doc['proxy-groups'].map((g) => g.name));
    for (const g of doc['proxy-groups']) {
      for (const p of g.proxies)
        expect(names.has(p) || groups.has(p) || p === 'DIRECT', `${g.name} -> ${p}`).toBe(true);
    }
    expect(doc['proxy-groups'].map((g) => g.type)).toEqual(['select', 'url-test']);
    expect(doc.rules.at(-1)).toBe('MATCH,Proxy Portal');
  });

  it('serves Clash Meta YAML that the mihomo JSON Schema (meta-json-schema) accepts', async () => {
    const require = createRequire(import.meta.url);
    const schema = require('meta-json-schema/schemas/meta-json-schema.json') as Record<string, unknown>;
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
    const validate = ajv.compile(schema);
    for (const ua of ['clash-verge/v1.7', 'mihomo/1.18']) {
      const doc = parse((await get(`/sub/${token}`, { 'user-agent': ua })).body) as unknown;
      const ok = validate(doc);
      expect(ok, JSON.stringify(validate.errors?.slice(0, 5))).toBe(true);
    }
  });

  it('serves sing-box JSON with a selector and a urltest over every node', async () => {
    const res = await get(`/sub/${token}?format=sing-box`);
    const doc = JSON.parse(res.body) as {
      outbounds: { type: string; tag: string; outbounds?: string[]; uuid?: string }[];
    };
    const tags = new Set(doc.outbounds.map((o) => o.tag));
    const selector = doc.outbounds.find((o) => o.type === 'selector')!;
    const urltest = doc.outbounds.find((o) => o.type === 'urltest')!;
    for (const tag of [...selector.outbounds!, ...urltest.outbounds!]) expect(tags.has(tag), tag).toBe(true);
    // And the whole document by the schema built from sing-box's documented options.
    const validate = new Ajv({ strict: false, allErrors: true }).compile(SING_BOX_SCHEMA);
    expect(validate(doc), JSON.stringify(validate.errors?.slice(0, 5))).toBe(true);
    expect(
      doc.outbounds.filter((o) => ['vmess', 'vless', 'trojan', 'shadowsocks'].includes(o.type)),
    ).toHaveLength(5);
  });

  it('gzips Clash and sing-box for a client that accepts it: the same document, a fraction of the bytes', async () => {
    const list = await get(`/sub/${token}?format=base64`, { 'accept-encoding': 'gzip' });
    expect(list.headers['content-encoding']).toBeUndefined();
    for (const format of ['clash', 'sing-box']) {
      const plain = await get(`/sub/${token}?format=${format}`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('accept-encoding');
      const zipped = await get(`/sub/${token}?format=${format}`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toBe('accept-encoding');
      expect(zipped.headers['subscription-userinfo']).toBe(plain.headers['subscription-userinfo']);
      expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      for (const refused of ['gzip;q=0', 'gzip; Q=0.0', 'br, deflate', 'identity'])
        expect((await get(`/sub/${token}?format=${format}`, { 'accept-encoding': refused })).body).toBe(
          plain.body,
        );
    }
    // Over a real connection, as a client's HTTP stack reads it (fetch asks for gzip and unpacks it).
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const res = await fetch(`${address}/sub/${token}?format=clash`);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toBe((await get(`/sub/${token}?format=clash`)).body);
  });

  it('sends a browser to the portal page for the link', async () => {
    const res = await get(`/sub/${token}`, {
      accept: 'text/html,application/xhtml+xml',
      'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/130',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/subscribe?token=${token}`);
  });

  it('answers an unknown or reset token with 404, and the new one works', async () => {
    expect((await get('/sub/NoSuchTokenAtAll123')).statusCode).toBe(404);
    const next = (
      await call<{ token: string }>(t.app, {
        method: 'POST',
        url: `${API}/subscriptions/link/reset`,
        token: access,
        payload: { subscription_id: subId },
      })
    ).data.token;
    expect((await get(`/sub/${token}`)).statusCode).toBe(404);
    expect((await get(`/sub/${next}`)).statusCode).toBe(200);
    token = next;
  });

  it('says so when no node can be served, rather than a configuration with an empty group', async () => {
    const visible = await db().selectFrom('nodes').select('id').where('is_visible', '=', 1).execute();
    await db().updateTable('nodes').set({ is_visible: 0 }).execute();
    // Written around the repositories: tell delivery as they do.
    await catalogueChanged(db());
    try {
      const box = (await get(`/sub/${token}?format=sing-box`)).body;
      const validate = new Ajv({ strict: false, allErrors: true }).compile(SING_BOX_SCHEMA);
      const doc = JSON.parse(box) as Parameters<typeof singBoxReferenceProblems>[0] & {
        outbounds: { tag: string; type: string }[];
      };
      expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
      expect(singBoxReferenceProblems(doc)).toEqual([]);
      const entries = doc.outbounds.filter((o) => o.type === 'vmess');
      expect(entries).toHaveLength(1);
      expect(entries[0]!.tag).toContain('暂无此客户端可用的节点');
      const clash = parse((await get(`/sub/${token}`, { 'user-agent': 'mihomo/1.18' })).body) as {
        proxies: { name: string }[];
        'proxy-groups': { proxies: string[] }[];
      };
      expect(clash.proxies).toHaveLength(1);
      for (const g of clash['proxy-groups']) expect(g.proxies.length).toBeGreaterThan(0);
    } finally {
      await db()
        .updateTable('nodes')
        .set({ is_visible: 1 })
        .where(
          'id',
          'in',
          visible.map((v) => v.id),
        )
        .execute();
      await catalogueChanged(db());
    }
  });

  it('gives an expired or used-up subscription a placeholder instead of working nodes', async () => {
    await db()
      .updateTable('subscriptions')
      .set({ traffic_used: 300 * 1024 ** 3 })
      .where('id', '=', subId)
      .execute();
    const used = Buffer.from((await get(`/sub/${token}`)).body, 'base64')
      .toString('utf8')
      .split('\n');
    expect(used).toHaveLength(1);
    const entry = JSON.parse(Buffer.from(used[0]!.slice(8), 'base64').toString('utf8')) as {
      ps: string;
      add: string;
      id: string;
    };
    expect(entry.ps).toContain('流量已用尽');
    expect(entry.add).toBe('127.0.0.1');
    expect(entry.id).not.toBe(uuid);

    await db()
      .updateTable('subscriptions')
      .set({ traffic_used: 0, status: 'expired', end_at: '2026-11-01T00:00:00.000Z' })
      .where('id', '=', subId)
      .execute();
    const clash = parse((await get(`/sub/${token}`, { 'user-agent': 'mihomo/1.18' })).body) as {
      proxies: { name: string; uuid: string }[];
    };
    expect(clash.proxies).toHaveLength(1);
    expect(clash.proxies[0]!.name).toContain('已于 2026-11-01 到期');
    expect(clash.proxies[0]!.uuid).not.toBe(uuid);
  });

  it('limits how often one link is fetched (40312)', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await get(`/sub/${token}`)).statusCode;
    expect(last).toBe(429);
    const res = await get(`/sub/${token}`);
    expect(res.json<{ code: number }>().code).toBe(40312);
  });

  it('stops guessing: unknown tokens count per address, and a limited address is refused whatever it sends', async () => {
    // A second live subscription (the one above used up its own link's minute): a copy with its own token.
    const { id: _id, ...row } = await db()
      .selectFrom('subscriptions')
      .selectAll()
      .where('link_token', '=', token)
      .executeTakeFirstOrThrow();
    const other = { link_token: `guess-limit-${Date.now()}` };
    await db()
      .insertInto('subscriptions')
      .values({ ...row, link_token: other.link_token, uuid: crypto.randomUUID() })
      .execute();
    const from = (remoteAddress: string, url: string) => t.app.inject({ url, remoteAddress });
    for (let i = 0; i < UNKNOWN_TOKENS_PER_MINUTE; i++) {
      const guess = await from('10.8.8.1', `/sub/${i % 2 ? 'guess' : `guess-${i}-abcdefgh`}`);
      expect(guess.statusCode).toBe(404);
    }
    const refused = await from('10.8.8.1', `/sub/another-guess-abcdefgh`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ code: number }>().code).toBe(40312);
    expect(refused.headers['retry-after']).toBe('60');
    // The right token from that address too; from another address it is served.
    expect((await from('10.8.8.1', `/sub/${other.link_token}`)).statusCode).toBe(429);
    expect((await from('10.8.8.2', `/sub/${other.link_token}`)).statusCode).toBe(200);
  });
});
