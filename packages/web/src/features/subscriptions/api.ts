/** Hooks of the subscription pages, built from the contract (product rules §10). */
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { NODES, subscriptionsApi } from '@portal/contract';
import type { EndpointQuery } from '@portal/contract';
import {
  apiQueryKey,
  PAGE_QUERY_OPTIONS,
  prefetchApiQuery,
  useApiMutation,
  useApiQuery,
} from '../../lib/query';
import { useRefreshMoney } from '../../lib/account-queries';

export const PACKAGES_KEY = apiQueryKey(subscriptionsApi.listPackages);
export const MY_SUBSCRIPTIONS_KEY = apiQueryKey(subscriptionsApi.mySubscriptions);

/** Packages on sale (no sign-in needed; restricted accounts see them too). */
export function usePackages() {
  return useApiQuery(subscriptionsApi.listPackages, {}, PAGE_QUERY_OPTIONS);
}

/** One package, also when it is no longer on sale (renewal needs its price). */
export function usePackage(id: number) {
  return useApiQuery(subscriptionsApi.getPackage, { params: { id } }, PAGE_QUERY_OPTIONS);
}

export function useMySubscriptions(enabled = true) {
  return useApiQuery(subscriptionsApi.mySubscriptions, {}, { ...PAGE_QUERY_OPTIONS, enabled });
}

export function useSubscriptionStats() {
  return useApiQuery(subscriptionsApi.stats, {}, PAGE_QUERY_OPTIONS);
}

export const TRAFFIC_DAYS = 30;

/** Upload and download per day (UTC), every day present. */
export function useSubscriptionTraffic(days: number = TRAFFIC_DAYS) {
  return useApiQuery(subscriptionsApi.traffic, { query: { days } }, PAGE_QUERY_OPTIONS);
}

export type OrdersQuery = EndpointQuery<typeof subscriptionsApi.listOrders>;

export function useSubscriptionOrders(query: OrdersQuery) {
  return useApiQuery(
    subscriptionsApi.listOrders,
    { query },
    { ...PAGE_QUERY_OPTIONS, placeholderData: keepPreviousData },
  );
}

export type HistoryQuery = EndpointQuery<typeof subscriptionsApi.history>;

export function useSubscriptionHistory(query: HistoryQuery) {
  return useApiQuery(
    subscriptionsApi.history,
    { query },
    { ...PAGE_QUERY_OPTIONS, placeholderData: keepPreviousData },
  );
}

export function linkKey(subscriptionId: number) {
  return apiQueryKey(subscriptionsApi.getLink, { query: { subscription_id: subscriptionId } });
}

export function useSubscriptionLink(subscriptionId: number | null) {
  return useApiQuery(
    subscriptionsApi.getLink,
    { query: { subscription_id: subscriptionId ?? undefined } },
    { ...PAGE_QUERY_OPTIONS, enabled: subscriptionId !== null },
  );
}

/** How often an open list of online devices asks again: the agents report who is online once a minute. */
export const DEVICES_REFRESH_MS = NODES.agentPushSeconds * 1000;

/** A subscription's devices online now (every node), with its limit; refreshed while shown. */
export function useSubscriptionDevices(subscriptionId: number | null) {
  return useApiQuery(
    subscriptionsApi.devices,
    { params: { id: subscriptionId ?? 0 } },
    { ...PAGE_QUERY_OPTIONS, enabled: subscriptionId !== null, refetchInterval: DEVICES_REFRESH_MS },
  );
}

/** Everything a payment changes: balance and ledger (wallet), subscriptions, stats, orders, history. */
export function useRefreshAfterPayment() {
  const queryClient = useQueryClient();
  const refreshMoney = useRefreshMoney();
  return () =>
    Promise.all([
      refreshMoney(),
      ...[
        subscriptionsApi.mySubscriptions,
        subscriptionsApi.listSubscriptions,
        subscriptionsApi.stats,
        subscriptionsApi.listOrders,
        subscriptionsApi.history,
        subscriptionsApi.autoRenewStatus,
      ].map((endpoint) => queryClient.invalidateQueries({ queryKey: [endpoint.method, endpoint.path] })),
    ]);
}

export function usePurchase() {
  const refresh = useRefreshAfterPayment();
  return useApiMutation(subscriptionsApi.purchase, { onSuccess: () => void refresh() });
}

export function useRenew() {
  const refresh = useRefreshAfterPayment();
  return useApiMutation(subscriptionsApi.renew, { onSuccess: () => void refresh() });
}

export function useUpgradePreview() {
  return useApiMutation(subscriptionsApi.upgradePreview);
}

export function useUpgrade() {
  const refresh = useRefreshAfterPayment();
  return useApiMutation(subscriptionsApi.upgrade, { onSuccess: () => void refresh() });
}

export function useAutoRenewToggle() {
  const queryClient = useQueryClient();
  return useApiMutation(subscriptionsApi.autoRenewToggle, {
    onSettled: () =>
      Promise.all(
        [subscriptionsApi.mySubscriptions, subscriptionsApi.autoRenewStatus].map((endpoint) =>
          queryClient.invalidateQueries({ queryKey: [endpoint.method, endpoint.path] }),
        ),
      ),
  });
}

/** The new link replaces the cached one at once (the old URL no longer works). */
export function useResetLink() {
  const queryClient = useQueryClient();
  return useApiMutation(subscriptionsApi.resetLink, {
    onSuccess: (link) => {
      queryClient.setQueryData(linkKey(link.subscription_id), link);
    },
  });
}

/** The subscription centre's first tab (the plans) and the customer's subscriptions, started before it renders. */
export function prefetchSubscriptionCenter(queryClient: QueryClient): void {
  prefetchApiQuery(queryClient, subscriptionsApi.listPackages);
  prefetchApiQuery(queryClient, subscriptionsApi.mySubscriptions);
}
