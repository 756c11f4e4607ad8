import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../lib/router';
import type { InitialEntry, RouteObject } from '../lib/router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { configureApiClient } from '../lib/api-client';
import { createQueryClient } from '../lib/query';

/** Renders `routes` at `path` (a URL, or a location with its state) inside the app's providers (Mantine, modals, toasts, query client, i18n). */
export function renderRoutes(routes: RouteObject[], path: InitialEntry) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const notify = vi.fn();
  configureApiClient({
    navigate: (to) => void router.navigate(to),
    notify,
    onSignOut: () => queryClient.clear(),
  });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient, view };
}

/** A route that only says where the browser went. */
export function marker(path: string): RouteObject {
  return { path, element: <div data-testid="at">{path}</div> };
}

export const PROFILE = {
  id: 1,
  email: 'a@example.com',
  nickname: 'Ann',
  avatar: null,
  email_verified: true,
  status: 'normal',
  level: 'regular',
  has_password: true,
  last_login_at: '2026-01-02T03:04:05Z',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
} as const;

export const TOKENS = {
  access_token: 'acc',
  refresh_token: 'ref',
  token_type: 'Bearer',
  expires_in: 900,
} as const;

/**
 * Lets promises and React settle until `check` holds, without touching timers: with `vi.useFakeTimers` faking
 * setTimeout, Testing Library's waitFor would hang and vi.waitFor would advance the clock under test.
 */
export async function flushUntil(check: () => boolean, rounds = 100): Promise<void> {
  for (let i = 0; i < rounds && !check(); i += 1) {
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
}
