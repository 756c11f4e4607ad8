import { Readable } from 'node:stream';
import { staffApi } from '@portal/contract/admin';
import type { FastifyInstance } from 'fastify';
import { registerStaffEndpoint } from '../../lib/route.js';
import type { AuditService } from './audit-service.js';

/** The audit log: pages and the CSV export. */
export function adminAuditRoutes(admin: FastifyInstance, audit: AuditService): void {
  registerStaffEndpoint(admin, staffApi.auditLog, ({ query }) => {
    const { before, size, ...filter } = query;
    return audit.page(filter, before, size);
  });
  registerStaffEndpoint(admin, staffApi.exportAuditLog, async ({ query, reply }) => {
    const day = new Date().toISOString().slice(0, 10);
    await reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(audit.csv(query)));
    return '';
  });
}
