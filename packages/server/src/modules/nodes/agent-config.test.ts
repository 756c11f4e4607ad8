import { describe, expect, it } from 'vitest';
import { TOKEN_PLACEHOLDER, v2bxNodeEntry, xrayrNodeEntry } from './agent-config.js';

/**
 * The agents' configuration as operators paste it. Field names and node types from the agents' own sources:
 * XrayR `release/config/config.yml.example` and `api/newV2board/v2board.go` (XrayR-project/XrayR); V2bX
 * `example/config.json` and `api/panel/panel.go` (InazumaV/V2bX).
 */
describe('agent configuration', () => {
  const base = { nodeId: 7, apiHost: 'https://panel.example.com', apiKey: 'tok-123', certDomain: null };

  it('writes an XrayR Nodes entry for the NewV2board (UniProxy) panel type', () => {
    expect(xrayrNodeEntry({ ...base, protocol: 'vless', certDomain: 'jp.example.net' })).toBe(
      [
        '  - PanelType: "NewV2board"',
        '    ApiConfig:',
        '      ApiHost: "https://panel.example.com"',
        '      ApiKey: "tok-123"',
        '      NodeID: 7',
        '      NodeType: V2ray',
        '      EnableVless: true',
        '      Timeout: 30',
        '    ControllerConfig:',
        '      ListenIP: 0.0.0.0',
        '      SendIP: 0.0.0.0',
        '      UpdatePeriodic: 60',
        '      CertConfig:',
        '        CertMode: file',
        '        CertDomain: "jp.example.net"',
        '        CertFile: /etc/XrayR/cert/jp.example.net.cert',
        '        KeyFile: /etc/XrayR/cert/jp.example.net.key',
        '',
      ].join('\n'),
    );
    const types = (['vmess', 'trojan', 'shadowsocks'] as const).map(
      (protocol) => /NodeType: (\w+)/.exec(xrayrNodeEntry({ ...base, protocol }))![1],
    );
    expect(types).toEqual(['V2ray', 'Trojan', 'Shadowsocks']);
    expect(xrayrNodeEntry({ ...base, protocol: 'vmess' })).toContain('EnableVless: false');
    expect(xrayrNodeEntry({ ...base, protocol: 'vmess' })).toContain('CertMode: none');
  });

  it('writes a V2bX Nodes entry with the lower-case node type', () => {
    expect(
      JSON.parse(v2bxNodeEntry({ ...base, protocol: 'shadowsocks', apiKey: TOKEN_PLACEHOLDER })),
    ).toEqual({
      Core: 'xray',
      ApiHost: 'https://panel.example.com',
      ApiKey: TOKEN_PLACEHOLDER,
      NodeID: 7,
      NodeType: 'shadowsocks',
      Timeout: 30,
      ListenIP: '0.0.0.0',
      SendIP: '0.0.0.0',
      CertConfig: { CertMode: 'none' },
    });
    for (const protocol of ['vmess', 'vless', 'trojan'] as const)
      expect(JSON.parse(v2bxNodeEntry({ ...base, protocol })).NodeType).toBe(protocol);
    expect(
      JSON.parse(v2bxNodeEntry({ ...base, protocol: 'trojan', certDomain: 'sg.example.net' })).CertConfig,
    ).toEqual({
      CertMode: 'file',
      CertDomain: 'sg.example.net',
      CertFile: '/etc/V2bX/cert/sg.example.net.pem',
      KeyFile: '/etc/V2bX/cert/sg.example.net.key',
    });
  });

  it('sends Hysteria2 and TUIC to V2bX on its sing core, and tells an XrayR operator it cannot run them', () => {
    for (const protocol of ['hysteria2', 'tuic'] as const) {
      const entry = JSON.parse(v2bxNodeEntry({ ...base, protocol, certDomain: 'q.example.net' })) as Record<
        string,
        unknown
      >;
      expect(entry).toMatchObject({
        Core: 'sing',
        NodeType: protocol,
        CertConfig: { CertDomain: 'q.example.net' },
      });
      const xrayr = xrayrNodeEntry({ ...base, protocol });
      expect(xrayr).toMatch(/^ {2}# XrayR cannot run (Hysteria2|TUIC) nodes: use V2bX/);
      expect(xrayr).not.toContain('ApiKey');
    }
    expect(JSON.parse(v2bxNodeEntry({ ...base, protocol: 'vless' })).Core).toBe('xray');
  });
});
