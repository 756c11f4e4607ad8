/** Hooks of the announcements feature, built from the contract (product rules §10), with the timings of §9. */
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { announcementsApi, QUERY } from '@portal/contract';
import type { Announcement, EndpointQuery, MarkReadResult } from '@portal/contract';
import {
  apiQueryKey,
  PAGE_QUERY_OPTIONS,
  prefetchApiQuery,
  useApiMutation,
  useApiQuery,
} from '../../lib/query';

export type AnnouncementsQuery = EndpointQuery<typeof announcementsApi.listAnnouncements>;

export const UNREAD_COUNT_KEY = apiQueryKey(announcementsApi.getUnreadCount);
/** Every list query (whatever its filters): the page's and the popup check's. */
const LISTS_KEY = [announcementsApi.listAnnouncements.method, announcementsApi.listAnnouncements.path];

export function announcementKey(id: number) {
  return apiQueryKey(announcementsApi.getAnnouncement, { params: { id } });
}

/** The list: stale after 2 minutes, kept 5. */
export function useAnnouncements(query: AnnouncementsQuery) {
  return useApiQuery(
    announcementsApi.listAnnouncements,
    { query },
    {
      retry: PAGE_QUERY_OPTIONS.retry,
      staleTime: QUERY.announcements.listStaleMs,
      gcTime: QUERY.announcements.listGcMs,
      placeholderData: keepPreviousData,
    },
  );
}

/** The popup check: the first unread page (size 10); the server puts popups first. */
export const POPUP_QUERY: AnnouncementsQuery = {
  page: 1,
  size: QUERY.announcements.popupPageSize,
  unread_only: 'true',
};

export function usePopupCandidates() {
  return useApiQuery(
    announcementsApi.listAnnouncements,
    { query: POPUP_QUERY },
    { retry: false, staleTime: QUERY.announcements.listStaleMs, gcTime: QUERY.announcements.listGcMs },
  );
}

/** One announcement (stale after 5 minutes); the list's item shows until the answer arrives. */
export function useAnnouncement(id: number | null, placeholder?: Announcement) {
  return useApiQuery(
    announcementsApi.getAnnouncement,
    { params: { id: id ?? 0 } },
    {
      retry: PAGE_QUERY_OPTIONS.retry,
      staleTime: QUERY.announcements.detailStaleMs,
      enabled: id !== null,
      placeholderData: placeholder,
    },
  );
}

/** The bell's number: stale after 30 seconds; no retry (the bell simply hides when the call fails). */
export function useUnreadCount(): number | null {
  const { data, isError } = useApiQuery(
    announcementsApi.getUnreadCount,
    {},
    { staleTime: QUERY.announcements.unreadCountStaleMs, retry: false },
  );
  if (isError || !data) return null;
  return data.count;
}

/** Mark read: the bell takes the new count at once; the detail shows read; the lists load again. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useApiMutation(announcementsApi.markRead, {
    onSuccess: (result: MarkReadResult) => {
      queryClient.setQueryData(UNREAD_COUNT_KEY, { count: result.unread_count });
      queryClient.setQueryData<Announcement>(announcementKey(result.id), (old) =>
        old ? { ...old, is_read: true, read_at: result.read_at } : old,
      );
      void queryClient.invalidateQueries({ queryKey: LISTS_KEY });
    },
  });
}

/** The bell's count and the popup check, which every console page makes: started before the console renders. */
export function prefetchAnnouncementChecks(queryClient: QueryClient): void {
  prefetchApiQuery(queryClient, announcementsApi.getUnreadCount);
  prefetchApiQuery(queryClient, announcementsApi.listAnnouncements, { query: POPUP_QUERY });
}
