import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PREFIX } from '@portal/contract';
import { i18n } from '../i18n/i18n';
import { configureApiClient, resetApiClient } from '../lib/api-client';
import { createQueryClient } from '../lib/query';
import { saveTokens } from '../lib/token-store';
import { installFakeFetch, ok } from '../test/fake-fetch';
import { AppProviders } from './providers';
import { routes } from './routes';

function renderAt(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  configureApiClient({
    navigate: (to) => void router.navigate(to),
    notify: vi.fn(),
    onSignOut: () => queryClient.clear(),
  });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

beforeEach(async () => {
  resetApiClient();
  await i18n.changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('app shell', () => {
  it('shows the landing page to an anonymous visitor on any console path', async () => {
    const GB = String(20 * 1024 ** 3);
    const basic = {
      id: 1,
      name: 'Basic',
      description: '',
      type: 'monthly',
      traffic_bytes: GB,
      validity_days: 30,
    };
    const onSale = {
      price: '15.00',
      device_limit: 2,
      speed_limit_mbps: null,
      popular: false,
      on_sale: true,
      upgrade_targets: [],
    };
    installFakeFetch((call) =>
      call.url.endsWith('/subscriptions/packages') ? ok([{ ...basic, ...onSale }]) : ok(null),
    );
    renderAt('/finance');
    expect(
      await screen.findByRole('heading', { level: 1, name: /network acceleration/i }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByTestId('landing-login')).toBeTruthy();
    expect(screen.getByTestId('landing-register')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change language' })).toBeTruthy();
    expect(screen.getByTestId('theme-toggle')).toBeTruthy();
    expect(document.getElementById('features')).toBeTruthy();
    expect(document.getElementById('pricing')).toBeTruthy();
    expect(document.getElementById('support')).toBeTruthy();
    expect((await screen.findByTestId('plan-price')).textContent).toBe('¥15.00');
    // The whole landing page renders in jsdom (hero preview, FAQ…): slow on a loaded machine.
  }, 15_000);

  it('shows the console with user, balance and unread count when signed in', async () => {
    saveTokens('access', 'refresh', true);
    const { calls } = installFakeFetch((call) => {
      if (call.url.endsWith('/users/profile')) {
        return ok({
          id: 1,
          email: 'a@example.com',
          nickname: 'Ann',
          avatar: null,
          email_verified: true,
          status: 'normal',
          level: 'regular',
          has_password: true,
          last_login_at: null,
          created_at: '2026-01-01T00:00:00Z',
          updated_at: '2026-01-01T00:00:00Z',
        });
      }
      if (call.url.endsWith('/users/balance')) return ok({ balance: '1234.5' });
      if (call.url.endsWith('/announcements/unread/count')) return ok({ count: 120 });
      return ok(null);
    });
    renderAt('/recharge/codes');
    expect((await screen.findByTestId('page-title', {}, { timeout: 8000 })).textContent).toBe('Top-up codes');
    // The page title heads the content (one h1), under a breadcrumb back to its parent; the tab says where we are.
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe('/recharge');
    expect(within(crumbs).getByText('Top-up codes').getAttribute('aria-current')).toBe('page');
    await vi.waitFor(() => expect(document.title).toBe('Top-up codes · Proxy Portal'));
    expect(within(screen.getByRole('banner')).getByTestId('top-bar-brand')).toBeTruthy();
    expect((await screen.findByTestId('sidebar-nickname')).textContent).toBe('Ann');
    expect((await screen.findByTestId('sidebar-balance')).textContent).toBe('¥1,234.50');
    const bell = await screen.findByTestId('announcements-bell');
    await vi.waitFor(() => expect(bell.getAttribute('data-count')).toBe('99+'));
    const sidebar = screen.getByTestId('sidebar');
    expect(within(sidebar).getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(await screen.findByTestId('codes-generate-form')).toBeTruthy();
    expect(calls.every((c) => c.url.startsWith(API_PREFIX))).toBe(true);
  });

  it('serves the public legal pages', async () => {
    installFakeFetch(() => ok(null));
    renderAt('/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeTruthy();
    expect(await screen.findByText(/deleted automatically after 24 hours/)).toBeTruthy();
  });
});
