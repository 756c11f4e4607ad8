/**
 * Hooks of the dashboard, built from the contract (product rules §10): one query per card, every card mounted
 * with the page, so all of them start together (no waterfalls). Subscriptions, balance, profile and node summary
 * share their cache entries with the pages that own them.
 */
import type { QueryClient } from '@tanstack/react-query';
import { dashboardApi, ERRORS, nodesApi, subscriptionsApi } from '@portal/contract';
import { isApiError } from '../../lib/api-error';
import { PAGE_QUERY_OPTIONS, prefetchApiQuery, useApiQuery } from '../../lib/query';
import { useProfile } from '../../lib/account-queries';
import { monthDays } from './format';

export const ACTIVITY_LIMIT = 8;
export const NODE_LIST_SIZE = 6;

/** The 40105 answer of /subscriptions/* to an unverified account. */
export function isRestrictedError(error: unknown): boolean {
  return isApiError(error) && error.code === ERRORS.EMAIL_NOT_VERIFIED.code;
}

/**
 * Whether the account is known to be restricted. The console loads the profile anyway; while that answer is
 * pending the subscription calls start at once (a restricted account then gets 40105, shown as the same notice).
 */
export function useRestricted(): boolean {
  return useProfile().data?.status === 'restricted';
}

export function useMySubscriptions(enabled: boolean) {
  return useApiQuery(subscriptionsApi.mySubscriptions, {}, { ...PAGE_QUERY_OPTIONS, enabled });
}

/** Traffic per day from the first of this month (UTC, as the nodes count it) to today: one call. */
export function useMonthTraffic(enabled: boolean, now: Date = new Date()) {
  return useApiQuery(
    subscriptionsApi.traffic,
    { query: { days: monthDays(now) } },
    { ...PAGE_QUERY_OPTIONS, enabled },
  );
}

/** The subscription link for the copy action; none (40311) when the user has no subscription. */
export function useQuickLink(enabled: boolean) {
  return useApiQuery(subscriptionsApi.getLink, {}, { ...PAGE_QUERY_OPTIONS, retry: false, enabled });
}

export function useNodeSummary() {
  return useApiQuery(nodesApi.summary, {}, PAGE_QUERY_OPTIONS);
}

export function useNodeList() {
  return useApiQuery(nodesApi.listNodes, { query: { page: 1, size: NODE_LIST_SIZE } }, PAGE_QUERY_OPTIONS);
}

export function useActivities() {
  return useApiQuery(dashboardApi.activities, { query: { limit: ACTIVITY_LIMIT } }, PAGE_QUERY_OPTIONS);
}

/** The dashboard's calls, started before it renders (app/console-prefetch.ts), with the inputs of the hooks above. */
export function prefetchDashboard(queryClient: QueryClient, now: Date = new Date()): void {
  prefetchApiQuery(queryClient, subscriptionsApi.mySubscriptions);
  prefetchApiQuery(queryClient, subscriptionsApi.traffic, { query: { days: monthDays(now) } });
  prefetchApiQuery(queryClient, subscriptionsApi.getLink);
  prefetchApiQuery(queryClient, nodesApi.summary);
  prefetchApiQuery(queryClient, nodesApi.listNodes, { query: { page: 1, size: NODE_LIST_SIZE } });
  prefetchApiQuery(queryClient, dashboardApi.activities, { query: { limit: ACTIVITY_LIMIT } });
}
