import { z } from 'zod';
import { flagQuery, idParamSchema, idSchema, intQuery } from '../inputs.js';
import { defineEndpoint } from '../endpoint.js';
import { vkey } from '../i18n/validation-messages.js';
import { STAFF_ROLES } from '../staff.js';
import {
  replyBody,
  ticketDetailData,
  ticketParams,
  ticketStatusSchema,
  ticketSummaryData,
} from './tickets.js';

/** The staff side of the tickets endpoints (under ADMIN_API_PREFIX): exported by the contract's admin entry. */
// ---- Staff (staff permissions, under ADMIN_API_PREFIX) ----

export const adminTicketSummaryData = ticketSummaryData.extend({
  user_id: z.number().int(),
  user_email: z.string(),
  assignee_id: z.number().int().nullable(),
  assignee_name: z.string().nullable(),
});
export type AdminTicketSummary = z.infer<typeof adminTicketSummaryData>;

export const adminTicketDetailData = ticketDetailData.extend({
  user_id: z.number().int(),
  user_email: z.string(),
  user_nickname: z.string().nullable(),
  assignee_id: z.number().int().nullable(),
});
export type AdminTicketDetail = z.infer<typeof adminTicketDetailData>;

/** The staff ticket list's page size limit. */
export const TICKET_PAGE_MAX = 100;

/** The staff ticket list's orders: the latest activity first, or the one waiting longest (oldest activity) first. */
export const TICKET_SORTS = ['recent', 'waiting'] as const;
export type TicketSort = (typeof TICKET_SORTS)[number];

export const adminListTickets = defineEndpoint({
  method: 'GET',
  path: '/tickets',
  summary:
    'Every ticket, newest activity first (`sort=waiting`: the longest waiting first); filter by status and assignee (or unassigned); a page at a time after a cursor (`before`: the last id seen)',
  tags: ['admin', 'tickets'],
  auth: true,
  permission: 'tickets.read',
  query: z.object({
    status: ticketStatusSchema.optional(),
    assignee_id: idParamSchema.optional(),
    /** true: only tickets nobody is assigned to (with `assignee_id` too, nothing matches). */
    unassigned: flagQuery.optional(),
    sort: z.enum(TICKET_SORTS, { error: vkey('invalid') }).default('recent'),
    before: idParamSchema.optional(),
    size: intQuery(1, TICKET_PAGE_MAX, vkey('page_invalid')).default(20),
  }),
  data: z.object({
    items: z.array(adminTicketSummaryData),
    /** The cursor of the next page (`before`), null on the last page. */
    next_before: z.number().int().nullable(),
  }),
});

export const ticketAssigneeData = z.object({
  id: z.number().int(),
  email: z.string(),
  nickname: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
});
export type TicketAssignee = z.infer<typeof ticketAssigneeData>;

export const adminTicketAssignees = defineEndpoint({
  method: 'GET',
  path: '/tickets/assignees',
  summary:
    'The staff members a ticket may be assigned to (roles with tickets.write), for the assignee filter and the assign action',
  tags: ['admin', 'tickets'],
  auth: true,
  permission: 'tickets.read',
  data: z.array(ticketAssigneeData),
});

export const adminGetTicket = defineEndpoint({
  method: 'GET',
  path: '/tickets/:id',
  summary: 'One ticket with its conversation, customer and assignee',
  tags: ['admin', 'tickets'],
  auth: true,
  permission: 'tickets.read',
  params: ticketParams,
  data: adminTicketDetailData,
});

export const adminReplyTicket = defineEndpoint({
  method: 'POST',
  path: '/tickets/:id/reply',
  summary:
    'Answer as staff (a pending ticket becomes processing unless a status is given); the customer is mailed. Attachments are uploaded through the portal upload call.',
  tags: ['admin', 'tickets'],
  auth: true,
  permission: 'tickets.write',
  params: ticketParams,
  body: replyBody.extend({ status: ticketStatusSchema.optional() }),
  data: adminTicketDetailData,
});

export const adminSetStatus = defineEndpoint({
  method: 'POST',
  path: '/tickets/:id/status',
  summary: 'Set any status (also reopens a closed ticket)',
  tags: ['admin', 'tickets'],
  auth: true,
  permission: 'tickets.write',
  params: ticketParams,
  body: z.object({ status: ticketStatusSchema }),
  data: adminTicketDetailData,
});

export const adminAssign = defineEndpoint({
  method: 'POST',
  path: '/tickets/:id/assign',
  summary: 'Assign to an admin (null: nobody); anyone else is refused with 40609',
  tags: ['admin', 'tickets'],
  auth: true,
  permission: 'tickets.write',
  params: ticketParams,
  body: z.object({ assignee_id: idSchema.nullable() }),
  data: adminTicketDetailData,
});
