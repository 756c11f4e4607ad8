import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { TicketAttachment, TicketDetail } from '@portal/contract';
import type { AdminTicketDetail } from '@portal/contract/admin';
import type { Database } from '../../db/types.js';
import { call, enrolTwoFactor, verifiedUser, type Reply } from '../../test/accounts.js';
import type { SmtpSink } from '../../test/smtp-sink.js';
import { multipartFile } from './test-files.js';

/** Calls the ticket tests share: accounts, staff, uploads and tickets through the real API. */
export const API = '/api/v1/portal';
export const ADMIN = '/api/v1/admin';

export interface Person {
  id: number;
  email: string;
  token: string;
}

export async function person(app: FastifyInstance, sink: SmtpSink, db: Kysely<Database>): Promise<Person> {
  const u = await verifiedUser(app, sink);
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', u.email)
    .executeTakeFirstOrThrow();
  return { id: row.id, email: u.email, token: u.tokens.access_token };
}

/** A verified user made admin the way operators do it (users.role), effective on the next call. */
export async function staff(app: FastifyInstance, sink: SmtpSink, db: Kysely<Database>): Promise<Person> {
  const p = await person(app, sink, db);
  await db.updateTable('users').set({ role: 'admin' }).where('id', '=', p.id).execute();
  await enrolTwoFactor(app, p.token);
  return p;
}

export function upload(
  app: FastifyInstance,
  token: string,
  name: string,
  bytes: Buffer,
  headers: Record<string, string> = {},
): Promise<Reply<TicketAttachment>> {
  const body = multipartFile(name, bytes);
  return call<TicketAttachment>(app, {
    method: 'POST',
    url: `${API}/tickets/upload`,
    token,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

export function openTicket(
  app: FastifyInstance,
  token: string,
  extra: Partial<{
    title: string;
    category: string;
    priority: string;
    description: string;
    attachment_ids: number[];
  }> = {},
  headers: Record<string, string> = {},
): Promise<Reply<TicketDetail>> {
  return call<TicketDetail>(app, {
    method: 'POST',
    url: `${API}/tickets`,
    token,
    headers,
    payload: {
      title: 'Cannot connect to Tokyo 01',
      category: 'technical',
      priority: 'high',
      description: 'Since this morning the client times out on every node.',
      ...extra,
    },
  });
}

export function reply(
  app: FastifyInstance,
  token: string,
  id: number,
  content: string,
  attachment_ids: number[] = [],
): Promise<Reply<TicketDetail>> {
  return call<TicketDetail>(app, {
    method: 'POST',
    url: `${API}/tickets/${id}/reply`,
    token,
    payload: { content, attachment_ids },
  });
}

export function staffReply(
  app: FastifyInstance,
  token: string,
  id: number,
  body: { content: string; attachment_ids?: number[]; status?: string },
): Promise<Reply<AdminTicketDetail>> {
  return call<AdminTicketDetail>(app, {
    method: 'POST',
    url: `${ADMIN}/tickets/${id}/reply`,
    token,
    payload: body,
  });
}

export function getTicket(app: FastifyInstance, token: string, id: number): Promise<Reply<TicketDetail>> {
  return call<TicketDetail>(app, { url: `${API}/tickets/${id}`, token });
}
