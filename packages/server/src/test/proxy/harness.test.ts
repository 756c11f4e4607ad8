import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBinaries } from './binaries.js';
import { buildClient } from './client-cores.js';
import { decodeBase64List, parseShareUri, type Protocol, type ProxyEndpoint } from './endpoint.js';
import { freePort, startMarkerServer, type MarkerServer } from './net.js';
import { explain, probe } from './probe.js';
import { ProcessGroup } from './processes.js';
import { danglingClashReferences, fromClashProxy, fromSingBoxOutbound } from './profiles.js';
import { buildServerCore } from './server-cores.js';
import { createTlsMaterial, type TlsMaterial } from './tls.js';

/** The harness itself, on hand-made inputs: readers, config builders, and real programs talking to each other. */

const ID = 'b831381d-6324-4d53-ad4f-8cda48b30811';
const b64json = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64');

describe('share URI reader', () => {
  it('reads a v2rayN vmess:// link', () => {
    const uri = `vmess://${b64json({
      v: '2',
      ps: 'HK 01',
      add: 'hk.example.net',
      port: '443',
      id: ID,
      aid: '0',
      scy: 'auto',
      net: 'ws',
      type: 'none',
      host: 'cdn.example.net',
      path: '/ray',
      tls: 'tls',
      sni: 'hk.example.net',
    })}`;
    expect(parseShareUri(uri)).toEqual({
      name: 'HK 01',
      protocol: 'vmess',
      host: 'hk.example.net',
      port: 443,
      secret: ID,
      security: 'auto',
      method: null,
      network: 'ws',
      tcpHeader: 'none',
      path: '/ray',
      wsHost: 'cdn.example.net',
      tls: true,
      sni: 'hk.example.net',
    });
  });

  it('refuses vmess:// links a client could not use', () => {
    const good = { v: '2', add: 'h', port: '1', id: ID, aid: '0', net: 'tcp', type: 'none', tls: '' };
    expect(() => parseShareUri(`vmess://${b64json({ ...good, v: '1' })}`)).toThrow(/"v" must be "2"/);
    expect(() => parseShareUri(`vmess://${b64json({ ...good, net: 'grpc' })}`)).toThrow(/unsupported "net"/);
    expect(() => parseShareUri(`vmess://${b64json({ ...good, port: 'x' })}`)).toThrow(/invalid port/);
    expect(() => parseShareUri(`vmess://${b64json({ ...good, id: 'nope' })}`)).toThrow(/not a UUID/);
    expect(() => parseShareUri(`vmess://${b64json({ ...good, aid: '64' })}`)).toThrow(/alterId 0/);
    expect(() =>
      parseShareUri(`vmess://${b64json({ ...good, port: 443 as unknown as string, add: 5 })}`),
    ).toThrow(/"add" must be a string/);
    expect(() => parseShareUri('vmess://not_base64!')).toThrow(/base64/);
  });

  it('reads vless:// and trojan:// links', () => {
    expect(
      parseShareUri(
        `vless://${ID}@jp.example.net:8443?type=ws&encryption=none&security=tls&sni=jp.example.net&path=%2Fv&host=cdn.example.net#Tokyo%2001`,
      ),
    ).toMatchObject({
      name: 'Tokyo 01',
      protocol: 'vless',
      host: 'jp.example.net',
      port: 8443,
      secret: ID,
      network: 'ws',
      tcpHeader: 'none',
      path: '/v',
      wsHost: 'cdn.example.net',
      tls: true,
      sni: 'jp.example.net',
    });
    expect(parseShareUri('trojan://p%40ss@sg.example.net:443?type=tcp#SG')).toMatchObject({
      protocol: 'trojan',
      secret: 'p@ss',
      tls: true,
      sni: null,
      network: 'tcp',
      tcpHeader: 'none',
    });
    expect(() => parseShareUri(`vless://${ID}@h:1?encryption=aes`)).toThrow(/encryption must be "none"/);
    expect(() => parseShareUri(`vless://${ID}@h:1?flow=xtls-rprx-vision`)).toThrow(/flow/);
    expect(() => parseShareUri(`vless://${ID}@h:1?security=reality`)).toThrow(/security=reality/);
    expect(() => parseShareUri(`vless://${ID}@h?type=tcp`)).toThrow(/invalid port/);
  });

  it('reads SIP002 ss:// links, base64url or percent-encoded', () => {
    const info = Buffer.from(`aes-256-gcm:${ID}`).toString('base64url');
    expect(parseShareUri(`ss://${info}@127.0.0.1:8388#US%2001`)).toMatchObject({
      name: 'US 01',
      protocol: 'shadowsocks',
      host: '127.0.0.1',
      port: 8388,
      secret: ID,
      method: 'aes-256-gcm',
    });
    expect(parseShareUri('ss://chacha20-ietf-poly1305%3Ap%40ss@h:1#x')).toMatchObject({
      method: 'chacha20-ietf-poly1305',
      secret: 'p@ss',
    });
    const rc4 = Buffer.from('rc4-md5:x').toString('base64url');
    expect(() => parseShareUri(`ss://${rc4}@h:1`)).toThrow(/unsupported Shadowsocks method/);
    expect(() => parseShareUri(`ss://${Buffer.from('aes-256-gcm:x@h:1').toString('base64')}`)).toThrow(
      /SIP002/,
    );
  });

  it('splits a base64 subscription body into links', () => {
    const body = Buffer.from('vless://a@h:1\nss://b@h:2\n').toString('base64');
    expect(decodeBase64List(body)).toEqual(['vless://a@h:1', 'ss://b@h:2']);
  });
});

describe('profile readers', () => {
  it('reads sing-box outbounds and refuses fields it does not translate', () => {
    expect(
      fromSingBoxOutbound({
        type: 'vmess',
        tag: 'a',
        server: 'h',
        server_port: 1,
        uuid: ID,
        security: 'auto',
        alter_id: 0,
        tls: { enabled: true, server_name: 'n' },
        transport: { type: 'ws', path: '/p', headers: { Host: 'cdn' } },
      }),
    ).toMatchObject({ protocol: 'vmess', network: 'ws', path: '/p', wsHost: 'cdn', tls: true, sni: 'n' });
    expect(
      fromSingBoxOutbound({ type: 'trojan', tag: 't', server: 'h', server_port: 1, password: 'p' }),
    ).toMatchObject({ protocol: 'trojan', tls: false });
    expect(() =>
      fromSingBoxOutbound({ type: 'vless', tag: 'a', server: 'h', server_port: 1, uuid: ID, udp: true }),
    ).toThrow(/"a".*udp/);
    expect(() =>
      fromSingBoxOutbound({
        type: 'shadowsocks',
        tag: 's',
        server: 'h',
        server_port: 1,
        method: 'rc4',
        password: 'p',
      }),
    ).toThrow(/method/);
  });

  it('reads Clash proxies and finds group members that do not exist', () => {
    expect(
      fromClashProxy({ name: 't', type: 'trojan', server: 'h', port: 1, password: 'p', sni: 'n', udp: true }),
    ).toMatchObject({ protocol: 'trojan', tls: true, sni: 'n' });
    expect(
      danglingClashReferences({
        proxies: [{ name: 'a', type: 'ss' }],
        'proxy-groups': [
          { name: 'G', type: 'select', proxies: ['Auto', 'a', 'DIRECT', 'b'] },
          { name: 'Auto', type: 'url-test', proxies: ['a'] },
        ],
        rules: [],
      }),
    ).toEqual(['G -> b']);
  });
});

describe.concurrent('real proxy programs on hand-made node configs', () => {
  const group = new ProcessGroup();
  let tls: TlsMaterial;
  let marker: MarkerServer;
  let decoy: MarkerServer;
  const base_config = { push_interval: 60, pull_interval: 60 };
  const users = { users: [{ id: 7, uuid: ID, speed_limit: 0, device_limit: 3 }] };

  beforeAll(async () => {
    requireBinaries();
    tls = await createTlsMaterial(path.join(group.dir, 'tls'), ['node.test']);
    marker = await startMarkerServer();
    decoy = await startMarkerServer('decoy');
  });
  afterAll(async () => {
    await group.stopAll();
    await marker?.close();
    await decoy?.close();
  });

  interface Case {
    label: string;
    protocol: Protocol;
    config: (port: number) => Record<string, unknown>;
    endpoint: Omit<ProxyEndpoint, 'port' | 'host' | 'name' | 'protocol' | 'secret'>;
  }
  const plain = {
    security: null,
    method: null,
    tcpHeader: 'none',
    path: null,
    wsHost: null,
    tls: false,
    sni: null,
  } as const;
  const cases: Case[] = [
    {
      label: 'vmess tcp',
      protocol: 'vmess',
      config: (p) => ({
        server_port: p,
        network: 'tcp',
        network_settings: {},
        tls: 0,
        routes: [],
        base_config,
      }),
      endpoint: { ...plain, security: 'auto', network: 'tcp' },
    },
    {
      label: 'vless ws tls',
      protocol: 'vless',
      config: (p) => ({
        server_port: p,
        network: 'ws',
        network_settings: { path: '/v', headers: { Host: 'cdn.test' } },
        tls: 1,
        tls_settings: { server_name: 'node.test' },
        routes: [],
        base_config,
      }),
      endpoint: { ...plain, network: 'ws', path: '/v', wsHost: 'cdn.test', tls: true, sni: 'node.test' },
    },
    {
      label: 'trojan tcp',
      protocol: 'trojan',
      config: (p) => ({
        server_port: p,
        server_name: 'node.test',
        network: 'tcp',
        network_settings: {},
        routes: [],
        base_config,
      }),
      endpoint: { ...plain, network: 'tcp', tls: true, sni: 'node.test' },
    },
    {
      label: 'trojan ws',
      protocol: 'trojan',
      config: (p) => ({
        server_port: p,
        server_name: 'node.test',
        network: 'ws',
        network_settings: { path: '/t' },
        routes: [],
        base_config,
      }),
      endpoint: { ...plain, network: 'ws', path: '/t', tls: true, sni: 'node.test' },
    },
    {
      label: 'shadowsocks',
      protocol: 'shadowsocks',
      config: (p) => ({ server_port: p, cipher: 'aes-256-gcm', server_key: '', routes: [], base_config }),
      endpoint: { ...plain, method: 'aes-256-gcm', network: 'tcp' },
    },
  ];

  it.for(cases)(
    '$label: native and v2ray clients get through; a wrong credential does not',
    async (c, { expect }) => {
      const port = await freePort();
      const server = await group.start(
        buildServerCore({
          label: `server ${c.label}`,
          protocol: c.protocol,
          config: c.config(port),
          users,
          tls,
          trojanFallbackPort: decoy.port,
        }),
      );
      try {
        const endpoint: ProxyEndpoint = {
          ...c.endpoint,
          name: c.label,
          protocol: c.protocol,
          host: '127.0.0.1',
          port,
          secret: ID,
        };
        const common = { endpoint, marker, caCert: tls.caCert };
        const [native, v2ray, wrong] = await Promise.all([
          probe(group, { ...common, label: `client ${c.label}` }),
          probe(group, { ...common, label: `v2ray client ${c.label}`, implementation: 'v2ray' }),
          probe(group, {
            ...common,
            label: `wrong-secret client ${c.label}`,
            endpoint: { ...endpoint, secret: randomUUID() },
            timeoutMs: 5000,
          }),
        ]);
        expect(native.reached, explain(native, server.output())).toBe(true);
        expect(v2ray.reached, explain(v2ray, server.output())).toBe(true);
        expect(wrong.reached, explain(wrong, server.output())).toBe(false);
        expect(wrong.body).not.toContain(marker.marker);
      } finally {
        await server.stop();
      }
    },
  );

  it('TLS clients verify the certificate: a wrong server name or another CA fails', async ({ expect }) => {
    const port = await freePort();
    const server = await group.start(
      buildServerCore({
        label: 'server vless tls',
        protocol: 'vless',
        config: {
          server_port: port,
          network: 'tcp',
          network_settings: {},
          tls: 1,
          tls_settings: { server_name: 'node.test' },
          routes: [],
          base_config,
        },
        users,
        tls,
      }),
    );
    try {
      const otherCa = await createTlsMaterial(path.join(group.dir, 'other-ca'), ['node.test']);
      const endpoint: ProxyEndpoint = {
        ...plain,
        name: 'vless tls',
        protocol: 'vless',
        host: '127.0.0.1',
        port,
        secret: ID,
        network: 'tcp',
        tcpHeader: 'none',
        tls: true,
        sni: 'node.test',
      };
      const trojanEndpoint = { ...endpoint, protocol: 'trojan' as const, sni: 'other.test' };
      const [good, noSni, wrongSni, wrongCa, trojanWrongSni] = await Promise.all([
        probe(group, { label: 'good', endpoint, marker, caCert: tls.caCert }),
        probe(group, { label: 'no sni', endpoint: { ...endpoint, sni: null }, marker, caCert: tls.caCert }),
        probe(group, {
          label: 'wrong sni',
          endpoint: { ...endpoint, sni: 'x.test' },
          marker,
          caCert: tls.caCert,
        }),
        probe(group, { label: 'other ca', endpoint, marker, caCert: otherCa.caCert }),
        // trojan-gfw's verification, against a TLS server on the right port but for another name.
        probe(group, { label: 'trojan-gfw wrong sni', endpoint: trojanEndpoint, marker, caCert: tls.caCert }),
      ]);
      expect(good.reached, explain(good, server.output())).toBe(true);
      for (const r of [noSni, wrongSni, wrongCa, trojanWrongSni]) expect(r.reached, explain(r)).toBe(false);
    } finally {
      await server.stop();
    }
  });

  it('a program that cannot start fails with its own output', async ({ expect }) => {
    const port = await freePort();
    const spec = buildClient({
      label: 'broken',
      endpoint: {
        ...plain,
        name: 'x',
        protocol: 'shadowsocks',
        host: '127.0.0.1',
        port,
        secret: 'x',
        network: 'tcp',
        tcpHeader: 'none',
      },
      socksPort: port,
      caCert: '',
    });
    await expect(group.start({ ...spec, args: [...spec.args, '-m', 'no-such-cipher'] })).rejects.toThrow(
      /did not accept connections[\s\S]*--- output ---/,
    );
    await expect(
      group.start({
        ...spec,
        binary: 'v2ray',
        args: [],
        files: { 'c.json': '{"inbounds":[{}]}' },
        v2rayTest: 'c.json',
      }),
    ).rejects.toThrow(/v2ray -test` rejected/);
  });
});
