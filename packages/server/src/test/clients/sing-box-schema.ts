/**
 * A JSON Schema of the sing-box client configuration we send, built from sing-box's documented options
 * (sing-box.sagernet.org/configuration: log, inbound/mixed, outbound/{vmess, vless, trojan, shadowsocks, hysteria2,
 * tuic, selector, urltest, direct}, shared/{tls, v2ray-transport, dial}, route). There is no sing-box binary on this
 * machine and the project publishes no schema, so this is the contract our output is held to.
 *
 * Strict where mistakes happen: every object lists the keys sing-box documents and refuses any other (a misspelled
 * key is ignored by sing-box at best and fails its strict decoder at worst), value types and enumerations are
 * the documented ones, required fields are required, and the documented rules between fields hold (Reality needs
 * uTLS; Hysteria2 and TUIC need TLS; a port range is written `from:to`).
 */

const str = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;
const port = { type: 'integer', minimum: 1, maximum: 65_535 } as const;
const strList = { type: 'array', items: str } as const;
const duration = { type: 'string', pattern: '^(\\d+(\\.\\d+)?(ns|us|µs|ms|s|m|h))+$' } as const;
const tag = { type: 'string', minLength: 1 } as const;

/** Outbound TLS (shared/tls, "Outbound"), with uTLS and the Reality client. */
const outboundTls = {
  type: 'object',
  additionalProperties: false,
  required: ['enabled'],
  properties: {
    enabled: bool,
    disable_sni: bool,
    server_name: str,
    insecure: bool,
    alpn: strList,
    min_version: { enum: ['1.0', '1.1', '1.2', '1.3'] },
    max_version: { enum: ['1.0', '1.1', '1.2', '1.3'] },
    cipher_suites: strList,
    certificate: { anyOf: [str, strList] },
    certificate_path: str,
    fragment: bool,
    record_fragment: bool,
    ech: { type: 'object' },
    utls: {
      type: 'object',
      additionalProperties: false,
      properties: {
        enabled: bool,
        fingerprint: {
          enum: [
            'chrome',
            'firefox',
            'edge',
            'safari',
            '360',
            'qq',
            'ios',
            'android',
            'random',
            'randomized',
          ],
        },
      },
    },
    reality: {
      type: 'object',
      additionalProperties: false,
      required: ['enabled', 'public_key'],
      properties: {
        enabled: bool,
        // X25519, base64url without padding (as `sing-box generate reality-keypair` writes it)
        public_key: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' },
        short_id: { type: 'string', pattern: '^([0-9a-f]{2}){0,8}$' },
      },
    },
  },
  // "uTLS is required by the Reality client."
  if: { required: ['reality'], properties: { reality: { properties: { enabled: { const: true } } } } },
  then: {
    required: ['utls'],
    properties: { utls: { required: ['enabled'], properties: { enabled: { const: true } } } },
  },
} as const;

/** shared/v2ray-transport: http (HTTP/2 over TLS), ws, quic, grpc, httpupgrade. */
const transport = {
  type: 'object',
  required: ['type'],
  oneOf: [
    {
      additionalProperties: false,
      properties: {
        type: { const: 'http' },
        host: strList,
        path: str,
        method: str,
        headers: { type: 'object' },
        idle_timeout: duration,
        ping_timeout: duration,
      },
    },
    {
      additionalProperties: false,
      properties: {
        type: { const: 'ws' },
        path: str,
        headers: { type: 'object', additionalProperties: { anyOf: [str, strList] } },
        max_early_data: { type: 'integer', minimum: 0 },
        early_data_header_name: str,
      },
    },
    { additionalProperties: false, properties: { type: { const: 'quic' } } },
    {
      additionalProperties: false,
      required: ['service_name'],
      properties: {
        type: { const: 'grpc' },
        service_name: str,
        idle_timeout: duration,
        ping_timeout: duration,
        permit_without_stream: bool,
      },
    },
    {
      additionalProperties: false,
      properties: {
        type: { const: 'httpupgrade' },
        host: str,
        path: str,
        headers: { type: 'object', additionalProperties: { anyOf: [str, strList] } },
      },
    },
  ],
} as const;

/** Dial fields every proxy outbound may carry (shared/dial); we send none, so only their names are allowed. */
const dialFields = {
  detour: str,
  bind_interface: str,
  inet4_bind_address: str,
  inet6_bind_address: str,
  routing_mark: { type: ['integer', 'string'] },
  reuse_addr: bool,
  connect_timeout: duration,
  tcp_fast_open: bool,
  tcp_multi_path: bool,
  udp_fragment: bool,
  domain_strategy: str,
  fallback_delay: duration,
} as const;

const server = { server: { type: 'string', minLength: 1 }, server_port: port } as const;
const network = { enum: ['tcp', 'udp'] } as const;
const multiplex = { type: 'object' } as const;

const proxy = (type: string, required: string[], properties: Record<string, unknown>) => ({
  type: 'object',
  additionalProperties: false,
  required: ['type', 'tag', 'server', ...required],
  properties: { type: { const: type }, tag, ...server, ...dialFields, ...properties },
});

const uuid = {
  type: 'string',
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
};

const SS_METHODS = [
  '2022-blake3-aes-128-gcm',
  '2022-blake3-aes-256-gcm',
  '2022-blake3-chacha20-poly1305',
  'none',
  'aes-128-gcm',
  'aes-192-gcm',
  'aes-256-gcm',
  'chacha20-ietf-poly1305',
  'xchacha20-ietf-poly1305',
];

const outbound = {
  type: 'object',
  required: ['type'],
  oneOf: [
    proxy('vmess', ['server_port', 'uuid'], {
      uuid,
      security: { enum: ['auto', 'none', 'zero', 'aes-128-gcm', 'chacha20-poly1305', 'aes-128-ctr'] },
      alter_id: { type: 'integer', minimum: 0 },
      global_padding: bool,
      authenticated_length: bool,
      network,
      tls: outboundTls,
      packet_encoding: { enum: ['', 'packetaddr', 'xudp'] },
      transport,
      multiplex,
    }),
    proxy('vless', ['server_port', 'uuid'], {
      uuid,
      flow: { const: 'xtls-rprx-vision' },
      network,
      tls: outboundTls,
      packet_encoding: { enum: ['', 'packetaddr', 'xudp'] },
      transport,
      multiplex,
    }),
    proxy('trojan', ['server_port', 'password'], {
      password: str,
      network,
      tls: outboundTls,
      transport,
      multiplex,
    }),
    proxy('shadowsocks', ['server_port', 'method', 'password'], {
      method: { enum: SS_METHODS },
      password: str,
      plugin: { enum: ['obfs-local', 'v2ray-plugin'] },
      // SIP003 options, `key=value;key=value`
      plugin_opts: str,
      network,
      udp_over_tcp: { anyOf: [bool, { type: 'object' }] },
      multiplex,
    }),
    {
      ...proxy('hysteria2', ['tls', 'password'], {
        // A range list, `from:to` each (a dash is the Clash spelling and does not parse here)
        server_ports: {
          type: 'array',
          minItems: 1,
          items: { type: 'string', pattern: '^\\d{1,5}:\\d{1,5}$' },
        },
        hop_interval: duration,
        up_mbps: { type: 'integer', minimum: 0 },
        down_mbps: { type: 'integer', minimum: 0 },
        obfs: {
          type: 'object',
          additionalProperties: false,
          required: ['type', 'password'],
          properties: { type: { const: 'salamander' }, password: { type: 'string', minLength: 1 } },
        },
        password: str,
        network,
        tls: { ...outboundTls, properties: { ...outboundTls.properties, enabled: { const: true } } },
        brutal_debug: bool,
      }),
      // The port, or the hopping ranges (which then replace it)
      anyOf: [{ required: ['server_port'] }, { required: ['server_ports'] }],
    },
    proxy('tuic', ['server_port', 'uuid', 'tls'], {
      uuid,
      password: str,
      congestion_control: { enum: ['cubic', 'new_reno', 'bbr'] },
      udp_relay_mode: { enum: ['native', 'quic'] },
      udp_over_stream: bool,
      zero_rtt_handshake: bool,
      heartbeat: duration,
      network,
      tls: { ...outboundTls, properties: { ...outboundTls.properties, enabled: { const: true } } },
    }),
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'tag', 'outbounds'],
      properties: {
        type: { const: 'selector' },
        tag,
        outbounds: { type: 'array', minItems: 1, items: tag },
        default: tag,
        interrupt_exist_connections: bool,
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'tag', 'outbounds'],
      properties: {
        type: { const: 'urltest' },
        tag,
        outbounds: { type: 'array', items: tag },
        url: str,
        interval: duration,
        tolerance: { type: 'integer', minimum: 0 },
        idle_timeout: duration,
        interrupt_exist_connections: bool,
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'tag'],
      properties: { type: { const: 'direct' }, tag, ...dialFields },
    },
  ],
} as const;

export const SING_BOX_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['outbounds'],
  properties: {
    log: {
      type: 'object',
      additionalProperties: false,
      properties: {
        disabled: bool,
        level: { enum: ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'panic'] },
        output: str,
        timestamp: bool,
      },
    },
    dns: { type: 'object' },
    inbounds: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['type', 'tag'],
        properties: {
          type: { const: 'mixed' },
          tag,
          listen: str,
          listen_port: port,
          users: { type: 'array' },
          set_system_proxy: bool,
        },
      },
    },
    outbounds: { type: 'array', minItems: 1, items: outbound },
    route: {
      type: 'object',
      additionalProperties: false,
      properties: {
        rules: { type: 'array' },
        rule_set: { type: 'array' },
        final: tag,
        auto_detect_interface: bool,
        override_android_vpn: bool,
        default_interface: str,
        default_mark: { type: 'integer' },
      },
    },
    experimental: { type: 'object' },
  },
} as const;

/**
 * What the schema cannot say: every tag is unique, and every tag a selector or urltest names exists (sing-box
 * refuses to start otherwise). Returns the problems found; none for a sound configuration.
 */
export function singBoxReferenceProblems(config: {
  outbounds: { tag: string; type: string; outbounds?: string[]; default?: string }[];
  route?: { final?: string };
}): string[] {
  const problems: string[] = [];
  const tags = new Set<string>();
  for (const o of config.outbounds) {
    if (tags.has(o.tag)) problems.push(`duplicate tag ${o.tag}`);
    tags.add(o.tag);
  }
  for (const o of config.outbounds) {
    for (const ref of [...(o.outbounds ?? []), ...(o.default ? [o.default] : [])])
      if (!tags.has(ref)) problems.push(`${o.tag} names missing ${ref}`);
    if (o.type === 'urltest' && (o.outbounds ?? []).length === 0) problems.push(`${o.tag} is empty`);
  }
  if (config.route?.final && !tags.has(config.route.final))
    problems.push(`route.final ${config.route.final}`);
  return problems;
}
