import type { ModuleFactory } from '../../app-context.js';
import { dashboardRoutes } from './routes.js';

export const dashboardModule: ModuleFactory = (ctx) => ({
  routes: (api) => dashboardRoutes(api, ctx.services.dashboard),
});
