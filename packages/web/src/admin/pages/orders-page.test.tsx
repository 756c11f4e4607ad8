import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@portal/contract';
import type { AdminOrder, RefundPreview, StaffMe } from '@portal/contract/admin';
import { installFakeFetch, ok } from '../../test/fake-fetch';
import { renderRoutes } from '../../test/render';
import { adminPath, setupAdminPageTests } from '../test-setup';
import { OrdersPage } from './orders-page';

const path = adminPath;
const ME = (role: 'finance' | 'viewer'): StaffMe => ({
  id: 9,
  email: 'cash@example.com',
  nickname: null,
  role,
  permissions: [...ROLE_PERMISSIONS[role]],
});
const ORDER: AdminOrder = {
  id: 7,
  order_no: 'S20261124000000ABCDEF',
  user_id: 3,
  user_email: 'c@example.com',
  subscription_id: 4,
  package_id: 1,
  package_name: 'Basic',
  kind: 'purchase',
  amount: '15.00',
  status: 'paid',
  created_at: '2026-11-24T00:00:00.000Z',
};
const PREVIEW: RefundPreview = {
  order_no: ORDER.order_no,
  paid: '15.00',
  code_paid: '5.00',
  refundable_base: '10.00',
  traffic_used: 0,
  traffic_limit: 1024,
  remaining_ppm: 1_000_000,
  amount: '10.00',
  rule: 'full',
  refused: null,
  subscription_end_at: '2026-11-24T01:00:00.000Z',
  deadline: '2026-12-01T00:00:00.000Z',
};

setupAdminPageTests();

describe('orders page', () => {
  it('previews a refund (code-paid part excluded) and refunds with a reason', async () => {
    const { calls } = installFakeFetch((call) => {
      const p = path(call);
      if (p === '/orders') return ok({ items: [ORDER], next_before: null });
      if (p === `/orders/${ORDER.id}/refund` && call.method === 'GET') return ok(PREVIEW);
      if (p === `/orders/${ORDER.id}/refund`) return ok({ refund: PREVIEW, balance: '10.00' });
      return ok(null);
    });
    renderRoutes([{ path: '/orders', element: <OrdersPage me={ME('finance')} /> }], '/orders');
    fireEvent.click(await screen.findByTestId('order-refund'));
    const preview = await screen.findByTestId('refund-preview');
    expect(preview.textContent).toContain('¥5.00');
    expect(preview.textContent).toContain('Full refund');
    const confirm = screen.getByTestId('refund-confirm');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('refund-note'), { target: { value: 'asked by mail' } });
    fireEvent.click(confirm);
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(path(post)).toBe(`/orders/${ORDER.id}/refund`);
    expect(post.body).toEqual({ note: 'asked by mail' });
  });

  it('shows why a refund is refused, and no refund button to a viewer', async () => {
    installFakeFetch((call) => {
      const p = path(call);
      if (p === '/orders') return ok({ items: [ORDER], next_before: null });
      return ok({ ...PREVIEW, refused: 'too_late', rule: null, amount: '0.00' });
    });
    const { view } = renderRoutes(
      [{ path: '/orders', element: <OrdersPage me={ME('finance')} /> }],
      '/orders',
    );
    fireEvent.click(await screen.findByTestId('order-refund'));
    expect((await screen.findByTestId('refund-refused')).textContent).toContain('More than 7 days');
    expect(screen.queryByTestId('refund-confirm')).toBeNull();
    view.unmount();
    renderRoutes([{ path: '/orders', element: <OrdersPage me={ME('viewer')} /> }], '/orders');
    expect((await screen.findAllByTestId('order-row')).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('order-refund')).toBeNull();
  });

  it('asks the server for the oldest orders first when chosen', async () => {
    const { calls } = installFakeFetch(() => ok({ items: [ORDER], next_before: null }));
    renderRoutes([{ path: '/orders', element: <OrdersPage me={ME('viewer')} /> }], '/orders');
    await screen.findAllByTestId('order-row');
    const sortOf = () => new URL(calls.at(-1)!.url, 'http://x').searchParams.get('sort');
    expect(sortOf()).toBeNull();
    fireEvent.change(screen.getByTestId('orders-sort'), { target: { value: 'oldest' } });
    await vi.waitFor(() => expect(sortOf()).toBe('oldest'));
  });
});
