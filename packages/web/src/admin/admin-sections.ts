import type { Permission } from '@portal/contract';
import {
  IconArrowsExchange,
  IconCoin,
  IconFolders,
  IconHistory,
  IconLayoutDashboard,
  IconListDetails,
  IconMessages,
  IconPackage,
  IconReceipt,
  IconRoute,
  IconServer,
  IconTicket,
  IconUser,
  IconUsersGroup,
} from '@tabler/icons-react';

/** The console's pages: path (under ADMIN_PATH), the permission that opens it, its title and icon. */
export const ADMIN_SECTIONS = [
  { key: 'overview', path: '/', permission: 'console.access', Icon: IconLayoutDashboard },
  { key: 'users', path: '/users', permission: 'users.read', Icon: IconUser },
  { key: 'tickets', path: '/tickets', permission: 'tickets.read', Icon: IconMessages },
  { key: 'packages', path: '/packages', permission: 'packages.read', Icon: IconPackage },
  { key: 'nodes', path: '/nodes', permission: 'nodes.read', Icon: IconServer },
  { key: 'nodeGroups', path: '/node-groups', permission: 'nodes.read', Icon: IconFolders },
  { key: 'agentSettings', path: '/agent-settings', permission: 'nodes.read', Icon: IconRoute },
  { key: 'orders', path: '/orders', permission: 'money.read', Icon: IconReceipt },
  { key: 'ledger', path: '/ledger', permission: 'money.read', Icon: IconListDetails },
  { key: 'topups', path: '/topups', permission: 'money.read', Icon: IconArrowsExchange },
  { key: 'codes', path: '/codes', permission: 'money.read', Icon: IconTicket },
  { key: 'payments', path: '/payments', permission: 'settings.write', Icon: IconCoin },
  { key: 'audit', path: '/audit', permission: 'audit.read', Icon: IconHistory },
  { key: 'staff', path: '/staff', permission: 'staff.manage', Icon: IconUsersGroup },
] as const satisfies readonly { key: string; path: string; permission: Permission; Icon: unknown }[];

export type AdminSection = (typeof ADMIN_SECTIONS)[number];
