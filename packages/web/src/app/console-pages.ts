/**
 * The console routes of product rules §2: path and key (its title is `nav.<key>`). Icons and grouping live in the
 * sidebar.
 */
import type { Messages } from '../i18n/locales/zh_CN';

/** Every key has a title in the navigation messages (checked by the compiler). */
export const CONSOLE_PAGE_KEYS = [
  'dashboard',
  'finance',
  'subscription',
  'subscriptionHistory',
  'subscriptionLink',
  'nodes',
  'support',
  'announcements',
  'help',
  'contact',
  'dealer',
  'profile',
  'security',
  'sessions',
  'recharge',
  'rechargeHistory',
  'rechargeCodes',
] as const satisfies readonly (keyof Messages['nav'])[];

export type ConsolePageKey = (typeof CONSOLE_PAGE_KEYS)[number];

export interface ConsolePage {
  key: ConsolePageKey;
  path: string;
}

export const CONSOLE_PAGES: readonly ConsolePage[] = [
  { key: 'dashboard', path: '/' },
  { key: 'finance', path: '/finance' },
  { key: 'subscription', path: '/subscription' },
  { key: 'subscriptionHistory', path: '/subscription/history' },
  { key: 'subscriptionLink', path: '/subscription/link' },
  { key: 'nodes', path: '/nodes' },
  { key: 'support', path: '/support' },
  { key: 'announcements', path: '/announcements' },
  { key: 'help', path: '/help' },
  { key: 'contact', path: '/contact' },
  { key: 'dealer', path: '/dealer' },
  { key: 'profile', path: '/profile' },
  { key: 'security', path: '/security' },
  { key: 'sessions', path: '/sessions' },
  { key: 'recharge', path: '/recharge' },
  { key: 'rechargeHistory', path: '/recharge/history' },
  { key: 'rechargeCodes', path: '/recharge/codes' },
];

/** List pages whose items open at /<list>/<id> (a ticket, a help document): the item belongs to its list page. */
const DETAIL_PARENTS: readonly string[] = ['/support', '/help'];

export function consolePageForPath(pathname: string): ConsolePage | null {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const exact = CONSOLE_PAGES.find((page) => page.path === normalized);
  if (exact) return exact;
  const parent = DETAIL_PARENTS.find((p) => new RegExp(`^${p}/[^/]+$`).test(normalized));
  return parent ? (CONSOLE_PAGES.find((page) => page.path === parent) ?? null) : null;
}

/** Pages nested under another page: the breadcrumb starts at the parent. */
const NESTED_UNDER: Partial<Record<ConsolePageKey, ConsolePageKey>> = {
  subscriptionHistory: 'subscription',
  subscriptionLink: 'subscription',
  rechargeHistory: 'recharge',
  rechargeCodes: 'recharge',
};

/** One step of the breadcrumb: a console page, a ticket or a help document (with its id). */
export type Crumb =
  | { kind: 'page'; key: ConsolePageKey; path: string }
  | { kind: 'ticket' | 'document'; id: string; path: string };

/**
 * Where a path sits: its parents, then the page itself (Support > ticket #12, Help > document, Recharge > codes).
 * One step for a top-level page, none for an unknown path.
 */
export function consoleTrail(pathname: string): Crumb[] {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = consolePageForPath(normalized);
  if (!page) return [];
  const own: Crumb = { kind: 'page', key: page.key, path: page.path };
  if (page.path !== normalized) {
    const id = normalized.slice(page.path.length + 1);
    return [own, { kind: page.key === 'support' ? 'ticket' : 'document', id, path: normalized }];
  }
  const parentKey = NESTED_UNDER[page.key];
  const parent = parentKey ? CONSOLE_PAGES.find((p) => p.key === parentKey) : undefined;
  return parent ? [{ kind: 'page', key: parent.key, path: parent.path }, own] : [own];
}
