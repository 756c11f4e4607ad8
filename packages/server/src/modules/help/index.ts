import type { ModuleFactory } from '../../app-context.js';
import { adminHelpRoutes, helpRoutes } from './routes.js';

export const helpModule: ModuleFactory = (ctx) => ({
  routes: (api) => helpRoutes(api, ctx.services.help),
  adminRoutes: (admin) => adminHelpRoutes(admin, ctx.services.helpAdmin),
});
