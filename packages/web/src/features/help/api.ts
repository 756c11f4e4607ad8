/** Hooks of the help centre, built from the contract (product rules §10). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { helpApi, isLocale, DEFAULT_LOCALE } from '@portal/contract';
import type {
  Endpoint,
  EndpointData,
  EndpointQuery,
  HelpDocument,
  HelpRatingResult,
  Locale,
} from '@portal/contract';
import { apiRequest } from '../../lib/api-client';
import type { RequestInput } from '../../lib/api-client';
import type { ApiError } from '../../lib/api-error';
import { apiQueryKey, PAGE_QUERY_OPTIONS } from '../../lib/query';

/** Documents come in the caller's language, so the language is part of every key: switching it loads again. */
function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

export const HELP_KEY = ['help'] as const;

export function categoriesKey(locale: Locale) {
  return [...HELP_KEY, locale, ...apiQueryKey(helpApi.listCategories)] as const;
}

export type DocumentsQuery = EndpointQuery<typeof helpApi.listDocuments>;

export function documentsKey(locale: Locale, query: DocumentsQuery) {
  return [...HELP_KEY, locale, ...apiQueryKey(helpApi.listDocuments, { query })] as const;
}

export function documentKey(locale: Locale, id: number) {
  return [...HELP_KEY, locale, ...apiQueryKey(helpApi.getDocument, { params: { id } })] as const;
}

/** A page query of one endpoint under its help key (the answer is checked against the contract by apiRequest). */
function useHelpQuery<E extends Endpoint>(
  key: readonly unknown[],
  endpoint: E,
  input: RequestInput<E>,
  options: { enabled?: boolean; keepPrevious?: boolean } = {},
) {
  return useQuery<EndpointData<E>, ApiError>({
    queryKey: key,
    queryFn: ({ signal }) => apiRequest(endpoint, input, { signal }),
    ...PAGE_QUERY_OPTIONS,
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
    enabled: options.enabled ?? true,
  });
}

export function useHelpCategories() {
  return useHelpQuery(categoriesKey(useLocale()), helpApi.listCategories, {});
}

export function useHelpDocuments(query: DocumentsQuery) {
  return useHelpQuery(
    documentsKey(useLocale(), query),
    helpApi.listDocuments,
    { query },
    { keepPrevious: true },
  );
}

/** One document; each load counts a view, so it is not refetched behind the reader's back. */
export function useHelpDocument(id: number | null) {
  return useHelpQuery(
    documentKey(useLocale(), id ?? 0),
    helpApi.getDocument,
    { params: { id: id ?? 0 } },
    { enabled: id !== null },
  );
}

export interface RateInput {
  rating: number;
  feedback: string;
}

/**
 * Rates a document. The answer updates the open document in place (no reload: that would count another view) and
 * marks the lists stale so their averages follow.
 */
export function useRateDocument(documentId: number) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation<HelpRatingResult, ApiError, RateInput>({
    mutationFn: (input) =>
      apiRequest(helpApi.rateDocument, {
        params: { id: documentId },
        body: { rating: input.rating, feedback: input.feedback.trim() ? input.feedback : null },
      }),
    onSuccess: (result) => {
      queryClient.setQueriesData<HelpDocument>(
        { queryKey: [...HELP_KEY, locale], predicate: (q) => q.queryKey.includes(helpApi.getDocument.path) },
        (doc) =>
          doc && doc.id === result.document_id
            ? {
                ...doc,
                rating: result.rating,
                rating_count: result.rating_count,
                my_rating: result.my_rating,
              }
            : doc,
      );
      void queryClient.invalidateQueries({
        queryKey: [...HELP_KEY],
        predicate: (q) => q.queryKey.includes(helpApi.listDocuments.path),
      });
    },
  });
}
