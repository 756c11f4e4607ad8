import { isQuicProtocol, NODE_TRANSPORTS, type NodeTransport } from '@portal/contract';
import {
  parseHopPorts,
  QUIC_LIMITS,
  TLS_FINGERPRINTS,
  TUIC_CONGESTION_CONTROLS,
  TUIC_UDP_RELAY_MODES,
} from '@portal/contract/admin';
import type { NodeRow } from '../../db/types.js';

/** The transport, TLS and cipher settings kept as JSON on a node, read defensively. */
export interface NodeSettings {
  network: NodeTransport;
  /** TCP only: HTTP header obfuscation */
  tcpHeader: 'none' | 'http';
  /** Request path and Host of ws, httpupgrade, xhttp, h2 and tcp with the HTTP header */
  path: string | null;
  wsHost: string | null;
  /** gRPC service name */
  serviceName: string | null;
  /** XHTTP upload mode */
  xhttpMode: 'auto' | 'packet-up' | 'stream-up' | 'stream-one';
  tls: boolean;
  sni: string | null;
  /** VLESS: '' or 'xtls-rprx-vision' */
  flow: '' | 'xtls-rprx-vision';
  /** VLESS Reality (with `tls` on and `sni` the borrowed name); null: plain TLS or none */
  reality: RealitySettings | null;
  /** Shadowsocks cipher */
  cipher: string;
  /** Shadowsocks 2022: the node's server key (base64); null for the classic ciphers */
  serverKey: string | null;
  /** Shadowsocks with a classic cipher: its SIP003 plugin; null without one */
  ssPlugin: SsPlugin | null;
  /** Demo catalogue only: the state its simulated agent keeps the node in. */
  demo: 'online' | null;
  /** Hysteria2's settings; null for other protocols */
  hysteria2: Hysteria2Settings | null;
  /** TUIC v5's settings; null for other protocols */
  tuic: TuicSettings | null;
}

export interface RealitySettings {
  dest: string;
  destPort: number;
  privateKey: string;
  publicKey: string;
  shortIds: string[];
  xver: number;
  fingerprint: (typeof TLS_FINGERPRINTS)[number];
}

/** A Shadowsocks plugin as saved (`plugin` in the settings JSON). */
export type SsPlugin =
  | { type: 'obfs'; mode: 'http' | 'tls'; host: string | null }
  | { type: 'v2ray-plugin'; mode: 'websocket'; tls: boolean; host: string | null; path: string | null };

function ssPluginOf(raw: unknown): SsPlugin | null {
  if (!raw || typeof raw !== 'object') return null;
  const p = raw as Record<string, unknown>;
  if (p.type === 'obfs' && (p.mode === 'http' || p.mode === 'tls'))
    return { type: 'obfs', mode: p.mode, host: str(p.host) };
  if (p.type === 'v2ray-plugin')
    return {
      type: 'v2ray-plugin',
      mode: 'websocket',
      tls: p.tls === true,
      host: str(p.host),
      path: str(p.path),
    };
  return null;
}

export const DEFAULT_SS_CIPHER = 'chacha20-ietf-poly1305';

function realityOf(raw: unknown): RealitySettings | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const dest = str(r.dest);
  const privateKey = str(r.private_key);
  const publicKey = str(r.public_key);
  if (!dest || !privateKey || !publicKey) return null;
  const port = typeof r.dest_port === 'number' && Number.isInteger(r.dest_port) ? r.dest_port : 443;
  return {
    dest,
    destPort: port,
    privateKey,
    publicKey,
    shortIds: Array.isArray(r.short_ids) ? r.short_ids.filter((x): x is string => typeof x === 'string') : [],
    xver: typeof r.xver === 'number' && [0, 1, 2].includes(r.xver) ? r.xver : 0,
    fingerprint: TLS_FINGERPRINTS.find((f) => f === r.fingerprint) ?? 'chrome',
  };
}

const XHTTP_MODES = ['auto', 'packet-up', 'stream-up', 'stream-one'] as const;

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export function nodeSettings(node: Pick<NodeRow, 'protocol' | 'settings'>): NodeSettings {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(node.settings);
    if (parsed && typeof parsed === 'object') raw = parsed as Record<string, unknown>;
  } catch {
    // A malformed settings column reads as defaults rather than taking the node (or a subscription) down.
  }
  const quic = isQuicProtocol(node.protocol);
  // QUIC is the QUIC protocols' own transport and no other protocol's.
  const network = quic ? 'quic' : (NODE_TRANSPORTS.find((t) => t === raw.network && t !== 'quic') ?? 'tcp');
  return {
    network,
    tcpHeader: network === 'tcp' && raw.header === 'http' ? 'http' : 'none',
    path: str(raw.path),
    wsHost: str(raw.host),
    serviceName: network === 'grpc' ? str(raw.service_name) : null,
    xhttpMode: XHTTP_MODES.find((m) => m === raw.xhttp_mode) ?? 'auto',
    // Trojan is TLS by definition, and so are Hysteria2 and TUIC (QUIC carries TLS).
    tls: raw.tls === true || node.protocol === 'trojan' || quic,
    sni: str(raw.sni),
    flow: node.protocol === 'vless' && raw.flow === 'xtls-rprx-vision' ? 'xtls-rprx-vision' : '',
    reality: node.protocol === 'vless' && raw.tls === true ? realityOf(raw.reality) : null,
    cipher: str(raw.cipher) ?? DEFAULT_SS_CIPHER,
    serverKey: node.protocol === 'shadowsocks' ? str(raw.server_key) : null,
    ssPlugin: node.protocol === 'shadowsocks' ? ssPluginOf(raw.plugin) : null,
    demo: raw.demo === 'online' ? 'online' : null,
    hysteria2: node.protocol === 'hysteria2' ? hysteria2Of(raw.hysteria2) : null,
    tuic: node.protocol === 'tuic' ? tuicOf(raw.tuic) : null,
  };
}

// ---- Hysteria2 and TUIC v5 ----

export interface Hysteria2Settings {
  /** The salamander obfuscation password; null: no obfuscation */
  obfsPassword: string | null;
  /** Customers' upload and download hints, Mbit/s; 0: the client measures */
  upMbps: number;
  downMbps: number;
  /** The node ignores clients' hints (BBR) */
  ignoreClientBandwidth: boolean;
  /** The ports clients hop across ("443,20000-30000"); null: no hopping */
  hopPorts: string | null;
  /** Clients accept a certificate they cannot verify */
  allowInsecure: boolean;
}

export interface TuicSettings {
  congestionControl: (typeof TUIC_CONGESTION_CONTROLS)[number];
  zeroRttHandshake: boolean;
  udpRelayMode: (typeof TUIC_UDP_RELAY_MODES)[number];
  alpn: string[];
  allowInsecure: boolean;
}

const objectOf = (raw: unknown): Record<string, unknown> =>
  raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};

const mbps = (v: unknown): number =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= QUIC_LIMITS.mbpsMax ? v : 0;

function hysteria2Of(raw: unknown): Hysteria2Settings {
  const h = objectOf(raw);
  const hop = str(h.hop_ports);
  const ignore = h.ignore_client_bandwidth === true;
  return {
    obfsPassword: h.obfs === 'salamander' ? str(h.obfs_password) : null,
    upMbps: ignore ? 0 : mbps(h.up_mbps),
    downMbps: ignore ? 0 : mbps(h.down_mbps),
    ignoreClientBandwidth: ignore,
    hopPorts: hop && parseHopPorts(hop) ? hop : null,
    allowInsecure: h.allow_insecure === true,
  };
}

function tuicOf(raw: unknown): TuicSettings {
  const t = objectOf(raw);
  const alpn = Array.isArray(t.alpn)
    ? t.alpn.filter((x): x is string => typeof x === 'string' && x !== '')
    : [];
  return {
    congestionControl: TUIC_CONGESTION_CONTROLS.find((c) => c === t.congestion_control) ?? 'cubic',
    zeroRttHandshake: t.zero_rtt_handshake === true,
    udpRelayMode: TUIC_UDP_RELAY_MODES.find((m) => m === t.udp_relay_mode) ?? 'native',
    alpn: alpn.length > 0 ? alpn : ['h3'],
    allowInsecure: t.allow_insecure === true,
  };
}
