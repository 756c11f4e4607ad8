import type { NodeProtocol } from '@portal/contract';

/** What the agents' configuration needs to know about a node. */
export interface AgentConfigInput {
  nodeId: number;
  protocol: NodeProtocol;
  /** The portal's address the agent calls (PUBLIC_URL) */
  apiHost: string;
  /** The node's token, or a placeholder when it is not being shown */
  apiKey: string;
  /** The domain of the node's certificate when its inbound is TLS; null without TLS */
  certDomain: string | null;
}

/** Where the token goes when the configuration is shown without it. */
export const TOKEN_PLACEHOLDER = 'PASTE_THE_NODE_TOKEN_HERE';

/** Seconds an agent waits for the portal before giving up a call. */
const TIMEOUT_SECONDS = 30;

/**
 * XrayR: one entry of the `Nodes:` list of its config.yml. Field names as in XrayR's
 * `release/config/config.yml.example` (XrayR-project/XrayR); "NewV2board" is its client of the UniProxy API
 * (`api/newV2board/v2board.go`), whose node types are V2ray, Trojan and Shadowsocks; V2ray with `EnableVless`
 * makes it ask as VLESS.
 */
export function xrayrNodeEntry(c: AgentConfigInput): string {
  // XrayR runs Xray-core, which has neither Hysteria2 nor TUIC.
  if (c.protocol === 'hysteria2' || c.protocol === 'tuic')
    return `  # XrayR cannot run ${c.protocol === 'tuic' ? 'TUIC' : 'Hysteria2'} nodes: use V2bX (its sing core).\n`;
  const nodeType = { vmess: 'V2ray', vless: 'V2ray', trojan: 'Trojan', shadowsocks: 'Shadowsocks' }[
    c.protocol
  ];
  const cert = c.certDomain
    ? [
        '        CertMode: file',
        `        CertDomain: ${JSON.stringify(c.certDomain)}`,
        `        CertFile: /etc/XrayR/cert/${c.certDomain}.cert`,
        `        KeyFile: /etc/XrayR/cert/${c.certDomain}.key`,
      ]
    : ['        CertMode: none'];
  return [
    '  - PanelType: "NewV2board"',
    '    ApiConfig:',
    `      ApiHost: ${JSON.stringify(c.apiHost)}`,
    `      ApiKey: ${JSON.stringify(c.apiKey)}`,
    `      NodeID: ${c.nodeId}`,
    `      NodeType: ${nodeType}`,
    `      EnableVless: ${c.protocol === 'vless'}`,
    `      Timeout: ${TIMEOUT_SECONDS}`,
    '    ControllerConfig:',
    '      ListenIP: 0.0.0.0',
    '      SendIP: 0.0.0.0',
    '      UpdatePeriodic: 60',
    '      CertConfig:',
    ...cert,
    '',
  ].join('\n');
}

/**
 * V2bX: one entry of the `Nodes` array of its config.json. Field names as in V2bX's `example/config.json` and
 * `example/config_full.json` (InazumaV/V2bX); its panel client (`api/panel/panel.go`) takes the node types vmess,
 * vless, trojan, shadowsocks, hysteria2 and tuic (lower case) and sends them to the UniProxy API as they are.
 * Hysteria2 and TUIC run on its sing core (sing-box), the rest on its xray core.
 */
export function v2bxNodeEntry(c: AgentConfigInput): string {
  const entry = {
    Core: c.protocol === 'hysteria2' || c.protocol === 'tuic' ? 'sing' : 'xray',
    ApiHost: c.apiHost,
    ApiKey: c.apiKey,
    NodeID: c.nodeId,
    NodeType: c.protocol,
    Timeout: TIMEOUT_SECONDS,
    ListenIP: '0.0.0.0',
    SendIP: '0.0.0.0',
    CertConfig: c.certDomain
      ? {
          CertMode: 'file',
          CertDomain: c.certDomain,
          CertFile: `/etc/V2bX/cert/${c.certDomain}.pem`,
          KeyFile: `/etc/V2bX/cert/${c.certDomain}.key`,
        }
      : { CertMode: 'none' },
  };
  return JSON.stringify(entry, null, 2) + '\n';
}
