import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@portal/contract';
import type {
  MoneyOverview,
  NodesOverview,
  StaffMe,
  TicketsOverview,
  UsersOverview,
} from '@portal/contract/admin';
import { installFakeFetch, ok } from '../../test/fake-fetch';
import type { FakeCall } from '../../test/fake-fetch';
import { renderRoutes } from '../../test/render';
import { adminPath, setupAdminPageTests } from '../test-setup';
import { OrdersPage } from './orders-page';
import { OverviewPage } from './overview-page';
import { UsersPage } from './users-page';

const url = (call: FakeCall) => new URL(call.url, 'http://x');
const path = adminPath;
const ME = (role: 'owner' | 'support'): StaffMe => ({
  id: 9,
  email: 'boss@example.com',
  nickname: null,
  role,
  permissions: [...ROLE_PERMISSIONS[role]],
});

const to = '2026-11-25T00:00:00.000Z';
const PERIODS = {
  today: { from: '2026-11-24T00:00:00.000Z', to },
  week: { from: '2026-11-18T00:00:00.000Z', to },
  month: { from: '2026-10-26T00:00:00.000Z', to },
};
const days = Array.from({ length: 30 }, (_, i) =>
  new Date(Date.parse(PERIODS.month.from) + i * 86_400_000).toISOString().slice(0, 10),
);
const revenue = (net: string) => ({ orders: 2, paid: net, refunds: '0.00', net });
const MONEY: MoneyOverview = {
  periods: PERIODS,
  revenue: { today: revenue('30.00'), week: revenue('120.00'), month: revenue('1234.50') },
  revenue_days: days.map((day) => ({ day, ...revenue('41.15') })),
  topups: (['usdt_topup', 'code_redeem', 'admin_adjust'] as const).map((method) => ({
    method,
    today: { count: 1, amount: '10.00' },
    week: { count: 2, amount: '20.00' },
    month: { count: 3, amount: '30.00' },
  })),
  pending_usdt_orders: 4,
  open_transfers: 2,
};
const USERS: UsersOverview = {
  periods: PERIODS,
  registered: {
    today: { total: 3, verified: 2 },
    week: { total: 20, verified: 15 },
    month: { total: 80, verified: 60 },
  },
  subscriptions: { active: 1200, expiring: 35, expiring_before: '2026-12-01T12:00:00.000Z' },
};
const NODES: NodesOverview = {
  periods: PERIODS,
  nodes: { online: 5, offline: 1, maintenance: 1 },
  traffic: {
    today: { upload: 1024, download: 4096 },
    week: { upload: 2048, download: 8192 },
    month: { upload: 4096, download: 16384 },
  },
  traffic_days: days.map((day) => ({ day, upload: 100, download: 400 })),
};
const TICKETS: TicketsOverview = { pending: 6, processing: 2 };

function answer(call: FakeCall) {
  const p = path(call);
  if (p === '/overview/money') return ok(MONEY);
  if (p === '/overview/users') return ok(USERS);
  if (p === '/overview/nodes') return ok(NODES);
  if (p === '/overview/tickets') return ok(TICKETS);
  if (p === '/orders' || p === '/users') return ok({ items: [], next_before: null });
  return ok(null);
}

setupAdminPageTests();

describe('overview page', () => {
  it("shows an owner every area's figures, and a card opens its list with the period's filter", async () => {
    const { calls } = installFakeFetch(answer);
    renderRoutes(
      [
        { path: '/', element: <OverviewPage me={ME('owner')} /> },
        { path: '/orders', element: <OrdersPage me={ME('owner')} /> },
        { path: '/users', element: <UsersPage me={ME('owner')} /> },
      ],
      '/',
    );
    expect((await screen.findByTestId('overview-revenue-month-net-value')).textContent).toBe('¥1,234.50');
    expect((await screen.findByTestId('overview-pending-usdt-count-value')).textContent).toBe('4');
    expect((await screen.findByTestId('overview-subscriptions-active-value')).textContent).toBe('1,200');
    expect((await screen.findByTestId('overview-tickets-pending-value')).textContent).toBe('6');
    expect((await screen.findByTestId('overview-traffic-today-value')).textContent).toBe('5 KB');
    // The account card names each permission (a message whose own name holds dots: `users.read`).
    expect(screen.getAllByText('See users').length).toBeGreaterThan(0);
    expect(screen.queryByText(/^permissions\./)).toBeNull();
    expect(screen.getByTestId('overview-pending-usdt-link').getAttribute('href')).toBe(
      '/topups?status=pending',
    );
    // The ticket figures open the tickets list on their status.
    expect(screen.getByTestId('overview-tickets-pending-link').getAttribute('href')).toBe(
      '/tickets?status=pending',
    );
    expect(screen.getByTestId('overview-tickets-processing-link').getAttribute('href')).toBe(
      '/tickets?status=processing',
    );
    expect(screen.getByTestId('overview-users-week').getAttribute('href')).toBe(
      `/users?registered_from=${encodeURIComponent(PERIODS.week.from)}&registered_to=${encodeURIComponent(to)}`,
    );
    expect(
      screen
        .getAllByTestId('overview-topup')
        .map((row) => row.querySelector('a')!.getAttribute('href'))
        .at(0),
    ).toBe(
      `/ledger?from=${encodeURIComponent(PERIODS.month.from)}&to=${encodeURIComponent(to)}&kind=usdt_topup`,
    );

    // The today card opens the orders list filtered on the same instants.
    fireEvent.click(screen.getByTestId('overview-revenue-today-link'));
    await vi.waitFor(() => expect(calls.some((c) => path(c) === '/orders')).toBe(true));
    const orders = url(calls.find((c) => path(c) === '/orders')!);
    expect(orders.searchParams.get('from')).toBe(PERIODS.today.from);
    expect(orders.searchParams.get('to')).toBe(to);
  });

  it('opens the users list with the registration range a card links to', async () => {
    const { calls } = installFakeFetch(answer);
    renderRoutes(
      [{ path: '/users', element: <UsersPage me={ME('owner')} /> }],
      `/users?registered_from=${PERIODS.week.from}&registered_to=${to}&verified=true`,
    );
    await vi.waitFor(() => expect(calls.some((c) => path(c) === '/users')).toBe(true));
    const users = url(calls.find((c) => path(c) === '/users')!);
    expect(users.searchParams.get('registered_from')).toBe(PERIODS.week.from);
    expect(users.searchParams.get('registered_to')).toBe(to);
    expect(users.searchParams.get('verified')).toBe('true');
  });

  it('never asks for money figures for a role without money.read, and shows no money card', async () => {
    const { calls } = installFakeFetch(answer);
    renderRoutes([{ path: '/', element: <OverviewPage me={ME('support')} /> }], '/');
    expect((await screen.findByTestId('overview-tickets-pending-value')).textContent).toBe('6');
    await screen.findByTestId('overview-users');
    await screen.findByTestId('overview-nodes');
    expect(screen.queryByTestId('overview-revenue-today')).toBeNull();
    expect(screen.queryByTestId('overview-topups')).toBeNull();
    expect(calls.some((c) => path(c) === '/overview/money')).toBe(false);
  });

  it('says there was no traffic instead of drawing an empty chart', async () => {
    installFakeFetch((call) =>
      path(call) === '/overview/nodes'
        ? ok({ ...NODES, traffic_days: days.map((day) => ({ day, upload: 0, download: 0 })) })
        : answer(call),
    );
    renderRoutes([{ path: '/', element: <OverviewPage me={ME('owner')} /> }], '/');
    expect((await screen.findByTestId('overview-traffic-empty')).textContent).toBe(
      'No traffic in the last 30 days',
    );
    expect(screen.getByTestId('overview-traffic').querySelector('svg')).toBeNull();
  });
});
