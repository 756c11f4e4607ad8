/**
 * Queries about the signed-in account that several pages read: the profile (is the account restricted?) and the
 * balance, one cache entry each for the console's sidebar and every page.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { rechargeApi, usersApi, walletApi } from '@portal/contract';
import { apiQueryKey, PAGE_QUERY_OPTIONS, prefetchApiQuery, useApiQuery } from './query';

export const PROFILE_KEY = apiQueryKey(usersApi.getProfile);

/** The signed-in user; restricted (unverified) accounts may not call /recharge/* or most of /subscriptions/*. */
export function useProfile() {
  return useApiQuery(usersApi.getProfile, {}, PAGE_QUERY_OPTIONS);
}

/** The balance. */
export function useBalance() {
  return useApiQuery(usersApi.getBalance, {}, { retry: 1 });
}

/** Everything that shows money after it moved: balance (sidebar too), ledger, chart, top-ups, codes, stats. */
export function useRefreshMoney() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        usersApi.getBalance,
        walletApi.listLedger,
        walletApi.balanceHistory,
        rechargeApi.history,
        rechargeApi.stats,
        rechargeApi.listCodes,
      ].map((endpoint) => queryClient.invalidateQueries({ queryKey: [endpoint.method, endpoint.path] })),
    );
}

/** The profile and the balance, which every console page shows: started before the console renders. */
export function prefetchAccount(queryClient: QueryClient): void {
  prefetchApiQuery(queryClient, usersApi.getProfile);
  prefetchApiQuery(queryClient, usersApi.getBalance);
}
