/** Hooks of the wallet and top-up pages, built from the contract (product rules §10). */
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, rechargeApi, walletApi } from '@portal/contract';
import type { EndpointQuery, Topup } from '@portal/contract';
import { useRefreshMoney } from '../../lib/account-queries';
import {
  apiQueryKey,
  PAGE_QUERY_OPTIONS,
  prefetchApiQuery,
  useApiMutation,
  useApiQuery,
} from '../../lib/query';
import { isFinalTopupStatus } from './status';

/** How often an open USDT order is asked for its status. */
export const USDT_POLL_MS = 5000;
export const BALANCE_HISTORY_DAYS = 30;

// ---- wallet ----

export type LedgerQuery = EndpointQuery<typeof walletApi.listLedger>;

export function useLedger(query: LedgerQuery) {
  return useApiQuery(
    walletApi.listLedger,
    { query },
    { ...PAGE_QUERY_OPTIONS, placeholderData: keepPreviousData },
  );
}

export function useBalanceHistory(days: number = BALANCE_HISTORY_DAYS) {
  return useApiQuery(walletApi.balanceHistory, { query: { days } }, PAGE_QUERY_OPTIONS);
}

// ---- USDT ----

export function useRechargeConfigs() {
  return useApiQuery(rechargeApi.getConfigs, {}, PAGE_QUERY_OPTIONS);
}

export function useExchangeRates() {
  return useApiQuery(rechargeApi.getExchangeRates, {}, { ...PAGE_QUERY_OPTIONS, staleTime: 60_000 });
}

export function usdtOrderKey(id: number) {
  return apiQueryKey(rechargeApi.getUsdtOrder, { params: { id } });
}

/** Seeds the order's cache entry so the payment panel shows it without another call. */
export function useCreateUsdtOrder() {
  const queryClient = useQueryClient();
  return useApiMutation(rechargeApi.createUsdtOrder, {
    onSuccess: (order: Topup) => {
      queryClient.setQueryData(usdtOrderKey(order.id), order);
      void queryClient.invalidateQueries({
        queryKey: [rechargeApi.history.method, rechargeApi.history.path],
      });
    },
  });
}

/** The live order: polled every 5 s until its status is final. */
export function useUsdtOrder(id: number) {
  return useApiQuery(
    rechargeApi.getUsdtOrder,
    { params: { id } },
    {
      retry: PAGE_QUERY_OPTIONS.retry,
      staleTime: 0,
      refetchInterval: (query) => {
        const status = query.state.data?.status;
        return status && isFinalTopupStatus(status) ? false : USDT_POLL_MS;
      },
      refetchIntervalInBackground: true,
    },
  );
}

export function useCancelUsdtOrder() {
  const queryClient = useQueryClient();
  return useApiMutation(rechargeApi.cancelUsdtOrder, {
    onSuccess: (order: Topup) => {
      queryClient.setQueryData(usdtOrderKey(order.id), order);
      void queryClient.invalidateQueries({
        queryKey: [rechargeApi.history.method, rechargeApi.history.path],
      });
    },
  });
}

// ---- codes ----

export function useRedeemCode() {
  const refresh = useRefreshMoney();
  return useApiMutation(rechargeApi.useCode, { onSuccess: () => void refresh() });
}

export function useGenerateCodes() {
  const refresh = useRefreshMoney();
  return useApiMutation(rechargeApi.generateCodes, { onSuccess: () => void refresh() });
}

export type CodesQuery = EndpointQuery<typeof rechargeApi.listCodes>;

export function useCodes(query: CodesQuery) {
  return useApiQuery(
    rechargeApi.listCodes,
    { query },
    { ...PAGE_QUERY_OPTIONS, placeholderData: keepPreviousData },
  );
}

// ---- history ----

export type HistoryQuery = EndpointQuery<typeof rechargeApi.history>;

export function useTopupHistory(query: HistoryQuery) {
  return useApiQuery(
    rechargeApi.history,
    { query },
    { ...PAGE_QUERY_OPTIONS, placeholderData: keepPreviousData },
  );
}

export function useRechargeStats() {
  return useApiQuery(rechargeApi.stats, {}, PAGE_QUERY_OPTIONS);
}

/** The wallet's chart and the ledger's first page (no filter), started before the page renders. */
export function prefetchWalletOverview(queryClient: QueryClient): void {
  prefetchApiQuery(queryClient, walletApi.balanceHistory, { query: { days: BALANCE_HISTORY_DAYS } });
  prefetchApiQuery(queryClient, walletApi.listLedger, { query: { page: 1, size: DEFAULT_PAGE_SIZE } });
}
