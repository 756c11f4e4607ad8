import type { QueryClient } from '@tanstack/react-query';
import { normalizePagePath } from '@portal/contract';
import { prefetchAnnouncementChecks } from '../features/announcements';
import { prefetchDashboard } from '../features/dashboard';
import { prefetchSubscriptionCenter } from '../features/subscriptions';
import { prefetchWalletOverview } from '../features/wallet';
import { prefetchAccount } from '../lib/account-queries';
import type { ConsolePageKey } from './console-pages';
import { CONSOLE_PAGES } from './console-pages';

/**
 * The calls of a page's first screen, by page: each feature starts its own, with the inputs its hooks use (a unit
 * test proves the page then asks for nothing more and nothing twice).
 */
export const PAGE_PREFETCHES: Partial<Record<ConsolePageKey, (queryClient: QueryClient) => void>> = {
  dashboard: prefetchDashboard,
  subscription: prefetchSubscriptionCenter,
  finance: prefetchWalletOverview,
};

/**
 * A signed-in customer opening a console page: the layout's calls (user, balance, bell, popups) and the page's
 * start with the code, not after React's first render of the layout and the page (seconds later on a slow phone).
 */
export function prefetchConsole(queryClient: QueryClient, pathname: string): void {
  prefetchAccount(queryClient);
  prefetchAnnouncementChecks(queryClient);
  const path = normalizePagePath(pathname);
  const page = CONSOLE_PAGES.find((candidate) => candidate.path === path);
  if (page) PAGE_PREFETCHES[page.key]?.(queryClient);
}
