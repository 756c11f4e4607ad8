import type { ModuleFactory } from '../../app-context.js';
import { adminAuditRoutes } from './routes.js';

/** The audit log (every staff write, recorded by the services with recordAudit). */
export const auditModule: ModuleFactory = (ctx) => ({
  adminRoutes: (admin) => adminAuditRoutes(admin, ctx.services.audit),
});
