import type { ModuleFactory } from '../../app-context.js';
import { leasedJob } from '../../jobs/scheduled-job.js';
import { adminAnnouncementRoutes, announcementRoutes } from './routes.js';

/** How often the mailing job looks for announcements to mail (a scheduled one goes out this soon after its time). */
export const MAILING_INTERVAL_MS = 15_000;

export const announcementsModule: ModuleFactory = (ctx) => {
  const { announcements, announcementMailing } = ctx.services;
  return {
    routes: (api) => announcementRoutes(api, announcements),
    adminRoutes: (admin) => adminAnnouncementRoutes(admin, announcements),
    jobs: [
      leasedJob(ctx.database.db, ctx.log, 'announcement-mail', MAILING_INTERVAL_MS, async () => {
        await announcementMailing.run();
      }),
    ],
  };
};
