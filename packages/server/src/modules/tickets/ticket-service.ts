import { randomInt } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DEFAULT_LOCALE,
  hasPermission,
  isLocale,
  STAFF_ROLES,
  TICKETS,
  type TicketAttachment,
  type TicketDetail,
  type TicketStatus,
  type TicketSummary,
} from '@portal/contract';
import {
  type AdminTicketDetail,
  type AdminTicketSummary,
  type TicketAssignee,
  type TicketSort,
} from '@portal/contract/admin';
import type { FastifyBaseLogger } from 'fastify';
import type { StaffActor } from '../../lib/staff-actor.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Kysely } from 'kysely';
import { lockAccountRow } from '../../db/row-lock.js';
import { isoAfter, nowIso } from '../../db/time.js';
import type { TicketAttachmentRow, TicketRow } from '../../db/tables/tickets.js';
import type { Database, UserRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { randomToken } from '../../lib/crypto.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { toPage, type Page, type PageQuery } from '../../lib/paginate.js';
import type { Mailer } from '../mail/mailer.js';
import type { AttachmentLinks } from './attachment-links.js';
import type { AttachmentStore } from './attachment-store.js';
import { detectAttachmentType, safeFileName } from './content-check.js';
import * as repo from './ticket-repository.js';
import { nextTurn } from '../../lib/event-loop.js';
import { staffReplyMail } from './ticket-mail.js';

const DAY_MS = 86_400_000;
/** Uploads not yet used by a ticket or reply that one person may hold within a day (disk abuse guard). */
export const MAX_UNCLAIMED_UPLOADS = 20;
/** The privacy policy keeps tickets for 1 year. */
export const TICKET_RETENTION_DAYS = 365;
const SWEEP_BATCH = 100;

export interface TicketServiceDeps {
  db: Kysely<Database>;
  store: AttachmentStore;
  links: AttachmentLinks;
  mailer: Mailer;
  siteName: string;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export interface UploadedPart {
  filename?: string;
  file: Readable;
}

/** Who is asking for an attachment's bytes: a valid signed URL, or a signed-in person. */
export type AttachmentAccess = { signed: true } | { userId: number; isAdmin: boolean };

type View = 'user' | 'staff';

/** T + UTC date + 6 digits from the CSPRNG, e.g. T20261122048213. */
export function ticketNumber(now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `T${day}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/**
 * The bytes of an upload, passed on up to `limit`; the first byte past it ends the upload with 40604 at once (the
 * rest of the request is not read, and the route closes the connection).
 */
async function* capped(source: Readable, limit: number): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > limit) throw new AppError('TICKET_ATTACHMENT_TOO_LARGE');
    yield chunk;
  }
}

function uniqueIds(ids: readonly number[]): number[] {
  const unique = [...new Set(ids)];
  if (unique.length > TICKETS.attachmentsPerMessage) throw new AppError('TICKET_ATTACHMENTS_TOO_MANY');
  return unique;
}

function toSummary(row: TicketRow): TicketSummary {
  return {
    id: row.id,
    ticket_no: row.ticket_no,
    title: row.title,
    category: row.category,
    priority: row.priority,
    status: row.status,
    reply_count: row.reply_count,
    last_reply_at: row.last_reply_at,
    last_reply_by: row.last_reply_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * Support tickets. A customer opens, answers and closes their own tickets; staff (admin API) see all, answer, set
 * any status and assign. Status rules: a staff reply on a pending ticket makes it processing, a customer reply on a
 * resolved ticket reopens it (pending), a closed ticket takes no replies (40602) until staff reopen it.
 */
export class TicketService {
  constructor(private readonly d: TicketServiceDeps) {}

  get links(): AttachmentLinks {
    return this.d.links;
  }

  // ---- customer ----

  async list(userId: number, q: PageQuery & { status?: TicketStatus }): Promise<Page<TicketSummary>> {
    const { rows, total } = await repo.pageOfTickets(this.d.db, { ...q, userId });
    return toPage(rows.map(toSummary), total, q);
  }

  async detail(userId: number, id: number): Promise<TicketDetail> {
    const ticket = await repo.findTicket(this.d.db, id);
    if (!ticket || ticket.user_id !== userId) throw new AppError('TICKET_NOT_FOUND');
    return this.detailOf(ticket, 'user');
  }

  async create(
    user: UserRow,
    input: {
      title: string;
      category: TicketRow['category'];
      priority: TicketRow['priority'];
      description: string;
      attachment_ids: number[];
    },
  ): Promise<TicketDetail> {
    const ids = uniqueIds(input.attachment_ids);
    // A number drawn twice on one day is refused by the unique key; then the whole opening is tried again.
    for (let attempt = 1; ; attempt += 1) {
      const now = nowIso();
      let ticketNo = ticketNumber();
      while (await repo.ticketNoExists(this.d.db, ticketNo)) ticketNo = ticketNumber();
      try {
        const id = await this.d.db.transaction().execute(async (trx) => {
          const ticket = await repo.insertTicket(trx, {
            ticket_no: ticketNo,
            user_id: user.id,
            title: input.title,
            category: input.category,
            priority: input.priority,
            description: input.description,
            created_at: now,
          });
          await this.claim(trx, ids, user.id, ticket.id, null, now);
          return ticket.id;
        });
        return await this.detail(user.id, id);
      } catch (err) {
        if (attempt < 3 && isUniqueViolation(err)) continue;
        throw err;
      }
    }
  }

  async reply(
    user: UserRow,
    id: number,
    input: { content: string; attachment_ids: number[] },
  ): Promise<TicketDetail> {
    const ids = uniqueIds(input.attachment_ids);
    const now = nowIso();
    await this.d.db.transaction().execute(async (trx) => {
      const moved = await repo.touchForReply(
        trx,
        id,
        'user',
        { from: 'resolved', to: 'pending' },
        now,
        user.id,
      );
      if (!moved) {
        const ticket = await repo.findTicketRow(trx, id);
        if (!ticket || ticket.user_id !== user.id) throw new AppError('TICKET_NOT_FOUND');
        throw new AppError('TICKET_CLOSED');
      }
      const replyId = await repo.insertReply(trx, {
        ticket_id: id,
        author_id: user.id,
        is_staff: 0,
        content: input.content,
        created_at: now,
      });
      await this.claim(trx, ids, user.id, id, replyId, now);
    });
    return this.detail(user.id, id);
  }

  async close(userId: number, id: number): Promise<TicketDetail> {
    if (!(await repo.closeOwn(this.d.db, id, userId, nowIso()))) {
      const ticket = await repo.findTicketRow(this.d.db, id);
      if (!ticket || ticket.user_id !== userId) throw new AppError('TICKET_NOT_FOUND');
      throw new AppError('TICKET_CLOSED');
    }
    return this.detail(userId, id);
  }

  // ---- attachments ----

  /**
   * Streams one uploaded file to the store with a size cap (the rest of an oversized upload is never kept), then
   * decides its type from the stored bytes. Anything refused leaves nothing behind: neither bytes nor row.
   */
  async upload(user: UserRow, part: UploadedPart | undefined): Promise<TicketAttachment> {
    if (!part) throw new AppError('VALIDATION', { field: `body.${TICKETS.uploadField}` });
    const { db, store } = this.d;
    const key = randomToken(24);
    const createdAt = nowIso();
    // Counted and reserved in one transaction under the account's lock: parallel uploads cannot pass the cap.
    const id = await db.transaction().execute(async (trx) => {
      await lockAccountRow(trx, user.id);
      if ((await repo.countUnclaimed(trx, user.id, isoAfter(-DAY_MS))) >= MAX_UNCLAIMED_UPLOADS) return null;
      return repo.insertUpload(trx, {
        storage_key: key,
        uploader_id: user.id,
        file_name: 'upload',
        created_at: createdAt,
      });
    });
    if (id === null) {
      part.file.resume();
      throw new AppError('RATE_LIMIT');
    }
    try {
      const size = await store.put(key, Readable.from(capped(part.file, TICKETS.attachmentMaxBytes)));
      if (size === 0) throw new AppError('TICKET_ATTACHMENT_EMPTY');
      const type = await detectAttachmentType(() => store.get(key));
      if (!type) throw new AppError('TICKET_ATTACHMENT_TYPE');
      const values = {
        content_type: type.contentType,
        kind: type.kind,
        size_bytes: size,
        file_name: safeFileName(part.filename, type),
      };
      await repo.completeUpload(db, id, values);
      return this.toAttachment({
        id,
        storage_key: key,
        uploader_id: user.id,
        ticket_id: null,
        reply_id: null,
        created_at: createdAt,
        attached_at: null,
        ...values,
      });
    } catch (err) {
      part.file.resume();
      await store.delete(key).catch((e: unknown) => this.d.log.warn({ err: e }, 'could not remove upload'));
      await repo.deleteAttachmentRow(db, id);
      throw err;
    }
  }

  /** The row and bytes of an attachment for someone allowed to see it; 40607 for anyone else (no hint it exists). */
  async openAttachment(id: number, access: AttachmentAccess) {
    const row = await repo.findAttachment(this.d.db, id);
    if (!row) throw new AppError('TICKET_ATTACHMENT_NOT_FOUND');
    if ('userId' in access && !access.isAdmin) {
      const owner = row.ticket_id === null ? row.uploader_id : row.ticket_owner_id;
      if (owner !== access.userId) throw new AppError('TICKET_ATTACHMENT_NOT_FOUND');
    }
    try {
      return { row, stream: await this.d.store.get(row.storage_key) };
    } catch (err) {
      this.d.log.error({ err, attachment: id }, 'attachment bytes missing');
      throw new AppError('TICKET_ATTACHMENT_NOT_FOUND');
    }
  }

  private async claim(
    trx: Parameters<typeof repo.claimUploads>[0],
    ids: number[],
    uploaderId: number,
    ticketId: number,
    replyId: number | null,
    now: string,
  ): Promise<void> {
    const claimed = await repo.claimUploads(trx, ids, uploaderId, ticketId, replyId, now);
    // Someone else's upload, one already used, or one removed after a day: nothing is written (the transaction ends).
    if (claimed !== ids.length) throw new AppError('TICKET_ATTACHMENT_NOT_FOUND');
  }

  private toAttachment(row: TicketAttachmentRow, nowMs = Date.now()): TicketAttachment {
    return {
      id: row.id,
      file_name: row.file_name,
      content_type: row.content_type ?? 'application/octet-stream',
      kind: row.kind ?? 'text',
      size: row.size_bytes,
      url: this.d.links.url(row.id, nowMs),
      created_at: row.created_at,
    };
  }

  private async detailOf(ticket: repo.TicketWithPeople, view: 'user'): Promise<TicketDetail>;
  private async detailOf(ticket: repo.TicketWithPeople, view: 'staff'): Promise<AdminTicketDetail>;
  private async detailOf(
    ticket: repo.TicketWithPeople,
    view: View,
  ): Promise<TicketDetail | AdminTicketDetail> {
    const [replies, files] = await Promise.all([
      repo.listReplies(this.d.db, ticket.id),
      repo.listTicketAttachments(this.d.db, ticket.id),
    ]);
    const nowMs = Date.now();
    const byReply = new Map<number | null, TicketAttachment[]>();
    for (const file of files) {
      const list = byReply.get(file.reply_id) ?? [];
      list.push(this.toAttachment(file, nowMs));
      byReply.set(file.reply_id, list);
    }
    const detail: TicketDetail = {
      ...toSummary(ticket),
      description: ticket.description,
      attachments: byReply.get(null) ?? [],
      replies: replies.map((r) => ({
        id: r.id,
        content: r.content,
        is_staff: r.is_staff === 1,
        author_name:
          view === 'staff'
            ? (r.author_nickname ?? r.author_email)
            : r.is_staff === 1
              ? r.author_nickname
              : null,
        attachments: byReply.get(r.id) ?? [],
        created_at: r.created_at,
      })),
      assignee_name:
        view === 'staff' ? (ticket.assignee_nickname ?? ticket.assignee_email) : ticket.assignee_nickname,
      closed_at: ticket.closed_at,
    };
    if (view === 'user') return detail;
    return {
      ...detail,
      user_id: ticket.user_id,
      user_email: ticket.user_email,
      user_nickname: ticket.user_nickname,
      assignee_id: ticket.assignee_id,
    };
  }

  // ---- staff ----

  /** One customer's tickets for their account page, newest first, a page after a cursor. */
  async ofUser(
    userId: number,
    before: number | undefined,
    size: number,
  ): Promise<{ items: TicketSummary[]; next_before: number | null }> {
    const rows = await repo.ticketsOfUser(this.d.db, userId, before, size + 1);
    const items = rows.slice(0, size).map(toSummary);
    return { items, next_before: rows.length > size ? items.at(-1)!.id : null };
  }

  async adminList(q: {
    status?: TicketStatus | undefined;
    assignee_id?: number | undefined;
    unassigned?: boolean | undefined;
    sort?: TicketSort | undefined;
    before?: number | undefined;
    size: number;
  }): Promise<{ items: AdminTicketSummary[]; next_before: number | null }> {
    const cursor = q.before === undefined ? undefined : await repo.ticketCursor(this.d.db, q.before);
    if (q.before !== undefined && !cursor) return { items: [], next_before: null };
    const rows = await repo.staffTicketsPage(
      this.d.db,
      { status: q.status, assigneeId: q.assignee_id, unassigned: q.unassigned, sort: q.sort },
      cursor,
      q.size + 1,
    );
    const items = rows.slice(0, q.size).map((row) => ({
      ...toSummary(row),
      user_id: row.user_id,
      user_email: row.user_email,
      assignee_id: row.assignee_id,
      assignee_name: row.assignee_nickname ?? row.assignee_email,
    }));
    return { items, next_before: rows.length > q.size ? items.at(-1)!.id : null };
  }

  /** Who may be assigned a ticket: the staff whose role has tickets.write (what adminAssign accepts). */
  async assignees(): Promise<TicketAssignee[]> {
    const roles = STAFF_ROLES.filter((role) => hasPermission(role, 'tickets.write'));
    const rows = await repo.staffOfRoles(this.d.db, roles);
    return rows.flatMap((row) => {
      const role = STAFF_ROLES.find((r) => r === row.role);
      return role ? [{ id: row.id, email: row.email, nickname: row.nickname, role }] : [];
    });
  }

  async adminDetail(id: number): Promise<AdminTicketDetail> {
    const ticket = await repo.findTicket(this.d.db, id);
    if (!ticket) throw new AppError('TICKET_NOT_FOUND');
    return this.detailOf(ticket, 'staff');
  }

  /** A staff answer; the customer is mailed in their language with a link to the ticket (same transaction). */
  async adminReply(
    staff: UserRow,
    id: number,
    input: { content: string; attachment_ids: number[]; status?: TicketStatus },
    actor: StaffActor,
  ): Promise<AdminTicketDetail> {
    const ids = uniqueIds(input.attachment_ids);
    const now = nowIso();
    await this.d.db.transaction().execute(async (trx) => {
      const transition: repo.ReplyTransition = input.status
        ? { set: input.status }
        : { from: 'pending', to: 'processing' };
      if (!(await repo.touchForReply(trx, id, 'staff', transition, now))) {
        throw new AppError((await repo.findTicketRow(trx, id)) ? 'TICKET_CLOSED' : 'TICKET_NOT_FOUND');
      }
      const replyId = await repo.insertReply(trx, {
        ticket_id: id,
        author_id: staff.id,
        is_staff: 1,
        content: input.content,
        created_at: now,
      });
      await this.claim(trx, ids, staff.id, id, replyId, now);
      const ticket = await repo.findTicket(trx, id);
      if (!ticket) throw new AppError('TICKET_NOT_FOUND');
      const locale = isLocale(ticket.user_locale) ? ticket.user_locale : DEFAULT_LOCALE;
      const mail = staffReplyMail(
        locale,
        this.d.siteName,
        { no: ticket.ticket_no, title: ticket.title },
        input.content,
        `${this.d.publicUrl}/support/${ticket.id}`,
      );
      await this.d.mailer.enqueue(trx, ticket.user_email, 'ticket_staff_reply', mail);
      await recordAudit(trx, actor, {
        action: 'ticket.reply',
        targetType: 'ticket',
        targetId: id,
        before: null,
        after: { reply_id: replyId, attachment_ids: ids, status: ticket.status },
      });
    });
    this.d.mailer.kick();
    return this.adminDetail(id);
  }

  async adminSetStatus(id: number, status: TicketStatus, actor: StaffActor): Promise<AdminTicketDetail> {
    await this.d.db.transaction().execute(async (trx) => {
      const before = await repo.findTicketRow(trx, id);
      if (!before || !(await repo.setStatus(trx, id, status, nowIso())))
        throw new AppError('TICKET_NOT_FOUND');
      await recordAudit(trx, actor, {
        action: 'ticket.status',
        targetType: 'ticket',
        targetId: id,
        before: { status: before.status },
        after: { status },
      });
    });
    return this.adminDetail(id);
  }

  async adminAssign(id: number, assigneeId: number | null, actor: StaffActor): Promise<AdminTicketDetail> {
    await this.d.db.transaction().execute(async (trx) => {
      if (assigneeId !== null) {
        const assignee = await repo.findUserRole(trx, assigneeId);
        if (!hasPermission(assignee?.role, 'tickets.write')) throw new AppError('TICKET_ASSIGNEE_INVALID');
      }
      const before = await repo.findTicketRow(trx, id);
      if (!before || !(await repo.setAssignee(trx, id, assigneeId, nowIso()))) {
        throw new AppError('TICKET_NOT_FOUND');
      }
      await recordAudit(trx, actor, {
        action: 'ticket.assign',
        targetType: 'ticket',
        targetId: id,
        before: { assignee_id: before.assignee_id },
        after: { assignee_id: assigneeId },
      });
    });
    return this.adminDetail(id);
  }

  // ---- scheduled ----

  /**
   * Removes uploads nobody referenced within a day (row first, so a racing claim either wins or finds nothing,
   * then the bytes), and finished tickets idle for longer than the retention period with their files.
   */
  async cleanup(nowMs = Date.now()): Promise<{ uploads: number; tickets: number }> {
    const { db, store, log } = this.d;
    let uploads = 0;
    const uploadCutoff = new Date(nowMs - DAY_MS).toISOString();
    // Each batch waits for the event loop's turn: on SQLite a sweep of a year's backlog (2 s on the bench data) would
    // otherwise hold every request until it ended.
    for (;;) {
      await nextTurn();
      const stale = await repo.staleUploads(db, uploadCutoff, SWEEP_BATCH);
      for (const file of stale) {
        if (!(await repo.deleteUnclaimed(db, file.id))) continue;
        uploads += 1;
        await store
          .delete(file.storage_key)
          .catch((err: unknown) => log.warn({ err, attachment: file.id }, 'could not remove upload'));
      }
      if (stale.length < SWEEP_BATCH) break;
    }
    let tickets = 0;
    const retentionCutoff = new Date(nowMs - TICKET_RETENTION_DAYS * DAY_MS).toISOString();
    for (;;) {
      await nextTurn();
      const expired = (await repo.expiredTickets(db, retentionCutoff, SWEEP_BATCH)).map((t) => t.id);
      if (expired.length === 0) break;
      const keys = await repo.attachmentKeysOf(db, expired);
      await repo.deleteTickets(db, expired);
      tickets += expired.length;
      for (const { storage_key } of keys) {
        await store
          .delete(storage_key)
          .catch((err: unknown) => log.warn({ err }, 'could not remove attachment of an expired ticket'));
      }
      if (expired.length < SWEEP_BATCH) break;
    }
    if (uploads > 0 || tickets > 0) log.info({ uploads, tickets }, 'tickets clean-up');
    return { uploads, tickets };
  }
}
