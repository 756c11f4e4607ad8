import type { TicketPriority, TicketStatus } from '@portal/contract';

export const STATUS_COLORS: Record<TicketStatus, string> = {
  pending: 'yellow',
  processing: 'blue',
  resolved: 'teal',
  closed: 'gray',
};

export const PRIORITY_COLORS: Record<TicketPriority, string> = {
  low: 'gray',
  medium: 'blue',
  high: 'orange',
  urgent: 'red',
};

/** A ticket id from the route (/support/:ticketId): a positive integer, else 0. */
export function ticketIdOf(value: string | undefined): number {
  if (!value || !/^\d{1,12}$/.test(value)) return 0;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}
