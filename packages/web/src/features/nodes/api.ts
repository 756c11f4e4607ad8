/** Hooks of the node centre, built from the contract (product rules §10). */
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { NODES, nodesApi } from '@portal/contract';
import type { EndpointQuery, NodeInfo } from '@portal/contract';
import { apiQueryKey, PAGE_QUERY_OPTIONS, useApiQuery } from '../../lib/query';

export const NODE_SUMMARY_KEY = apiQueryKey(nodesApi.summary);
export const NODE_STATUSES_KEY = apiQueryKey(nodesApi.statuses);

export function nodeKey(id: number) {
  return apiQueryKey(nodesApi.getNode, { params: { id } });
}

/** Counts by status and region, average load: stale as soon as the live statuses say otherwise. */
export function useNodeSummary() {
  return useApiQuery(nodesApi.summary, {}, PAGE_QUERY_OPTIONS);
}

export type NodesQuery = EndpointQuery<typeof nodesApi.listNodes>;

export function useNodes(query: NodesQuery) {
  return useApiQuery(
    nodesApi.listNodes,
    { query },
    { ...PAGE_QUERY_OPTIONS, placeholderData: keepPreviousData },
  );
}

/** One node for the details drawer; the list's row (when there is one) shows until the answer arrives. */
export function useNode(id: number | null, placeholder?: NodeInfo) {
  return useApiQuery(
    nodesApi.getNode,
    { params: { id: id ?? 0 } },
    {
      retry: PAGE_QUERY_OPTIONS.retry,
      staleTime: NODES.statusPollMs,
      enabled: id !== null,
      placeholderData: placeholder,
    },
  );
}

/**
 * The live status of every node, asked every NODES.statusPollMs while the tab is visible. The page has just
 * loaded the same figures with the list, so the first call waits one interval too (`enabled` turns true then).
 */
export function useNodeStatuses() {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setEnabled(true), NODES.statusPollMs);
    return () => clearTimeout(timer);
  }, []);
  return useApiQuery(
    nodesApi.statuses,
    {},
    {
      enabled,
      retry: false,
      staleTime: NODES.statusPollMs,
      refetchInterval: NODES.statusPollMs,
      refetchIntervalInBackground: false,
    },
  );
}
