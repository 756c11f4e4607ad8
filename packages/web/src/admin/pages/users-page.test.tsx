import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@portal/contract';
import type { AdminUser, StaffMe } from '@portal/contract/admin';
import { installFakeFetch, ok } from '../../test/fake-fetch';
import { renderRoutes } from '../../test/render';
import { adminPath, setupAdminPageTests } from '../test-setup';
import { UsersPage } from './users-page';

const path = adminPath;
const ME = (role: 'support' | 'viewer'): StaffMe => ({
  id: 9,
  email: 'desk@example.com',
  nickname: null,
  role,
  permissions: [...ROLE_PERMISSIONS[role]],
});
const user = (id: number, extra: Partial<AdminUser> = {}): AdminUser => ({
  id,
  email: `u${id}@example.com`,
  nickname: null,
  role: 'user',
  verified: true,
  disabled: false,
  balance: '0.00',
  active_subscriptions: 0,
  last_login_at: null,
  created_at: '2026-11-24T00:00:00.000Z',
  ...extra,
});
const USERS = [user(3), user(2), user(1, { role: 'admin' }), user(9), user(5, { disabled: true })];

setupAdminPageTests();

describe('users page', () => {
  it('selects customers only (not staff, oneself or the disabled) and disables them with a reason', async () => {
    const { calls } = installFakeFetch((call) => {
      const p = path(call);
      if (p === '/users' && call.method === 'GET') return ok({ items: USERS, next_before: null });
      if (p === '/users/disable') return ok({ disabled: [2, 3], skipped: [] });
      return ok(null);
    });
    renderRoutes([{ path: '/users', element: <UsersPage me={ME('support')} /> }], '/users');
    const boxes = (await screen.findAllByTestId('user-select')) as HTMLInputElement[];
    expect(boxes.map((b) => b.disabled)).toEqual([false, false, true, true, true]);
    const bulk = screen.getByTestId('users-bulk-disable') as HTMLButtonElement;
    expect(bulk.disabled).toBe(true);
    fireEvent.click(boxes[0]!);
    expect(screen.getByTestId('users-bulk-bar').textContent).toContain('1 selected');
    fireEvent.click(screen.getByTestId('users-select-all'));
    expect(screen.getByTestId('users-bulk-bar').textContent).toContain('2 selected');
    fireEvent.click(bulk);
    const form = await screen.findByTestId('bulk-disable-form');
    expect(form.textContent).toContain('Disable the 2 selected accounts');
    fireEvent.click(within(form).getByTestId('bulk-disable-submit'));
    expect(await within(form).findByText('This field is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(form).getByTestId('bulk-disable-reason'), { target: { value: 'Spam wave' } });
    fireEvent.click(within(form).getByTestId('bulk-disable-submit'));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ ids: [3, 2], reason: 'Spam wave' });
  });

  it('counts a segment before mailing it, verified and active customers by default', async () => {
    const { calls } = installFakeFetch((call) => {
      const p = path(call);
      if (p === '/users') return ok({ items: USERS, next_before: null });
      if (p === '/users/mailings/preview') return ok({ recipients: 42 });
      return ok(null);
    });
    renderRoutes([{ path: '/users', element: <UsersPage me={ME('support')} /> }], '/users');
    fireEvent.click(await screen.findByTestId('users-mail'));
    expect((await screen.findByText('It would go to 42 customers now')).textContent).toBeTruthy();
    const preview = calls.find((c) => path(c) === '/users/mailings/preview')!;
    const query = new URL(preview.url, 'http://x').searchParams;
    expect([query.get('verified'), query.get('disabled')]).toEqual(['yes', 'no']);
    fireEvent.click(screen.getByTestId('segment-send'));
    expect(await screen.findByText('Write a subject and a text in at least one language.')).toBeTruthy();
  });

  it('offers no selection or mailing without users.manage', async () => {
    installFakeFetch(() => ok({ items: USERS, next_before: null }));
    renderRoutes([{ path: '/users', element: <UsersPage me={ME('viewer')} /> }], '/users');
    expect((await screen.findAllByTestId('user-row')).length).toBe(5);
    expect(screen.queryByTestId('user-select')).toBeNull();
    expect(screen.queryByTestId('users-mail')).toBeNull();
  });

  it('orders the list on the server as chosen, at once', async () => {
    const { calls } = installFakeFetch(() => ok({ items: USERS, next_before: null }));
    renderRoutes([{ path: '/users', element: <UsersPage me={ME('viewer')} /> }], '/users');
    await screen.findAllByTestId('user-row');
    const sortOf = () => new URL(calls.at(-1)!.url, 'http://x').searchParams.get('sort');
    expect(sortOf()).toBeNull();
    fireEvent.change(screen.getByTestId('users-sort'), { target: { value: 'balance' } });
    await vi.waitFor(() => expect(sortOf()).toBe('balance'));
  });

  it('shows the past mailings with who they went to and how far each got, also to a viewer', async () => {
    const mailing = {
      id: 7,
      subject: 'Autumn sale',
      locales: ['zh_CN', 'en'],
      segment: { verified: 'yes', disabled: 'no', subscribed: 'any', with_balance: 'yes' },
      created_by_email: 'boss@example.com',
      created_at: '2026-11-24T08:00:00.000Z',
      status: 'pending',
      planned: 400,
      sent: 100,
      finished_at: null,
    };
    const { calls } = installFakeFetch((call) => {
      const p = path(call);
      if (p === '/users') return ok({ items: USERS, next_before: null });
      if (p === '/users/mailings')
        return ok({
          items: [mailing, { ...mailing, id: 6, subject: 'Welcome', status: 'done', sent: 400 }],
          next_before: null,
        });
      return ok(null);
    });
    renderRoutes([{ path: '/users', element: <UsersPage me={ME('viewer')} /> }], '/users');
    fireEvent.click(await screen.findByTestId('users-mailings'));
    const rows = await screen.findAllByTestId('users-mailing');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['pending', 'done']);
    expect(rows[0]!.textContent).toContain('Autumn sale');
    expect(rows[0]!.textContent).toContain('简体中文 · English');
    expect(rows[0]!.textContent).toContain('Verified');
    expect(rows[0]!.textContent).toContain('Not disabled');
    expect(rows[0]!.textContent).toContain('Balance above zero');
    expect(rows[0]!.textContent).not.toContain('subscription');
    expect(rows[0]!.textContent).toContain('Sending');
    expect(rows[0]!.textContent).toContain('100 / 400');
    expect(within(rows[0]!).getByRole('progressbar', { name: 'Autumn sale: 25% queued' })).toBeTruthy();
    expect(rows[1]!.textContent).toContain('Done');
    expect(
      new URL(calls.find((c) => path(c) === '/users/mailings')!.url, 'http://x').searchParams.get('size'),
    ).toBe('20');
  });
});
