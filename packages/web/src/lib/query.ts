/**
 * TanStack Query defaults of product rules §9 and the helper that turns an endpoint contract into a query hook
 * (product rules §10): the key sits beside the hook, the answer is checked at runtime by apiRequest.
 */
import { QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import type { UseMutationOptions, UseQueryOptions } from '@tanstack/react-query';
import { QUERY } from '@portal/contract';
import type { Endpoint, EndpointData } from '@portal/contract';
import { apiRequest } from './api-client';
import type { RequestInput } from './api-client';
import { isClientBusinessError } from './api-error';
import type { ApiError } from './api-error';

/** Retry up to 3 times, never for 4xxxx business answers. */
export function shouldRetry(
  failureCount: number,
  error: unknown,
  maxRetries: number = QUERY.retries,
): boolean {
  if (isClientBusinessError(error)) return false;
  return failureCount < maxRetries;
}

/** min(1000 * 2^attempt, 30000) ms. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(QUERY.retryBaseDelayMs * 2 ** attemptIndex, QUERY.retryMaxDelayMs);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY.gcTimeMs,
        staleTime: QUERY.page.staleTimeMs,
        retry: (failureCount, error) => shouldRetry(failureCount, error),
        retryDelay,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** Options for the main query of a page: one retry, stale after 5 minutes. */
export const PAGE_QUERY_OPTIONS = {
  retry: (failureCount: number, error: unknown) => shouldRetry(failureCount, error, QUERY.page.retries),
  staleTime: QUERY.page.staleTimeMs,
} as const;

export type ApiQueryKey = readonly [string, string, Record<string, string | number>, unknown];

export function apiQueryKey<E extends Endpoint>(endpoint: E, input: RequestInput<E> = {}): ApiQueryKey {
  return [endpoint.method, endpoint.path, input.params ?? {}, input.query ?? {}] as const;
}

type QueryOptions<E extends Endpoint> = Omit<
  UseQueryOptions<EndpointData<E>, ApiError, EndpointData<E>, ApiQueryKey>,
  'queryKey' | 'queryFn'
>;

/** `useApiQuery(usersApi.getProfile)` or `useApiQuery(endpoint, {params, query}, {staleTime})`. */
export function useApiQuery<E extends Endpoint>(
  endpoint: E,
  input: RequestInput<E> = {},
  options?: QueryOptions<E>,
) {
  return useQuery({
    queryKey: apiQueryKey(endpoint, input),
    queryFn: ({ signal }) => apiRequest(endpoint, input, { signal }),
    ...options,
  });
}

/**
 * Starts a query before a component asks for it, under the key useApiQuery gives it: the hook that mounts later
 * takes the answer (or the call in flight) instead of calling again. For a page's first screen (app/console-prefetch.ts).
 */
export function prefetchApiQuery<E extends Endpoint>(
  queryClient: QueryClient,
  endpoint: E,
  input: RequestInput<E> = {},
): void {
  void queryClient.prefetchQuery({
    queryKey: apiQueryKey(endpoint, input),
    queryFn: ({ signal }) => apiRequest(endpoint, input, { signal }),
  });
}

type MutationOptions<E extends Endpoint> = Omit<
  UseMutationOptions<EndpointData<E>, ApiError, RequestInput<E>>,
  'mutationFn'
>;

/** `const login = useApiMutation(authApi.login); login.mutate({ body })`. */
export function useApiMutation<E extends Endpoint>(endpoint: E, options?: MutationOptions<E>) {
  return useMutation({
    mutationFn: (input: RequestInput<E>) => apiRequest(endpoint, input),
    ...options,
  });
}
