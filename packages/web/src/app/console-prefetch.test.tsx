import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { configureApiClient, resetApiClient } from '../lib/api-client';
import { createQueryClient } from '../lib/query';
import { clearTokens, saveTokens } from '../lib/token-store';
import { installFakeFetch, ok } from '../test/fake-fetch';
import { PROFILE } from '../test/render';
import { CONSOLE_PAGES } from './console-pages';
import { PAGE_PREFETCHES, prefetchConsole } from './console-prefetch';
import { AppProviders } from './providers';
import { routes } from './routes';

/**
 * The calls a signed-in customer's console makes when it opens at `path` (the profile answered, every other call
 * left in flight, so nothing follows from an answer), with or without the prefetch first.
 */
async function callsAt(path: string, prefetch: boolean): Promise<string[]> {
  const { calls } = installFakeFetch((call) =>
    call.url.endsWith('/users/profile') ? ok(PROFILE) : new Promise(() => undefined),
  );
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  configureApiClient({ navigate: (to) => void router.navigate(to), notify: vi.fn(), onSignOut: vi.fn() });
  if (prefetch) prefetchConsole(queryClient, path);
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  // Until the page has mounted (its code loads first) and its calls have gone out: none new for half a second.
  await vi.waitFor(() => expect(calls.some((call) => !call.url.includes('/users/'))).toBe(true), 10_000);
  for (let seen = -1; seen !== calls.length;) {
    seen = calls.length;
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 500)));
  }
  cleanup();
  queryClient.clear();
  return calls.map((call) => {
    const url = new URL(call.url, 'http://portal.test');
    return `${call.method} ${url.pathname}${url.search}`;
  });
}

beforeEach(async () => {
  resetApiClient();
  saveTokens('access', 'refresh', true);
  await i18n.changeLanguage('en');
});

afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

describe("a console page's calls start before React renders it", () => {
  const pages = CONSOLE_PAGES.filter((page) => PAGE_PREFETCHES[page.key]);

  it('covers the pages measured for speed', () => {
    expect(pages.map((page) => page.path)).toEqual(
      expect.arrayContaining(['/', '/subscription', '/finance']),
    );
  });

  it.each(pages.map((page) => page.path))(
    '%s: the prefetch asks exactly what the page asks, and the page asks nothing twice',
    async (path) => {
      const alone = await callsAt(path, false);
      const prefetched = await callsAt(path, true);
      // A prefetch under another key than the hook's would show here as the same call twice.
      expect(prefetched.length).toBe(new Set(prefetched).size);
      expect([...prefetched].sort()).toEqual([...new Set(alone)].sort());
    },
    20_000,
  );
});
