/** The server half of the top-bar search, built from the contract (product rules §10). */
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { DEFAULT_LOCALE, isLocale, SEARCH, searchApi } from '@portal/contract';
import type { Locale, SearchResults } from '@portal/contract';
import { apiRequest } from '../../lib/api-client';
import type { ApiError } from '../../lib/api-error';
import { apiQueryKey } from '../../lib/query';

/** Results come in the caller's language (package names, help documents), so the language is part of the key. */
export function searchKey(locale: Locale, q: string) {
  return [
    'search',
    locale,
    ...apiQueryKey(searchApi.search, { query: { q, limit: SEARCH.limitDefault } }),
  ] as const;
}

export interface ServerSearch {
  /** The answer for exactly what is typed now; undefined while it is on its way (older answers are never shown). */
  results: SearchResults | undefined;
  loading: boolean;
  failed: boolean;
  retry: () => void;
}

/**
 * Asks the server once typing pauses for SEARCH.debounceMs. Each query has its own key, so an answer that arrives
 * after the text changed is kept for its own query and never shown for the new one.
 */
export function useServerSearch(text: string): ServerSearch {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const q = text.trim().slice(0, SEARCH.queryMax);
  const [debounced] = useDebouncedValue(q, SEARCH.debounceMs);
  const query = useQuery<SearchResults, ApiError>({
    queryKey: searchKey(locale, debounced),
    queryFn: ({ signal }) =>
      apiRequest(searchApi.search, { query: { q: debounced, limit: SEARCH.limitDefault } }, { signal }),
    enabled: debounced !== '',
    staleTime: 30_000,
    retry: false,
  });
  const current = debounced === q && query.data?.q === q ? query.data : undefined;
  const settled = debounced === q && !query.isFetching;
  return {
    results: current,
    loading: q !== '' && current === undefined && !(settled && query.isError),
    failed: q !== '' && settled && query.isError,
    retry: () => void query.refetch(),
  };
}
