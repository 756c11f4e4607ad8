import type { NodeProtocol, NodeTransport } from '@portal/contract';
import { parseHopPorts } from '@portal/contract/admin';
import { stringify } from 'yaml';
import type { SsPlugin } from '../nodes/node-settings.js';
import { clientPlugin } from '../nodes/ss-plugin.js';

/** A node as a client needs it, with the subscription's credential filled in. */
export interface ClientNode {
  name: string;
  protocol: NodeProtocol;
  host: string;
  port: number;
  /** UUID for VMess/VLESS/TUIC, password for Trojan, Shadowsocks and Hysteria2 */
  secret: string;
  network: NodeTransport;
  /** TCP only: HTTP header obfuscation */
  tcpHeader: 'none' | 'http';
  /** Request path and Host of ws, httpupgrade, xhttp, h2 and tcp with the HTTP header */
  path: string | null;
  wsHost: string | null;
  serviceName: string | null;
  xhttpMode: string;
  tls: boolean;
  sni: string | null;
  /** VLESS: '' or 'xtls-rprx-vision' */
  flow: string;
  /** VLESS Reality (with `tls`): what clients present; null for plain TLS */
  reality: { publicKey: string; shortId: string; fingerprint: string } | null;
  cipher: string;
  /** Shadowsocks: its SIP003 plugin (simple-obfs, v2ray-plugin), or null */
  ssPlugin: SsPlugin | null;
  /** Hysteria2 only */
  hysteria2?: ClientHysteria2 | null;
  /** TUIC v5 only */
  tuic?: ClientTuic | null;
}

/** What a Hysteria2 client needs besides the password (the subscription's UUID) and `sni`. */
export interface ClientHysteria2 {
  /** salamander's password; null: no obfuscation */
  obfsPassword: string | null;
  /** The customer's upload and download hints, Mbit/s; 0: not sent (the client measures) */
  upMbps: number;
  downMbps: number;
  /** "443,20000-30000"; null: no hopping */
  hopPorts: string | null;
  allowInsecure: boolean;
}

/** What a TUIC v5 client needs besides its UUID and password (both the subscription's UUID) and `sni`. */
export interface ClientTuic {
  congestionControl: string;
  udpRelayMode: string;
  zeroRttHandshake: boolean;
  alpn: string[];
  allowInsecure: boolean;
}

export type Format = 'base64' | 'clash' | 'sing-box';

/**
 * Whether a client format can carry the node (README: "What each client receives"). Share URIs carry every
 * transport; Clash Meta has XHTTP for VLESS only; sing-box has no XHTTP and no TCP HTTP header obfuscation that
 * matches Xray's, so those nodes are left out of its configuration rather than sent broken. Hysteria2 and TUIC go
 * to every format.
 */
export function formatCarries(
  format: Format,
  n: Pick<ClientNode, 'protocol' | 'network' | 'tcpHeader'>,
): boolean {
  if (format === 'clash') return n.network !== 'xhttp' || n.protocol === 'vless';
  if (format === 'sing-box') return n.network !== 'xhttp' && !(n.network === 'tcp' && n.tcpHeader === 'http');
  return true;
}

/** The v2rayN family's `type` of a transport: h2 is `http`. */
const uriType = (n: ClientNode) => (n.network === 'h2' ? 'http' : n.network);

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** One share URI per node, in the forms v2rayN, v2rayNG and Shadowrocket import. */
export function shareUri(n: ClientNode): string {
  const tag = encodeURIComponent(n.name);
  // An IPv6 address goes in brackets in a URI authority, or its colons read as the port.
  const authority = `${n.host.includes(':') ? `[${n.host}]` : n.host}:${n.port}`;
  switch (n.protocol) {
    case 'vmess':
      return `vmess://${b64(vmessJson(n))}`;
    case 'vless':
    case 'trojan': {
      const q = new URLSearchParams({ type: uriType(n) });
      if (n.protocol === 'vless') q.set('encryption', 'none');
      q.set('security', n.reality ? 'reality' : n.tls ? 'tls' : 'none');
      if (n.tls && n.sni) q.set('sni', n.sni);
      if (n.reality) {
        q.set('pbk', n.reality.publicKey);
        q.set('sid', n.reality.shortId);
        q.set('fp', n.reality.fingerprint);
      }
      if (n.protocol === 'vless' && n.flow) q.set('flow', n.flow);
      if (n.network === 'tcp' && n.tcpHeader === 'http') q.set('headerType', 'http');
      if (n.network === 'grpc') {
        q.set('serviceName', n.serviceName ?? '');
        q.set('mode', 'gun');
      } else if (n.network !== 'tcp' || n.tcpHeader === 'http') {
        if (n.path) q.set('path', n.path);
        if (n.wsHost) q.set('host', n.wsHost);
      }
      if (n.network === 'xhttp') q.set('mode', n.xhttpMode);
      return `${n.protocol}://${encodeURIComponent(n.secret)}@${authority}?${q.toString()}#${tag}`;
    }
    case 'shadowsocks':
      return `ss://${ssUserinfo(n.cipher, n.secret)}@${authority}${ssPluginQuery(n)}#${tag}`;
    case 'hysteria2':
    case 'tuic':
      return quicShareUri(n, authority, tag);
  }
}

/** The JSON a `vmess://` URI carries (v2rayN's form), before base64. */
export function vmessJson(n: ClientNode): string {
  return JSON.stringify({
    v: '2',
    ps: n.name,
    add: n.host,
    port: String(n.port),
    id: n.secret,
    aid: '0',
    scy: 'auto',
    net: uriType(n),
    // For tcp the header type; gRPC's mode ("gun").
    type: n.network === 'tcp' ? n.tcpHeader : n.network === 'grpc' ? 'gun' : 'none',
    host: n.wsHost ?? '',
    path: n.network === 'grpc' ? (n.serviceName ?? '') : (n.path ?? ''),
    tls: n.tls ? 'tls' : '',
    sni: n.sni ?? '',
  });
}

/**
 * SIP002's userinfo: base64url(method:password) without padding, except for the 2022 ciphers, whose userinfo is
 * percent-encoded as it is (their password holds a ':' between server and user key).
 */
export function ssUserinfo(cipher: string, secret: string): string {
  return ssUserinfoInBase64(cipher)
    ? Buffer.from(`${cipher}:${secret}`).toString('base64url')
    : `${encodeURIComponent(cipher)}:${encodeURIComponent(secret)}`;
}

/** Whether `ssUserinfo` is the base64url of `method:password` (every cipher but the 2022 ones). */
export function ssUserinfoInBase64(cipher: string): boolean {
  return !cipher.startsWith('2022-');
}

/** SIP002's plugin parameter: `/?plugin=` and the percent-encoded `name;options` of the client's plugin. */
function ssPluginQuery(n: ClientNode): string {
  if (!n.ssPlugin) return '';
  const p = clientPlugin(n.ssPlugin);
  return `/?plugin=${encodeURIComponent(`${p.name};${p.opts}`)}`;
}

/**
 * Hysteria2 in the official URI scheme (`hysteria2://auth@host:port/?sni=&obfs=salamander&obfs-password=&insecure=1`)
 * with v2rayN's `mport` for port hopping (the scheme's multi-port authority breaks URI parsers); bandwidth stays out,
 * as the scheme asks. TUIC in the de-facto form `tuic://uuid:password@host:port?congestion_control=&udp_relay_mode=
 * &alpn=&sni=` (NekoBox family, v2rayN), `allow_insecure` and `insecure` both when set.
 */
function quicShareUri(n: ClientNode, authority: string, tag: string): string {
  const q = new URLSearchParams();
  if (n.sni) q.set('sni', n.sni);
  if (n.hysteria2) {
    const h = n.hysteria2;
    if (h.obfsPassword) {
      q.set('obfs', 'salamander');
      q.set('obfs-password', h.obfsPassword);
    }
    if (h.allowInsecure) q.set('insecure', '1');
    if (h.hopPorts) q.set('mport', h.hopPorts);
    return `hysteria2://${encodeURIComponent(n.secret)}@${authority}/?${q.toString()}#${tag}`;
  }
  const t = n.tuic!;
  q.set('congestion_control', t.congestionControl);
  q.set('udp_relay_mode', t.udpRelayMode);
  q.set('alpn', t.alpn.join(','));
  if (t.allowInsecure) {
    q.set('allow_insecure', '1');
    q.set('insecure', '1');
  }
  const user = encodeURIComponent(n.secret);
  return `tuic://${user}:${user}@${authority}?${q.toString()}#${tag}`;
}

export function base64List(nodes: ClientNode[]): string {
  return b64(nodes.map(shareUri).join('\n'));
}

/** mihomo's transport keys: `network` and its options object (HTTP upgrade is WebSocket with a flag). */
function clashTransport(n: ClientNode): Record<string, unknown> {
  const path = n.path ?? '/';
  switch (n.network) {
    case 'ws':
      return { network: 'ws', 'ws-opts': { path, ...(n.wsHost ? { headers: { Host: n.wsHost } } : {}) } };
    case 'httpupgrade':
      return {
        network: 'ws',
        'ws-opts': { path, ...(n.wsHost ? { headers: { Host: n.wsHost } } : {}), 'v2ray-http-upgrade': true },
      };
    case 'grpc':
      return { network: 'grpc', 'grpc-opts': { 'grpc-service-name': n.serviceName ?? '' } };
    case 'h2':
      return { network: 'h2', 'h2-opts': { path, ...(n.wsHost ? { host: [n.wsHost] } : {}) } };
    case 'xhttp':
      return {
        network: 'xhttp',
        'xhttp-opts': { path, ...(n.wsHost ? { host: n.wsHost } : {}), mode: n.xhttpMode },
      };
    case 'tcp':
      return n.tcpHeader === 'http'
        ? {
            network: 'http',
            'http-opts': { path: [path], ...(n.wsHost ? { headers: { Host: [n.wsHost] } } : {}) },
          }
        : {};
    case 'quic':
      // Hysteria2 and TUIC are their own transport.
      return {};
  }
}

function clashProxy(n: ClientNode): Record<string, unknown> {
  const common = { name: n.name, server: n.host, port: n.port, udp: true };
  const ws = clashTransport(n);
  switch (n.protocol) {
    case 'vmess':
      return {
        ...common,
        type: 'vmess',
        uuid: n.secret,
        alterId: 0,
        cipher: 'auto',
        tls: n.tls,
        ...(n.tls && n.sni ? { servername: n.sni } : {}),
        ...ws,
      };
    case 'vless':
      return {
        ...common,
        type: 'vless',
        uuid: n.secret,
        tls: n.tls,
        ...(n.tls && n.sni ? { servername: n.sni } : {}),
        ...(n.flow ? { flow: n.flow } : {}),
        ...(n.reality
          ? {
              'reality-opts': { 'public-key': n.reality.publicKey, 'short-id': n.reality.shortId },
              'client-fingerprint': n.reality.fingerprint,
            }
          : {}),
        ...ws,
      };
    case 'trojan':
      return { ...common, type: 'trojan', password: n.secret, ...(n.sni ? { sni: n.sni } : {}), ...ws };
    case 'shadowsocks':
      return { ...common, type: 'ss', cipher: n.cipher, password: n.secret, ...clashSsPlugin(n.ssPlugin) };
    case 'hysteria2':
    case 'tuic':
      return { ...common, ...clashQuicProxy(n) };
  }
}

/** mihomo's `plugin` and `plugin-opts` of a Shadowsocks proxy (its own names: `obfs`, `v2ray-plugin`). */
function clashSsPlugin(p: SsPlugin | null): Record<string, unknown> {
  if (!p) return {};
  if (p.type === 'obfs')
    return { plugin: 'obfs', 'plugin-opts': { mode: p.mode, ...(p.host ? { host: p.host } : {}) } };
  return {
    plugin: 'v2ray-plugin',
    'plugin-opts': {
      mode: 'websocket',
      tls: p.tls,
      ...(p.host ? { host: p.host } : {}),
      ...(p.path ? { path: p.path } : {}),
      // v2ray-plugin's server reads every WebSocket as multiplexed; mihomo's default is off.
      mux: true,
    },
  };
}

/**
 * mihomo's `hysteria2` (password, `sni`, salamander, bandwidth as "N Mbps" only when set, `ports` for hopping) and
 * `tuic` (v5: uuid and password, `alpn`, `congestion-controller`, `udp-relay-mode`, `reduce-rtt` for 0-RTT);
 * `skip-cert-verify` when the node allows an unverified certificate.
 */
function clashQuicProxy(n: ClientNode): Record<string, unknown> {
  const sni = n.sni ? { sni: n.sni } : {};
  if (n.hysteria2) {
    const h = n.hysteria2;
    return {
      type: 'hysteria2',
      password: n.secret,
      ...sni,
      ...(h.obfsPassword ? { obfs: 'salamander', 'obfs-password': h.obfsPassword } : {}),
      ...(h.upMbps > 0 ? { up: `${h.upMbps} Mbps` } : {}),
      ...(h.downMbps > 0 ? { down: `${h.downMbps} Mbps` } : {}),
      ...(h.hopPorts ? { ports: h.hopPorts } : {}),
      ...(h.allowInsecure ? { 'skip-cert-verify': true } : {}),
    };
  }
  const t = n.tuic!;
  return {
    type: 'tuic',
    uuid: n.secret,
    password: n.secret,
    ...sni,
    alpn: t.alpn,
    'congestion-controller': t.congestionControl,
    'udp-relay-mode': t.udpRelayMode,
    'reduce-rtt': t.zeroRttHandshake,
    ...(t.allowInsecure ? { 'skip-cert-verify': true } : {}),
  };
}

/** Clash Meta / mihomo: the proxies, a select group, an automatic url-test group, and rules. */
export function clashYaml(all: ClientNode[], site: string): string {
  const nodes = all.filter((n) => formatCarries('clash', n));
  const names = nodes.map((n) => n.name);
  const select = site;
  const auto = 'Auto';
  return stringify({
    'mixed-port': 7890,
    'allow-lan': false,
    mode: 'rule',
    'log-level': 'info',
    proxies: nodes.map(clashProxy),
    'proxy-groups': [
      { name: select, type: 'select', proxies: [auto, ...names, 'DIRECT'] },
      {
        name: auto,
        type: 'url-test',
        proxies: names,
        url: 'https://www.gstatic.com/generate_204',
        interval: 300,
        tolerance: 50,
      },
    ],
    rules: ['GEOIP,LAN,DIRECT,no-resolve', 'GEOIP,CN,DIRECT', `MATCH,${select}`],
  });
}

/** sing-box's V2Ray transport object (HTTP/2 is its `http` transport over TLS); none for raw TCP. */
function singBoxTransport(n: ClientNode): Record<string, unknown> {
  const path = n.path ?? '/';
  switch (n.network) {
    case 'ws':
      return { transport: { type: 'ws', path, ...(n.wsHost ? { headers: { Host: n.wsHost } } : {}) } };
    case 'httpupgrade':
      return { transport: { type: 'httpupgrade', path, ...(n.wsHost ? { host: n.wsHost } : {}) } };
    case 'grpc':
      return { transport: { type: 'grpc', service_name: n.serviceName ?? '' } };
    case 'h2':
      return { transport: { type: 'http', path, ...(n.wsHost ? { host: [n.wsHost] } : {}) } };
    default:
      // tcp (with the HTTP header and xhttp never reach here: formatCarries leaves them out).
      return {};
  }
}

function singBoxOutbound(n: ClientNode): Record<string, unknown> {
  // Reality needs uTLS in sing-box.
  const tls = n.tls
    ? {
        tls: {
          enabled: true,
          ...(n.sni ? { server_name: n.sni } : {}),
          ...(n.reality
            ? {
                utls: { enabled: true, fingerprint: n.reality.fingerprint },
                reality: { enabled: true, public_key: n.reality.publicKey, short_id: n.reality.shortId },
              }
            : {}),
        },
      }
    : {};
  const transport = singBoxTransport(n);
  const common = { tag: n.name, server: n.host, server_port: n.port };
  switch (n.protocol) {
    case 'vmess':
      return {
        type: 'vmess',
        ...common,
        uuid: n.secret,
        security: 'auto',
        alter_id: 0,
        ...tls,
        ...transport,
      };
    case 'vless':
      return {
        type: 'vless',
        ...common,
        uuid: n.secret,
        ...(n.flow ? { flow: n.flow } : {}),
        ...tls,
        ...transport,
      };
    case 'trojan':
      return { type: 'trojan', ...common, password: n.secret, ...tls, ...transport };
    case 'shadowsocks': {
      // sing-box runs the two SIP003 plugins itself, from the same option string.
      const plugin = n.ssPlugin ? clientPlugin(n.ssPlugin) : null;
      return {
        type: 'shadowsocks',
        ...common,
        method: n.cipher,
        password: n.secret,
        ...(plugin ? { plugin: plugin.name, plugin_opts: plugin.opts } : {}),
      };
    }
    case 'hysteria2':
    case 'tuic':
      return singBoxQuicOutbound(n, common);
  }
}

/**
 * sing-box's `hysteria2` (password, salamander as `obfs {type, password}`, bandwidth only when set, hopping as
 * `server_ports` with colon ranges) and `tuic` (uuid and password, congestion control, UDP relay mode, 0-RTT), each
 * with TLS on: the name, `insecure` when allowed, TUIC's ALPN.
 */
function singBoxQuicOutbound(n: ClientNode, common: Record<string, unknown>): Record<string, unknown> {
  const tls = (alpn: string[] | null, insecure: boolean) => ({
    tls: {
      enabled: true,
      ...(n.sni ? { server_name: n.sni } : {}),
      ...(insecure ? { insecure: true } : {}),
      ...(alpn ? { alpn } : {}),
    },
  });
  if (n.hysteria2) {
    const h = n.hysteria2;
    const hops = h.hopPorts ? parseHopPorts(h.hopPorts) : null;
    return {
      type: 'hysteria2',
      ...common,
      ...(hops ? { server_ports: hops.map(([first, last]) => `${first}:${last}`) } : {}),
      password: n.secret,
      ...(h.obfsPassword ? { obfs: { type: 'salamander', password: h.obfsPassword } } : {}),
      ...(h.upMbps > 0 ? { up_mbps: h.upMbps } : {}),
      ...(h.downMbps > 0 ? { down_mbps: h.downMbps } : {}),
      ...tls(null, h.allowInsecure),
    };
  }
  const t = n.tuic!;
  return {
    type: 'tuic',
    ...common,
    uuid: n.secret,
    password: n.secret,
    congestion_control: t.congestionControl,
    udp_relay_mode: t.udpRelayMode,
    zero_rtt_handshake: t.zeroRttHandshake,
    ...tls(t.alpn, t.allowInsecure),
  };
}

/** sing-box: a local mixed inbound, every node, a selector and an automatic urltest. */
export function singBoxJson(all: ClientNode[]): string {
  const nodes = all.filter((n) => formatCarries('sing-box', n));
  const names = nodes.map((n) => n.name);
  return JSON.stringify(
    {
      log: { level: 'info' },
      inbounds: [{ type: 'mixed', tag: 'mixed-in', listen: '127.0.0.1', listen_port: 2080 }],
      outbounds: [
        { type: 'selector', tag: 'proxy', outbounds: ['auto', ...names], default: 'auto' },
        {
          type: 'urltest',
          tag: 'auto',
          outbounds: names,
          url: 'https://www.gstatic.com/generate_204',
          interval: '5m',
        },
        ...nodes.map(singBoxOutbound),
        { type: 'direct', tag: 'direct' },
      ],
      route: { final: 'proxy', auto_detect_interface: true },
    },
    null,
    2,
  );
}

/** ?format= first, else the client's User-Agent; browsers are told apart by the caller. */
export function pickFormat(queryFormat: string | undefined, userAgent: string | undefined): Format {
  const q = queryFormat?.toLowerCase();
  if (q === 'clash' || q === 'meta' || q === 'mihomo') return 'clash';
  if (q === 'sing-box' || q === 'singbox') return 'sing-box';
  if (q === 'base64' || q === 'v2ray') return 'base64';
  const ua = (userAgent ?? '').toLowerCase();
  if (/clash|mihomo|meta|verge|flclash|stash/.test(ua)) return 'clash';
  if (/sing-box|singbox|\bsfa\b|\bsfi\b|\bsfm\b|hiddify/.test(ua)) return 'sing-box';
  return 'base64';
}
