import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseShareUri } from '../../test/clients/share-uri-parser.js';
import { SING_BOX_SCHEMA, singBoxReferenceProblems } from '../../test/clients/sing-box-schema.js';
import { base, matrix, PBK, UUID } from '../../test/clients/node-matrix.js';
import { clashYaml, formatCarries, shareUri, singBoxJson, type ClientNode } from './formats.js';

/**
 * Every node shape we can deliver, written out and read back as the clients read it: each share URI round-trips
 * through a parser that follows the clients' rules, and each sing-box configuration validates against the schema
 * built from sing-box's documented options. Pure functions: no server, no database.
 */

/** The SIP003 program and options a client must read from the link's `plugin`. */
function expectedPlugin(p: NonNullable<ClientNode['ssPlugin']>) {
  if (p.type === 'obfs')
    return { name: 'obfs-local', options: { obfs: p.mode, ...(p.host ? { 'obfs-host': p.host } : {}) } };
  return {
    name: 'v2ray-plugin',
    options: {
      mode: 'websocket',
      ...(p.tls ? { tls: true } : {}),
      ...(p.host ? { host: p.host } : {}),
      ...(p.path ? { path: p.path } : {}),
    },
  };
}

/** What a client must read back from a node's URI. */
function expected(n: ClientNode) {
  const common = { name: n.name, host: n.host, port: n.port, secret: n.secret };
  if (n.protocol === 'shadowsocks')
    return {
      ...common,
      protocol: n.protocol,
      cipher: n.cipher,
      ...(n.ssPlugin ? { plugin: expectedPlugin(n.ssPlugin) } : {}),
    };
  if (n.hysteria2)
    return {
      ...common,
      protocol: n.protocol,
      security: 'tls',
      sni: n.sni ?? undefined,
      obfs: n.hysteria2.obfsPassword ? 'salamander' : undefined,
      obfsPassword: n.hysteria2.obfsPassword ?? undefined,
      portHopping: n.hysteria2.hopPorts ?? undefined,
    };
  if (n.tuic)
    return {
      ...common,
      protocol: n.protocol,
      password: n.secret,
      security: 'tls',
      sni: n.sni,
      congestionControl: n.tuic.congestionControl,
      udpRelayMode: n.tuic.udpRelayMode,
      alpn: n.tuic.alpn,
    };
  const pathful = ['ws', 'httpupgrade', 'xhttp', 'h2'].includes(n.network) || n.tcpHeader === 'http';
  return {
    ...common,
    protocol: n.protocol,
    network: n.network,
    ...(n.network === 'tcp' ? { headerType: n.tcpHeader } : {}),
    ...(pathful && n.path ? { path: n.path } : {}),
    ...(pathful && n.wsHost ? { hostHeader: n.wsHost } : {}),
    ...(n.network === 'grpc' ? { serviceName: n.serviceName } : {}),
    security: n.reality ? 'reality' : n.tls ? 'tls' : 'none',
    ...(n.tls && n.sni ? { sni: n.sni } : {}),
    ...(n.flow ? { flow: n.flow } : {}),
    ...(n.reality
      ? { publicKey: n.reality.publicKey, shortId: n.reality.shortId, fingerprint: n.reality.fingerprint }
      : {}),
  };
}

describe('share URIs read back as the clients read them', () => {
  const nodes = matrix();

  it.each(nodes.map((n) => [`${n.protocol}/${n.network}${n.tls ? '+tls' : ''} ${n.name}`, n] as const))(
    '%s',
    (_label, n) => {
      const uri = shareUri(n);
      // One line, nothing a list or a QR code would split or mangle.
      expect(uri).not.toMatch(/[\s\n]/);
      expect(parseShareUri(uri)).toMatchObject(expected(n));
    },
  );

  it('the parser refuses what clients refuse, so a broken link fails the round trip', () => {
    expect(() => parseShareUri('vless://@h.example:443?security=tls#x')).toThrow(/credential/);
    expect(() => parseShareUri(`vless://${UUID}@h.example:443?security=xtls#x`)).toThrow(/security/);
    expect(() => parseShareUri(`vless://${UUID}@h.example:70000#x`)).toThrow();
    expect(() => parseShareUri('ss://not*base64@h.example:1#x')).toThrow(/base64/);
    expect(() => parseShareUri('hysteria2://pw@h.example:443/?obfs=salamander#x')).toThrow(/salamander/);
    expect(() => parseShareUri(`tuic://${UUID}@h.example:443#x`)).toThrow(/password/);
    expect(() => parseShareUri('socks://h.example:1')).toThrow(/scheme/);
    // An unencoded '&' in a path cuts it short: the round trip sees a different path.
    const n = base({ protocol: 'vless', network: 'ws', path: '/a&b=c' });
    const naive = shareUri(n).replace(encodeURIComponent('/a&b=c'), '/a&b=c');
    expect(parseShareUri(naive).path).toBe('/a');
    expect(parseShareUri(shareUri(n)).path).toBe('/a&b=c');
  });
});

describe('sing-box configurations hold to the documented options', () => {
  const validate = new Ajv({ strict: false, allErrors: true }).compile(SING_BOX_SCHEMA);
  const check = (json: string) => {
    const config = JSON.parse(json) as Parameters<typeof singBoxReferenceProblems>[0];
    const ok = validate(config);
    return { ok, errors: validate.errors, problems: singBoxReferenceProblems(config) };
  };

  it('every node of the matrix it carries, in one configuration', () => {
    const nodes = matrix();
    const carried = nodes.filter((n) => formatCarries('sing-box', n));
    expect(carried.length).toBeGreaterThan(20);
    const { ok, errors, problems } = check(singBoxJson(nodes));
    expect(errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    expect(problems).toEqual([]);
  });

  it.each(
    matrix()
      .filter((n) => formatCarries('sing-box', n))
      .map((n) => [n.name, n] as const),
  )('alone: %s', (_name, n) => {
    const { errors, problems } = check(singBoxJson([n]));
    expect(errors ?? []).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('an empty list would not start (so /sub never sends one: delivery.test)', () => {
    expect(check(singBoxJson([])).problems).toEqual(['auto is empty']);
  });

  it('the schema catches the mistakes it is there for', () => {
    const one = JSON.parse(
      singBoxJson([
        base({
          protocol: 'vless',
          tls: true,
          sni: 'www.microsoft.com',
          reality: { publicKey: PBK, shortId: 'ab', fingerprint: 'chrome' },
        }),
      ]),
    ) as { outbounds: Record<string, unknown>[] };
    const vless = one.outbounds.find((o) => o.type === 'vless')! as { tls: Record<string, unknown> };
    expect(validate(one)).toBe(true);
    // Reality without uTLS
    const noUtls = structuredClone(one);
    delete (noUtls.outbounds.find((o) => o.type === 'vless') as { tls: Record<string, unknown> }).tls.utls;
    expect(validate(noUtls)).toBe(false);
    // A misspelled key
    const typo = structuredClone(one);
    (typo.outbounds.find((o) => o.type === 'vless') as Record<string, unknown>).server_name = 'x';
    expect(validate(typo)).toBe(false);
    // A Clash-style port range on Hysteria2, and Hysteria2 without TLS
    const hy2 = {
      outbounds: [
        {
          type: 'hysteria2',
          tag: 'h',
          server: 'h.example',
          server_ports: ['20000-30000'],
          password: 'x',
          tls: { enabled: true },
        },
      ],
    };
    expect(validate(hy2)).toBe(false);
    hy2.outbounds[0]!.server_ports = ['20000:30000'];
    expect(validate(hy2)).toBe(true);
    delete (hy2.outbounds[0] as Partial<(typeof hy2.outbounds)[0]>).tls;
    expect(validate(hy2)).toBe(false);
    // A selector naming an outbound that is not there
    expect(
      singBoxReferenceProblems({
        outbounds: [{ type: 'selector', tag: 'proxy', outbounds: ['gone'] }],
      }),
    ).toEqual(['proxy names missing gone']);
    expect(vless.tls.enabled).toBe(true);
  });
});

/** Every path in a document whose value is null: a client reading a map or a list finds nothing there. */
function nullPaths(value: unknown, path = '$'): string[] {
  if (value === null) return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => nullPaths(v, `${path}[${i}]`));
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => nullPaths(v, `${path}.${k}`));
  return [];
}

describe('Clash Meta documents', () => {
  it('carry every node of the matrix, valid by the meta schema, with no null anywhere', () => {
    const nodes = matrix();
    const doc = parse(clashYaml(nodes, 'Site')) as { proxies: { name: string }[] };
    expect(doc.proxies.map((p) => p.name)).toEqual(
      nodes.filter((n) => formatCarries('clash', n)).map((n) => n.name),
    );
    expect(nullPaths(doc)).toEqual([]);
    const require = createRequire(import.meta.url);
    const schema = require('meta-json-schema/schemas/meta-json-schema.json') as Record<string, unknown>;
    const validate = new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(schema);
    expect(validate(doc), JSON.stringify(validate.errors?.slice(0, 5))).toBe(true);
  });

  it('the scan finds a null map', () => {
    expect(nullPaths({ proxies: [{ 'ws-opts': null }] })).toEqual(['$.proxies[0].ws-opts']);
  });
});

describe('sing-box configurations carry no null either', () => {
  it('every node of the matrix', () => {
    expect(nullPaths(JSON.parse(singBoxJson(matrix())))).toEqual([]);
  });
});
