import { connect } from 'node:net';
import {
  NODES,
  type Locale,
  type NodeInfo,
  type NodeStatus,
  type NodeStatusEntry,
  type NodeSummary,
  type OnlineDevices,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import { isoAfter, nowIso } from '../../db/time.js';
import type { Database, NodeRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { toPage, type PageQuery } from '../../lib/paginate.js';
import { ownSubscription } from '../subscriptions/subscription-queries.js';
import { loadAgentSettings } from './agent-settings.js';
import { CatalogueVersion } from './catalogue-version.js';
import { nodeSettings } from './node-settings.js';
import { issueNodeToken } from './node-tokens.js';
import * as repo from './repository.js';

/**
 * What a customer sees is what is live: a node counts as online only while its agent keeps calling; one silent for
 * NODES.offlineAfterMs shows offline at once, before the job that records it has run.
 */
export function effectiveStatus(
  row: Pick<NodeRow, 'status' | 'last_heartbeat_at'>,
  cutoff = isoAfter(-NODES.offlineAfterMs),
): NodeStatus {
  if (row.status === 'maintenance') return 'maintenance';
  return row.status === 'online' && row.last_heartbeat_at !== null && row.last_heartbeat_at >= cutoff
    ? 'online'
    : 'offline';
}

/** A node's name and city in the caller's language (falling back to the stored ones). */
export function nodeText(
  row: Pick<NodeRow, 'name' | 'city' | 'translations'>,
  locale: Locale,
): { name: string; city: string | null } {
  try {
    const t = row.translations
      ? (JSON.parse(row.translations) as Record<string, { name?: string; city?: string } | undefined>)[locale]
      : undefined;
    return { name: t?.name || row.name, city: t?.city || row.city };
  } catch {
    return { name: row.name, city: row.city };
  }
}

export function toNodeInfo(row: NodeRow, locale: Locale, cutoff?: string): NodeInfo {
  const s = nodeSettings(row);
  const status = effectiveStatus(row, cutoff);
  const live = status === 'online';
  const { name, city } = nodeText(row, locale);
  return {
    id: row.id,
    name,
    location: city ? `${city}, ${row.country}` : row.country,
    region: row.region,
    country: row.country,
    protocol: row.protocol,
    transport: s.network,
    tls: s.tls,
    reality: s.reality !== null,
    server_address: row.host,
    port: row.port,
    rate: row.rate_percent / 100,
    // Figures from a node that stopped reporting are history, not its present state.
    load: live ? row.load_percent : null,
    cpu: live ? row.cpu_percent : null,
    memory: live ? row.mem_percent : null,
    latency: live ? row.latency_ms : null,
    online_users: live ? row.online_users : 0,
    last_heartbeat: row.last_heartbeat_at,
    inbound_rule_id: row.inbound_rule_id,
    rule_name: row.rule_name,
    status,
    created_at: row.created_at,
  };
}

/** What an operator gives for a new node (settings as an object; the rest as the table stores it). */
export type NewNode = Pick<
  NodeRow,
  | 'name'
  | 'region'
  | 'country'
  | 'city'
  | 'host'
  | 'port'
  | 'protocol'
  | 'rate_percent'
  | 'inbound_rule_id'
  | 'rule_name'
> & { settings: Record<string, unknown> };

export class NodeService {
  private readonly version: CatalogueVersion;

  constructor(private readonly db: Kysely<Database>) {
    this.version = new CatalogueVersion(db);
  }

  /** The nodes the customer's live subscriptions reach (every enabled one without a live subscription). */
  async list(
    q: PageQuery & { region?: string; type?: NodeRow['protocol']; status?: NodeStatus },
    locale: Locale,
    userId: number,
  ) {
    const cutoff = isoAfter(-NODES.offlineAfterMs);
    const { rows, total } = await repo.pageOfVisibleNodes(this.db, q, cutoff, userId);
    return toPage(
      rows.map((r) => toNodeInfo(r, locale, cutoff)),
      total,
      q,
    );
  }

  async get(id: number, locale: Locale, userId: number): Promise<NodeInfo> {
    const row = await repo.findVisibleNode(this.db, id, userId);
    if (!row) throw new AppError('NODE_NOT_FOUND');
    return toNodeInfo(row, locale);
  }

  async summary(): Promise<NodeSummary> {
    const cutoff = isoAfter(-NODES.offlineAfterMs);
    const rows = await repo.visibleStatusRows(this.db);
    const counts = { online: 0, offline: 0, maintenance: 0 };
    const regions = new Map<string, { region: string; total: number; online: number }>();
    const loads: number[] = [];
    for (const r of rows) {
      const status = effectiveStatus(r, cutoff);
      counts[status] += 1;
      const g = regions.get(r.region) ?? { region: r.region, total: 0, online: 0 };
      g.total += 1;
      if (status === 'online') {
        g.online += 1;
        if (r.load_percent !== null) loads.push(r.load_percent);
      }
      regions.set(r.region, g);
    }
    return {
      total: rows.length,
      ...counts,
      average_load:
        loads.length === 0 ? null : Math.round((loads.reduce((a, b) => a + b, 0) / loads.length) * 10) / 10,
      regions: [...regions.values()].sort((a, b) => b.total - a.total || a.region.localeCompare(b.region)),
    };
  }

  async statuses(): Promise<NodeStatusEntry[]> {
    const cutoff = isoAfter(-NODES.offlineAfterMs);
    return (await repo.visibleStatusRows(this.db)).map((r) => {
      const status = effectiveStatus(r, cutoff);
      return {
        id: r.id,
        status,
        load: status === 'online' ? r.load_percent : null,
        latency: status === 'online' ? r.latency_ms : null,
        last_heartbeat: r.last_heartbeat_at,
      };
    });
  }

  /**
   * The customer's own subscription's devices online now, counted as the agents' `alivelist` counts them (every node,
   * reports younger than the offline cutoff, at least the operators' minimum of traffic): one entry per address,
   * with the nodes it uses and when it was last reported. Another customer's subscription is "not found" (40301).
   */
  async devices(userId: number, subscriptionId: number, locale: Locale): Promise<OnlineDevices> {
    const sub = await ownSubscription(this.db, userId, subscriptionId);
    const { deviceMinTrafficKb } = await loadAgentSettings(this.db);
    const rows = await repo.subscriptionDevices(
      this.db,
      sub.id,
      isoAfter(-NODES.offlineAfterMs),
      deviceMinTrafficKb * 1024,
    );
    const byAddress = new Map<string, { nodes: Map<number, string>; last_seen: string }>();
    for (const r of rows) {
      const d = byAddress.get(r.ip) ?? { nodes: new Map<number, string>(), last_seen: r.reported_at };
      d.nodes.set(r.node_id, nodeText(r, locale).name);
      if (r.reported_at > d.last_seen) d.last_seen = r.reported_at;
      byAddress.set(r.ip, d);
    }
    const items = [...byAddress.entries()]
      .map(([address, d]) => ({
        address,
        nodes: [...d.nodes.values()].sort((a, b) => a.localeCompare(b)),
        last_seen: d.last_seen,
      }))
      .sort((a, b) => b.last_seen.localeCompare(a.last_seen) || a.address.localeCompare(b.address));
    return {
      subscription_id: sub.id,
      device_limit: sub.device_limit,
      online: items.length,
      min_traffic_kb: deviceMinTrafficKb,
      items,
    };
  }

  /** How many devices each of these subscriptions has online now, counted as `devices` counts them. */
  async onlineDeviceCounts(subscriptionIds: number[]): Promise<Map<number, number>> {
    if (subscriptionIds.length === 0) return new Map();
    const { deviceMinTrafficKb } = await loadAgentSettings(this.db);
    const rows = await repo.deviceCounts(
      this.db,
      subscriptionIds,
      isoAfter(-NODES.offlineAfterMs),
      deviceMinTrafficKb * 1024,
    );
    return new Map(rows.map((r) => [r.subscription_id, Number(r.n)]));
  }

  /** The nodes a subscription link of this package lists (enabled, reached, not offline), in display order. */
  deliverable(packageId: number) {
    return repo.deliverableNodes(this.db, packageId);
  }

  /** Changes whenever what `deliverable` answers may have changed (`catalogue-version.ts`); cheap to call. */
  catalogueVersion(): string | Promise<string> {
    return this.version.current();
  }

  /** Records what the reads already show: silent nodes go offline, and their online devices are forgotten. */
  async markSilentOffline(): Promise<number> {
    const cutoff = isoAfter(-NODES.offlineAfterMs);
    return repo.markSilentOffline(this.db, cutoff);
  }

  /**
   * Latency as the portal sees it: the time a TCP connection to each live node's port takes (null when it cannot be
   * reached within the timeout). Demo nodes are left alone; their hosts do not exist.
   */
  async probeLatency(timeoutMs = 3000, parallel = 16): Promise<number> {
    const cutoff = isoAfter(-NODES.offlineAfterMs);
    const rows = (await repo.nodesWithStatus(this.db, 'online')).filter(
      (r) => effectiveStatus(r, cutoff) === 'online' && nodeSettings(r).demo === null,
    );
    let next = 0;
    const worker = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        const ms = await tcpConnectMs(row.host, row.port, timeoutMs);
        await repo.setLatency(this.db, row.id, ms);
      }
    };
    await Promise.all(Array.from({ length: Math.min(parallel, rows.length) }, worker));
    return rows.length;
  }

  /**
   * The demo catalogue's stand-in for real agents (only with SEED_DEMO): keeps its "online" nodes reporting, with
   * load that drifts a little, so a fresh `npm start` shows a live node centre. Real nodes are never touched.
   */
  // ---- operators (the CLI) ----

  /** Every node with its live status and whether its agent has a token. */
  async all(): Promise<(NodeRow & { effective_status: NodeStatus })[]> {
    const rows = await repo.allNodes(this.db);
    return rows.map((r) => ({ ...r, effective_status: effectiveStatus(r) }));
  }

  /** Adds a node (online once its agent first calls); its id. */
  add(node: NewNode): Promise<number> {
    const now = nowIso();
    return repo.insertNode(this.db, {
      ...node,
      settings: JSON.stringify(node.settings),
      load_percent: null,
      cpu_percent: null,
      mem_percent: null,
      latency_ms: null,
      last_heartbeat_at: null,
      created_at: now,
      updated_at: now,
    });
  }

  /** A new token for the node's agent (shown once; the old one stops working); null when there is no such node. */
  async issueToken(id: number): Promise<{ token: string; protocol: NodeRow['protocol'] } | null> {
    const node = await repo.findNode(this.db, id);
    if (!node) return null;
    return { token: await issueNodeToken(this.db, id), protocol: node.protocol };
  }

  async demoHeartbeat(): Promise<void> {
    const rows = await repo.nodesNotInMaintenance(this.db);
    const now = nowIso();
    for (const row of rows) {
      if (nodeSettings(row).demo !== 'online') continue;
      const drift = (v: number | null, base: number) =>
        Math.max(3, Math.min(95, Math.round((v ?? base) + (Math.random() - 0.5) * 8)));
      const load = drift(row.load_percent, 30);
      await repo.demoReport(this.db, row.id, {
        at: now,
        load,
        mem: drift(row.mem_percent, 50),
        latency: row.latency_ms,
      });
    }
  }
}

/** Milliseconds to open (and at once close) a TCP connection, or null when it fails or takes longer than the timeout. */
export function tcpConnectMs(host: string, port: number, timeoutMs: number): Promise<number | null> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect({ host, port });
    const done = (value: number | null) => {
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(timeoutMs, () => done(null));
    socket.once('connect', () => done(Math.max(1, Math.round(performance.now() - started))));
    socket.once('error', () => done(null));
  });
}
