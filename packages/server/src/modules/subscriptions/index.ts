import type { ModuleFactory } from '../../app-context.js';
import { leasedJob } from '../../jobs/scheduled-job.js';
import { adminGrantRoutes, adminPackageRoutes, packageRoutes, subscriptionRoutes } from './routes.js';

export const subscriptionsModule: ModuleFactory = (ctx) => {
  const { subscriptions, subscriptionJobs } = ctx.services;
  return {
    routes: (api) => packageRoutes(api, subscriptions.queries, subscriptions.trial),
    adminRoutes: (admin) => {
      adminPackageRoutes(admin, subscriptions.packageAdmin, subscriptions.trial);
      adminGrantRoutes(admin, subscriptions.grants);
    },
    restricted: {
      '/subscriptions': (scope) => subscriptionRoutes(scope, subscriptions, ctx.services.nodes),
    },
    jobs: [leasedJob(ctx.database.db, ctx.log, 'subscriptions', 60_000, () => subscriptionJobs.tick())],
  };
};
