import { announcementsApi } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app.js';
import { LeasedInterval } from '../../jobs/leased-interval.js';
import { registerEndpoint } from '../../lib/route.js';
import { AnnouncementMailing } from './mailing.js';
import { AnnouncementService } from './service.js';

/** How often the mailing job looks for announcements to mail (a scheduled one goes out this soon after its time). */
export const MAILING_INTERVAL_MS = 15_000;

const services = new WeakMap<AppContext, AnnouncementService>();
const mailings = new WeakMap<AppContext, AnnouncementMailing>();

/** The app's announcement service (one per app; the portal and the staff scope share it). */
export function announcementService(app: FastifyInstance): AnnouncementService {
  let svc = services.get(app.ctx);
  if (!svc) {
    svc = new AnnouncementService(app.ctx.database.db);
    services.set(app.ctx, svc);
  }
  return svc;
}

/** The app's announcement mailing (the job runs it; tests drive it directly). */
export function announcementMailing(app: FastifyInstance): AnnouncementMailing {
  let mailing = mailings.get(app.ctx);
  if (!mailing) {
    const { config, database, mailer } = app.ctx;
    mailing = new AnnouncementMailing(
      database.db,
      mailer,
      { siteName: config.siteName, publicUrl: config.publicUrl },
      app.log,
    );
    mailings.set(app.ctx, mailing);
  }
  return mailing;
}

/** Announcements under the portal API prefix: what the signed-in user may read, and their reads. */
export function announcementRoutes(api: FastifyInstance): void {
  const svc = () => announcementService(api);
  registerEndpoint(api, announcementsApi.getUnreadCount, async ({ auth }) => ({
    count: await svc().unreadCount(auth.user.id),
  }));
  registerEndpoint(api, announcementsApi.listAnnouncements, ({ auth, query, request }) =>
    svc().list(auth.user.id, query, request.locale),
  );
  registerEndpoint(api, announcementsApi.getAnnouncement, ({ auth, params, request }) =>
    svc().get(auth.user.id, params.id, request.locale),
  );
  registerEndpoint(api, announcementsApi.markRead, ({ auth, params }) =>
    svc().markRead(auth.user.id, params.id),
  );
}

/** Staff side of announcements under the admin API prefix. */
export function adminAnnouncementRoutes(admin: FastifyInstance): void {
  const svc = () => announcementService(admin);
  registerEndpoint(admin, announcementsApi.adminListAnnouncements, ({ query }) => svc().adminList(query));
  registerEndpoint(admin, announcementsApi.adminGetAnnouncement, ({ params }) => svc().adminGet(params.id));
  registerEndpoint(admin, announcementsApi.adminCreateAnnouncement, ({ body, request }) =>
    svc().create(body, request.locale),
  );
  registerEndpoint(admin, announcementsApi.adminUpdateAnnouncement, ({ params, body, request }) =>
    svc().update(params.id, body, request.locale),
  );
  registerEndpoint(admin, announcementsApi.adminPublishAnnouncement, ({ params }) =>
    svc().publish(params.id),
  );
  registerEndpoint(admin, announcementsApi.adminExpireAnnouncement, ({ params }) => svc().expire(params.id));
}

/** Background work (announcement mail), started unless NODE_ENV=test; one instance at a time by its lease. */
export function registerAnnouncementJobs(app: FastifyInstance): void {
  const job = new LeasedInterval(
    app.ctx.database.db,
    'announcement-mail',
    async () => void (await announcementMailing(app).run()),
    app.log,
  );
  if (app.ctx.config.env !== 'test') app.addHook('onReady', async () => job.start(MAILING_INTERVAL_MS));
  app.addHook('onClose', () => job.stop());
}
