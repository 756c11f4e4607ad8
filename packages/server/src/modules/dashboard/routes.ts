import { dashboardApi } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/route.js';
import type { DashboardService } from './service.js';

/** The dashboard overview's own calls (its other cards use their features' endpoints). */
export function dashboardRoutes(api: FastifyInstance, dashboard: DashboardService): void {
  const svc = () => dashboard;
  registerEndpoint(api, dashboardApi.activities, async ({ auth, query, request }) => ({
    items: await svc().activities(auth.user.id, request.locale, query.limit),
  }));
}
