import type { ModuleFactory } from '../../app-context.js';
import { userRoutes } from './routes.js';

export const usersModule: ModuleFactory = (ctx) => ({
  routes: (api) => userRoutes(api, ctx.services.auth),
});
