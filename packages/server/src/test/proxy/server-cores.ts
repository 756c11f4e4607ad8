import { z } from 'zod';
import { SS_METHODS, type Protocol } from './endpoint.js';
import { LOOPBACK } from './net.js';
import type { LaunchSpec } from './processes.js';
import type { TlsMaterial } from './tls.js';

/**
 * Server cores built only from what the node API hands an agent (UniProxy config + user list), the way XrayR / V2bX
 * build theirs: if the API leaves out something a server needs, the tests that use these cores fail.
 */

const port = z.number().int().min(1).max(65535);

const networkSettings = z.looseObject({
  path: z.string().optional(),
  headers: z.looseObject({ Host: z.string().optional() }).optional(),
  /** h2: the hosts it answers */
  host: z.array(z.string()).optional(),
  /** tcp: Xray's header object (HTTP obfuscation) */
  header: z
    .looseObject({
      type: z.literal('http'),
      request: z.looseObject({ path: z.array(z.string()), headers: z.looseObject({}).optional() }),
    })
    .optional(),
});

const base = {
  server_port: port,
  routes: z.array(z.unknown()),
  base_config: z.looseObject({ push_interval: z.number(), pull_interval: z.number() }),
};

export const vConfigSchema = z.looseObject({
  ...base,
  network: z.enum(['tcp', 'ws', 'h2']),
  network_settings: networkSettings,
  tls: z.union([z.literal(0), z.literal(1)]),
  tls_settings: z.looseObject({ server_name: z.string() }).optional(),
  server_name: z.string().optional(),
  flow: z.string().optional(),
});

export const trojanConfigSchema = z.looseObject({
  ...base,
  server_name: z.string().min(1),
  network: z.enum(['tcp', 'ws']),
  network_settings: networkSettings,
});

export const ssConfigSchema = z.looseObject({
  ...base,
  cipher: z.enum(SS_METHODS),
  server_key: z.string().optional(),
});

export const usersSchema = z.looseObject({
  users: z.array(
    z.looseObject({
      id: z.number().int().positive(),
      uuid: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i),
      speed_limit: z.number(),
      device_limit: z.number(),
    }),
  ),
});

export type UniProxyUsers = z.infer<typeof usersSchema>;

export interface ServerOptions {
  label: string;
  protocol: Protocol;
  /** The UniProxy /config body. */
  config: unknown;
  /** The UniProxy /user body. */
  users: unknown;
  /** Needed when the config asks for TLS (trojan always). */
  tls?: TlsMaterial;
  /**
   * Trojan over TCP runs on trojan-gfw (a different implementation than the v2ray clients); it forwards anything
   * that is not valid Trojan to this port, as a real deployment forwards to a web server.
   */
  trojanFallbackPort?: number;
  /** Listen here instead of the config's server_port (to put a relay such as a TcpTap in front). */
  listenPort?: number;
}

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const r = schema.safeParse(value);
  if (!r.success) {
    const problems = r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`${what} is not what an agent can use: ${problems}\n${JSON.stringify(value)}`);
  }
  return r.data;
}

function certificateFor(label: string, serverName: string, tls: TlsMaterial | undefined): TlsMaterial {
  if (!tls) throw new Error(`${label}: the config asks for TLS but the harness got no TLS material`);
  if (!tls.names.includes(serverName))
    throw new Error(
      `${label}: the config's server name ${JSON.stringify(serverName)} is not one the test certificate covers ` +
        `(${tls.names.join(', ')})`,
    );
  return tls;
}

function v2rayStream(
  network: 'tcp' | 'ws' | 'h2',
  settings: z.infer<typeof networkSettings>,
  tls: TlsMaterial | null,
): Record<string, unknown> {
  if (network === 'h2' && !tls) throw new Error('HTTP/2 needs TLS');
  return {
    // v2ray 4 names HTTP/2 "http".
    network: network === 'h2' ? 'http' : network,
    ...(network === 'ws' ? { wsSettings: { path: settings.path ?? '/' } } : {}),
    ...(network === 'h2'
      ? { httpSettings: { path: settings.path ?? '/', ...(settings.host ? { host: settings.host } : {}) } }
      : {}),
    // The request the client must send; the server answers with v2ray's default HTTP response.
    ...(network === 'tcp' && settings.header ? { tcpSettings: { header: settings.header } } : {}),
    ...(tls
      ? {
          security: 'tls',
          tlsSettings: { certificates: [{ certificateFile: tls.serverCert, keyFile: tls.serverKey }] },
        }
      : {}),
  };
}

function v2rayServer(label: string, inbound: Record<string, unknown>, listenPort: number): LaunchSpec {
  const config = {
    log: { loglevel: 'warning' },
    inbounds: [{ listen: LOOPBACK, port: listenPort, ...inbound }],
    outbounds: [{ protocol: 'freedom', settings: {} }],
  };
  return {
    label,
    binary: 'v2ray',
    args: ['-config', 'server.json'],
    files: { 'server.json': JSON.stringify(config, null, 2) },
    port: listenPort,
    v2rayTest: 'server.json',
  };
}

/** The server program for one node, listening on 127.0.0.1 at the config's server_port. */
export function buildServerCore(options: ServerOptions): LaunchSpec {
  const { label, protocol } = options;
  const { users } = parse(usersSchema, options.users, `${label}: /user`);
  if (users.length === 0) throw new Error(`${label}: /user lists no users`);

  switch (protocol) {
    case 'vmess':
    case 'vless': {
      const c = parse(vConfigSchema, options.config, `${label}: /config`);
      if (c.flow) throw new Error(`${label}: VLESS flow ${c.flow} is not supported by v2ray 4`);
      const serverName = c.tls_settings?.server_name || c.server_name || '';
      const tls = c.tls === 1 ? certificateFor(label, serverName, options.tls) : null;
      const settings =
        protocol === 'vmess'
          ? { clients: users.map((u) => ({ id: u.uuid, alterId: 0, email: `${u.id}@node` })) }
          : { clients: users.map((u) => ({ id: u.uuid, email: `${u.id}@node` })), decryption: 'none' };
      return v2rayServer(
        label,
        { protocol, settings, streamSettings: v2rayStream(c.network, c.network_settings, tls) },
        options.listenPort ?? c.server_port,
      );
    }
    case 'trojan': {
      const c = parse(trojanConfigSchema, options.config, `${label}: /config`);
      const tls = certificateFor(label, c.server_name, options.tls);
      if (c.network === 'ws') {
        // trojan-gfw has no WebSocket transport; v2ray's Trojan inbound does.
        return v2rayServer(
          label,
          {
            protocol: 'trojan',
            settings: { clients: users.map((u) => ({ password: u.uuid, email: `${u.id}@node` })) },
            streamSettings: v2rayStream('ws', c.network_settings, tls),
          },
          options.listenPort ?? c.server_port,
        );
      }
      if (!options.trojanFallbackPort) throw new Error(`${label}: trojan-gfw needs a fallback port`);
      const config = {
        run_type: 'server',
        local_addr: LOOPBACK,
        local_port: options.listenPort ?? c.server_port,
        remote_addr: LOOPBACK,
        remote_port: options.trojanFallbackPort,
        password: users.map((u) => u.uuid),
        log_level: 1,
        ssl: { cert: tls.serverCert, key: tls.serverKey, alpn: ['http/1.1'] },
        tcp: { no_delay: true, keep_alive: true, reuse_port: false, fast_open: false },
      };
      return {
        label,
        binary: 'trojan',
        args: ['-c', 'server.json'],
        files: { 'server.json': JSON.stringify(config, null, 2) },
        port: options.listenPort ?? c.server_port,
      };
    }
    case 'shadowsocks': {
      const c = parse(ssConfigSchema, options.config, `${label}: /config`);
      if (c.server_key)
        throw new Error(`${label}: server_key is set; Shadowsocks 2022 is not supported here`);
      // ss-server serves one password per port; the test nodes have one subscriber.
      if (users.length !== 1)
        throw new Error(
          `${label}: ss-server takes one password per port, the API listed ${users.length} users`,
        );
      const listenPort = options.listenPort ?? c.server_port;
      return {
        label,
        binary: 'ss-server',
        args: ['-s', LOOPBACK, '-p', String(listenPort), '-k', users[0]!.uuid, '-m', c.cipher, '-v'],
        files: {},
        port: listenPort,
      };
    }
  }
}

/** A Shadowsocks /config with a plugin: what runs beside the agent (`plugin`, `plugin_opts`) and XrayR's `obfs`. */
export const ssPluginConfigSchema = ssConfigSchema.extend({
  plugin: z.enum(['obfs-server', 'v2ray-plugin']),
  plugin_opts: z.string(),
  obfs: z.literal('http').nullable(),
  obfs_settings: z.looseObject({ path: z.string(), host: z.string() }).nullable(),
});

export interface PluginServerOptions extends ServerOptions {
  /** A directory on PATH first, where the plugin programs are found by the names the config gives. */
  pluginPath: string;
}

/**
 * ss-server with the plugin the node's /config names, started with its `plugin_opts` as given (v2ray-plugin over TLS
 * also gets the test certificate's files, which a real server keeps under ~/.acme.sh/<host>/). The plugin listens on
 * the public port and hands the stream to ss-server.
 */
export function buildSsPluginServer(options: PluginServerOptions): LaunchSpec {
  const { label } = options;
  const c = parse(ssPluginConfigSchema, options.config, `${label}: /config`);
  const { users } = parse(usersSchema, options.users, `${label}: /user`);
  if (users.length !== 1) throw new Error(`${label}: ss-server takes one password per port`);
  const tlsOn = c.plugin === 'v2ray-plugin' && c.plugin_opts.split(';').includes('tls');
  let opts = c.plugin_opts;
  if (tlsOn) {
    const host = /(?:^|;)host=([^;]*)/.exec(c.plugin_opts)?.[1] ?? '';
    const tls = certificateFor(label, host, options.tls);
    opts += `;cert=${tls.serverCert};key=${tls.serverKey}`;
  }
  const listenPort = options.listenPort ?? c.server_port;
  return {
    label,
    binary: 'ss-server',
    args: [
      ...['-s', LOOPBACK, '-p', String(listenPort), '-k', users[0]!.uuid, '-m', c.cipher, '-v'],
      ...['--plugin', c.plugin, '--plugin-opts', opts],
    ],
    files: {},
    port: listenPort,
    env: { PATH: `${options.pluginPath}:${process.env.PATH ?? ''}` },
  };
}

/**
 * What XrayR builds from `obfs: "http"`: a Shadowsocks inbound whose TCP stream carries Xray's HTTP header, answering
 * requests for `obfs_settings.path` (v2ray here: the same header code).
 */
export function buildXrayrObfsServer(options: ServerOptions): LaunchSpec {
  const { label } = options;
  const c = parse(ssPluginConfigSchema, options.config, `${label}: /config`);
  const { users } = parse(usersSchema, options.users, `${label}: /user`);
  if (c.obfs !== 'http' || !c.obfs_settings) throw new Error(`${label}: /config has no obfs for XrayR`);
  return v2rayServer(
    label,
    {
      protocol: 'shadowsocks',
      settings: { method: c.cipher, password: users[0]!.uuid },
      streamSettings: {
        network: 'tcp',
        tcpSettings: { header: { type: 'http', request: { path: [c.obfs_settings.path] } } },
      },
    },
    options.listenPort ?? c.server_port,
  );
}
