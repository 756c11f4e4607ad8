import { announcementsApi } from '@portal/contract';
import { announcementAdminApi } from '@portal/contract/admin';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint, registerStaffEndpoint } from '../../lib/route.js';
import type { AnnouncementService } from './service.js';

/** Announcements under the portal API prefix: what the signed-in user may read, and their reads. */
export function announcementRoutes(api: FastifyInstance, announcements: AnnouncementService): void {
  const svc = () => announcements;
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
export function adminAnnouncementRoutes(admin: FastifyInstance, announcements: AnnouncementService): void {
  const svc = () => announcements;
  registerStaffEndpoint(admin, announcementAdminApi.adminListAnnouncements, ({ query }) =>
    svc().adminList(query),
  );
  registerStaffEndpoint(admin, announcementAdminApi.adminGetAnnouncement, ({ params }) =>
    svc().adminGet(params.id),
  );
  registerStaffEndpoint(admin, announcementAdminApi.adminCreateAnnouncement, ({ body, request, actor }) =>
    svc().create(body, request.locale, actor),
  );
  registerStaffEndpoint(
    admin,
    announcementAdminApi.adminUpdateAnnouncement,
    ({ params, body, request, actor }) => svc().update(params.id, body, request.locale, actor),
  );
  registerStaffEndpoint(admin, announcementAdminApi.adminPublishAnnouncement, ({ params, actor }) =>
    svc().publish(params.id, actor),
  );
  registerStaffEndpoint(admin, announcementAdminApi.adminExpireAnnouncement, ({ params, actor }) =>
    svc().expire(params.id, actor),
  );
}
