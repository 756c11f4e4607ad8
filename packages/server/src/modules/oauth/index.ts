import type { ModuleFactory } from '../../app-context.js';
import { oauthRoutes } from './routes.js';

export const oauthModule: ModuleFactory = (ctx) => ({
  routes: (api) => oauthRoutes(api, ctx.services.oauth, ctx.config.trustProxy),
});
