import {
  IconBuildingStore,
  IconCoin,
  IconHeadset,
  IconLayoutDashboard,
  IconPackage,
  IconServer2,
  IconUser,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Messages } from '../../../i18n/locales/zh_CN';
import type { ConsolePageKey } from '../../console-pages';
import { CONSOLE_PAGES, consolePageForPath } from '../../console-pages';

type NavKey = keyof Messages['nav'];

export interface NavLeaf {
  key: ConsolePageKey;
  path: string;
}

export interface NavEntry {
  key: NavKey;
  icon: ReactNode;
  /** A single page, or a group of pages. */
  path?: string;
  children?: NavLeaf[];
}

function leaf(key: ConsolePageKey): NavLeaf {
  const page = CONSOLE_PAGES.find((p) => p.key === key);
  if (!page) throw new Error(`unknown console page ${key}`);
  return { key, path: page.path };
}

const ICON = 20;

/** Sidebar groups of product rules §2; Finance also opens the wallet (/finance), which the spec routes but does not list. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { key: 'dashboard', icon: <IconLayoutDashboard size={ICON} aria-hidden />, path: '/' },
  {
    key: 'groupUser',
    icon: <IconUser size={ICON} aria-hidden />,
    children: [leaf('profile'), leaf('security'), leaf('sessions')],
  },
  {
    key: 'groupFinance',
    icon: <IconCoin size={ICON} aria-hidden />,
    children: [leaf('finance'), leaf('recharge'), leaf('rechargeHistory'), leaf('rechargeCodes')],
  },
  {
    key: 'groupSubscription',
    icon: <IconPackage size={ICON} aria-hidden />,
    children: [leaf('subscription'), leaf('subscriptionHistory'), leaf('subscriptionLink')],
  },
  { key: 'nodes', icon: <IconServer2 size={ICON} aria-hidden />, path: '/nodes' },
  {
    key: 'groupSupport',
    icon: <IconHeadset size={ICON} aria-hidden />,
    children: [leaf('support'), leaf('announcements'), leaf('help'), leaf('contact')],
  },
  { key: 'dealer', icon: <IconBuildingStore size={ICON} aria-hidden />, path: '/dealer' },
];

export function isActivePath(current: string, path: string): boolean {
  return current === path || consolePageForPath(current)?.path === path;
}
