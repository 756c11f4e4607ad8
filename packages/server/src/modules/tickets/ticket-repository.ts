import { sql, type SqlBool } from 'kysely';
import type { StaffRole } from '@portal/contract';
import type { TicketSort } from '@portal/contract/admin';
import type { Db } from '../../db/types.js';
import type { TicketAttachmentRow, TicketRow, TicketsTable } from '../../db/tables/tickets.js';
import { fetchPage, type PageQuery } from '../../lib/paginate.js';

/** Every line of SQL of the tickets feature; each function takes the database or a transaction. */
type Status = TicketsTable['status'];

export interface TicketListFilter extends PageQuery {
  userId?: number;
  status?: Status;
  assigneeId?: number;
}

/** A page of one customer's tickets, newest activity first, and how many there are (their own list). */
export function pageOfTickets(db: Db, f: TicketListFilter) {
  let base = db.selectFrom('tickets as t');
  if (f.userId !== undefined) base = base.where('t.user_id', '=', f.userId);
  if (f.status) base = base.where('t.status', '=', f.status);
  if (f.assigneeId !== undefined) base = base.where('t.assignee_id', '=', f.assigneeId);
  return fetchPage(base, f, (qb) =>
    qb
      .innerJoin('users as u', 'u.id', 't.user_id')
      .leftJoin('users as a', 'a.id', 't.assignee_id')
      .selectAll('t')
      .select(['u.email as user_email', 'a.nickname as assignee_nickname', 'a.email as assignee_email'])
      .orderBy('t.updated_at', 'desc')
      .orderBy('t.id', 'desc')
      .execute(),
  );
}

export interface TicketCursor {
  updated_at: string;
  id: number;
}

export function ticketCursor(db: Db, id: number): Promise<TicketCursor | undefined> {
  return db.selectFrom('tickets').select(['updated_at', 'id']).where('id', '=', id).executeTakeFirst();
}

/**
 * Every customer's tickets for staff, newest activity first (or the longest waiting first), after a cursor (the ticket last seen), `limit` rows: no
 * count, and the filter and order read from one index of migration 0017, so a page costs the same at any depth.
 */
export function staffTicketsPage(
  db: Db,
  f: {
    status?: Status | undefined;
    assigneeId?: number | undefined;
    unassigned?: boolean | undefined;
    sort?: TicketSort | undefined;
  },
  cursor: TicketCursor | undefined,
  limit: number,
) {
  // The longest waiting first reads the same indexes the other way.
  const waiting = f.sort === 'waiting';
  let q = db
    .selectFrom('tickets as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('users as a', 'a.id', 't.assignee_id')
    .selectAll('t')
    .select(['u.email as user_email', 'a.nickname as assignee_nickname', 'a.email as assignee_email']);
  if (f.status) q = q.where('t.status', '=', f.status);
  if (f.assigneeId !== undefined) q = q.where('t.assignee_id', '=', f.assigneeId);
  if (f.unassigned) q = q.where('t.assignee_id', 'is', null);
  if (cursor)
    q = q.where(
      sql<SqlBool>`(t.updated_at, t.id) ${sql.raw(waiting ? '>' : '<')} (${cursor.updated_at}, ${cursor.id})`,
    );
  const dir = waiting ? 'asc' : 'desc';
  return q.orderBy('t.updated_at', dir).orderBy('t.id', dir).limit(limit).execute();
}

/** One customer's tickets, newest first, after the cursor (the last id seen), `limit` rows. */
export function ticketsOfUser(db: Db, userId: number, before: number | undefined, limit: number) {
  let q = db.selectFrom('tickets').selectAll().where('user_id', '=', userId);
  if (before !== undefined) q = q.where('id', '<', before);
  return q.orderBy('id', 'desc').limit(limit).execute();
}

export type TicketWithPeople = TicketRow & {
  user_email: string;
  user_nickname: string | null;
  user_locale: string;
  assignee_nickname: string | null;
  assignee_email: string | null;
};

export function findTicket(db: Db, id: number): Promise<TicketWithPeople | undefined> {
  return db
    .selectFrom('tickets as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('users as a', 'a.id', 't.assignee_id')
    .selectAll('t')
    .select([
      'u.email as user_email',
      'u.nickname as user_nickname',
      'u.locale as user_locale',
      'a.nickname as assignee_nickname',
      'a.email as assignee_email',
    ])
    .where('t.id', '=', id)
    .executeTakeFirst();
}

export function findTicketRow(db: Db, id: number): Promise<TicketRow | undefined> {
  return db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listReplies(db: Db, ticketId: number) {
  return db
    .selectFrom('ticket_replies as r')
    .innerJoin('users as u', 'u.id', 'r.author_id')
    .select([
      'r.id',
      'r.content',
      'r.is_staff',
      'r.created_at',
      'u.nickname as author_nickname',
      'u.email as author_email',
    ])
    .where('r.ticket_id', '=', ticketId)
    .orderBy('r.id')
    .execute();
}

/** Every attachment of a ticket, its opening and its replies alike (one query). */
export function listTicketAttachments(db: Db, ticketId: number): Promise<TicketAttachmentRow[]> {
  return db
    .selectFrom('ticket_attachments')
    .selectAll()
    .where('ticket_id', '=', ticketId)
    .orderBy('id')
    .execute();
}

export async function ticketNoExists(db: Db, ticketNo: string): Promise<boolean> {
  const row = await db
    .selectFrom('tickets')
    .select('id')
    .where('ticket_no', '=', ticketNo)
    .executeTakeFirst();
  return row !== undefined;
}

export function insertTicket(
  db: Db,
  values: Pick<
    TicketRow,
    'ticket_no' | 'user_id' | 'title' | 'category' | 'priority' | 'description' | 'created_at'
  >,
): Promise<TicketRow> {
  return db
    .insertInto('tickets')
    .values({
      ...values,
      status: 'pending',
      assignee_id: null,
      last_reply_at: null,
      last_reply_by: null,
      closed_at: null,
      updated_at: values.created_at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertReply(
  db: Db,
  values: { ticket_id: number; author_id: number; is_staff: number; content: string; created_at: string },
): Promise<number> {
  const row = await db.insertInto('ticket_replies').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** How a reply moves the status: from one status to another (else unchanged), or to a given one. */
export type ReplyTransition = { from: Status; to: Status } | { set: Status };

/**
 * Records a reply on the ticket unless it is closed, in one conditional update: a close racing with the reply wins
 * or loses as a whole. false: the ticket is closed, gone, or (with ownerId) not that person's.
 */
export async function touchForReply(
  db: Db,
  id: number,
  by: 'user' | 'staff',
  transition: ReplyTransition,
  now: string,
  ownerId?: number,
): Promise<boolean> {
  const status =
    'set' in transition
      ? transition.set
      : sql<Status>`case when status = ${transition.from} then ${transition.to} else status end`;
  let q = db
    .updateTable('tickets')
    .set((eb) => ({
      status,
      reply_count: eb('reply_count', '+', 1),
      last_reply_at: now,
      last_reply_by: by,
      updated_at: now,
      ...('set' in transition && transition.set === 'closed' ? { closed_at: now } : {}),
    }))
    .where('id', '=', id)
    .where('status', '<>', 'closed');
  if (ownerId !== undefined) q = q.where('user_id', '=', ownerId);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The customer closes: only their own ticket, only once. */
export async function closeOwn(db: Db, id: number, userId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('tickets')
    .set({ status: 'closed', closed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', '<>', 'closed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setStatus(db: Db, id: number, status: Status, now: string): Promise<boolean> {
  const result = await db
    .updateTable('tickets')
    .set((eb) => ({
      status,
      // A ticket keeps the time it was first closed while it stays closed; reopening clears it.
      closed_at: status === 'closed' ? eb.fn.coalesce('closed_at', eb.val(now)) : null,
      updated_at: now,
    }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setAssignee(db: Db, id: number, assigneeId: number | null, now: string) {
  const result = await db
    .updateTable('tickets')
    .set({ assignee_id: assigneeId, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The accounts of the given staff roles (those who handle tickets), by email address. */
export function staffOfRoles(db: Db, roles: readonly StaffRole[]) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'nickname', 'role'])
    .where('role', '<>', 'user') // the staff index's own condition, so SQLite uses it too (not a scan of every account)
    .where('role', 'in', [...roles])
    .orderBy('email')
    .execute();
}

export function findUserRole(db: Db, id: number) {
  return db.selectFrom('users').select(['id', 'role']).where('id', '=', id).executeTakeFirst();
}

// ---- attachments ----

export async function insertUpload(
  db: Db,
  values: { storage_key: string; uploader_id: number; file_name: string; created_at: string },
): Promise<number> {
  const row = await db
    .insertInto('ticket_attachments')
    .values({
      ...values,
      ticket_id: null,
      reply_id: null,
      content_type: null,
      kind: null,
      size_bytes: 0,
      attached_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function completeUpload(
  db: Db,
  id: number,
  values: Pick<TicketAttachmentRow, 'content_type' | 'kind' | 'size_bytes' | 'file_name'>,
) {
  return db.updateTable('ticket_attachments').set(values).where('id', '=', id).execute();
}

export function deleteAttachmentRow(db: Db, id: number) {
  return db.deleteFrom('ticket_attachments').where('id', '=', id).execute();
}

export function findAttachment(db: Db, id: number) {
  return db
    .selectFrom('ticket_attachments as f')
    .leftJoin('tickets as t', 't.id', 'f.ticket_id')
    .selectAll('f')
    .select('t.user_id as ticket_owner_id')
    .where('f.id', '=', id)
    .where('f.content_type', 'is not', null)
    .executeTakeFirst();
}

/** Uploads of one person not yet referenced, since a time (checked ones and those still being checked). */
export async function countUnclaimed(db: Db, uploaderId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('ticket_attachments')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('uploader_id', '=', uploaderId)
    .where('ticket_id', 'is', null)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Gives the uploader's checked, unreferenced uploads to a ticket (and reply) in one conditional update, so an upload
 * is claimed once even when two requests race for it. Returns how many were claimed.
 */
export async function claimUploads(
  db: Db,
  ids: readonly number[],
  uploaderId: number,
  ticketId: number,
  replyId: number | null,
  now: string,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('ticket_attachments')
    .set({ ticket_id: ticketId, reply_id: replyId, attached_at: now })
    .where('id', 'in', [...ids])
    .where('uploader_id', '=', uploaderId)
    .where('ticket_id', 'is', null)
    .where('content_type', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Unreferenced uploads created before `before`, oldest first. */
export function staleUploads(db: Db, before: string, limit: number) {
  return db
    .selectFrom('ticket_attachments')
    .select(['id', 'storage_key'])
    .where('ticket_id', 'is', null)
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Removes an upload only while it is still unreferenced (a ticket may have claimed it meanwhile). */
export async function deleteUnclaimed(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('ticket_attachments')
    .where('id', '=', id)
    .where('ticket_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Finished tickets (resolved or closed) with no activity since `before`: the privacy policy keeps tickets 1 year. */
export function expiredTickets(db: Db, before: string, limit: number) {
  return db
    .selectFrom('tickets')
    .select('id')
    .where('status', 'in', ['resolved', 'closed'])
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

export function attachmentKeysOf(db: Db, ticketIds: readonly number[]) {
  return db
    .selectFrom('ticket_attachments')
    .select('storage_key')
    .where('ticket_id', 'in', [...ticketIds])
    .execute();
}

export function deleteTickets(db: Db, ids: readonly number[]) {
  return db
    .deleteFrom('tickets')
    .where('id', 'in', [...ids])
    .execute();
}
