/** Hooks of the support tickets, built from the contract (product rules §10). */
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { TICKETS, ticketsApi } from '@portal/contract';
import type { EndpointQuery, TicketAttachment, TicketDetail } from '@portal/contract';
import { apiRequest } from '../../lib/api-client';
import { apiQueryKey, PAGE_QUERY_OPTIONS, useApiMutation, useApiQuery } from '../../lib/query';

export type TicketsQuery = EndpointQuery<typeof ticketsApi.listTickets>;

export function ticketKey(id: number) {
  return apiQueryKey(ticketsApi.getTicket, { params: { id } });
}

const LIST_KEY = [ticketsApi.listTickets.method, ticketsApi.listTickets.path] as const;

export function useTickets(query: TicketsQuery) {
  return useApiQuery(
    ticketsApi.listTickets,
    { query },
    { ...PAGE_QUERY_OPTIONS, placeholderData: keepPreviousData },
  );
}

/** One ticket; asked again every TICKETS.pollMs while the page is visible, so staff replies show up by themselves. */
export function useTicket(id: number) {
  return useApiQuery(
    ticketsApi.getTicket,
    { params: { id } },
    {
      retry: PAGE_QUERY_OPTIONS.retry,
      staleTime: 0,
      refetchInterval: TICKETS.pollMs,
      refetchIntervalInBackground: false,
      enabled: id > 0,
    },
  );
}

/**
 * The number ("T2026…") of a ticket its page has loaded, for the breadcrumb; undefined until then. It only reads
 * what the ticket page fetches (same query), never asks the server itself.
 */
export function useTicketNumber(id: number): string | undefined {
  return useApiQuery(ticketsApi.getTicket, { params: { id } }, { enabled: false }).data?.ticket_no;
}

/** After a change the answer is the new ticket: it goes into the cache, and the list is asked again. */
function useStoreTicket() {
  const queryClient = useQueryClient();
  return (ticket: TicketDetail) => {
    queryClient.setQueryData(ticketKey(ticket.id), ticket);
    void queryClient.invalidateQueries({ queryKey: LIST_KEY });
  };
}

export function useCreateTicket() {
  const store = useStoreTicket();
  return useApiMutation(ticketsApi.createTicket, { onSuccess: store });
}

export function useReplyTicket() {
  const store = useStoreTicket();
  return useApiMutation(ticketsApi.replyTicket, { onSuccess: store });
}

export function useCloseTicket() {
  const store = useStoreTicket();
  return useApiMutation(ticketsApi.closeTicket, { onSuccess: store });
}

/** Sends one file to /tickets/upload (multipart); the answer carries the id a ticket or reply then references. */
export function uploadAttachment(file: File, signal?: AbortSignal): Promise<TicketAttachment> {
  const formData = new FormData();
  formData.append(TICKETS.uploadField, file, file.name);
  return apiRequest(ticketsApi.uploadAttachment, { formData }, { signal });
}
