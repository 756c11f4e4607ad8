/**
 * What a client needs to reach one proxy, read from what we hand out (share URIs, sing-box outbounds, Clash
 * proxies). The readers are strict: a field a real client would misread or could not use is an error naming it,
 * never a silent default, so the tests catch output that real software would reject.
 */
export type Protocol = 'vmess' | 'vless' | 'trojan' | 'shadowsocks';

export interface ProxyEndpoint {
  name: string;
  protocol: Protocol;
  host: string;
  port: number;
  /** VMess/VLESS: the UUID; Trojan and Shadowsocks: the password. */
  secret: string;
  /** VMess: the body security ("auto", "aes-128-gcm", ...). */
  security: string | null;
  /** Shadowsocks: the AEAD method. */
  method: string | null;
  /** h2: HTTP/2 over TLS (v2ray's "http" transport). */
  network: 'tcp' | 'ws' | 'h2';
  /** TCP only: HTTP header obfuscation. */
  tcpHeader: 'none' | 'http';
  /** Request path of ws, h2 and the TCP HTTP header (null: the client's default, "/"). */
  path: string | null;
  /** The Host those requests carry. */
  wsHost: string | null;
  tls: boolean;
  /** TLS server name (null: the client uses `host`). */
  sni: string | null;
  /** Shadowsocks: a SIP003 plugin, the program's name and its `;`-separated options (absent: none). */
  plugin?: { name: string; opts: string } | null;
}

/** The AEAD methods both shadowsocks-libev and v2ray 4 speak. */
export const SS_METHODS = ['aes-128-gcm', 'aes-256-gcm', 'chacha20-ietf-poly1305'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

class EndpointError extends Error {
  constructor(source: string, problem: string) {
    super(`${source}: ${problem}`);
  }
}

function portOf(source: string, value: unknown): number {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 65535)
    throw new EndpointError(source, `invalid port ${JSON.stringify(value)}`);
  return n;
}

function uuidOf(source: string, value: unknown): string {
  if (typeof value !== 'string' || !UUID.test(value))
    throw new EndpointError(source, `not a UUID: ${JSON.stringify(value)}`);
  return value;
}

function methodOf(source: string, value: unknown): string {
  if (typeof value !== 'string' || !(SS_METHODS as readonly string[]).includes(value))
    throw new EndpointError(source, `unsupported Shadowsocks method ${JSON.stringify(value)}`);
  return value;
}

const orNull = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);

/** Reads one share URI: vmess:// (v2rayN base64 JSON), vless://, trojan://, ss:// (SIP002). */
export function parseShareUri(uri: string): ProxyEndpoint {
  const scheme = /^([a-z0-9]+):\/\//.exec(uri)?.[1];
  switch (scheme) {
    case 'vmess':
      return parseVmess(uri);
    case 'vless':
    case 'trojan':
      return parseUrlStyle(uri, scheme);
    case 'ss':
      return parseShadowsocks(uri);
    default:
      throw new EndpointError(uri.slice(0, 40), 'unknown URI scheme');
  }
}

/** v2rayN's format: vmess://base64(JSON) with string fields, v "2". */
function parseVmess(uri: string): ProxyEndpoint {
  const source = 'vmess://';
  const encoded = uri.slice('vmess://'.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded))
    throw new EndpointError(source, 'payload is not standard base64');
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new EndpointError(source, 'payload is not base64 JSON');
  }
  const str = (key: string): string => {
    const v = json[key] ?? '';
    if (typeof v !== 'string')
      throw new EndpointError(source, `"${key}" must be a string, got ${JSON.stringify(v)}`);
    return v;
  };
  if (String(json.v) !== '2')
    throw new EndpointError(source, `"v" must be "2", got ${JSON.stringify(json.v)}`);
  const rawNet = str('net') || 'tcp';
  if (rawNet !== 'tcp' && rawNet !== 'ws' && rawNet !== 'http')
    throw new EndpointError(source, `unsupported "net" ${JSON.stringify(rawNet)}`);
  // The v2rayN family calls HTTP/2 "http".
  const net = rawNet === 'http' ? 'h2' : rawNet;
  const type = str('type');
  if (type !== '' && type !== 'none' && !(type === 'http' && net === 'tcp'))
    throw new EndpointError(source, `unsupported header "type" ${type} with net ${rawNet}`);
  const tcpHeader = type === 'http' ? 'http' : 'none';
  const withPath = net !== 'tcp' || tcpHeader === 'http';
  const tls = str('tls');
  if (tls !== '' && tls !== 'tls' && tls !== 'none')
    throw new EndpointError(source, `unsupported "tls" ${tls}`);
  const aid = String(json.aid ?? '0');
  if (aid !== '0') throw new EndpointError(source, `"aid" ${aid}: only AEAD (alterId 0) is supported`);
  const add = str('add');
  if (!add) throw new EndpointError(source, '"add" (the server address) is empty');
  return {
    name: str('ps'),
    protocol: 'vmess',
    host: add,
    port: portOf(source, json.port),
    secret: uuidOf(source, json.id),
    security: str('scy') || 'auto',
    method: null,
    network: net,
    tcpHeader,
    path: withPath ? orNull(str('path')) : null,
    wsHost: withPath ? orNull(str('host')) : null,
    tls: tls === 'tls',
    sni: tls === 'tls' ? orNull(str('sni')) : null,
  };
}

/** vless:// and trojan:// : secret@host:port?type=&security=&sni=&path=&host=#name */
function parseUrlStyle(uri: string, protocol: 'vless' | 'trojan'): ProxyEndpoint {
  const source = `${protocol}://`;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new EndpointError(source, 'not a valid URL');
  }
  const q = url.searchParams;
  const secret = decodeURIComponent(url.username);
  if (!secret) throw new EndpointError(source, 'no credential before "@"');
  if (url.password) throw new EndpointError(source, 'unexpected ":" in the credential');
  const type = q.get('type') ?? 'tcp';
  if (type !== 'tcp' && type !== 'ws' && type !== 'http')
    throw new EndpointError(source, `unsupported type=${type}`);
  const network = type === 'http' ? 'h2' : type;
  const headerType = q.get('headerType');
  if (headerType && headerType !== 'none' && !(headerType === 'http' && network === 'tcp'))
    throw new EndpointError(source, `unsupported headerType=${headerType} with type=${type}`);
  const tcpHeader = headerType === 'http' ? 'http' : 'none';
  const withPath = network !== 'tcp' || tcpHeader === 'http';
  // Trojan is TLS unless the URI says otherwise; VLESS is plain unless it says tls.
  const security = q.get('security') ?? (protocol === 'trojan' ? 'tls' : 'none');
  if (security !== 'tls' && security !== 'none')
    throw new EndpointError(source, `unsupported security=${security}`);
  if (protocol === 'vless') {
    const encryption = q.get('encryption') ?? 'none';
    if (encryption !== 'none')
      throw new EndpointError(source, `VLESS encryption must be "none", got ${encryption}`);
    if (q.get('flow')) throw new EndpointError(source, `flow=${q.get('flow')} is not supported`);
  }
  if (!url.hostname) throw new EndpointError(source, 'no host');
  return {
    name: decodeURIComponent(url.hash.slice(1)),
    protocol,
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: portOf(source, url.port),
    secret: protocol === 'vless' ? uuidOf(source, secret) : secret,
    security: null,
    method: null,
    network,
    tcpHeader,
    path: withPath ? orNull(q.get('path')) : null,
    wsHost: withPath ? orNull(q.get('host')) : null,
    tls: security === 'tls',
    sni: security === 'tls' ? orNull(q.get('sni') ?? q.get('peer')) : null,
  };
}

/** SIP002: ss://base64url(method:password)@host:port[/][?plugin=..]#name, or percent-encoded method:password. */
function parseShadowsocks(uri: string): ProxyEndpoint {
  const source = 'ss://';
  const rest = uri.slice('ss://'.length);
  const at = rest.lastIndexOf('@');
  if (at < 0)
    throw new EndpointError(source, 'not SIP002 (no "@"); the legacy all-base64 form is not read here');
  const rawUserinfo = rest.slice(0, at);
  let userinfo: string;
  if (rawUserinfo.includes('%3A') || rawUserinfo.includes('%3a') || rawUserinfo.includes(':')) {
    userinfo = decodeURIComponent(rawUserinfo);
  } else {
    if (!/^[A-Za-z0-9_-]+={0,2}$/.test(rawUserinfo))
      throw new EndpointError(source, 'userinfo is neither base64url nor percent-encoded');
    userinfo = Buffer.from(rawUserinfo, 'base64url').toString('utf8');
  }
  const colon = userinfo.indexOf(':');
  if (colon < 0) throw new EndpointError(source, 'userinfo has no "method:password"');
  let url: URL;
  try {
    url = new URL(`ss://x@${rest.slice(at + 1)}`);
  } catch {
    throw new EndpointError(source, 'host part is not valid');
  }
  // SIP002: plugin=<name>[;<options>]; only the two plugins shadowsocks-libev has here.
  const pluginParam = url.searchParams.get('plugin');
  let plugin: ProxyEndpoint['plugin'] = null;
  if (pluginParam) {
    if (!/^\/\?/.test(rest.slice(at + 1).replace(/^[^/?#]*/, '')))
      throw new EndpointError(source, 'a plugin parameter must follow "/?" (SIP002)');
    const semi = pluginParam.indexOf(';');
    const name = semi < 0 ? pluginParam : pluginParam.slice(0, semi);
    if (name !== 'obfs-local' && name !== 'v2ray-plugin')
      throw new EndpointError(source, `unsupported plugin ${JSON.stringify(name)}`);
    plugin = { name, opts: semi < 0 ? '' : pluginParam.slice(semi + 1) };
  }
  return {
    name: decodeURIComponent(url.hash.slice(1)),
    protocol: 'shadowsocks',
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: portOf(source, url.port),
    secret: userinfo.slice(colon + 1),
    security: null,
    method: methodOf(source, userinfo.slice(0, colon)),
    network: 'tcp',
    tcpHeader: 'none',
    path: null,
    wsHost: null,
    tls: false,
    sni: null,
    plugin,
  };
}

/** The base64 subscription body: one share URI per line. */
export function decodeBase64List(body: string): string[] {
  const text = Buffer.from(body.trim(), 'base64').toString('utf8');
  return text.split(/\r?\n/).filter((line) => line.trim() !== '');
}
