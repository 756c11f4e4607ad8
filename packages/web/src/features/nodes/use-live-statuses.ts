import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { nodesApi } from '@portal/contract';
import type { NodeInfo, NodeStatusEntry, NodeSummary } from '@portal/contract';
import { NODE_SUMMARY_KEY, useNodeStatuses } from './api';
import { countsDiffer, liveCounts, statusMap, withStatus } from './live';

export interface LiveStatuses {
  byId: Map<number, NodeStatusEntry>;
  entries: readonly NodeStatusEntry[];
  /** When the statuses arrived: they win over data loaded before, never over data loaded after. */
  updatedAt: number;
}

/**
 * Polls the live statuses (one poller for the page) and, when a node changed status since the summary was loaded,
 * reloads the summary (its regions) and the list (a status filter may no longer match). Nothing else is re-asked:
 * load and latency are laid over the loaded data by `overlayNode` / `overlaySummary`.
 */
export function useLiveStatuses(
  summary: NodeSummary | undefined,
  summaryUpdatedAt: number,
): LiveStatuses | null {
  const queryClient = useQueryClient();
  const statuses = useNodeStatuses();
  const data = statuses.data;
  const updatedAt = statuses.dataUpdatedAt;
  const live = useMemo<LiveStatuses | null>(
    () => (data ? { byId: statusMap(data), entries: data, updatedAt } : null),
    [data, updatedAt],
  );

  useEffect(() => {
    if (!live || !summary || live.updatedAt < summaryUpdatedAt) return;
    if (!countsDiffer(summary, liveCounts(live.entries))) return;
    void queryClient.invalidateQueries({ queryKey: NODE_SUMMARY_KEY });
    void queryClient.invalidateQueries({ queryKey: [nodesApi.listNodes.method, nodesApi.listNodes.path] });
  }, [live, summary, summaryUpdatedAt, queryClient]);

  return live;
}

/** The node with the live status when that is newer than the node's data. */
export function overlayNode(node: NodeInfo, loadedAt: number, live: LiveStatuses | null): NodeInfo {
  return live && live.updatedAt >= loadedAt ? withStatus(node, live.byId.get(node.id)) : node;
}

/** The summary with the live counts and average load when those are newer (regions stay as loaded). */
export function overlaySummary(
  summary: NodeSummary,
  loadedAt: number,
  live: LiveStatuses | null,
): NodeSummary {
  return live && live.updatedAt >= loadedAt ? { ...summary, ...liveCounts(live.entries) } : summary;
}
