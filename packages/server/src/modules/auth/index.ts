import type { ModuleFactory } from '../../app-context.js';
import { adminAccountRoutes } from './admin-routes.js';
import { authRoutes } from './routes.js';

export const authModule: ModuleFactory = (ctx) => ({
  routes: (api) => authRoutes(api, ctx.services.auth, ctx.services.twoFactor, ctx.config.trustProxy),
  adminRoutes: (admin) => adminAccountRoutes(admin, ctx.services.accounts),
});
