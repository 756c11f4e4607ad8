import type { Permission } from '@portal/contract';
import { IconHistory, IconLayoutDashboard, IconUsersGroup } from '@tabler/icons-react';

/** The console's pages: path (under ADMIN_PATH), the permission that opens it, its title and icon. */
export const ADMIN_SECTIONS = [
  { key: 'overview', path: '/', permission: 'console.access', Icon: IconLayoutDashboard },
  { key: 'audit', path: '/audit', permission: 'audit.read', Icon: IconHistory },
  { key: 'staff', path: '/staff', permission: 'staff.manage', Icon: IconUsersGroup },
] as const satisfies readonly { key: string; path: string; permission: Permission; Icon: unknown }[];

export type AdminSection = (typeof ADMIN_SECTIONS)[number];
