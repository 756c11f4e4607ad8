import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminNode } from '@portal/contract/admin';
import { installFakeFetch, ok } from '../../test/fake-fetch';
import { renderRoutes } from '../../test/render';
import { adminPath, setupAdminPageTests } from '../test-setup';
import { NodeFormDrawer } from './node-form';
import { protocolLabel } from './nodes-page';

const path = adminPath;

const REALITY_NODE: AdminNode = {
  id: 5,
  name: 'Reality',
  region: 'Asia',
  country: 'JP',
  city: null,
  host: 'jp.example.net',
  port: 443,
  protocol: 'vless',
  network: 'tcp',
  tcp_header: 'none',
  path: null,
  ws_host: null,
  service_name: null,
  xhttp_mode: 'auto',
  flow: 'xtls-rprx-vision',
  reality: {
    dest: 'www.example.org',
    dest_port: 443,
    public_key: 'kCBKFWBYcvKvGrndVRB-kBFyi5Z8fgVyMxjUynPhgEI',
    short_ids: ['0123456789abcdef'],
    xver: 0,
    fingerprint: 'chrome',
  },
  tls: true,
  sni: 'www.example.org',
  hysteria2: null,
  tuic: null,
  cipher: null,
  ss_plugin: null,
  rate_percent: 100,
  sort_order: 0,
  inbound_rule_id: null,
  rule_name: null,
  translations: {},
  enabled: true,
  maintenance: false,
  status: 'online',
  load: null,
  cpu: null,
  memory: null,
  disk: null,
  latency: null,
  online_users: 0,
  last_heartbeat: null,
  has_token: true,
  group_ids: [],
  created_at: '2026-11-24T00:00:00.000Z',
  updated_at: '2026-11-24T00:00:00.000Z',
};

setupAdminPageTests();

describe('node form', () => {
  it('keeps a Reality node Reality on save: its settings sent, the private key left to the server', async () => {
    const { calls } = installFakeFetch((call) => ok(call.method === 'PUT' ? REALITY_NODE : null));
    renderRoutes(
      [
        {
          path: '/nodes',
          element: <NodeFormDrawer node={REALITY_NODE} opened groups={[]} onClose={() => {}} />,
        },
      ],
      '/nodes',
    );
    expect((await screen.findByTestId('node-reality-public-key')).getAttribute('value')).toBe(
      REALITY_NODE.reality!.public_key,
    );
    fireEvent.click(screen.getByTestId('node-form-submit'));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(path(put)).toBe('/nodes/5');
    expect(put.body).toMatchObject({
      protocol: 'vless',
      network: 'tcp',
      tls: true,
      sni: 'www.example.org',
      flow: 'xtls-rprx-vision',
      reality: {
        dest: 'www.example.org',
        dest_port: 443,
        private_key: null,
        short_ids: ['0123456789abcdef'],
        xver: 0,
        fingerprint: 'chrome',
      },
    });
  });

  it('offers each protocol its own transports; a transport the new protocol lacks falls back to TCP', async () => {
    installFakeFetch(() => ok(null));
    renderRoutes(
      [{ path: '/nodes', element: <NodeFormDrawer node={null} opened groups={[]} onClose={() => {}} /> }],
      '/nodes',
    );
    const protocol = (await screen.findByTestId('node-field-protocol')) as HTMLSelectElement;
    const network = () => screen.getByTestId('node-field-network') as HTMLSelectElement;
    const options = () => [...network().options].map((o) => o.value);
    fireEvent.change(protocol, { target: { value: 'vless' } });
    expect(options()).toEqual(['tcp', 'ws', 'grpc', 'httpupgrade', 'xhttp', 'h2']);
    const runs = () =>
      Object.fromEntries(
        [...screen.getByTestId('node-agent-support').querySelectorAll('[data-agent]')].map((e) => [
          e.getAttribute('data-agent'),
          e.getAttribute('data-runs'),
        ]),
      );
    expect(runs()).toEqual({ xrayr: 'true', v2bx: 'true' });
    fireEvent.change(network(), { target: { value: 'xhttp' } });
    expect(screen.getByTestId('node-field-xhttp_mode')).toBeTruthy();
    // The operator learns before saving that XrayR cannot run it.
    expect(runs()).toEqual({ xrayr: 'false', v2bx: 'true' });
    expect(screen.getByTestId('node-agent-support').textContent).toContain('XrayR: has no XHTTP');
    fireEvent.change(protocol, { target: { value: 'trojan' } });
    expect(options()).toEqual(['tcp', 'ws', 'grpc']);
    expect(network().value).toBe('tcp');
  });

  it('edits a Shadowsocks plugin: its fields sent, a note on what runs it, refused with a 2022 cipher', async () => {
    const SS_NODE: AdminNode = {
      ...REALITY_NODE,
      id: 7,
      name: 'SS',
      protocol: 'shadowsocks',
      flow: '',
      reality: null,
      tls: false,
      sni: null,
      cipher: 'aes-256-gcm',
      ss_plugin: { type: 'v2ray-plugin', mode: 'websocket', tls: true, host: 'ss.example.net', path: '/ws' },
    };
    const { calls } = installFakeFetch((call) => ok(call.method === 'PUT' ? SS_NODE : null));
    renderRoutes(
      [{ path: '/nodes', element: <NodeFormDrawer node={SS_NODE} opened groups={[]} onClose={() => {}} /> }],
      '/nodes',
    );
    const pluginType = (await screen.findByTestId('node-field-ss_plugin')) as HTMLSelectElement;
    expect(pluginType.value).toBe('v2ray-plugin');
    expect(screen.getByTestId('node-ss-plugin-note').textContent).toContain('v2ray-plugin');
    fireEvent.change(screen.getByTestId('node-field-ss_plugin-path'), { target: { value: '/ss' } });
    fireEvent.click(screen.getByTestId('node-form-submit'));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      protocol: 'shadowsocks',
      cipher: 'aes-256-gcm',
      ss_plugin: { type: 'v2ray-plugin', mode: 'websocket', tls: true, host: 'ss.example.net', path: '/ss' },
    });

    // simple-obfs over HTTP: XrayR runs it, and the note says so.
    fireEvent.change(pluginType, { target: { value: 'obfs' } });
    expect((screen.getByTestId('node-field-ss_plugin-mode') as HTMLSelectElement).value).toBe('http');
    expect(screen.getByTestId('node-ss-plugin-note').textContent).toContain('XrayR');
    expect(screen.queryByTestId('node-field-ss_plugin-path')).toBeNull();

    // A 2022 cipher with a plugin: refused on the plugin field before anything is sent.
    const puts = calls.filter((c) => c.method === 'PUT').length;
    fireEvent.change(screen.getByTestId('node-field-cipher'), {
      target: { value: '2022-blake3-aes-128-gcm' },
    });
    fireEvent.click(screen.getByTestId('node-form-submit'));
    await vi.waitFor(() => expect(pluginType.getAttribute('aria-invalid')).toBe('true'));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(puts);
  });

  it('makes a Hysteria2 node: QUIC with TLS, only its own fields, a bad port range named beside its field', async () => {
    const { calls } = installFakeFetch((call) =>
      ok(call.method === 'POST' ? { ...REALITY_NODE, id: 9 } : null),
    );
    renderRoutes(
      [{ path: '/nodes', element: <NodeFormDrawer node={null} opened groups={[]} onClose={() => {}} /> }],
      '/nodes',
    );
    const type = (id: string, value: string) =>
      fireEvent.change(screen.getByTestId(`node-field-${id}`), { target: { value } });
    fireEvent.change(await screen.findByTestId('node-field-protocol'), { target: { value: 'hysteria2' } });
    // No V2Ray transport, TLS or Reality switch: the QUIC fields instead.
    expect(screen.queryByTestId('node-field-network')).toBeNull();
    expect(screen.queryByTestId('node-field-tls')).toBeNull();
    expect(screen.getByTestId('node-quic')).toBeTruthy();
    expect(screen.queryByTestId('node-field-tuic_congestion_control')).toBeNull();
    expect(screen.queryByTestId('node-field-hy2_obfs_password')).toBeNull();
    for (const [id, value] of [
      ['name', 'HY2 Tokyo'],
      ['region', 'Asia'],
      ['country', 'JP'],
      ['host', 'hy2.example.net'],
      ['sni', 'hy2.example.net'],
      ['hy2_obfs', 'salamander'],
      ['hy2_down_mbps', '200'],
      ['hy2_hop_ports', '30000-20000'],
    ] as const)
      type(id, value);
    fireEvent.click(screen.getByTestId('node-form-submit'));
    // A descending range is refused before anything is sent, beside its own field.
    await vi.waitFor(() =>
      expect(screen.getByTestId('node-field-hy2_hop_ports').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByTestId('node-field-hy2_down_mbps').getAttribute('aria-invalid')).not.toBe('true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    type('hy2_hop_ports', '443,20000-30000');
    fireEvent.click(screen.getByTestId('node-form-submit'));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(path(post)).toBe('/nodes');
    expect(post.body).toMatchObject({
      protocol: 'hysteria2',
      network: 'quic',
      tls: true,
      sni: 'hy2.example.net',
      reality: null,
      flow: '',
      tuic: null,
      hysteria2: {
        obfs: 'salamander',
        // Left empty: the server makes one.
        obfs_password: null,
        up_mbps: 0,
        down_mbps: 200,
        ignore_client_bandwidth: false,
        hop_ports: '443,20000-30000',
        allow_insecure: false,
      },
    });
  });

  it("edits a TUIC node with its own settings; switching to VMess falls back to TCP and drops TUIC's", async () => {
    const tuicNode: AdminNode = {
      ...REALITY_NODE,
      id: 11,
      protocol: 'tuic',
      network: 'quic',
      flow: '',
      reality: null,
      sni: 'tuic.example.net',
      tuic: {
        congestion_control: 'bbr',
        zero_rtt_handshake: false,
        udp_relay_mode: 'quic',
        alpn: ['h3'],
        allow_insecure: true,
      },
    };
    const { calls } = installFakeFetch((call) => ok(call.method === 'PUT' ? tuicNode : null));
    renderRoutes(
      [{ path: '/nodes', element: <NodeFormDrawer node={tuicNode} opened groups={[]} onClose={() => {}} /> }],
      '/nodes',
    );
    const cc = (await screen.findByTestId('node-field-tuic_congestion_control')) as HTMLSelectElement;
    expect(cc.value).toBe('bbr');
    expect((screen.getByTestId('node-field-quic_allow_insecure') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId('node-field-hy2_obfs')).toBeNull();
    fireEvent.change(screen.getByTestId('node-field-tuic_alpn'), { target: { value: 'h3, h3-29' } });
    fireEvent.click(screen.getByTestId('node-field-tuic_zero_rtt_handshake'));
    fireEvent.click(screen.getByTestId('node-form-submit'));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      protocol: 'tuic',
      network: 'quic',
      tls: true,
      hysteria2: null,
      tuic: {
        congestion_control: 'bbr',
        zero_rtt_handshake: true,
        udp_relay_mode: 'quic',
        alpn: ['h3', 'h3-29'],
        allow_insecure: true,
      },
    });
    fireEvent.change(screen.getByTestId('node-field-protocol'), { target: { value: 'vmess' } });
    expect((screen.getByTestId('node-field-network') as HTMLSelectElement).value).toBe('tcp');
    expect(screen.queryByTestId('node-quic')).toBeNull();
  });

  it('labels nodes in the list by protocol, transport and security; QUIC carries TLS so says no more', () => {
    expect(protocolLabel({ protocol: 'hysteria2', network: 'quic', tls: true, reality: null })).toBe(
      'hysteria2 · quic',
    );
    expect(protocolLabel({ protocol: 'tuic', network: 'quic', tls: true, reality: null })).toBe(
      'tuic · quic',
    );
    expect(protocolLabel({ protocol: 'trojan', network: 'ws', tls: true, reality: null })).toBe(
      'trojan · ws · TLS',
    );
  });
});
