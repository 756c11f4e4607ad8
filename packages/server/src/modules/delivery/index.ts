import type { ModuleFactory } from '../../app-context.js';
import { deliveryRoutes } from './routes.js';

export const deliveryModule: ModuleFactory = (ctx) => ({
  rootRoutes: (app) =>
    deliveryRoutes(app, {
      links: ctx.services.subscriptions.links,
      nodes: ctx.services.nodes,
      limiter: ctx.limiter,
      siteName: ctx.config.siteName,
      publicUrl: ctx.config.publicUrl,
    }),
});
