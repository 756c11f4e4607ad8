import { announcementsApi } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/route.js';

/** Announcements under the portal API prefix (filled in by the announcements feature). */
export function announcementRoutes(api: FastifyInstance): void {
  registerEndpoint(api, announcementsApi.getUnreadCount, async () => ({ count: 0 }));
}

/** Staff side of announcements under the admin API prefix. */
export function adminAnnouncementRoutes(_admin: FastifyInstance): void {}

/** Background work (announcement mail), started unless NODE_ENV=test. */
export function registerAnnouncementJobs(_app: FastifyInstance): void {}
