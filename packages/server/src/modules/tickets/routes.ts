import multipart from '@fastify/multipart';
import { ERRORS, hasPermission, TICKETS, ticketsApi } from '@portal/contract';
import { ticketAdminApi, userAdminApi } from '@portal/contract/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { registerEndpoint, registerStaffEndpoint } from '../../lib/route.js';
import { authenticateRequest } from '../../lib/auth-guard.js';
import type { TicketService } from './ticket-service.js';

/** `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266), inline only for the verified raster images. */
function contentDisposition(kind: string | null, name: string): string {
  const type = kind === 'image' ? 'inline' : 'attachment';
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The bytes are never a page: no scripts, no plugins, a sandboxed origin if a browser renders them anyway. */
const ATTACHMENT_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/** Tickets under the portal API prefix. */
export function ticketRoutes(api: FastifyInstance, tickets: TicketService): void {
  const svc = () => tickets;
  registerEndpoint(api, ticketsApi.listTickets, ({ auth, query }) => svc().list(auth.user.id, query));
  registerEndpoint(api, ticketsApi.createTicket, ({ auth, body }) => svc().create(auth.user, body));
  registerEndpoint(api, ticketsApi.getTicket, ({ auth, params }) => svc().detail(auth.user.id, params.id));
  registerEndpoint(api, ticketsApi.replyTicket, ({ auth, params, body }) =>
    svc().reply(auth.user, params.id, body),
  );
  registerEndpoint(api, ticketsApi.closeTicket, ({ auth, params }) => svc().close(auth.user.id, params.id));

  // Multipart only here: the upload streams one file with a size cap (busboy stops at one byte over the limit and
  // discards the rest of the request as it arrives; nothing is buffered in memory).
  void api.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: {
        fileSize: TICKETS.attachmentMaxBytes + 1,
        files: 1,
        fields: 4,
        parts: 5,
        fieldSize: 1024,
        headerPairs: 50,
      },
    });
    registerEndpoint(scope, ticketsApi.uploadAttachment, async ({ auth, request, reply }) => {
      if (!request.isMultipart()) throw new AppError('BAD_REQUEST');
      const part = await request.file();
      try {
        return await svc().upload(auth.user, part ? { filename: part.filename, file: part.file } : undefined);
      } catch (err) {
        // Past the limit the rest of the body is of no use: answer now and close the connection, so the client
        // stops sending instead of pushing the remaining megabytes through.
        if (err instanceof AppError && err.code === ERRORS.TICKET_ATTACHMENT_TOO_LARGE.code) {
          reply.header('connection', 'close');
        }
        throw err;
      }
    });
  });

  const download = ticketsApi.downloadAttachment;
  api.withTypeProvider<ZodTypeProvider>().route({
    method: download.method,
    url: download.path,
    schema: {
      summary:
        'The file of an attachment, with the signed URL of a detail answer or the bearer token of its owner',
      tags: ['tickets'],
      params: download.params,
      querystring: download.query,
    },
    handler: async (request, reply) => {
      const { id } = request.params;
      const { expires, sig } = request.query;
      let opened;
      if (expires !== undefined || sig !== undefined) {
        const verdict = expires !== undefined && sig ? svc().links.check(id, expires, sig) : 'invalid';
        if (verdict !== 'ok') throw new AppError('FORBIDDEN', { reason: verdict });
        opened = await svc().openAttachment(id, { signed: true });
      } else {
        await authenticateRequest(request, reply);
        const { user, session } = request.auth!;
        // Staff open anyone's files as the staff API does: with tickets.read and a two-factor session (else only
        // their own, as any customer).
        opened = await svc().openAttachment(id, {
          userId: user.id,
          isAdmin: hasPermission(user.role, 'tickets.read') && Boolean(session.two_factor_at),
        });
      }
      const { row, stream } = opened;
      const contentType = row.content_type ?? 'application/octet-stream';
      return reply
        .header('content-type', contentType)
        .header('content-length', String(row.size_bytes))
        .header('content-disposition', contentDisposition(row.kind, row.file_name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', ATTACHMENT_CSP)
        .header('cross-origin-resource-policy', 'same-origin')
        .header('cache-control', 'private, max-age=300')
        .send(stream);
    },
  });
}

/** Staff side of tickets under the admin API prefix (each endpoint with its staff permission). */
export function adminTicketRoutes(admin: FastifyInstance, tickets: TicketService): void {
  const svc = () => tickets;
  registerStaffEndpoint(admin, ticketAdminApi.adminListTickets, ({ query }) => svc().adminList(query));
  registerStaffEndpoint(admin, ticketAdminApi.adminTicketAssignees, () => svc().assignees());
  registerStaffEndpoint(admin, ticketAdminApi.adminGetTicket, ({ params }) => svc().adminDetail(params.id));
  registerStaffEndpoint(admin, ticketAdminApi.adminReplyTicket, ({ auth, params, body, actor }) =>
    svc().adminReply(auth.user, params.id, body, actor),
  );
  registerStaffEndpoint(admin, ticketAdminApi.adminSetStatus, ({ params, body, actor }) =>
    svc().adminSetStatus(params.id, body.status, actor),
  );
  registerStaffEndpoint(admin, ticketAdminApi.adminAssign, ({ params, body, actor }) =>
    svc().adminAssign(params.id, body.assignee_id, actor),
  );
  registerStaffEndpoint(admin, userAdminApi.tickets, ({ params, query }) =>
    svc().ofUser(params.id, query.before, query.size),
  );
}
