import type { ModuleFactory } from '../../app-context.js';
import { leasedJob } from '../../jobs/scheduled-job.js';
import { adminNodeRoutes } from './admin-routes.js';
import { nodeApiRoutes } from './node-api.js';
import { nodeRoutes } from './routes.js';

export const nodesModule: ModuleFactory = (ctx) => {
  const { nodes } = ctx.services;
  return {
    routes: (api) => nodeRoutes(api, nodes),
    adminRoutes: (admin) => adminNodeRoutes(admin, ctx.services.nodeAdmin, ctx.services.agentSettings),
    rootRoutes: (app) => nodeApiRoutes(app, ctx.services.agents, ctx.limiter),
    jobs: [
      leasedJob(ctx.database.db, ctx.log, 'nodes', 60_000, async () => {
        if (ctx.config.seedDemo) await nodes.demoHeartbeat();
        await nodes.markSilentOffline();
        await nodes.probeLatency();
      }),
    ],
  };
};
