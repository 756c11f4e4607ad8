import { randomBytes } from 'node:crypto';
import { buildClient } from './client-cores.js';
import type { ProxyEndpoint } from './endpoint.js';
import { freePort, LOOPBACK, socksHttpGet, type MarkerServer } from './net.js';
import type { ProcessGroup } from './processes.js';

export interface ProbeResult {
  /** The request reached the marker server through the proxy and the marker came back. */
  reached: boolean;
  status: number | null;
  body: string;
  error: string | null;
  /** The client program's output, for failure messages. */
  clientOutput: string;
}

export interface ProbeOptions {
  label: string;
  endpoint: ProxyEndpoint;
  marker: MarkerServer;
  caCert: string;
  implementation?: 'native' | 'v2ray';
  /** Where ss-local finds Shadowsocks plugins (see client-cores.ts). */
  pluginPath?: string;
  /** How long the request through the tunnel may take. */
  timeoutMs?: number;
}

/**
 * Starts a real client for `endpoint`, sends an HTTP GET for a unique path to the marker server through its SOCKS5
 * port, and stops the client again (also when anything fails).
 */
export async function probe(group: ProcessGroup, options: ProbeOptions): Promise<ProbeResult> {
  const socksPort = await freePort();
  const client = await group.start(
    buildClient({
      label: options.label,
      endpoint: options.endpoint,
      socksPort,
      caCert: options.caCert,
      implementation: options.implementation,
      pluginPath: options.pluginPath,
    }),
  );
  // A Shadowsocks plugin is a second process ss-local starts beside itself, and its port is not known from outside:
  // ss-local answers SOCKS before the plugin listens. A request that fails at once (not by timing out) is sent
  // again, at most twice: a wrong link still fails every time, only a plugin still starting gets its chance.
  const attempts = options.endpoint.plugin ? 3 : 1;
  let last: ProbeResult | null = null;
  try {
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const path = `/probe/${randomBytes(8).toString('hex')}`;
      const started = Date.now();
      try {
        const res = await socksHttpGet(
          socksPort,
          { host: LOOPBACK, port: options.marker.port, path },
          options.timeoutMs ?? 10_000,
        );
        last = {
          reached:
            res.status === 200 && res.body === options.marker.marker && options.marker.paths.includes(path),
          status: res.status,
          body: res.body,
          error: null,
          clientOutput: client.output(),
        };
      } catch (err) {
        last = {
          reached: options.marker.paths.includes(path),
          status: null,
          body: '',
          error: (err as Error).message,
          clientOutput: client.output(),
        };
      }
      if (last.reached || Date.now() - started > 2_000) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    return last!;
  } finally {
    await client.stop();
  }
}

/** A readable account of a probe for assertion messages. */
export function explain(result: ProbeResult, serverOutput = ''): string {
  return [
    `status=${result.status} error=${result.error ?? '-'} body=${JSON.stringify(result.body.slice(0, 200))}`,
    `--- client output ---\n${result.clientOutput}`,
    ...(serverOutput ? [`--- server output ---\n${serverOutput}`] : []),
  ].join('\n');
}
