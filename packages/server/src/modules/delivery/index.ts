import type { ModuleFactory } from '../../app-context.js';
import { DeliveryCatalogue } from './catalogue.js';
import { deliveryRoutes } from './routes.js';

export const deliveryModule: ModuleFactory = (ctx) => ({
  rootRoutes: (app) =>
    deliveryRoutes(app, {
      links: ctx.services.subscriptions.links,
      catalogue: new DeliveryCatalogue(ctx.services.nodes, ctx.config.siteName),
      limiter: ctx.limiter,
      fetchesPerMinute: ctx.config.subFetchesPerMinute,
      siteName: ctx.config.siteName,
      publicUrl: ctx.config.publicUrl,
    }),
});
