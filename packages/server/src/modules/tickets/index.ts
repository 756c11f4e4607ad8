import type { ModuleFactory } from '../../app-context.js';
import { leasedJob } from '../../jobs/scheduled-job.js';
import { adminTicketRoutes, ticketRoutes } from './routes.js';

const CLEANUP_INTERVAL_MS = 15 * 60_000;

export const ticketsModule: ModuleFactory = (ctx) => {
  const { tickets } = ctx.services;
  return {
    routes: (api) => ticketRoutes(api, tickets),
    adminRoutes: (admin) => adminTicketRoutes(admin, tickets),
    // Unreferenced uploads older than a day and tickets past retention are removed.
    jobs: [
      leasedJob(ctx.database.db, ctx.log, 'tickets', CLEANUP_INTERVAL_MS, async () => {
        await tickets.cleanup();
      }),
    ],
  };
};
