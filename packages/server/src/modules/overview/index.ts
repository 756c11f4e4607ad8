import type { ModuleFactory } from '../../app-context.js';
import { adminOverviewRoutes } from './routes.js';

/** The operators' overview: revenue, top-ups, users, subscriptions, nodes and traffic, tickets (read-only). */
export const overviewModule: ModuleFactory = (ctx) => ({
  adminRoutes: (admin) => adminOverviewRoutes(admin, ctx.services.overview),
});
