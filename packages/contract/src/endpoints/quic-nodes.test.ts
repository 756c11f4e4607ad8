import { describe, expect, it } from 'vitest';
import { hysteria2Input, nodeInput, parseHopPorts, tuicInput } from './admin-nodes.js';

const base = {
  name: 'QUIC',
  region: 'Asia',
  country: 'JP',
  host: 'quic.example.net',
  port: 443,
  network: 'quic',
  tls: true,
  sni: 'quic.example.net',
} as const;

/** The fields a failed parse names ("hysteria2.hop_ports"). */
const failing = (input: unknown) => {
  const r = nodeInput.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
};

describe('Hysteria2 and TUIC v5 settings', () => {
  it('reads port hopping as ports and ascending ranges within 1-65535, at most 8', () => {
    expect(parseHopPorts('20000-30000')).toEqual([[20000, 30000]]);
    expect(parseHopPorts('443,20000-30000')).toEqual([
      [443, 443],
      [20000, 30000],
    ]);
    expect(parseHopPorts('1, 65535')).toEqual([
      [1, 1],
      [65535, 65535],
    ]);
    for (const bad of [
      '',
      '0',
      '65536',
      '30000-20000',
      '443-443',
      '443,',
      'a-b',
      '1-2-3',
      '443;8443',
      '20000:30000',
    ])
      expect(parseHopPorts(bad), bad).toBeNull();
    expect(parseHopPorts(Array.from({ length: 8 }, (_, i) => String(i + 1)).join(','))).toHaveLength(8);
    expect(parseHopPorts(Array.from({ length: 9 }, (_, i) => String(i + 1)).join(','))).toBeNull();
  });

  it('fills the defaults: no obfuscation, bandwidth left to the client; TUIC cubic, native UDP, h3', () => {
    expect(hysteria2Input.parse({})).toEqual({
      obfs: 'none',
      up_mbps: 0,
      down_mbps: 0,
      ignore_client_bandwidth: false,
      allow_insecure: false,
    });
    expect(tuicInput.parse({})).toEqual({
      congestion_control: 'cubic',
      zero_rtt_handshake: false,
      udp_relay_mode: 'native',
      alpn: ['h3'],
      allow_insecure: false,
    });
    // Absent settings are fine on a node (the server applies the defaults).
    expect(failing({ ...base, protocol: 'hysteria2' })).toEqual([]);
    expect(failing({ ...base, protocol: 'tuic' })).toEqual([]);
  });

  it('takes full settings', () => {
    expect(
      failing({
        ...base,
        protocol: 'hysteria2',
        hysteria2: {
          obfs: 'salamander',
          obfs_password: 'Secret-1234!',
          up_mbps: 100_000,
          down_mbps: 0,
          hop_ports: '443,20000-30000',
          allow_insecure: true,
        },
      }),
    ).toEqual([]);
    expect(
      failing({
        ...base,
        protocol: 'tuic',
        tuic: {
          congestion_control: 'new_reno',
          zero_rtt_handshake: true,
          udp_relay_mode: 'quic',
          alpn: ['h3', 'h3-29', 'spdy/3.1', 'http/1.1'],
        },
      }),
    ).toEqual([]);
  });

  it('refuses each rule that does not hold, naming the field', () => {
    const hy = (h: unknown, over: object = {}) =>
      failing({ ...base, protocol: 'hysteria2', hysteria2: h, ...over });
    const tu = (t: unknown, over: object = {}) => failing({ ...base, protocol: 'tuic', tuic: t, ...over });
    // The protocol's transport and TLS.
    expect(hy({}, { network: 'tcp' })).toContain('network');
    expect(tu({}, { network: 'ws' })).toContain('network');
    expect(hy({}, { tls: false, sni: null })).toContain('tls');
    expect(tu({}, { tls: false, sni: null })).toContain('tls');
    expect(failing({ ...base, protocol: 'vmess' })).toContain('network');
    // Each protocol's settings only on it.
    expect(hy({}, { tuic: {} })).toContain('tuic');
    expect(tu({}, { hysteria2: {} })).toContain('hysteria2');
    expect(failing({ ...base, protocol: 'vless', network: 'tcp', hysteria2: {} })).toContain('hysteria2');
    // Hysteria2.
    expect(hy({ obfs: 'gecko' })).toContain('hysteria2.obfs');
    expect(hy({ obfs: 'none', obfs_password: 'abcdefgh' })).toContain('hysteria2.obfs_password');
    expect(hy({ obfs: 'salamander', obfs_password: 'short' })).toContain('hysteria2.obfs_password');
    expect(hy({ obfs: 'salamander', obfs_password: 'x'.repeat(129) })).toContain('hysteria2.obfs_password');
    expect(hy({ obfs: 'salamander', obfs_password: 'with space' })).toContain('hysteria2.obfs_password');
    expect(hy({ up_mbps: -1 })).toContain('hysteria2.up_mbps');
    expect(hy({ down_mbps: 100_001 })).toContain('hysteria2.down_mbps');
    expect(hy({ up_mbps: 2.5 })).toContain('hysteria2.up_mbps');
    expect(hy({ ignore_client_bandwidth: true, up_mbps: 10 })).toContain('hysteria2.ignore_client_bandwidth');
    expect(hy({ ignore_client_bandwidth: true })).toEqual([]);
    expect(hy({ hop_ports: '30000-20000' })).toContain('hysteria2.hop_ports');
    expect(hy({ hop_ports: '1'.repeat(101) })).toContain('hysteria2.hop_ports');
    expect(hy({ unknown: 1 })).toEqual(['hysteria2']);
    // TUIC.
    expect(tu({ congestion_control: 'reno' })).toContain('tuic.congestion_control');
    expect(tu({ udp_relay_mode: 'stream' })).toContain('tuic.udp_relay_mode');
    expect(tu({ zero_rtt_handshake: 'yes' })).toContain('tuic.zero_rtt_handshake');
    expect(tu({ alpn: [] })).toContain('tuic.alpn');
    expect(tu({ alpn: ['h3', 'h3', 'h3', 'h3', 'h3'] })).toContain('tuic.alpn');
    expect(tu({ alpn: ['h3,h2'] })).toContain('tuic.alpn.0');
    expect(tu({ alpn: ['x'.repeat(33)] })).toContain('tuic.alpn.0');
    // What the V2Ray protocols have is not theirs.
    expect(hy({}, { reality: { dest: 'www.example.org' } })).toContain('reality');
    expect(hy({}, { flow: 'xtls-rprx-vision' })).toContain('flow');
    expect(hy({}, { cipher: 'aes-128-gcm' })).toContain('cipher');
    expect(tu({}, { path: '/x' })).toContain('path');
    expect(tu({}, { service_name: 'grpc' })).toContain('service_name');
  });
});
