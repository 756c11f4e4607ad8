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

/** 512 -> "512 B", 2048 -> "2.0 KB", 3_500_000 -> "3.3 MB" (1024-based, like the 10 MB limit). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A ticket id from the route (/support/:ticketId): a positive integer, else 0. */
export function ticketIdOf(value: string | undefined): number {
  if (!value || !/^\d{1,12}$/.test(value)) return 0;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}
