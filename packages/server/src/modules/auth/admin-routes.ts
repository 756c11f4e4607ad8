import { userAdminApi } from '@portal/contract/admin';
import type { FastifyInstance } from 'fastify';
import { registerStaffEndpoint } from '../../lib/route.js';
import type { AccountAdmin } from './account-admin.js';
import type { SegmentMailing } from './segment-mailing.js';

/** Customers' accounts in the operators' console. */
export function adminAccountRoutes(
  admin: FastifyInstance,
  accounts: AccountAdmin,
  mailing: SegmentMailing,
): void {
  registerStaffEndpoint(admin, userAdminApi.list, ({ query }) => accounts.list(query));
  registerStaffEndpoint(admin, userAdminApi.get, ({ params, request }) =>
    accounts.detail(params.id, request.locale),
  );
  registerStaffEndpoint(admin, userAdminApi.adjustBalance, ({ params, body, actor }) =>
    accounts.adjustBalance(params.id, body.amount, body.reason, actor),
  );
  registerStaffEndpoint(admin, userAdminApi.setDisabled, ({ params, body, actor }) =>
    accounts.setDisabled(params.id, body.disabled, body.reason, actor),
  );
  registerStaffEndpoint(admin, userAdminApi.revokeSessions, ({ params, actor }) =>
    accounts.revokeSessions(params.id, actor),
  );
  registerStaffEndpoint(admin, userAdminApi.markVerified, ({ params, actor }) =>
    accounts.markVerified(params.id, actor),
  );
  registerStaffEndpoint(admin, userAdminApi.resendVerification, ({ params, actor }) =>
    accounts.resendVerification(params.id, actor),
  );
  registerStaffEndpoint(admin, userAdminApi.sendPasswordReset, ({ params, actor }) =>
    accounts.sendPasswordReset(params.id, actor),
  );
  registerStaffEndpoint(admin, userAdminApi.bulkDisable, ({ body, actor }) =>
    accounts.bulkDisable(body.ids, body.reason, actor),
  );
  registerStaffEndpoint(admin, userAdminApi.previewSegment, ({ query }) => mailing.preview(query));
  registerStaffEndpoint(admin, userAdminApi.listMailings, ({ query }) => mailing.list(query));
  registerStaffEndpoint(admin, userAdminApi.mailSegment, ({ body, actor }) =>
    mailing.plan(body.segment, body.texts, actor),
  );
}
