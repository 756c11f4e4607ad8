import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idParamSchema, intQuery, lineText } from '../inputs.js';
import { PERMISSIONS, STAFF_ROLES, USER_ROLES } from '../staff.js';
import { vkey } from '../i18n/validation-messages.js';

/** The operators' console: who is signed in there, and the audit log of every staff write. */

export const staffMeData = z.object({
  id: z.number().int(),
  email: z.string(),
  nickname: z.string().nullable(),
  role: z.enum(USER_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type StaffMe = z.infer<typeof staffMeData>;

export const me = defineEndpoint({
  method: 'GET',
  path: '/me',
  summary: 'The staff member signed in: role and permissions (what the console shows them)',
  tags: ['admin', 'staff'],
  auth: true,
  permission: 'console.access',
  data: staffMeData,
});

export const auditRecordData = z.object({
  id: z.number().int(),
  actor_id: z.number().int(),
  actor_email: z.string(),
  actor_role: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  /** The fields that changed: `{ before, after }`. */
  changes: z
    .object({
      before: z.record(z.string(), z.unknown()).nullable(),
      after: z.record(z.string(), z.unknown()).nullable(),
    })
    .nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecordData>;

/** The audit log's page size limit. */
export const AUDIT_PAGE_MAX = 200;

const isoTimeQuery = z.iso.datetime({ offset: true, error: vkey('invalid') });
const actionQuery = lineText({ error: vkey('invalid') }).max(64, { error: vkey('invalid') });

/** The audit log's filters (the export takes the same). */
export const auditFilterQuery = z.object({
  actor_id: idParamSchema.optional(),
  /** Exact action (`announcement.update`) or a prefix ending with a dot (`announcement.`). */
  action: actionQuery.optional(),
  target_type: actionQuery.optional(),
  target_id: lineText({ error: vkey('invalid') })
    .max(64, { error: vkey('invalid') })
    .optional(),
  /** From this time (inclusive), to this time (exclusive). */
  from: isoTimeQuery.optional(),
  to: isoTimeQuery.optional(),
});

export const auditLog = defineEndpoint({
  method: 'GET',
  path: '/audit',
  summary: 'The audit log, newest first, a page at a time after a cursor (`before`: the last id seen)',
  tags: ['admin', 'audit'],
  auth: true,
  permission: 'audit.read',
  query: auditFilterQuery.extend({
    before: idParamSchema.optional(),
    size: intQuery(1, AUDIT_PAGE_MAX, vkey('page_invalid')).default(50),
  }),
  data: z.object({
    items: z.array(auditRecordData),
    /** The cursor of the next page (`before`), null on the last page. */
    next_before: z.number().int().nullable(),
  }),
});

export const exportAuditLog = defineEndpoint({
  method: 'GET',
  path: '/audit/export',
  summary: 'The audit log as CSV (UTF-8 with a byte-order mark, for spreadsheets), newest first',
  tags: ['admin', 'audit'],
  auth: true,
  permission: 'audit.read',
  produces: 'text/csv',
  query: auditFilterQuery,
  data: z.string(),
});

export const staffMemberData = z.object({
  id: z.number().int(),
  email: z.string(),
  nickname: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberData>;

export const listStaff = defineEndpoint({
  method: 'GET',
  path: '/staff',
  summary: 'Every staff member with their role',
  tags: ['admin', 'staff'],
  auth: true,
  permission: 'staff.manage',
  data: z.array(staffMemberData),
});

const roleInput = z.enum(USER_ROLES, { error: vkey('invalid') });

export const addStaff = defineEndpoint({
  method: 'POST',
  path: '/staff',
  summary: 'Make an existing account staff with a role',
  tags: ['admin', 'staff'],
  auth: true,
  permission: 'staff.manage',
  body: z.object({
    email: lineText({ error: vkey('email_invalid') }).max(254, { error: vkey('email_invalid') }),
    role: z.enum(STAFF_ROLES, { error: vkey('invalid') }),
  }),
  data: staffMemberData,
});

export const setStaffRole = defineEndpoint({
  method: 'PUT',
  path: '/staff/:id/role',
  summary: "Change a staff member's role ('user' makes them a customer again); the last owner stays owner",
  tags: ['admin', 'staff'],
  auth: true,
  permission: 'staff.manage',
  params: z.object({ id: idParamSchema }),
  body: z.object({ role: roleInput }),
  /** The member with their new role; null when they are a customer again. */
  data: staffMemberData.nullable(),
});
