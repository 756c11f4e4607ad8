import { staffApi } from '@portal/contract/admin';
import type { FastifyInstance } from 'fastify';
import { registerStaffEndpoint } from '../../lib/route.js';
import type { StaffService } from './staff-service.js';

/** The console's own: the member signed in, and the staff with their roles (owners). */
export function adminStaffRoutes(admin: FastifyInstance, staff: StaffService): void {
  registerStaffEndpoint(admin, staffApi.me, async ({ auth }) => staff.me(auth.user));
  registerStaffEndpoint(admin, staffApi.listStaff, () => staff.list());
  registerStaffEndpoint(admin, staffApi.addStaff, ({ body, actor }) =>
    staff.add(body.email, body.role, actor),
  );
  registerStaffEndpoint(admin, staffApi.setStaffRole, ({ params, body, actor }) =>
    staff.setRole(params.id, body.role, actor),
  );
}
