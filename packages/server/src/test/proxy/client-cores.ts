import type { ProxyEndpoint } from './endpoint.js';
import { LOOPBACK } from './net.js';
import type { LaunchSpec } from './processes.js';

/**
 * Real clients built from an endpoint, each offering SOCKS5 on 127.0.0.1:socksPort.
 * - `native`: the program a user of that link type would run: ss-local for ss://, trojan-gfw for Trojan over TCP,
 *   v2ray for VMess, VLESS and Trojan over WebSocket.
 * - `v2ray`: always v2ray (how sing-box and Clash profiles are exercised, since neither program is installed here).
 */
export interface ClientOptions {
  label: string;
  endpoint: ProxyEndpoint;
  socksPort: number;
  /** The CA that signed the test servers' certificates; TLS clients trust it and verify the server name. */
  caCert: string;
  implementation?: 'native' | 'v2ray';
  /** Shadowsocks plugins: a directory put first on PATH, where ss-local finds them by the link's name. */
  pluginPath?: string;
}

export function buildClient(options: ClientOptions): LaunchSpec {
  const { endpoint: e } = options;
  const native = (options.implementation ?? 'native') === 'native';
  if (e.plugin && !(native && e.protocol === 'shadowsocks'))
    throw new Error(`${options.label}: only ss-local runs Shadowsocks plugins here`);
  if (native && e.protocol === 'shadowsocks') return ssLocal(options);
  if (native && e.protocol === 'trojan' && e.network === 'tcp') return trojanGfwClient(options);
  return v2rayClient(options);
}

function ssLocal({ label, endpoint: e, socksPort, caCert, pluginPath }: ClientOptions): LaunchSpec {
  const plugin = e.plugin ?? null;
  if (plugin && !pluginPath)
    throw new Error(`${label}: the link names a plugin; give the client a pluginPath`);
  // v2ray-plugin over TLS trusts the test CA (a real one trusts the system's roots) and verifies the link's host.
  const tlsPlugin = plugin?.name === 'v2ray-plugin' && plugin.opts.split(';').includes('tls');
  const pluginArgs = plugin
    ? ['--plugin', plugin.name, '--plugin-opts', tlsPlugin ? `${plugin.opts};cert=${caCert}` : plugin.opts]
    : [];
  return {
    label,
    binary: 'ss-local',
    args: [
      '-s',
      e.host,
      '-p',
      String(e.port),
      '-b',
      LOOPBACK,
      '-l',
      String(socksPort),
      '-k',
      e.secret,
      '-m',
      e.method!,
      '-v',
      ...pluginArgs,
    ],
    files: {},
    port: socksPort,
    ...(plugin ? { env: { PATH: `${pluginPath}:${process.env.PATH ?? ''}` } } : {}),
  };
}

function trojanGfwClient({ label, endpoint: e, socksPort, caCert }: ClientOptions): LaunchSpec {
  if (!e.tls) throw new Error(`${label}: trojan-gfw only speaks Trojan over TLS, the link has TLS off`);
  const config = {
    run_type: 'client',
    local_addr: LOOPBACK,
    local_port: socksPort,
    remote_addr: e.host,
    remote_port: e.port,
    password: [e.secret],
    log_level: 1,
    ssl: {
      verify: true,
      verify_hostname: true,
      cert: caCert,
      // trojan-gfw verifies against this name; empty means the remote address.
      sni: e.sni ?? '',
      alpn: ['http/1.1'],
    },
    tcp: { no_delay: true, keep_alive: true, reuse_port: false, fast_open: false },
  };
  return {
    label,
    binary: 'trojan',
    args: ['-c', 'client.json'],
    files: { 'client.json': JSON.stringify(config, null, 2) },
    port: socksPort,
  };
}

function v2rayOutbound(e: ProxyEndpoint): Record<string, unknown> {
  switch (e.protocol) {
    case 'vmess':
      return {
        protocol: 'vmess',
        settings: {
          vnext: [
            {
              address: e.host,
              port: e.port,
              users: [{ id: e.secret, alterId: 0, security: e.security ?? 'auto' }],
            },
          ],
        },
      };
    case 'vless':
      return {
        protocol: 'vless',
        settings: {
          vnext: [{ address: e.host, port: e.port, users: [{ id: e.secret, encryption: 'none' }] }],
        },
      };
    case 'trojan':
      return {
        protocol: 'trojan',
        settings: { servers: [{ address: e.host, port: e.port, password: e.secret }] },
      };
    case 'shadowsocks':
      return {
        protocol: 'shadowsocks',
        settings: { servers: [{ address: e.host, port: e.port, method: e.method, password: e.secret }] },
      };
  }
}

function v2rayClient({ label, endpoint: e, socksPort, caCert }: ClientOptions): LaunchSpec {
  // v2ray 4 names HTTP/2 "http".
  const streamSettings: Record<string, unknown> = { network: e.network === 'h2' ? 'http' : e.network };
  if (e.network === 'ws') {
    streamSettings.wsSettings = { path: e.path ?? '/', ...(e.wsHost ? { headers: { Host: e.wsHost } } : {}) };
  }
  if (e.network === 'h2')
    streamSettings.httpSettings = { path: e.path ?? '/', ...(e.wsHost ? { host: [e.wsHost] } : {}) };
  if (e.network === 'tcp' && e.tcpHeader === 'http')
    streamSettings.tcpSettings = {
      header: {
        type: 'http',
        request: { path: [e.path ?? '/'], ...(e.wsHost ? { headers: { Host: [e.wsHost] } } : {}) },
      },
    };
  if (e.tls) {
    streamSettings.security = 'tls';
    streamSettings.tlsSettings = {
      // No serverName means v2ray verifies against the address, as a real client given no SNI would.
      ...(e.sni ? { serverName: e.sni } : {}),
      allowInsecure: false,
      // v2ray 4.34 adds "verify" certificates to the roots it trusts (checked: a client given another CA fails).
      certificates: [{ usage: 'verify', certificateFile: caCert }],
    };
  }
  const config = {
    log: { loglevel: 'warning' },
    inbounds: [
      { listen: LOOPBACK, port: socksPort, protocol: 'socks', settings: { auth: 'noauth', udp: false } },
    ],
    outbounds: [{ ...v2rayOutbound(e), streamSettings }],
  };
  return {
    label,
    binary: 'v2ray',
    args: ['-config', 'client.json'],
    files: { 'client.json': JSON.stringify(config, null, 2) },
    port: socksPort,
    v2rayTest: 'client.json',
  };
}
