import type { ModuleFactory } from '../../app-context.js';
import { searchRoutes } from './routes.js';

export const searchModule: ModuleFactory = (ctx) => ({
  routes: (api) => searchRoutes(api, ctx.services.search),
});
