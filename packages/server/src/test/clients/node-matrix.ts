import { PROTOCOL_TRANSPORTS } from '@portal/contract/admin';
import type { ClientNode } from '../../modules/delivery/formats.js';

/**
 * Every node shape delivery can send, as client nodes (the shared fixture of the client-format tests): every
 * protocol on every transport it takes, with and without TLS, Reality, Vision, Shadowsocks (2022 and plugins),
 * Hysteria2 and TUIC, named as a real catalogue is.
 */

export const UUID = '0f7c3e9a-2b1d-4c5e-8f6a-7b8c9d0e1f2a';
export const PBK = 'Gq3Xr1c0mXQ5wF5t3xMZq8zJb1dQm0S4pQF8yq2m1Fk';

/** Names a real catalogue has: CJK, emoji, and the characters that break a URI when not encoded. */
export const NAMES = ['香港 01 🇭🇰', 'Tokyo #2 & friends', '100% tested/ok?', 'Zürich+Genève'];

export function base(over: Partial<ClientNode>): ClientNode {
  return {
    name: 'node',
    protocol: 'vmess',
    host: 'edge.example.com',
    port: 443,
    secret: UUID,
    network: 'tcp',
    tcpHeader: 'none',
    path: null,
    wsHost: null,
    serviceName: null,
    xhttpMode: 'auto',
    tls: false,
    sni: null,
    flow: '',
    reality: null,
    cipher: 'aes-256-gcm',
    ssPlugin: null,
    ...over,
  };
}

/** The matrix: every protocol on every transport it takes, with and without TLS, plus Reality, Vision and SS. */
export function matrix(): ClientNode[] {
  const out: ClientNode[] = [];
  let i = 0;
  const name = () => `${NAMES[i % NAMES.length]} ${++i}`;
  for (const protocol of ['vmess', 'vless', 'trojan'] as const) {
    for (const network of PROTOCOL_TRANSPORTS[protocol]) {
      for (const tls of protocol === 'trojan' || network === 'h2' ? [true] : [false, true]) {
        const path = ['ws', 'httpupgrade', 'xhttp', 'h2'].includes(network) ? '/p?a=b&c=d e' : null;
        out.push(
          base({
            name: name(),
            protocol,
            network,
            tls,
            sni: tls ? 'cdn.example.com' : null,
            path,
            wsHost: path ? 'front.example.com' : null,
            serviceName: network === 'grpc' ? 'grpc.Tunnel' : null,
            xhttpMode: network === 'xhttp' ? 'packet-up' : 'auto',
            secret: protocol === 'trojan' ? 'p@ss:w/rd#?&=' : UUID,
          }),
        );
      }
    }
    // TCP dressed as HTTP
    out.push(
      base({ name: name(), protocol, tcpHeader: 'http', path: '/index.html', wsHost: 'a.example.com' }),
    );
  }
  // VLESS Reality with Vision, on TCP and on gRPC
  out.push(
    base({
      name: name(),
      protocol: 'vless',
      tls: true,
      sni: 'www.microsoft.com',
      flow: 'xtls-rprx-vision',
      reality: { publicKey: PBK, shortId: '6ba85179e30d4fc2', fingerprint: 'chrome' },
    }),
    base({
      name: name(),
      protocol: 'vless',
      network: 'grpc',
      serviceName: 'svc',
      tls: true,
      sni: 'www.apple.com',
      reality: { publicKey: PBK, shortId: '', fingerprint: 'safari' },
    }),
    base({ name: name(), protocol: 'vless', host: '2001:db8::7', tls: true, sni: 'v6.example.com' }),
  );
  // Shadowsocks: classic AEAD (password = UUID) and 2022 (serverKey:userKey)
  for (const cipher of ['chacha20-ietf-poly1305', 'aes-128-gcm', 'aes-256-gcm'])
    out.push(base({ name: name(), protocol: 'shadowsocks', cipher }));
  out.push(
    base({
      name: name(),
      protocol: 'shadowsocks',
      cipher: '2022-blake3-aes-128-gcm',
      secret: 'MDEyMzQ1Njc4OWFiY2RlZg==:MGY3YzNlOWEtMmIxZC00Yw==',
    }),
    base({
      name: name(),
      protocol: 'shadowsocks',
      cipher: '2022-blake3-aes-256-gcm',
      host: '2001:db8::8',
      secret: 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=:MGY3YzNlOWEtMmIxZC00YzVlLThmNmEtN2I4Yzk=',
    }),
  );
  // Shadowsocks plugins (SIP003): simple-obfs and v2ray-plugin, with and without TLS.
  for (const ssPlugin of [
    { type: 'obfs', mode: 'http', host: 'www.bing.com' },
    { type: 'obfs', mode: 'tls', host: null },
    { type: 'v2ray-plugin', mode: 'websocket', tls: false, host: 'cdn.example.com', path: '/ss-ws' },
    { type: 'v2ray-plugin', mode: 'websocket', tls: true, host: 'edge.example.com', path: null },
  ] as const)
    out.push(base({ name: name(), protocol: 'shadowsocks', cipher: 'aes-128-gcm', ssPlugin }));
  // Hysteria2 (salamander, bandwidth, port hopping, an unverified certificate; and bare) and TUIC v5.
  const quic = { network: 'quic' as const, tls: true, sni: 'quic.example.com', port: 8443 };
  out.push(
    base({
      ...quic,
      name: name(),
      protocol: 'hysteria2',
      hysteria2: {
        obfsPassword: 'p@ss:w/rd#?&=',
        upMbps: 30,
        downMbps: 200,
        hopPorts: '443,20000-30000',
        allowInsecure: true,
      },
    }),
    base({
      ...quic,
      name: name(),
      protocol: 'hysteria2',
      host: '2001:db8::9',
      sni: null,
      hysteria2: { obfsPassword: null, upMbps: 0, downMbps: 0, hopPorts: null, allowInsecure: false },
    }),
    base({
      ...quic,
      name: name(),
      protocol: 'tuic',
      tuic: {
        congestionControl: 'bbr',
        udpRelayMode: 'quic',
        zeroRttHandshake: true,
        alpn: ['h3', 'h3-29'],
        allowInsecure: true,
      },
    }),
    base({
      ...quic,
      name: name(),
      protocol: 'tuic',
      tuic: {
        congestionControl: 'cubic',
        udpRelayMode: 'native',
        zeroRttHandshake: false,
        alpn: ['h3'],
        allowInsecure: false,
      },
    }),
  );
  return out;
}
