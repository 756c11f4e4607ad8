/**
 * Staff roles and permissions (issue 17): every staff endpoint declares the one permission it needs
 * (`Endpoint.permission`), every role is a set of permissions. A customer's role is 'user'.
 */
export const STAFF_ROLES = ['owner', 'admin', 'support', 'finance', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Every value of users.role: customers and the staff roles. */
export const USER_ROLES = ['user', ...STAFF_ROLES] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const PERMISSIONS = [
  /** Open the operators' console and see who one is there (every staff role). */
  'console.access',
  /**
   * The overview's figures in the console. Each area is an endpoint under the read permission of the lists it
   * summarises (`money.read`, `users.read`, `nodes.read`, `tickets.read`): the server checks that one, and the
   * console shows an area to roles with both.
   */
  'overview.read',
  /** Users, their sessions, bindings and subscriptions (read). */
  'users.read',
  /** Disable / enable, verify, resend mail, password reset, revoke sessions, reset a link or its traffic. */
  'users.manage',
  /** Give or extend a subscription without payment. */
  'subscriptions.grant',
  /** Ledger, orders, top-ups, USDT transfers, recharge codes (read). */
  'money.read',
  /** Balance adjustments, refunds, crediting transfers, recharge code batches. */
  'money.write',
  'packages.read',
  'packages.write',
  'nodes.read',
  /** Nodes, node groups and agent tokens. */
  'nodes.write',
  'tickets.read',
  /** Reply, assign, change a ticket's status. */
  'tickets.write',
  /** Announcements, help documents, the site's contact channels and dealers (read). */
  'content.read',
  'content.write',
  /** Payment settings (USDT) and other settings of the service. */
  'settings.write',
  'audit.read',
  /** Staff members and their roles. */
  'staff.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const READ_ALL: readonly Permission[] = PERMISSIONS.filter(
  (p) => p === 'console.access' || (p.endsWith('.read') && p !== 'audit.read'),
);

/**
 * What each role may do. owner: everything; admin: everything but managing staff; support: customers' accounts,
 * tickets and content, no money; finance: money and the users it concerns, no tickets or content; viewer: reads,
 * nothing else (not the audit log).
 */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS.filter((p) => p !== 'staff.manage'),
  support: [
    'console.access',
    'overview.read',
    'users.read',
    'users.manage',
    'packages.read',
    'nodes.read',
    'tickets.read',
    'tickets.write',
    'content.read',
    'content.write',
  ],
  finance: [
    'console.access',
    'overview.read',
    'users.read',
    'subscriptions.grant',
    'money.read',
    'money.write',
    'packages.read',
    'audit.read',
  ],
  viewer: READ_ALL,
};

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role ?? '');
}

/** Whether a user of this role may do what the permission allows (customers: never). */
export function hasPermission(role: string | null | undefined, permission: Permission): boolean {
  return isStaffRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}
