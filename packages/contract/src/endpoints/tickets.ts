/**
 * Endpoints of the tickets feature: the customer's side under the portal prefix, the staff side (with a staff permission)
 * under the admin prefix. Attachments are uploaded first (multipart, one file per call) and then referenced by id
 * when a ticket is opened or answered.
 */
import { z } from 'zod';
import { idParamSchema, intQuery, lineText, multilineText } from '../inputs.js';
import { TICKETS } from '../constants.js';
import { defineEndpoint, pageSchema } from '../endpoint.js';
import { vkey } from '../i18n/validation-messages.js';
import {
  createTicketBody,
  paginationQuerySchema,
  ticketAttachmentIds,
  ticketCategorySchema,
  ticketPrioritySchema,
} from '../validation.js';

export { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKETS } from '../constants.js';
export type TicketCategory = z.infer<typeof ticketCategorySchema>;
export type TicketPriority = z.infer<typeof ticketPrioritySchema>;

export const TICKET_STATUSES = ['pending', 'processing', 'resolved', 'closed'] as const;
export const ticketStatusSchema = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

/** What an accepted attachment turned out to be, by its content. */
export const ATTACHMENT_KINDS = ['image', 'pdf', 'word', 'text'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

export const ticketAttachmentData = z.object({
  id: z.number().int(),
  file_name: z.string(),
  /** The type found in the content (what the download is served as). */
  content_type: z.string(),
  kind: z.enum(ATTACHMENT_KINDS),
  size: z.number().int(),
  /** A short-lived signed address for the file (works in an <img> without the bearer token). */
  url: z.string(),
  created_at: z.string(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentData>;

export const ticketReplyData = z.object({
  id: z.number().int(),
  content: z.string(),
  /** true: written by the support team. */
  is_staff: z.boolean(),
  /** The staff member's name for staff replies; null for the customer's own. */
  author_name: z.string().nullable(),
  attachments: z.array(ticketAttachmentData),
  created_at: z.string(),
});
export type TicketReply = z.infer<typeof ticketReplyData>;

export const ticketSummaryData = z.object({
  id: z.number().int(),
  /** T + UTC date + 6 digits, e.g. T20261122048213 */
  ticket_no: z.string(),
  title: z.string(),
  category: ticketCategorySchema,
  priority: ticketPrioritySchema,
  status: ticketStatusSchema,
  reply_count: z.number().int(),
  last_reply_at: z.string().nullable(),
  /** Who wrote last: the customer ('user') or the support team ('staff'); null before any reply. */
  last_reply_by: z.enum(['user', 'staff']).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TicketSummary = z.infer<typeof ticketSummaryData>;

export const ticketDetailData = ticketSummaryData.extend({
  description: z.string(),
  attachments: z.array(ticketAttachmentData),
  replies: z.array(ticketReplyData),
  assignee_name: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type TicketDetail = z.infer<typeof ticketDetailData>;

export const ticketParams = z.object({ id: idParamSchema });

export const listTickets = defineEndpoint({
  method: 'GET',
  path: '/tickets',
  summary: "The signed-in user's tickets, newest activity first, optionally of one status",
  tags: ['tickets'],
  auth: true,
  query: paginationQuerySchema.extend({ status: ticketStatusSchema.optional() }),
  data: pageSchema(ticketSummaryData),
});

export type CreateTicketInput = z.input<typeof createTicketBody>;

export const createTicket = defineEndpoint({
  method: 'POST',
  path: '/tickets',
  summary: 'Open a ticket (status pending) with the attachments uploaded for it',
  tags: ['tickets'],
  auth: true,
  body: createTicketBody,
  data: ticketDetailData,
});

export const getTicket = defineEndpoint({
  method: 'GET',
  path: '/tickets/:id',
  summary: 'One ticket with its conversation and attachments',
  tags: ['tickets'],
  auth: true,
  params: ticketParams,
  data: ticketDetailData,
});

const replyContent = multilineText({ error: vkey('required') })
  .trim()
  .min(1, { error: vkey('required') })
  .max(TICKETS.replyMax, { error: vkey('too_long') });

export const replyBody = z.object({ content: replyContent, attachment_ids: ticketAttachmentIds });

export const replyTicket = defineEndpoint({
  method: 'POST',
  path: '/tickets/:id/reply',
  summary: 'Add a reply (a resolved ticket goes back to pending; a closed one accepts none: 40602)',
  tags: ['tickets'],
  auth: true,
  params: ticketParams,
  body: replyBody,
  data: ticketDetailData,
});

export const closeTicket = defineEndpoint({
  method: 'POST',
  path: '/tickets/:id/close',
  summary: 'Close the ticket (no more replies after that)',
  tags: ['tickets'],
  auth: true,
  params: ticketParams,
  data: ticketDetailData,
});

export const uploadAttachment = defineEndpoint({
  method: 'POST',
  path: '/tickets/upload',
  summary:
    'Upload one attachment (multipart field "file", at most 10 MB; JPG/PNG/GIF, PDF, Word or UTF-8 text, checked by content). Unused uploads are removed after a day.',
  tags: ['tickets'],
  auth: true,
  data: ticketAttachmentData,
});

/**
 * The file itself (not an envelope): `GET /tickets/attachments/:id?expires=&sig=` as given in `url`, or with the
 * bearer token of someone allowed to see it.
 */
export const downloadAttachment = {
  method: 'GET',
  path: '/tickets/attachments/:id',
  params: ticketParams,
  query: z.object({
    expires: intQuery(1, Number.MAX_SAFE_INTEGER).optional(),
    sig: lineText().max(200).optional(),
  }),
} as const;
