/**
 * Which node agent can run a node, from the node's settings alone: the console shows it beside the form, and the
 * server's agent contract test holds the agents' decoded behaviour to it (modules/nodes/agent-contract.test.ts).
 * Facts from the agents' source (docs/research/uniproxy-agents-and-clients.md): XrayR (NewV2board panel type) runs
 * VMess, VLESS, Trojan and Shadowsocks, its transports tcp, ws, grpc and httpupgrade (no XHTTP, no HTTP/2), Trojan
 * on raw TCP only, and reads Reality's `xver` as a number; V2bX runs every protocol here (Hysteria2 and TUIC with its
 * sing core), the transports tcp, ws, grpc, httpupgrade and XHTTP, and reads `xver` as a quoted number. Xray removed
 * HTTP/2, so neither agent runs it: such a node needs a v2ray-based server of the operator's own. Of Shadowsocks
 * plugins, XrayR runs simple-obfs http alone; the others need the plugin's server in front of the agent.
 */

export const NODE_AGENTS = ['xrayr', 'v2bx'] as const;
export type NodeAgent = (typeof NODE_AGENTS)[number];

/** The settings that decide it (a node input or a node as the console reads it). */
export interface AgentSupportInput {
  protocol: string;
  network?: string;
  reality?: { xver?: number } | null;
  /** A Shadowsocks plugin (`type` obfs or v2ray-plugin, obfs's `mode`) */
  ss_plugin?: { type: string; mode?: string } | null;
}

/** Why an agent cannot run a node (the console's i18n keys under `nodes.agentSupport.`). */
export type AgentGap = 'noH2' | 'noProtocol' | 'noXhttp' | 'trojanTcpOnly' | 'xverNumber' | 'pluginServer';

/** Why the agent cannot run the node, or null when it can. */
export function agentCannotRun(agent: NodeAgent, n: AgentSupportInput): AgentGap | null {
  const network = n.network ?? 'tcp';
  if (network === 'h2') return 'noH2';
  if (agent === 'xrayr') {
    if (!['vmess', 'vless', 'trojan', 'shadowsocks'].includes(n.protocol)) return 'noProtocol';
    if (network === 'xhttp') return 'noXhttp';
    if (n.protocol === 'trojan' && network !== 'tcp') return 'trojanTcpOnly';
    if (n.reality && (n.reality.xver ?? 0) !== 0) return 'xverNumber';
  }
  // A Shadowsocks plugin: XrayR runs simple-obfs's http mode itself (as Xray's TCP HTTP header); every other plugin,
  // and any plugin on V2bX (which reads none), needs the plugin's server in front of the agent.
  if (n.protocol === 'shadowsocks' && n.ss_plugin) {
    const xrayrRunsIt = agent === 'xrayr' && n.ss_plugin.type === 'obfs' && n.ss_plugin.mode === 'http';
    if (!xrayrRunsIt) return 'pluginServer';
  }
  return null;
}
