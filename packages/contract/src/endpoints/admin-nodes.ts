import { z } from 'zod';
import { defineEndpoint, pageSchema } from '../endpoint.js';
import { vkey } from '../i18n/validation-messages.js';
import { flagQuery, idParamSchema, idSchema, intInput, lineText } from '../inputs.js';
import { LOCALES } from '../locales.js';
import { nodeProtocolSchema, paginationQuerySchema } from '../validation.js';
import type { NODE_PROTOCOLS } from './nodes.js';
import { isQuicProtocol, NODE_TRANSPORTS, nodeStatusSchema, normaliseRegion } from './nodes.js';
import { trafficDayData } from './subscriptions.js';

/**
 * The operators' console, nodes (issue 17 §6): every setting the agents' API serves, enable / disable, maintenance,
 * node groups, the agent's token and its ready-to-paste configuration, and traffic by day per node.
 */

/**
 * Shadowsocks ciphers an agent can run for many users: the classic AEAD ciphers (each user's password is its UUID)
 * and the 2022 ones with AES (a server key per node; each user's key the agents derive from its UUID).
 * 2022-blake3-chacha20-poly1305 has no multi-user form (no identity headers), so a shared node cannot use it.
 */
export const SS_CIPHERS = [
  'chacha20-ietf-poly1305',
  'aes-128-gcm',
  'aes-256-gcm',
  '2022-blake3-aes-128-gcm',
  '2022-blake3-aes-256-gcm',
] as const;
export { NODE_TRANSPORTS };
/** Raw TCP as it is, or dressed as HTTP requests (the agents' `header: {type: "http"}`). */
export const TCP_HEADERS = ['none', 'http'] as const;
/** XHTTP's upload modes (Xray); `auto` lets client and server agree. */
export const XHTTP_MODES = ['auto', 'packet-up', 'stream-up', 'stream-one'] as const;
/** The transports each protocol may run on (Shadowsocks: TCP only; XHTTP: VLESS only; Hysteria2, TUIC: QUIC). */
export const PROTOCOL_TRANSPORTS = {
  vmess: ['tcp', 'ws', 'grpc', 'httpupgrade', 'h2'],
  vless: ['tcp', 'ws', 'grpc', 'httpupgrade', 'xhttp', 'h2'],
  trojan: ['tcp', 'ws', 'grpc'],
  shadowsocks: ['tcp'],
  hysteria2: ['quic'],
  tuic: ['quic'],
} as const satisfies Record<(typeof NODE_PROTOCOLS)[number], readonly (typeof NODE_TRANSPORTS)[number][]>;
/** VLESS flows: none, or XTLS Vision (raw TCP with TLS or Reality only). */
export const VLESS_FLOWS = ['', 'xtls-rprx-vision'] as const;
/** The TLS fingerprints clients imitate for Reality (uTLS). */
export const TLS_FINGERPRINTS = ['chrome', 'firefox', 'safari', 'ios', 'android', 'edge', 'random'] as const;
/** Transports Reality runs on. */
export const REALITY_TRANSPORTS = ['tcp', 'grpc', 'xhttp'] as const;
/** An X25519 key as Xray writes it: 32 bytes, base64url without padding. */
export const X25519_KEY = /^[A-Za-z0-9_-]{43}$/;

/** Transports with a request path and a Host (tcp only with the HTTP header). */
const PATH_TRANSPORTS: readonly string[] = ['ws', 'httpupgrade', 'xhttp', 'h2'];

export const NODE_LIMITS = {
  /** Traffic multiplier in percent: 1 = 0.01x … 10000 = 100x */
  ratePercentMax: 10_000,
  sortOrderMax: 1_000_000,
  groupsPerNode: 50,
  /** Days of the per-node traffic chart */
  trafficDays: 30,
} as const;

const text = (max: number) =>
  lineText({ error: vkey('invalid') })
    .trim()
    .min(1, { error: vkey('required') })
    .max(max, { error: vkey('too_long') });
const optionalText = (max: number) =>
  lineText({ error: vkey('invalid') })
    .trim()
    .max(max, { error: vkey('too_long') })
    .nullable()
    .optional();

/** A DNS name or an IP address (v4, or v6 without brackets). */
const hostSchema = text(253).regex(/^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.?)+$|^[0-9A-Fa-f:.]+$/, {
  error: vkey('invalid'),
});

/**
 * VLESS Reality: the site whose TLS handshake the node borrows (`dest` and its port), the key pair (the private key
 * goes to the agent only; the console and clients get the public key; left empty, the server makes a pair), the
 * short ids clients may present (hex, up to 16 characters; none given: one is made), PROXY protocol version, and
 * the browser fingerprint clients imitate.
 */
export const realityInput = z
  .object({
    dest: hostSchema,
    dest_port: intInput(1, 65_535).default(443),
    private_key: lineText({ error: vkey('invalid') })
      .max(43, { error: vkey('invalid') })
      .regex(X25519_KEY, { error: vkey('invalid') })
      .nullable()
      .optional(),
    short_ids: z
      .array(
        lineText({ error: vkey('invalid') })
          .max(16, { error: vkey('invalid') })
          .regex(/^(?:[0-9a-f]{2}){0,8}$/, { error: vkey('invalid') }),
      )
      .max(8, { error: vkey('invalid') })
      .default([]),
    xver: intInput(0, 2).default(0),
    fingerprint: z.enum(TLS_FINGERPRINTS, { error: vkey('invalid') }).default('chrome'),
  })
  .strict();
export type RealityInput = z.input<typeof realityInput>;

/** Shadowsocks plugins (SIP003): simple-obfs and v2ray-plugin. */
export const SS_PLUGINS = ['obfs', 'v2ray-plugin'] as const;
/** simple-obfs disguises the stream as an HTTP request or a TLS handshake. */
export const SS_OBFS_MODES = ['http', 'tls'] as const;

/**
 * A Shadowsocks node's plugin, with the ciphers shadowsocks-libev speaks (never the 2022 ones): simple-obfs (`mode`
 * http or tls, the `host` it claims to visit) or v2ray-plugin (WebSocket, with or without TLS, its `host` and `path`). The agent runs obfs http itself (XrayR); the others run beside the agent (README).
 */
export const ssPluginInput = z.discriminatedUnion(
  'type',
  [
    z
      .object({
        type: z.literal('obfs'),
        mode: z.enum(SS_OBFS_MODES, { error: vkey('invalid') }),
        host: hostSchema.nullable().optional(),
      })
      .strict(),
    z
      .object({
        type: z.literal('v2ray-plugin'),
        mode: z.literal('websocket', { error: vkey('invalid') }).default('websocket'),
        tls: z.boolean({ error: vkey('invalid') }).default(false),
        host: hostSchema.nullable().optional(),
        path: optionalText(200).refine((v) => !v || /^\/[^;=:\\\s]*$/.test(v), { error: vkey('invalid') }),
      })
      .strict(),
  ],
  { error: vkey('invalid') },
);
export type SsPluginInput = z.input<typeof ssPluginInput>;

// ---- Hysteria2 and TUIC v5 (QUIC, TLS always on; `sni` is the certificate's name) ----

/** Hysteria2's QUIC obfuscation: none, or salamander with a password shared by the node and every client. */
export const HY2_OBFS = ['none', 'salamander'] as const;
/** TUIC's congestion control and how it relays UDP (native: datagrams; quic: streams). */
export const TUIC_CONGESTION_CONTROLS = ['cubic', 'new_reno', 'bbr'] as const;
export const TUIC_UDP_RELAY_MODES = ['native', 'quic'] as const;

export const QUIC_LIMITS = {
  /** Bandwidth hints, Mbit/s (0: the client decides) */
  mbpsMax: 100_000,
  /** Port hopping: comma-separated ports or ascending ranges */
  hopEntriesMax: 8,
  obfsPasswordMin: 8,
  obfsPasswordMax: 128,
  alpnMax: 4,
} as const;

/**
 * Port hopping as operators write it, "20000-30000" or "443,20000-30000": the ports and ascending ranges (1-65535,
 * at most 8), as [first, last] pairs; null when it is not that.
 */
export function parseHopPorts(text: string): [number, number][] | null {
  const parts = text.split(',');
  if (parts.length > QUIC_LIMITS.hopEntriesMax) return null;
  const out: [number, number][] = [];
  for (const part of parts) {
    const m = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(part.trim());
    if (!m) return null;
    const first = Number(m[1]);
    const last = m[2] === undefined ? first : Number(m[2]);
    if (first < 1 || last > 65_535 || (m[2] !== undefined && last <= first)) return null;
    out.push([first, last]);
  }
  return out;
}

/** A printable ASCII secret without spaces (it travels in URIs, YAML and JSON). */
const PRINTABLE = /^[\x21-\x7e]+$/;

/**
 * Hysteria2: salamander obfuscation (its password left empty: the node's is kept, else one is made), the customers'
 * bandwidth hints (their upload and download in Mbit/s; 0 lets the client measure), whether the node ignores
 * clients' hints (then it takes none of its own), the ports clients hop across (the host forwards them to the
 * node's port), and whether clients accept a certificate they cannot verify (self-signed).
 */
export const hysteria2Input = z
  .object({
    obfs: z.enum(HY2_OBFS, { error: vkey('invalid') }).default('none'),
    obfs_password: lineText({ error: vkey('invalid') })
      .min(QUIC_LIMITS.obfsPasswordMin, { error: vkey('too_short') })
      .max(QUIC_LIMITS.obfsPasswordMax, { error: vkey('too_long') })
      .regex(PRINTABLE, { error: vkey('invalid') })
      .nullable()
      .optional(),
    up_mbps: intInput(0, QUIC_LIMITS.mbpsMax).default(0),
    down_mbps: intInput(0, QUIC_LIMITS.mbpsMax).default(0),
    ignore_client_bandwidth: z.boolean({ error: vkey('invalid') }).default(false),
    hop_ports: lineText({ error: vkey('invalid') })
      .trim()
      .max(100, { error: vkey('too_long') })
      .nullable()
      .optional(),
    allow_insecure: z.boolean({ error: vkey('invalid') }).default(false),
  })
  .strict()
  .superRefine((v, ctx) => {
    const fail = (path: string) => ctx.addIssue({ code: 'custom', path: [path], message: vkey('invalid') });
    if (v.obfs === 'none' && v.obfs_password) fail('obfs_password');
    if (v.hop_ports && !parseHopPorts(v.hop_ports)) fail('hop_ports');
    // A node that ignores clients' bandwidth runs BBR and takes no bandwidth of its own.
    if (v.ignore_client_bandwidth && (v.up_mbps > 0 || v.down_mbps > 0)) fail('ignore_client_bandwidth');
  });
export type Hysteria2Input = z.input<typeof hysteria2Input>;

/**
 * TUIC v5: congestion control, 0-RTT handshakes, how clients relay UDP, the ALPN tokens (default h3), and whether
 * clients accept a certificate they cannot verify (self-signed).
 */
export const tuicInput = z
  .object({
    congestion_control: z.enum(TUIC_CONGESTION_CONTROLS, { error: vkey('invalid') }).default('cubic'),
    zero_rtt_handshake: z.boolean({ error: vkey('invalid') }).default(false),
    udp_relay_mode: z.enum(TUIC_UDP_RELAY_MODES, { error: vkey('invalid') }).default('native'),
    alpn: z
      .array(
        lineText({ error: vkey('invalid') })
          .max(32, { error: vkey('too_long') })
          .regex(/^[A-Za-z0-9._/-]+$/, { error: vkey('invalid') }),
      )
      .min(1, { error: vkey('required') })
      .max(QUIC_LIMITS.alpnMax, { error: vkey('invalid') })
      .default(['h3']),
    allow_insecure: z.boolean({ error: vkey('invalid') }).default(false),
  })
  .strict();
export type TuicInput = z.input<typeof tuicInput>;

const translationSchema = z.object({ name: optionalText(100), city: optionalText(100) });

/** Name and city per language; a missing or empty one falls back to the node's own. */
export const nodeTranslationsSchema = z.object(
  Object.fromEntries(LOCALES.map((l) => [l, translationSchema.optional()])) as Record<
    (typeof LOCALES)[number],
    z.ZodOptional<typeof translationSchema>
  >,
);

/** What an operator sets on a node. Transport and TLS fields are checked against the protocol. */
export const nodeInput = z
  .object({
    name: text(100),
    /** A region key (NODE_REGIONS, any case) shows in each customer's language; anything else as written */
    region: text(50).transform(normaliseRegion),
    country: lineText({ error: vkey('invalid') })
      .max(2, { error: vkey('invalid') })
      .regex(/^[A-Za-z]{2}$/, { error: vkey('invalid') }),
    city: optionalText(100),
    host: hostSchema,
    port: intInput(1, 65_535),
    protocol: nodeProtocolSchema,
    /** The transport (PROTOCOL_TRANSPORTS says which the protocol takes) */
    network: z.enum(NODE_TRANSPORTS, { error: vkey('invalid') }).default('tcp'),
    /** TCP only: HTTP header obfuscation (with `path` and `ws_host` as the request's path and Host) */
    tcp_header: z.enum(TCP_HEADERS, { error: vkey('invalid') }).default('none'),
    /** Request path (starts with /) of ws, httpupgrade, xhttp, h2 and tcp with the HTTP header */
    path: optionalText(200),
    /** The Host those requests carry (the field keeps its first name: it began as WebSocket's) */
    ws_host: optionalText(253),
    /** gRPC only: the service name (letters, digits and . _ - /) */
    service_name: optionalText(100).refine((v) => !v || /^[A-Za-z0-9._/-]+$/.test(v), {
      error: vkey('invalid'),
    }),
    /** XHTTP only */
    xhttp_mode: z.enum(XHTTP_MODES, { error: vkey('invalid') }).default('auto'),
    /** VLESS only: XTLS Vision needs raw TCP with TLS or Reality */
    flow: z.enum(VLESS_FLOWS, { error: vkey('invalid') }).default(''),
    /** VLESS only, with TLS on: Reality instead of the node's own certificate (`sni` is the borrowed name) */
    reality: realityInput.nullable().optional(),
    /** TLS on the inbound (Trojan always; never Shadowsocks) and the server name it presents */
    tls: z.boolean({ error: vkey('invalid') }).default(false),
    sni: optionalText(253),
    /** Hysteria2 only (absent: the defaults) */
    hysteria2: hysteria2Input.nullable().optional(),
    /** TUIC only (absent: the defaults) */
    tuic: tuicInput.nullable().optional(),
    /** Shadowsocks only */
    cipher: z
      .enum(SS_CIPHERS, { error: vkey('invalid') })
      .nullable()
      .optional(),
    /** Shadowsocks only, classic ciphers only: a SIP003 plugin (none when null) */
    ss_plugin: ssPluginInput.nullable().optional(),
    rate_percent: intInput(1, NODE_LIMITS.ratePercentMax).default(100),
    sort_order: intInput(0, NODE_LIMITS.sortOrderMax).default(0),
    inbound_rule_id: idSchema.nullable().optional(),
    rule_name: optionalText(100),
    translations: nodeTranslationsSchema.default({}),
    group_ids: z
      .array(idSchema)
      .max(NODE_LIMITS.groupsPerNode, { error: vkey('invalid') })
      .default([]),
  })
  .superRefine((v, ctx) => {
    const fail = (path: string) => ctx.addIssue({ code: 'custom', path: [path], message: vkey('invalid') });
    if (v.protocol === 'shadowsocks') {
      if (v.tls) fail('tls');
      if (!v.cipher) fail('cipher');
    } else if (v.cipher) fail('cipher');
    // shadowsocks-libev and its plugins do not speak the 2022 ciphers.
    if (v.ss_plugin && (v.protocol !== 'shadowsocks' || !v.cipher || v.cipher.startsWith('2022-')))
      fail('ss_plugin');
    // v2ray-plugin with TLS presents a certificate for its host: it needs one.
    if (v.ss_plugin?.type === 'v2ray-plugin' && v.ss_plugin.tls && !v.ss_plugin.host) fail('ss_plugin');
    if (!(PROTOCOL_TRANSPORTS[v.protocol] as readonly string[]).includes(v.network)) fail('network');
    if (v.protocol === 'trojan' && !v.tls) fail('tls');
    // HTTP/2 runs over TLS.
    if (v.network === 'h2' && !v.tls) fail('tls');
    if (v.tcp_header === 'http' && v.network !== 'tcp') fail('tcp_header');
    const hasPath = PATH_TRANSPORTS.includes(v.network) || (v.network === 'tcp' && v.tcp_header === 'http');
    // ws, httpupgrade and xhttp need their path; h2 and the HTTP header default to "/".
    if (['ws', 'httpupgrade', 'xhttp'].includes(v.network) && !v.path) fail('path');
    if (v.path && (!hasPath || !v.path.startsWith('/'))) fail('path');
    if (v.ws_host && !hasPath) fail('ws_host');
    if (v.network === 'grpc' && !v.service_name) fail('service_name');
    if (v.network !== 'grpc' && v.service_name) fail('service_name');
    if (v.network !== 'xhttp' && v.xhttp_mode !== 'auto') fail('xhttp_mode');
    if (!v.tls && v.sni) fail('sni');
    if (v.flow && (v.protocol !== 'vless' || v.network !== 'tcp' || !v.tls)) fail('flow');
    if (v.reality) {
      if (v.protocol !== 'vless' || !v.tls) fail('reality');
      if (!(REALITY_TRANSPORTS as readonly string[]).includes(v.network)) fail('network');
      // The name clients present is the borrowed site's.
      if (!v.sni) fail('sni');
    }
    // Hysteria2 and TUIC: TLS always (QUIC carries it); each protocol's settings only on it.
    if (isQuicProtocol(v.protocol) && !v.tls) fail('tls');
    if (v.hysteria2 && v.protocol !== 'hysteria2') fail('hysteria2');
    if (v.tuic && v.protocol !== 'tuic') fail('tuic');
  });
export type NodeInput = z.input<typeof nodeInput>;
export type NodeInputParsed = z.output<typeof nodeInput>;

const translationData = z.object({ name: z.string().nullable(), city: z.string().nullable() });

/** A node as the console shows it: its settings, state, what its agent last reported, its groups. */
export const adminNodeData = z.object({
  id: z.number().int(),
  name: z.string(),
  region: z.string(),
  country: z.string(),
  city: z.string().nullable(),
  host: z.string(),
  port: z.number().int(),
  protocol: nodeProtocolSchema,
  network: z.enum(NODE_TRANSPORTS),
  tcp_header: z.enum(TCP_HEADERS),
  path: z.string().nullable(),
  ws_host: z.string().nullable(),
  service_name: z.string().nullable(),
  xhttp_mode: z.enum(XHTTP_MODES),
  flow: z.enum(VLESS_FLOWS),
  /** Reality without its private key (the agent alone gets that) */
  reality: z
    .object({
      dest: z.string(),
      dest_port: z.number().int(),
      public_key: z.string(),
      short_ids: z.array(z.string()),
      xver: z.number().int(),
      fingerprint: z.enum(TLS_FINGERPRINTS),
    })
    .nullable(),
  tls: z.boolean(),
  sni: z.string().nullable(),
  /** Hysteria2's settings (null for other protocols) */
  hysteria2: z
    .object({
      obfs: z.enum(HY2_OBFS),
      obfs_password: z.string().nullable(),
      up_mbps: z.number().int(),
      down_mbps: z.number().int(),
      ignore_client_bandwidth: z.boolean(),
      hop_ports: z.string().nullable(),
      allow_insecure: z.boolean(),
    })
    .nullable(),
  /** TUIC's settings (null for other protocols) */
  tuic: z
    .object({
      congestion_control: z.enum(TUIC_CONGESTION_CONTROLS),
      zero_rtt_handshake: z.boolean(),
      udp_relay_mode: z.enum(TUIC_UDP_RELAY_MODES),
      alpn: z.array(z.string()),
      allow_insecure: z.boolean(),
    })
    .nullable(),
  cipher: z.string().nullable(),
  ss_plugin: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('obfs'), mode: z.enum(SS_OBFS_MODES), host: z.string().nullable() }),
      z.object({
        type: z.literal('v2ray-plugin'),
        mode: z.literal('websocket'),
        tls: z.boolean(),
        host: z.string().nullable(),
        path: z.string().nullable(),
      }),
    ])
    .nullable(),
  rate_percent: z.number().int(),
  sort_order: z.number().int(),
  inbound_rule_id: z.number().int().nullable(),
  rule_name: z.string().nullable(),
  translations: z.record(z.string(), translationData),
  /** Disabled: hidden from customers, out of subscription links, its agent gets no users */
  enabled: z.boolean(),
  maintenance: z.boolean(),
  /** Live status (offline when the agent went silent) */
  status: nodeStatusSchema,
  load: z.number().int().nullable(),
  cpu: z.number().int().nullable(),
  memory: z.number().int().nullable(),
  disk: z.number().int().nullable(),
  latency: z.number().int().nullable(),
  online_users: z.number().int(),
  last_heartbeat: z.string().nullable(),
  /** Whether an agent token was issued (the token itself is shown once, never again) */
  has_token: z.boolean(),
  group_ids: z.array(z.number().int()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminNode = z.infer<typeof adminNodeData>;

const idParams = z.object({ id: idParamSchema });

export const listNodes = defineEndpoint({
  method: 'GET',
  path: '/nodes',
  summary: 'Every node, hidden ones included, in display order; filters by status, protocol, group and text',
  tags: ['admin', 'nodes'],
  auth: true,
  permission: 'nodes.read',
  query: paginationQuerySchema.extend({
    status: nodeStatusSchema.optional(),
    protocol: nodeProtocolSchema.optional(),
    group_id: idParamSchema.optional(),
    enabled: flagQuery.optional(),
    /** Part of the name or the host */
    q: lineText({ error: vkey('invalid') })
      .trim()
      .max(100, { error: vkey('too_long') })
      .optional(),
  }),
  data: pageSchema(adminNodeData),
});

export const getNode = defineEndpoint({
  method: 'GET',
  path: '/nodes/:id',
  summary: 'One node with its settings',
  tags: ['admin', 'nodes'],
  auth: true,
  permission: 'nodes.read',
  params: idParams,
  data: adminNodeData,
});

export const createNode = defineEndpoint({
  method: 'POST',
  path: '/nodes',
  summary: 'Add a node (enabled; online once its agent calls with a token)',
  tags: ['admin', 'nodes'],
  auth: true,
  permission: 'nodes.write',
  body: nodeInput,
  data: adminNodeData,
});

export const updateNode = defineEndpoint({
  method: 'PUT',
  path: '/nodes/:id',
  summary: "Change a node's settings (every one the agents' API serves), groups and translations",
  tags: ['admin', 'nodes'],
  auth: true,
  permission: 'nodes.write',
  params: idParams,
  body: nodeInput,
  data: adminNodeData,
});

export const setNodeEnabled = defineEndpoint({
  method: 'PUT',
  path: '/nodes/:id/enabled',
  summary: 'Enable or disable a node (disabled: hidden from customers, not served, its agent gets no users)',
  tags: ['admin', 'nodes'],
  auth: true,
  permission: 'nodes.write',
  params: idParams,
  body: z.object({ enabled: z.boolean({ error: vkey('invalid') }) }),
  data: adminNodeData,
});

export const setNodeMaintenance = defineEndpoint({
  method: 'PUT',
  path: '/nodes/:id/maintenance',
  summary: 'Put a node in maintenance or take it out (back online at its next heartbeat)',
  tags: ['admin', 'nodes'],
  auth: true,
  permission: 'nodes.write',
  params: idParams,
  body: z.object({ maintenance: z.boolean({ error: vkey('invalid') }) }),
  data: adminNodeData,
});

export const deleteNode = defineEndpoint({
  method: 'DELETE',
  path: '/nodes/:id',
  summary: 'Remove a node with its online reports, traffic history and group memberships',
  tags: ['admin', 'nodes'],
  auth: true,
  permission: 'nodes.write',
  params: idParams,
  data: z.null(),
});

/** What the agents need in their configuration file, ready to paste. */
export const agentConfigData = z.object({
  node_id: z.number().int(),
  /** The address agents call (PUBLIC_URL) */
  api_host: z.string(),
  /** XrayR: an entry of its YAML `Nodes:` list */
  xrayr: z.string(),
  /** V2bX: an entry of its JSON `Nodes` array */
  v2bx: z.string(),
});
export type AgentConfig = z.infer<typeof agentConfigData>;

export const issueNodeToken = defineEndpoint({
  method: 'POST',
  path: '/nodes/:id/token',
  summary:
    "Issue or rotate the agent's token: answered once, with the configurations holding it; only its hash is kept",
  tags: ['admin', 'nodes'],
  auth: true,
  permission: 'nodes.write',
  params: idParams,
  data: agentConfigData.extend({ token: z.string() }),
});

export const nodeAgentConfig = defineEndpoint({
  method: 'GET',
  path: '/nodes/:id/agent-config',
  summary: "The agents' configuration for a node, with a placeholder where the token goes",
  tags: ['admin', 'nodes'],
  auth: true,
  permission: 'nodes.read',
  params: idParams,
  data: agentConfigData,
});

export const nodeTraffic = defineEndpoint({
  method: 'GET',
  path: '/nodes/:id/traffic',
  summary:
    'Traffic through a node by day (UTC), the last 30 days, oldest first, days without traffic as zero',
  tags: ['admin', 'nodes'],
  auth: true,
  permission: 'nodes.read',
  params: idParams,
  data: z.array(trafficDayData),
});

export const nodeGroupData = z.object({
  id: z.number().int(),
  name: z.string(),
  node_count: z.number().int(),
  created_at: z.string(),
});
export type NodeGroup = z.infer<typeof nodeGroupData>;

const groupBody = z.object({ name: text(50) });

export const listNodeGroups = defineEndpoint({
  method: 'GET',
  path: '/node-groups',
  summary: 'Node groups by name, with how many nodes each holds',
  tags: ['admin', 'nodes'],
  auth: true,
  permission: 'nodes.read',
  data: z.array(nodeGroupData),
});

export const createNodeGroup = defineEndpoint({
  method: 'POST',
  path: '/node-groups',
  summary: 'Add a node group (packages reach nodes through their groups)',
  tags: ['admin', 'nodes'],
  auth: true,
  permission: 'nodes.write',
  body: groupBody,
  data: nodeGroupData,
});

export const updateNodeGroup = defineEndpoint({
  method: 'PUT',
  path: '/node-groups/:id',
  summary: 'Rename a node group',
  tags: ['admin', 'nodes'],
  auth: true,
  permission: 'nodes.write',
  params: idParams,
  body: groupBody,
  data: nodeGroupData,
});

export const deleteNodeGroup = defineEndpoint({
  method: 'DELETE',
  path: '/node-groups/:id',
  summary: 'Remove a node group no package uses (its nodes leave it)',
  tags: ['admin', 'nodes'],
  auth: true,
  permission: 'nodes.write',
  params: idParams,
  data: z.null(),
});
