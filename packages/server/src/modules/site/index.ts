import type { ModuleFactory } from '../../app-context.js';
import { adminSiteRoutes, siteRoutes } from './routes.js';

export const siteModule: ModuleFactory = (ctx) => ({
  routes: (api) => siteRoutes(api, ctx.services.site),
  adminRoutes: (admin) => adminSiteRoutes(admin, ctx.services.site),
});
