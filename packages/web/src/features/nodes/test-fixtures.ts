/** Shapes the node tests answer with (kept beside the tests, not exported from the feature). */
import type { NodeInfo, NodeStatusEntry, NodeSummary } from '@portal/contract';

export function node(overrides: Partial<NodeInfo> = {}): NodeInfo {
  return {
    id: 1,
    name: 'Hong Kong 01',
    location: 'Hong Kong, HK',
    region: 'asia',
    country: 'HK',
    protocol: 'vmess',
    transport: 'ws',
    tls: true,
    reality: false,
    server_address: 'hk1.example.net',
    port: 443,
    rate: 1,
    load: 42,
    cpu: 40,
    memory: 62,
    latency: 38,
    online_users: 7,
    last_heartbeat: new Date(Date.now() - 3 * 60_000).toISOString(),
    inbound_rule_id: 11,
    rule_name: 'vmess-443',
    status: 'online',
    created_at: '2026-01-05T08:00:00Z',
    ...overrides,
  };
}

export const NODE_LIST: NodeInfo[] = [
  node(),
  node({
    id: 2,
    name: 'Taiwan Taipei 01',
    location: 'Taipei, TW',
    country: 'TW',
    transport: 'tcp',
    tls: false,
    reality: false,
    port: 8443,
    rate: 1.5,
    load: null,
    cpu: null,
    memory: null,
    latency: null,
    online_users: 0,
    last_heartbeat: null,
    inbound_rule_id: 4,
    rule_name: 'vmess-8443',
    status: 'maintenance',
  }),
  node({
    id: 3,
    name: 'Germany Frankfurt 01',
    location: 'Frankfurt, DE',
    region: 'europe',
    country: 'DE',
    protocol: 'vless',
    load: null,
    cpu: null,
    memory: null,
    latency: null,
    online_users: 0,
    last_heartbeat: '2026-01-05T09:00:00Z',
    inbound_rule_id: 6,
    rule_name: 'vless-443',
    status: 'offline',
  }),
  node({
    id: 4,
    name: 'Middle East 01',
    location: 'Dubai, AE',
    region: 'middle_east',
    country: 'AE',
    protocol: 'trojan',
    transport: 'tcp',
    load: 91,
    latency: 120,
  }),
];

export const SUMMARY: NodeSummary = {
  total: 4,
  online: 2,
  offline: 1,
  maintenance: 1,
  average_load: 66.5,
  regions: [
    { region: 'asia', total: 2, online: 1 },
    { region: 'europe', total: 1, online: 0 },
    { region: 'middle_east', total: 1, online: 1 },
  ],
};

export function page(items: NodeInfo[], total = items.length, pageNo = 1, size = 20) {
  return { items, total, page: pageNo, size, pages: Math.max(1, Math.ceil(total / size)) };
}

export function statusOf(n: NodeInfo, overrides: Partial<NodeStatusEntry> = {}): NodeStatusEntry {
  return {
    id: n.id,
    status: n.status,
    load: n.load,
    latency: n.latency,
    last_heartbeat: n.last_heartbeat,
    ...overrides,
  };
}
