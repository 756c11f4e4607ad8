import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '@portal/contract';
import type { StaffMe, StaffMember } from '@portal/contract/admin';
import { installFakeFetch, ok } from '../../test/fake-fetch';
import { renderRoutes } from '../../test/render';
import { adminPath, setupAdminPageTests } from '../test-setup';
import { StaffPage } from './staff-page';

const ME: StaffMe = {
  id: 1,
  email: 'owner@example.com',
  nickname: null,
  role: 'owner',
  permissions: [...ROLE_PERMISSIONS.owner],
};
const member = (id: number, role: StaffMember['role']): StaffMember => ({
  id,
  email: `m${id}@example.com`,
  nickname: null,
  role,
  last_login_at: null,
  created_at: '2026-11-01T00:00:00.000Z',
});

setupAdminPageTests();

describe('staff page', () => {
  it('locks the only owner and asks before removing a member', async () => {
    const { calls } = installFakeFetch((call) => {
      const p = adminPath(call);
      if (p === '/staff' && call.method === 'GET') return ok([member(1, 'owner'), member(2, 'support')]);
      if (p === '/staff/2/role') return ok(null);
      return ok(null);
    });
    renderRoutes([{ path: '/staff', element: <StaffPage me={ME} /> }], '/staff');
    const roles = await screen.findAllByTestId('staff-role');
    const removes = screen.getAllByTestId('staff-remove');
    // The only owner: neither a new role nor removal.
    expect((roles[0] as HTMLSelectElement).disabled).toBe(true);
    expect((removes[0] as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('The only owner: cannot be removed or given another role')).toBeTruthy();
    expect((roles[1] as HTMLSelectElement).disabled).toBe(false);

    // Removing the support member asks first; nothing is sent before the confirmation.
    fireEvent.click(removes[1]!);
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'm2@example.com becomes a customer again and loses access to the console at once.',
      ),
    ).toBeTruthy();
    expect(calls.some((c) => adminPath(c) === '/staff/2/role')).toBe(false);
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await screen.findByText('m2@example.com is no longer staff');
    const sent = calls.find((c) => adminPath(c) === '/staff/2/role');
    expect(sent?.body).toEqual({ role: 'user' });
  });
});
