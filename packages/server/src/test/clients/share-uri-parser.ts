/**
 * Share URIs read back the way the clients read them, to prove that what we write round-trips. The rules are the
 * clients' (restated from their documented behaviour, docs/research/uniproxy-agents-and-clients.md §4.1):
 *
 * - vmess: base64 (standard or URL-safe, padding optional) of v2rayN's JSON; `port` and `aid` may be strings;
 *   `net` h2 is written `http` by some and `h2` by others (both read as h2); `tls` is "tls", "reality" or "".
 * - vless / trojan: the WHATWG URL of `scheme://userinfo@host:port?query#name`, userinfo and name percent-decoded;
 *   `type` (tcp when absent; `http` = h2), `security` (none | tls | reality), `sni`, `fp`, `pbk`, `sid`, `flow`,
 *   `headerType`, `path`, `host`, `serviceName`, `mode`; vless needs `encryption=none` (or none given).
 * - ss: SIP002 — userinfo is base64url(method:password) (padding optional) or, for the 2022 ciphers, the
 *   percent-encoded `method:password`; an optional `/?plugin=` holds the SIP003 plugin and its options.
 * - hysteria2 / hy2: `auth@host:port/?sni=&obfs=salamander&obfs-password=&insecure=&mport=` (auth percent-decoded;
 *   mport is v2rayN's port-hopping range list).
 * - tuic: `uuid:password@host:port?congestion_control=&alpn=&sni=&udp_relay_mode=` (split on the first ':').
 *
 * Anything a client would refuse (an unknown scheme, a missing credential, a port out of range, an unknown
 * security, a malformed base64) throws.
 */

export interface ParsedUri {
  protocol: 'vmess' | 'vless' | 'trojan' | 'shadowsocks' | 'hysteria2' | 'tuic';
  name: string;
  host: string;
  port: number;
  /** UUID (vmess, vless, tuic) or password (trojan, shadowsocks, hysteria2) */
  secret: string;
  /** tuic's password */
  password?: string;
  network?: string;
  headerType?: string;
  path?: string;
  hostHeader?: string;
  serviceName?: string;
  mode?: string;
  security?: 'none' | 'tls' | 'reality';
  sni?: string;
  flow?: string;
  publicKey?: string;
  shortId?: string;
  fingerprint?: string;
  cipher?: string;
  plugin?: { name: string; options: Record<string, string | true> };
  obfs?: string;
  obfsPassword?: string;
  portHopping?: string;
  congestionControl?: string;
  udpRelayMode?: string;
  alpn?: string[];
}

function fail(uri: string, why: string): never {
  throw new Error(`${why}: ${uri.slice(0, 80)}`);
}

function portOf(uri: string, raw: string | number | undefined): number {
  const n = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 65_535) fail(uri, 'port out of range');
  return n;
}

/** Standard or URL-safe base64, padding optional, nothing else (clients refuse stray characters). */
function decodeBase64(uri: string, text: string): string {
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text)) fail(uri, 'not base64');
  const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  const s = bytes.toString('utf8');
  if (Buffer.from(s, 'utf8').length !== bytes.length || s.includes('\uFFFD')) fail(uri, 'not UTF-8');
  return s;
}

/** host without IPv6 brackets, as clients hand it to the dialer */
const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

function urlOf(uri: string): URL {
  try {
    return new URL(uri);
  } catch {
    return fail(uri, 'not a URL');
  }
}

function securityOf(uri: string, v: string | null): 'none' | 'tls' | 'reality' {
  if (v === null || v === '' || v === 'none') return 'none';
  if (v === 'tls' || v === 'reality') return v;
  return fail(uri, `unknown security ${v}`);
}

const optional = (v: string | null) => (v === null || v === '' ? undefined : v);

/** SIP003 options: `name;key=value;flag` with `\` escaping `;`, `=` and `\`. */
function pluginOf(spec: string): { name: string; options: Record<string, string | true> } {
  const parts: string[] = [];
  let cur = '';
  for (let i = 0; i < spec.length; i++) {
    const c = spec[i]!;
    if (c === '\\' && i + 1 < spec.length) cur += spec[++i];
    else if (c === ';') {
      parts.push(cur);
      cur = '';
    } else cur += c;
  }
  parts.push(cur);
  const [name, ...rest] = parts;
  const options: Record<string, string | true> = {};
  for (const p of rest) {
    const eq = p.indexOf('=');
    if (eq < 0) options[p] = true;
    else options[p.slice(0, eq)] = p.slice(eq + 1);
  }
  return { name: name!, options };
}

export function parseShareUri(uri: string): ParsedUri {
  const scheme = uri.slice(0, uri.indexOf('://')).toLowerCase();
  switch (scheme) {
    case 'vmess': {
      const j = JSON.parse(decodeBase64(uri, uri.slice('vmess://'.length))) as Record<string, unknown>;
      const s = (k: string) => (typeof j[k] === 'string' ? (j[k] as string) : undefined);
      if (!s('id') || !s('add')) fail(uri, 'vmess without id or address');
      const net = s('net') || 'tcp';
      if (String(j.v ?? '2') !== '2') fail(uri, 'vmess link version');
      return {
        protocol: 'vmess',
        name: s('ps') ?? '',
        host: s('add')!,
        port: portOf(uri, j.port as string | number),
        secret: s('id')!,
        network: net === 'http' ? 'h2' : net,
        headerType: net === 'tcp' ? s('type') || 'none' : undefined,
        path: net === 'grpc' ? undefined : optional(s('path') ?? null),
        serviceName: net === 'grpc' ? (s('path') ?? '') : undefined,
        hostHeader: optional(s('host') ?? null),
        security: securityOf(uri, s('tls') ?? null),
        sni: optional(s('sni') ?? null),
      };
    }
    case 'vless':
    case 'trojan': {
      const u = urlOf(uri);
      const q = u.searchParams;
      const secret = decodeURIComponent(u.username);
      if (!secret) fail(uri, 'no credential');
      if (scheme === 'vless' && !['none', null].includes(q.get('encryption'))) fail(uri, 'vless encryption');
      const type = q.get('type') || 'tcp';
      const network = type === 'http' ? 'h2' : type;
      return {
        protocol: scheme,
        name: decodeURIComponent(u.hash.slice(1)),
        host: bareHost(u.hostname),
        port: portOf(uri, u.port || (scheme === 'trojan' ? 443 : undefined)),
        secret,
        network,
        headerType: network === 'tcp' ? q.get('headerType') || 'none' : undefined,
        path: optional(q.get('path')),
        hostHeader: optional(q.get('host')),
        serviceName: network === 'grpc' ? (q.get('serviceName') ?? '') : undefined,
        mode: optional(q.get('mode')),
        // Trojan is TLS unless told otherwise.
        security: securityOf(uri, q.get('security') ?? (scheme === 'trojan' ? 'tls' : null)),
        sni: optional(q.get('sni')),
        flow: optional(q.get('flow')),
        publicKey: optional(q.get('pbk')),
        shortId: q.get('sid') ?? undefined,
        fingerprint: optional(q.get('fp')),
        alpn: q.get('alpn')?.split(','),
      };
    }
    case 'ss': {
      const u = urlOf(uri);
      let method: string;
      let password: string;
      if (u.password !== '' || decodeURIComponent(u.username).includes(':')) {
        // percent-encoded method:password (SIP002 for AEAD-2022)
        const userinfo = u.password !== '' ? `${u.username}:${u.password}` : u.username;
        const plain = decodeURIComponent(userinfo);
        const colon = plain.indexOf(':');
        method = plain.slice(0, colon);
        password = plain.slice(colon + 1);
      } else {
        const plain = decodeBase64(uri, decodeURIComponent(u.username));
        const colon = plain.indexOf(':');
        if (colon < 0) fail(uri, 'ss userinfo without method');
        method = plain.slice(0, colon);
        password = plain.slice(colon + 1);
      }
      if (!method || !password) fail(uri, 'ss without method or password');
      const plugin = u.searchParams.get('plugin');
      return {
        protocol: 'shadowsocks',
        name: decodeURIComponent(u.hash.slice(1)),
        host: bareHost(u.hostname),
        port: portOf(uri, u.port),
        secret: password,
        cipher: method,
        ...(plugin ? { plugin: pluginOf(plugin) } : {}),
      };
    }
    case 'hysteria2':
    case 'hy2': {
      const u = urlOf(uri);
      const q = u.searchParams;
      // `auth` may be user:pass (the official userpass form) — kept whole as the password.
      const secret = decodeURIComponent(u.password ? `${u.username}:${u.password}` : u.username);
      if (!secret) fail(uri, 'no credential');
      const obfs = optional(q.get('obfs'));
      if (obfs && obfs !== 'salamander') fail(uri, `unknown obfs ${obfs}`);
      if (obfs && !q.get('obfs-password')) fail(uri, 'salamander without password');
      const mport = optional(q.get('mport'));
      if (mport && !/^\d{1,5}(-\d{1,5})?(,\d{1,5}(-\d{1,5})?)*$/.test(mport)) fail(uri, 'mport');
      return {
        protocol: 'hysteria2',
        name: decodeURIComponent(u.hash.slice(1)),
        host: bareHost(u.hostname),
        port: portOf(uri, u.port || 443),
        secret,
        security: 'tls',
        sni: optional(q.get('sni')),
        obfs,
        obfsPassword: optional(q.get('obfs-password')),
        portHopping: mport,
      };
    }
    case 'tuic': {
      const u = urlOf(uri);
      const q = u.searchParams;
      const id = decodeURIComponent(u.username);
      const password = decodeURIComponent(u.password);
      if (!id || !password) fail(uri, 'tuic needs uuid and password');
      const cc = optional(q.get('congestion_control'));
      if (cc && !['cubic', 'new_reno', 'bbr'].includes(cc)) fail(uri, `congestion control ${cc}`);
      const relay = optional(q.get('udp_relay_mode'));
      if (relay && !['native', 'quic'].includes(relay)) fail(uri, `udp relay mode ${relay}`);
      return {
        protocol: 'tuic',
        name: decodeURIComponent(u.hash.slice(1)),
        host: bareHost(u.hostname),
        port: portOf(uri, u.port),
        secret: id,
        password,
        security: 'tls',
        sni: optional(q.get('sni')),
        congestionControl: cc,
        udpRelayMode: relay,
        alpn: q.get('alpn')?.split(','),
      };
    }
    default:
      return fail(uri, `unknown scheme ${scheme}`);
  }
}
