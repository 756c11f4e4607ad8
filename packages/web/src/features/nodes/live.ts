/** Live statuses (GET /nodes/status) laid over what the list, the details and the summary loaded earlier. */
import type { NodeInfo, NodeStatusEntry, NodeSummary } from '@portal/contract';

/** A node with its live status: figures of a node that is not online are not shown as current. */
export function withStatus(node: NodeInfo, entry: NodeStatusEntry | undefined): NodeInfo {
  if (!entry) return node;
  const online = entry.status === 'online';
  return {
    ...node,
    status: entry.status,
    load: online ? entry.load : null,
    latency: online ? entry.latency : null,
    cpu: online ? node.cpu : null,
    memory: online ? node.memory : null,
    online_users: online ? node.online_users : 0,
    last_heartbeat: entry.last_heartbeat,
  };
}

export function statusMap(entries: readonly NodeStatusEntry[]): Map<number, NodeStatusEntry> {
  return new Map(entries.map((entry) => [entry.id, entry]));
}

type Counts = Pick<NodeSummary, 'total' | 'online' | 'offline' | 'maintenance' | 'average_load'>;

/** The summary's counts and average load as the server computes them, from the live statuses. */
export function liveCounts(entries: readonly NodeStatusEntry[]): Counts {
  const counts = { online: 0, offline: 0, maintenance: 0 };
  const loads: number[] = [];
  for (const entry of entries) {
    counts[entry.status] += 1;
    if (entry.status === 'online' && entry.load !== null) loads.push(entry.load);
  }
  return {
    total: entries.length,
    ...counts,
    average_load:
      loads.length === 0 ? null : Math.round((loads.reduce((a, b) => a + b, 0) / loads.length) * 10) / 10,
  };
}

/** Whether the live statuses moved a node between statuses since the summary was loaded. */
export function countsDiffer(summary: NodeSummary, counts: Counts): boolean {
  return (
    summary.total !== counts.total ||
    summary.online !== counts.online ||
    summary.offline !== counts.offline ||
    summary.maintenance !== counts.maintenance
  );
}
