import type { ticketsApi } from '@portal/contract';
import type { Generated, Selectable } from 'kysely';

/** Tables of the tickets feature (name -> row interface); Database includes them. */
export interface TicketsTable {
  id: Generated<number>;
  /** T + UTC date (YYYYMMDD) + 6 random digits; unique */
  ticket_no: string;
  user_id: number;
  title: string;
  category: ticketsApi.TicketCategory;
  priority: ticketsApi.TicketPriority;
  status: ticketsApi.TicketStatus;
  description: string;
  /** An admin, or null */
  assignee_id: number | null;
  reply_count: Generated<number>;
  last_reply_at: string | null;
  last_reply_by: 'user' | 'staff' | null;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface TicketRepliesTable {
  id: Generated<number>;
  ticket_id: number;
  author_id: number;
  /** 1: written by staff (through the admin API) */
  is_staff: number;
  content: string;
  created_at: string;
}

export interface TicketAttachmentsTable {
  id: Generated<number>;
  /** Where the bytes are in the attachment store (random, never derived from the file name) */
  storage_key: string;
  uploader_id: number;
  /** null until a ticket or a reply references the upload */
  ticket_id: number | null;
  /** null for the attachments of the ticket's opening message */
  reply_id: number | null;
  file_name: string;
  /** The type sniffed from the content; null while the upload is still being checked */
  content_type: string | null;
  kind: 'image' | 'pdf' | 'word' | 'text' | null;
  size_bytes: number;
  created_at: string;
  attached_at: string | null;
}

export interface TicketTables {
  tickets: TicketsTable;
  ticket_replies: TicketRepliesTable;
  ticket_attachments: TicketAttachmentsTable;
}

export type TicketRow = Selectable<TicketsTable>;
export type TicketReplyRow = Selectable<TicketRepliesTable>;
export type TicketAttachmentRow = Selectable<TicketAttachmentsTable>;
