import type { ModuleFactory } from '../../app-context.js';
import { leasedJob } from '../../jobs/scheduled-job.js';
import { adminAccountRoutes } from './admin-routes.js';
import { authRoutes } from './routes.js';

/** How often the segment mail job looks for mailings staff planned. */
export const SEGMENT_MAIL_INTERVAL_MS = 15_000;

export const authModule: ModuleFactory = (ctx) => ({
  routes: (api) => authRoutes(api, ctx.services.auth, ctx.services.twoFactor, ctx.config.trustProxy),
  adminRoutes: (admin) => adminAccountRoutes(admin, ctx.services.accounts, ctx.services.segmentMailing),
  jobs: [
    // Password reset mails are queued after their answer: closing waits for the ones under way.
    { start: () => undefined, stop: () => ctx.services.auth.settle(), runsInTests: true },
    leasedJob(ctx.database.db, ctx.log, 'segment-mail', SEGMENT_MAIL_INTERVAL_MS, async () => {
      await ctx.services.segmentMailing.run();
    }),
  ],
});
