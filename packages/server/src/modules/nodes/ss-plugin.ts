import type { SsPlugin } from './node-settings.js';

/**
 * Shadowsocks plugins as SIP003 programs take them: a program name and an option string `key=value;flag;…`
 * (docs/research/uniproxy-agents-and-clients.md, "Shadowsocks plugins"). The contract keeps `;`, `=`, `:` and `\`
 * out of hosts and paths, so no value needs escaping.
 */
export interface Sip003Plugin {
  /** The program a client or server starts */
  name: string;
  /** Its options, `;`-separated */
  opts: string;
}

const joined = (parts: (string | null | false)[]) => parts.filter((p): p is string => !!p).join(';');

/**
 * What a client runs: simple-obfs's `obfs-local` (`obfs=http|tls;obfs-host=…`) or `v2ray-plugin` (WebSocket; `tls`
 * as a flag, `host`, `path`). No `mux`: v2ray-plugin's server reads every WebSocket as multiplexed (Mux.Cool), and
 * the clients' default (v2ray-plugin and sing-box: 1) is what it needs; `mux=0` is refused by it (tested).
 */
export function clientPlugin(p: SsPlugin): Sip003Plugin {
  if (p.type === 'obfs')
    return { name: 'obfs-local', opts: joined([`obfs=${p.mode}`, p.host && `obfs-host=${p.host}`]) };
  return {
    name: 'v2ray-plugin',
    opts: joined(['mode=websocket', p.tls && 'tls', p.host && `host=${p.host}`, p.path && `path=${p.path}`]),
  };
}

/**
 * What runs beside the node's Shadowsocks server: `obfs-server` (`obfs=http|tls`) or `v2ray-plugin` in server mode
 * (`server`, `tls` with its certificate for `host`: v2ray-plugin looks for it under ~/.acme.sh/<host>/ unless `cert`
 * and `key` are added, `path`).
 */
export function serverPlugin(p: SsPlugin): Sip003Plugin {
  if (p.type === 'obfs') return { name: 'obfs-server', opts: `obfs=${p.mode}` };
  return {
    name: 'v2ray-plugin',
    opts: joined([
      'server',
      'mode=websocket',
      p.tls && 'tls',
      p.host && `host=${p.host}`,
      p.path && `path=${p.path}`,
    ]),
  };
}
