import type { ModuleFactory } from '../../app-context.js';
import { authRoutes } from './routes.js';

export const authModule: ModuleFactory = (ctx) => ({
  routes: (api) => authRoutes(api, ctx.services.auth, ctx.config.trustProxy),
});
