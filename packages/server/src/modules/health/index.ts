import type { ModuleFactory } from '../../app-context.js';
import { healthRoutes } from './routes.js';

export const healthModule: ModuleFactory = (ctx) => ({
  routes: (api) => healthRoutes(api, ctx.database),
});
