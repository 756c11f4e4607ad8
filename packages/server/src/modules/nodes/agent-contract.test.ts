import { ADMIN_API_PREFIX } from '@portal/contract';
import { agentCannotRun, type AdminNode, type AgentConfig, type NodeInput } from '@portal/contract/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithRole, call } from '../../test/accounts.js';
import { goDecodeErrors, v2bxVerdict, XRAYR_CONFIG, xrayrVerdict } from '../../test/agents/agent-decoders.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { NODE_API_PREFIX } from './node-api.js';

/**
 * The UniProxy `config` of every node shape the console can make, decoded the way XrayR and V2bX decode it (their
 * Go structs: test/agents/agent-decoders.ts) and judged by what each agent then does. The result is the support
 * matrix the README publishes: a change that breaks an agent's decoding, or makes a node run on an agent the
 * README says it does not (or the reverse), fails here.
 */

const base: NodeInput = {
  name: 'n',
  region: 'Asia',
  country: 'jp',
  host: 'node.example.net',
  port: 443,
  protocol: 'vmess',
  network: 'tcp',
  tls: false,
  group_ids: [],
};

/** Shape name -> the node input, and whether XrayR / V2bX run it (the README's matrix). */
const SHAPES: Record<string, { input: Partial<NodeInput>; xrayr: boolean; v2bx: boolean }> = {
  'vmess tcp': { input: {}, xrayr: true, v2bx: true },
  'vmess tcp + TLS': { input: { tls: true, sni: 'node.example.net' }, xrayr: true, v2bx: true },
  'vmess tcp with HTTP header': {
    input: { tcp_header: 'http', path: '/', ws_host: 'a.example' },
    xrayr: true,
    v2bx: true,
  },
  'vmess ws + TLS': {
    input: { network: 'ws', path: '/ws', ws_host: 'cdn.example', tls: true },
    xrayr: true,
    v2bx: true,
  },
  'vmess grpc + TLS': { input: { network: 'grpc', service_name: 'svc', tls: true }, xrayr: true, v2bx: true },
  'vmess httpupgrade': {
    input: { network: 'httpupgrade', path: '/up', ws_host: 'cdn.example' },
    xrayr: true,
    v2bx: true,
  },
  'vmess h2 + TLS': {
    input: { network: 'h2', path: '/h2', ws_host: 'cdn.example', tls: true },
    xrayr: false,
    v2bx: false,
  },
  'vless tcp + TLS + Vision': {
    input: { protocol: 'vless', tls: true, sni: 'node.example.net', flow: 'xtls-rprx-vision' },
    xrayr: true,
    v2bx: true,
  },
  'vless Reality + Vision': {
    input: {
      protocol: 'vless',
      tls: true,
      sni: 'www.example.org',
      flow: 'xtls-rprx-vision',
      reality: { dest: 'www.example.org' },
    },
    xrayr: true,
    v2bx: true,
  },
  'vless Reality xver 1': {
    input: {
      protocol: 'vless',
      tls: true,
      sni: 'www.example.org',
      reality: { dest: 'www.example.org', xver: 1 },
    },
    // XrayR's struct wants a number, V2bX's a quoted one: the panel sends V2bX's form once xver is not 0.
    xrayr: false,
    v2bx: true,
  },
  'vless Reality grpc': {
    input: {
      protocol: 'vless',
      network: 'grpc',
      service_name: 'svc',
      tls: true,
      sni: 'www.example.org',
      reality: { dest: 'www.example.org' },
    },
    xrayr: true,
    v2bx: true,
  },
  'vless ws': { input: { protocol: 'vless', network: 'ws', path: '/ws' }, xrayr: true, v2bx: true },
  'vless xhttp + TLS': {
    input: { protocol: 'vless', network: 'xhttp', path: '/x', tls: true, xhttp_mode: 'packet-up' },
    xrayr: false,
    v2bx: true,
  },
  'trojan tcp': { input: { protocol: 'trojan', tls: true }, xrayr: true, v2bx: true },
  'trojan ws': {
    input: { protocol: 'trojan', tls: true, network: 'ws', path: '/t' },
    xrayr: false,
    v2bx: true,
  },
  'trojan grpc': {
    input: { protocol: 'trojan', tls: true, network: 'grpc', service_name: 'tg' },
    xrayr: false,
    v2bx: true,
  },
  'shadowsocks AEAD': { input: { protocol: 'shadowsocks', cipher: 'aes-256-gcm' }, xrayr: true, v2bx: true },
  'shadowsocks + simple-obfs http': {
    input: {
      protocol: 'shadowsocks',
      cipher: 'aes-256-gcm',
      ss_plugin: { type: 'obfs', mode: 'http', host: 'a.example' },
    },
    xrayr: true,
    v2bx: false,
  },
  'shadowsocks + simple-obfs tls': {
    input: {
      protocol: 'shadowsocks',
      cipher: 'aes-256-gcm',
      ss_plugin: { type: 'obfs', mode: 'tls', host: 'a.example' },
    },
    xrayr: false,
    v2bx: false,
  },
  'shadowsocks + v2ray-plugin': {
    input: {
      protocol: 'shadowsocks',
      cipher: 'chacha20-ietf-poly1305',
      ss_plugin: { type: 'v2ray-plugin', tls: true, host: 'a.example', path: '/ws' },
    },
    xrayr: false,
    v2bx: false,
  },
  'shadowsocks 2022 AES-128': {
    input: { protocol: 'shadowsocks', cipher: '2022-blake3-aes-128-gcm' },
    xrayr: true,
    v2bx: true,
  },
  'shadowsocks 2022 AES-256': {
    input: { protocol: 'shadowsocks', cipher: '2022-blake3-aes-256-gcm' },
    xrayr: true,
    v2bx: true,
  },
  // Hysteria2 and TUIC: V2bX's sing core; XrayR (Xray-core) has neither.
  'hysteria2 salamander, hints, hopping': {
    input: {
      protocol: 'hysteria2',
      network: 'quic',
      tls: true,
      sni: 'node.example.net',
      hysteria2: { obfs: 'salamander', up_mbps: 30, down_mbps: 200, hop_ports: '20000-30000' },
    },
    xrayr: false,
    v2bx: true,
  },
  'hysteria2 bare': {
    input: { protocol: 'hysteria2', network: 'quic', tls: true },
    xrayr: false,
    v2bx: true,
  },
  'hysteria2 ignoring client bandwidth': {
    input: {
      protocol: 'hysteria2',
      network: 'quic',
      tls: true,
      hysteria2: { ignore_client_bandwidth: true },
    },
    xrayr: false,
    v2bx: true,
  },
  'tuic bbr, 0-RTT': {
    input: {
      protocol: 'tuic',
      network: 'quic',
      tls: true,
      tuic: { congestion_control: 'bbr', zero_rtt_handshake: true, udp_relay_mode: 'quic' },
    },
    xrayr: false,
    v2bx: true,
  },
};

describe(`what each agent makes of every node shape (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let owner: { token: string };
  const served = new Map<string, Record<string, unknown>>();

  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'error', RATE_LIMIT_MAX: '100000' } });
    owner = await accountWithRole(t.app, t.database.handle.db, 'owner');
    for (const [name, shape] of Object.entries(SHAPES)) {
      const created = await call<AdminNode>(t.app, {
        method: 'POST',
        url: `${ADMIN_API_PREFIX}/nodes`,
        token: owner.token,
        payload: { ...base, ...shape.input, name },
      });
      expect(created.code, `${name}: ${JSON.stringify(created)}`).toBe(20000);
      const node = created.data;
      const issued = await call<AgentConfig & { token: string }>(t.app, {
        method: 'POST',
        url: `${ADMIN_API_PREFIX}/nodes/${node.id}/token`,
        token: owner.token,
      });
      const q = new URLSearchParams({
        token: issued.data.token,
        node_id: String(node.id),
        node_type: node.protocol,
      });
      const res = await t.app.inject({ url: `${NODE_API_PREFIX}/config?${q.toString()}` });
      expect(res.statusCode).toBe(200);
      served.set(name, res.json<Record<string, unknown>>());
    }
  });
  afterAll(() => t.close());

  it.each(Object.keys(SHAPES))('%s', (name) => {
    const shape = SHAPES[name]!;
    const config = served.get(name)!;
    const protocol = (shape.input.protocol ?? 'vmess') as string;
    expect({
      xrayr: xrayrVerdict({ protocol, config }),
      v2bx: v2bxVerdict({ protocol, config }),
    }).toMatchObject({
      xrayr: { runs: shape.xrayr },
      v2bx: { runs: shape.v2bx },
    });
    // What the console tells operators beside the form says the same.
    const support = {
      protocol,
      network: shape.input.network,
      reality: shape.input.reality ?? null,
      ss_plugin: shape.input.ss_plugin ?? null,
    };
    expect({
      xrayr: agentCannotRun('xrayr', support) === null,
      v2bx: agentCannotRun('v2bx', support) === null,
    }).toEqual({ xrayr: shape.xrayr, v2bx: shape.v2bx });
  });

  it('the decoders fail what the agents fail (so a passing shape means something)', () => {
    // A string port: XrayR and V2bX both fail to decode the configuration.
    expect(goDecodeErrors({ server_port: '443' }, XRAYR_CONFIG)).toEqual(['$.server_port: not an int']);
    const reality = served.get('vless Reality + Vision')!;
    const numericPort = {
      ...reality,
      tls_settings: { ...(reality.tls_settings as object), server_port: 443 },
    };
    expect(xrayrVerdict({ protocol: 'vless', config: numericPort })).toMatchObject({ runs: false });
    expect(v2bxVerdict({ protocol: 'vless', config: numericPort })).toMatchObject({ runs: false });
    // A bare-number xver: V2bX fails; "none" as a flow; a missing base_config; a string route match.
    const xver = { ...reality, tls_settings: { ...(reality.tls_settings as object), xver: 1 } };
    expect(v2bxVerdict({ protocol: 'vless', config: xver })).toMatchObject({ runs: false });
    expect(xrayrVerdict({ protocol: 'vless', config: xver })).toMatchObject({ runs: true });
    expect(v2bxVerdict({ protocol: 'vless', config: { ...reality, flow: 'none' } })).toMatchObject({
      runs: false,
    });
    const { base_config: _dropped, ...noBase } = reality;
    expect(v2bxVerdict({ protocol: 'vless', config: noBase })).toMatchObject({ runs: false });
    // Hysteria2: a string bandwidth or a bare-number obfuscation type fails V2bX's decode.
    const hy2 = served.get('hysteria2 salamander, hints, hopping')!;
    expect(v2bxVerdict({ protocol: 'hysteria2', config: { ...hy2, up_mbps: '200' } })).toMatchObject({
      runs: false,
    });
    expect(v2bxVerdict({ protocol: 'hysteria2', config: { ...hy2, obfs: 1 } })).toMatchObject({
      runs: false,
    });
    expect(v2bxVerdict({ protocol: 'tuic', config: { ...hy2, zero_rtt_handshake: 'true' } })).toMatchObject({
      runs: false,
    });
    const stringMatch = {
      ...reality,
      routes: [{ id: 1, match: 'a.com,b.com', action: 'block', action_value: '' }],
    };
    expect(xrayrVerdict({ protocol: 'vless', config: stringMatch })).toMatchObject({ runs: false });
  });
});
