import { z } from 'zod';
import { SS_METHODS, type ProxyEndpoint } from './endpoint.js';

/**
 * Readers for the client profiles we serve (sing-box JSON, Clash Meta YAML) into endpoints a v2ray client can be
 * built from. sing-box refuses unknown fields, so its reader is strict too: a field this harness does not translate
 * is an error rather than something silently dropped.
 */

const port = z.number().int().min(1).max(65535);
const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

const singBoxTls = z.strictObject({
  enabled: z.boolean(),
  server_name: z.string().optional(),
  insecure: z.literal(false).optional(),
});

const singBoxTransport = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('ws'),
    path: z.string().optional(),
    headers: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
  }),
  // HTTP/2 (over TLS: sing-box's "http" transport without TLS would be plain HTTP/1.1).
  z.strictObject({
    type: z.literal('http'),
    path: z.string().optional(),
    host: z.array(z.string()).optional(),
  }),
]);

const singBoxCommon = {
  tag: z.string().min(1),
  server: z.string().min(1),
  server_port: port,
};

const singBoxProxy = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('vmess'),
    ...singBoxCommon,
    uuid,
    security: z.string().optional(),
    alter_id: z.literal(0).optional(),
    tls: singBoxTls.optional(),
    transport: singBoxTransport.optional(),
  }),
  z.strictObject({
    type: z.literal('vless'),
    ...singBoxCommon,
    uuid,
    flow: z.literal('').optional(),
    tls: singBoxTls.optional(),
    transport: singBoxTransport.optional(),
  }),
  z.strictObject({
    type: z.literal('trojan'),
    ...singBoxCommon,
    password: z.string().min(1),
    tls: singBoxTls.optional(),
    transport: singBoxTransport.optional(),
  }),
  z.strictObject({
    type: z.literal('shadowsocks'),
    ...singBoxCommon,
    method: z.enum(SS_METHODS),
    password: z.string().min(1),
  }),
]);

/** sing-box outbound types that are not proxies (groups and routing targets). */
export const SING_BOX_NON_PROXY_TYPES = ['selector', 'urltest', 'direct', 'block', 'dns'];

function issues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
}

function headerValue(v: string | string[] | undefined): string | null {
  if (v === undefined) return null;
  return Array.isArray(v) ? (v[0] ?? null) : v;
}

/** One sing-box proxy outbound (vmess, vless, trojan, shadowsocks) as an endpoint. */
export function fromSingBoxOutbound(outbound: unknown): ProxyEndpoint {
  const parsed = singBoxProxy.safeParse(outbound);
  if (!parsed.success) {
    const tag = (outbound as { tag?: unknown } | null)?.tag;
    throw new Error(`sing-box outbound ${JSON.stringify(tag)}: ${issues(parsed.error)}`);
  }
  const o = parsed.data;
  const base = { name: o.tag, host: o.server, port: o.server_port };
  if (o.type === 'shadowsocks') {
    return {
      ...base,
      protocol: 'shadowsocks',
      secret: o.password,
      security: null,
      method: o.method,
      network: 'tcp',
      tcpHeader: 'none',
      path: null,
      wsHost: null,
      tls: false,
      sni: null,
    };
  }
  // sing-box: no tls object (or enabled false) means plain TCP, for Trojan too.
  const tls = o.tls?.enabled === true;
  const t = o.transport;
  if (t?.type === 'http' && !tls)
    throw new Error(`sing-box outbound ${o.tag}: an http transport without TLS is HTTP/1.1`);
  return {
    ...base,
    protocol: o.type,
    secret: o.type === 'trojan' ? o.password : o.uuid,
    security: o.type === 'vmess' ? (o.security ?? 'auto') : null,
    method: null,
    network: t ? (t.type === 'http' ? 'h2' : 'ws') : 'tcp',
    tcpHeader: 'none',
    path: t ? (t.path ?? '/') : null,
    wsHost: !t
      ? null
      : t.type === 'http'
        ? (t.host?.[0] ?? null)
        : headerValue(t.headers?.Host ?? t.headers?.host),
    tls,
    sni: tls ? (o.tls?.server_name ?? null) : null,
  };
}

const clashWsOpts = z.looseObject({
  path: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  'max-early-data': z.undefined().optional(),
});

const clashCommon = {
  name: z.string().min(1),
  server: z.string().min(1),
  port,
  udp: z.boolean().optional(),
  'skip-cert-verify': z.literal(false).optional(),
  network: z.enum(['tcp', 'ws', 'h2', 'http']).optional(),
  'ws-opts': clashWsOpts.optional(),
  'h2-opts': z.looseObject({ path: z.string().optional(), host: z.array(z.string()).optional() }).optional(),
  'http-opts': z
    .looseObject({
      path: z.array(z.string()).optional(),
      headers: z.record(z.string(), z.array(z.string())).optional(),
    })
    .optional(),
};

const clashProxy = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('vmess'),
    ...clashCommon,
    uuid,
    alterId: z.literal(0),
    cipher: z.string(),
    tls: z.boolean().optional(),
    servername: z.string().optional(),
  }),
  z.looseObject({
    type: z.literal('vless'),
    ...clashCommon,
    uuid,
    flow: z.literal('').optional(),
    tls: z.boolean().optional(),
    servername: z.string().optional(),
  }),
  z.looseObject({
    type: z.literal('trojan'),
    ...clashCommon,
    password: z.string().min(1),
    sni: z.string().optional(),
  }),
  z.looseObject({
    type: z.literal('ss'),
    ...clashCommon,
    cipher: z.enum(SS_METHODS),
    password: z.string().min(1),
    plugin: z.undefined().optional(),
  }),
]);

/** mihomo's transport keys as the endpoint's: ws, h2 (`h2-opts`), and TCP's HTTP header (`network: http`). */
function clashTransport(
  p: z.infer<typeof clashProxy>,
): Pick<ProxyEndpoint, 'network' | 'tcpHeader' | 'path' | 'wsHost'> {
  if (p.network === 'ws')
    return {
      network: 'ws',
      tcpHeader: 'none',
      path: p['ws-opts']?.path ?? '/',
      wsHost: p['ws-opts']?.headers?.Host ?? null,
    };
  if (p.network === 'h2')
    return {
      network: 'h2',
      tcpHeader: 'none',
      path: p['h2-opts']?.path ?? '/',
      wsHost: p['h2-opts']?.host?.[0] ?? null,
    };
  if (p.network === 'http')
    return {
      network: 'tcp',
      tcpHeader: 'http',
      path: p['http-opts']?.path?.[0] ?? '/',
      wsHost: p['http-opts']?.headers?.Host?.[0] ?? null,
    };
  return { network: 'tcp', tcpHeader: 'none', path: null, wsHost: null };
}

/** One Clash Meta (mihomo) proxy as an endpoint. */
export function fromClashProxy(proxy: unknown): ProxyEndpoint {
  const parsed = clashProxy.safeParse(proxy);
  if (!parsed.success) {
    const name = (proxy as { name?: unknown } | null)?.name;
    throw new Error(`Clash proxy ${JSON.stringify(name)}: ${issues(parsed.error)}`);
  }
  const p = parsed.data;
  const base = { name: p.name, host: p.server, port: p.port };
  if (p.type === 'ss') {
    return {
      ...base,
      protocol: 'shadowsocks',
      secret: p.password,
      security: null,
      method: p.cipher,
      network: 'tcp',
      tcpHeader: 'none',
      path: null,
      wsHost: null,
      tls: false,
      sni: null,
    };
  }
  // mihomo: Trojan is always TLS and names the server "sni"; VMess/VLESS use "tls" and "servername".
  const tls = p.type === 'trojan' ? true : p.tls === true;
  const sni = p.type === 'trojan' ? p.sni : p.servername;
  return {
    ...base,
    protocol: p.type,
    secret: p.type === 'trojan' ? p.password : p.uuid,
    security: p.type === 'vmess' ? p.cipher : null,
    method: null,
    ...clashTransport(p),
    tls,
    sni: tls ? (sni ?? null) : null,
  };
}

export interface ClashDocument {
  proxies: { name: string; type: string }[];
  'proxy-groups': { name: string; type: string; proxies: string[] }[];
  rules: string[];
}

/** Group members that are neither a proxy, another group, nor a built-in policy ("group -> member"). */
export function danglingClashReferences(doc: ClashDocument): string[] {
  const proxies = new Set(doc.proxies.map((p) => p.name));
  const groups = new Set(doc['proxy-groups'].map((g) => g.name));
  const builtIn = new Set(['DIRECT', 'REJECT', 'REJECT-DROP', 'PASS', 'COMPATIBLE']);
  const dangling: string[] = [];
  for (const g of doc['proxy-groups']) {
    for (const member of g.proxies) {
      if (!proxies.has(member) && !groups.has(member) && !builtIn.has(member))
        dangling.push(`${g.name} -> ${member}`);
    }
  }
  return dangling;
}
