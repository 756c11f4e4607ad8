import type { ModuleFactory } from '../../app-context.js';
import { adminStaffRoutes } from './routes.js';

/** Staff: who is signed in to the console, and the roles of the staff (issue 17). */
export const staffModule: ModuleFactory = (ctx) => ({
  adminRoutes: (admin) => adminStaffRoutes(admin, ctx.services.staff),
});
