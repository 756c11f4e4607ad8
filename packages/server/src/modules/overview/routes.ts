import { overviewAdminApi } from '@portal/contract/admin';
import type { FastifyInstance } from 'fastify';
import { registerStaffEndpoint } from '../../lib/route.js';
import type { OverviewService } from './service.js';

/** The overview's figures, one endpoint per area under that area's read permission. */
export function adminOverviewRoutes(admin: FastifyInstance, overview: OverviewService): void {
  registerStaffEndpoint(admin, overviewAdminApi.moneyOverview, () => overview.money());
  registerStaffEndpoint(admin, overviewAdminApi.usersOverview, () => overview.users());
  registerStaffEndpoint(admin, overviewAdminApi.nodesOverview, () => overview.nodes());
  registerStaffEndpoint(admin, overviewAdminApi.ticketsOverview, () => overview.tickets());
}
