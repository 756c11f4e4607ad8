import { connect } from 'node:net';
import {
  NODES,
  type NodeInfo,
  type NodeStatus,
  type NodeStatusEntry,
  type NodeSummary,
} from '@portal/contract';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { isoAfter, nowIso } from '../../db/time.js';
import type { Database, NodeRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { fetchPage, toPage, type PageQuery } from '../../lib/paginate.js';
import { nodeSettings } from './node-settings.js';

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

function statusFilter(
  eb: ExpressionBuilder<Database, 'nodes'>,
  status: NodeStatus,
  cutoff: string,
): Expression<SqlBool> {
  const live = eb.and([eb('status', '=', 'online'), eb('last_heartbeat_at', '>=', cutoff)]);
  if (status === 'maintenance') return eb('status', '=', 'maintenance');
  if (status === 'online') return live;
  return eb.and([eb('status', '!=', 'maintenance'), eb.not(live)]);
}

export function toNodeInfo(row: NodeRow, cutoff?: string): NodeInfo {
  const s = nodeSettings(row);
  const status = effectiveStatus(row, cutoff);
  const live = status === 'online';
  return {
    id: row.id,
    name: row.name,
    location: row.city ? `${row.city}, ${row.country}` : row.country,
    region: row.region,
    country: row.country,
    protocol: row.protocol,
    transport: s.network,
    tls: s.tls,
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

export class NodeService {
  constructor(private readonly db: Kysely<Database>) {}

  async list(q: PageQuery & { region?: string; type?: NodeRow['protocol']; status?: NodeStatus }) {
    const cutoff = isoAfter(-NODES.offlineAfterMs);
    let base = this.db.selectFrom('nodes').where('is_visible', '=', 1);
    if (q.region) base = base.where('region', '=', q.region);
    if (q.type) base = base.where('protocol', '=', q.type);
    if (q.status) {
      const status = q.status;
      base = base.where((eb) => statusFilter(eb, status, cutoff));
    }
    const { rows, total } = await fetchPage(base, q, (qb) =>
      qb.selectAll().orderBy('sort_order').orderBy('id').execute(),
    );
    return toPage(
      rows.map((r) => toNodeInfo(r, cutoff)),
      total,
      q,
    );
  }

  async get(id: number): Promise<NodeInfo> {
    const row = await this.db
      .selectFrom('nodes')
      .selectAll()
      .where('id', '=', id)
      .where('is_visible', '=', 1)
      .executeTakeFirst();
    if (!row) throw new AppError('NODE_NOT_FOUND');
    return toNodeInfo(row);
  }

  private visibleStatusRows() {
    return this.db
      .selectFrom('nodes')
      .select(['id', 'region', 'status', 'last_heartbeat_at', 'load_percent', 'latency_ms'])
      .where('is_visible', '=', 1)
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
  }

  async summary(): Promise<NodeSummary> {
    const cutoff = isoAfter(-NODES.offlineAfterMs);
    const rows = await this.visibleStatusRows();
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
    return (await this.visibleStatusRows()).map((r) => {
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

  /** Records what the reads already show: silent nodes go offline, and their online devices are forgotten. */
  async markSilentOffline(): Promise<number> {
    const cutoff = isoAfter(-NODES.offlineAfterMs);
    const result = await this.db
      .updateTable('nodes')
      .set({ status: 'offline', online_users: 0, updated_at: nowIso() })
      .where('status', '=', 'online')
      .where((eb) => eb.or([eb('last_heartbeat_at', 'is', null), eb('last_heartbeat_at', '<', cutoff)]))
      .executeTakeFirst();
    await this.db.deleteFrom('node_online_ips').where('reported_at', '<', cutoff).execute();
    return Number(result.numUpdatedRows);
  }

  /**
   * Latency as the portal sees it: the time a TCP connection to each live node's port takes (null when it cannot be
   * reached within the timeout). Demo nodes are left alone; their hosts do not exist.
   */
  async probeLatency(timeoutMs = 3000, parallel = 16): Promise<number> {
    const cutoff = isoAfter(-NODES.offlineAfterMs);
    const rows = (
      await this.db.selectFrom('nodes').selectAll().where('status', '=', 'online').execute()
    ).filter((r) => effectiveStatus(r, cutoff) === 'online' && nodeSettings(r).demo === null);
    let next = 0;
    const worker = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        const ms = await tcpConnectMs(row.host, row.port, timeoutMs);
        await this.db.updateTable('nodes').set({ latency_ms: ms }).where('id', '=', row.id).execute();
      }
    };
    await Promise.all(Array.from({ length: Math.min(parallel, rows.length) }, worker));
    return rows.length;
  }

  /**
   * The demo catalogue's stand-in for real agents (only with SEED_DEMO): keeps its "online" nodes reporting, with
   * load that drifts a little, so a fresh `npm start` shows a live node centre. Real nodes are never touched.
   */
  async demoHeartbeat(): Promise<void> {
    const rows = await this.db.selectFrom('nodes').selectAll().where('status', '!=', 'maintenance').execute();
    const now = nowIso();
    for (const row of rows) {
      if (nodeSettings(row).demo !== 'online') continue;
      const drift = (v: number | null, base: number) =>
        Math.max(3, Math.min(95, Math.round((v ?? base) + (Math.random() - 0.5) * 8)));
      const load = drift(row.load_percent, 30);
      await this.db
        .updateTable('nodes')
        .set({
          status: 'online',
          last_heartbeat_at: now,
          load_percent: load,
          cpu_percent: load,
          mem_percent: drift(row.mem_percent, 50),
          latency_ms: row.latency_ms,
        })
        .where('id', '=', row.id)
        .execute();
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
