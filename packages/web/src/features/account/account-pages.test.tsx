import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@portal/contract';
import { i18n } from '../../i18n/i18n';
import { resetApiClient } from '../../lib/api-client';
import { saveTokens } from '../../lib/token-store';
import { fail, installFakeFetch, ok } from '../../test/fake-fetch';
import { flushUntil, marker, PROFILE, renderRoutes } from '../../test/render';
import { ChangePasswordForm } from './change-password-form';
import { OAuthBindingsCard } from './oauth-bindings-card';
import { ProfileCard } from './profile-card';
import { SessionsTable } from './sessions-table';
import { TwoFactorCard } from './two-factor-card';

const session = (id: string, current: boolean) => ({
  id,
  device: current ? 'This laptop' : `Phone ${id}`,
  browser: 'Firefox',
  os: 'Linux',
  ip: '10.0.0.1',
  location: null,
  last_active_at: '2026-01-02T00:00:00Z',
  created_at: '2026-01-01T00:00:00Z',
  expires_at: '2026-02-01T00:00:00Z',
  current,
});

beforeEach(async () => {
  resetApiClient();
  saveTokens('acc', 'ref', true);
  await i18n.changeLanguage('zh_CN');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('sessions', () => {
  it('has no revoke on the current row, revokes another after confirmation and refreshes', async () => {
    let revoked = false;
    const { calls } = installFakeFetch((call) => {
      if (call.method === 'DELETE') {
        revoked = true;
        return ok(null);
      }
      return ok(revoked ? [session('s1', true)] : [session('s1', true), session('s2', false)]);
    });
    renderRoutes([{ path: '/sessions', element: <SessionsTable /> }], '/sessions');

    const rows = await screen.findAllByTestId('session-row');
    expect(rows.map((row) => row.getAttribute('data-current'))).toEqual(['true', 'false']);
    expect(within(rows[0]!).queryByTestId('session-revoke')).toBeNull();
    expect(within(rows[0]!).getByText('当前会话')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '操作' })).toBeTruthy();

    fireEvent.click(within(rows[1]!).getByTestId('session-revoke'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await vi.waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    // Only the current session left: no "操作" header over an empty cell.
    expect(screen.queryByRole('columnheader', { name: '操作' })).toBeNull();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toMatch(/\/users\/sessions\/s2$/);
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });

  it('signs out all other sessions after confirmation', async () => {
    const { calls } = installFakeFetch((call) =>
      call.method === 'POST' ? ok({ revoked: 1 }) : ok([session('s1', true), session('s2', false)]),
    );
    renderRoutes([{ path: '/sessions', element: <SessionsTable /> }], '/sessions');
    await screen.findAllByTestId('session-row');
    fireEvent.click(screen.getByTestId('sessions-revoke-others'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByText('已下线 1 个会话')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/users/sessions/revoke-others'))).toBe(true);
  });
});

describe('change password', () => {
  const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });

  it('on success clears the session and goes to /login after 500 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { calls } = installFakeFetch(() => ok(null));
    const { router } = renderRoutes(
      [{ path: '/security', element: <ChangePasswordForm /> }, marker('/login')],
      '/security',
    );
    type('cp-old', 'oldpass12');
    type('cp-new', 'newpass12');
    type('cp-confirm', 'newpass12');
    fireEvent.click(screen.getByTestId('cp-submit'));
    await flushUntil(() => localStorage.getItem(STORAGE_KEYS.token) === null);

    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(calls[0]?.body).toEqual({ old_password: 'oldpass12', new_password: 'newpass12' });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('keeps the session and shows the message when the old password is wrong', async () => {
    installFakeFetch(() => fail(401, 40102));
    renderRoutes([{ path: '/security', element: <ChangePasswordForm /> }], '/security');
    type('cp-old', 'oldpass12');
    type('cp-new', 'newpass12');
    type('cp-confirm', 'newpass12');
    fireEvent.click(screen.getByTestId('cp-submit'));
    expect((await screen.findByTestId('cp-error')).textContent).toContain('密码错误，请重试');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('acc');
  });

  it('refuses a new password equal to the old one', async () => {
    const { calls } = installFakeFetch(() => ok(null));
    renderRoutes([{ path: '/security', element: <ChangePasswordForm /> }], '/security');
    type('cp-old', 'samepass1');
    type('cp-new', 'samepass1');
    type('cp-confirm', 'samepass1');
    fireEvent.click(screen.getByTestId('cp-submit'));
    expect(await screen.findByText('新密码不能与旧密码相同')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});

describe('third-party bindings', () => {
  it('shows the server refusal when unbinding the last way to sign in', async () => {
    installFakeFetch((call) => {
      if (call.url.endsWith('/auth/oauth/providers')) return ok(['google', 'github']);
      if (call.url.endsWith('/auth/oauth/accounts'))
        return ok([
          { provider: 'github', email: 'g@example.com', name: null, bound_at: '2026-01-01T00:00:00Z' },
        ]);
      return fail(403, 40002);
    });
    renderRoutes([{ path: '/security', element: <OAuthBindingsCard /> }], '/security');
    expect(await screen.findByTestId('bind-google')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('unbind-github'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByText(/这是您唯一的登录方式/)).toBeTruthy();
  });

  it('is left out when no provider is configured and none is bound', async () => {
    const { calls } = installFakeFetch((call) => {
      if (call.url.endsWith('/auth/oauth/providers')) return ok([]);
      if (call.url.endsWith('/auth/oauth/accounts')) return ok([]);
      return fail(404, 40003);
    });
    renderRoutes(
      [
        {
          path: '/security',
          element: (
            <div data-testid="page">
              <OAuthBindingsCard />
            </div>
          ),
        },
      ],
      '/security',
    );
    await vi.waitFor(() => expect(calls.length).toBe(2));
    await vi.waitFor(() => expect(screen.getByTestId('page').childElementCount).toBe(0));
  });
});

describe('two-factor', () => {
  it('enrols with the QR code and the key, then shows the recovery codes once', async () => {
    let enabled = false;
    const { calls } = installFakeFetch((call) => {
      if (call.url.endsWith('/auth/2fa'))
        return ok({
          enabled,
          enabled_at: enabled ? '2026-01-01T00:00:00Z' : null,
          recovery_codes_left: enabled ? 10 : 0,
        });
      if (call.url.endsWith('/auth/2fa/setup'))
        return ok({
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_uri: 'otpauth://totp/Portal:a%40example.com?secret=JBSWY3DPEHPK3PXP',
        });
      if (call.url.endsWith('/auth/2fa/enable')) {
        enabled = true;
        return ok({ recovery_codes: ['aaaaa-bbbbb', 'ccccc-ddddd'] });
      }
      return fail(404, 40003);
    });
    renderRoutes([{ path: '/security', element: <TwoFactorCard /> }], '/security');
    expect((await screen.findByTestId('two-factor-status')).textContent).toBe('未开启');
    fireEvent.click(screen.getByTestId('two-factor-enable'));
    expect(await screen.findByTestId('two-factor-qr')).toBeTruthy();
    expect(screen.getByTestId('two-factor-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP');
    fireEvent.change(screen.getByTestId('two-factor-setup-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('two-factor-confirm'));
    const codes = await screen.findAllByTestId('two-factor-recovery-code');
    expect(codes.map((c) => c.textContent)).toEqual(['aaaaa-bbbbb', 'ccccc-ddddd']);
    expect(calls.find((c) => c.url.endsWith('/auth/2fa/enable'))?.body).toEqual({ code: '123456' });
    fireEvent.click(screen.getByTestId('two-factor-codes-done'));
    await flushUntil(() => screen.queryByTestId('two-factor-recovery-code') === null);
    expect((await screen.findByTestId('two-factor-status')).textContent).toBe('已开启');
    expect(screen.getByTestId('two-factor-disable')).toBeTruthy();
  });

  it('turns off only with the password and a code, and shows the refusal', async () => {
    const { calls } = installFakeFetch((call) => {
      if (call.url.endsWith('/auth/2fa'))
        return ok({ enabled: true, enabled_at: '2026-01-01T00:00:00Z', recovery_codes_left: 2 });
      if (call.url.endsWith('/auth/2fa/disable')) return fail(401, 40121);
      return fail(404, 40003);
    });
    renderRoutes([{ path: '/security', element: <TwoFactorCard /> }], '/security');
    fireEvent.click(await screen.findByTestId('two-factor-disable'));
    const submit = screen.getByTestId('two-factor-confirm-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('two-factor-password'), { target: { value: 'Secret-pass1' } });
    fireEvent.change(screen.getByTestId('two-factor-confirm-code'), { target: { value: '654321' } });
    fireEvent.click(submit);
    expect((await screen.findByTestId('two-factor-confirm-error')).textContent).toContain('验证码错误');
    expect(calls.find((c) => c.url.endsWith('/auth/2fa/disable'))?.body).toEqual({
      password: 'Secret-pass1',
      code: '654321',
    });
  });
});

describe('profile', () => {
  it('names the account by its nickname over its address, and the address once when there is none', () => {
    renderRoutes(
      [{ path: '/profile', element: <ProfileCard profile={{ ...PROFILE, nickname: null }} /> }],
      '/profile',
    );
    expect(screen.getAllByText('a@example.com')).toHaveLength(1);
    cleanup();
    renderRoutes(
      [{ path: '/profile', element: <ProfileCard profile={{ ...PROFILE, nickname: 'Neo' }} /> }],
      '/profile',
    );
    expect(screen.getByRole('heading', { name: 'Neo' })).toBeTruthy();
    expect(screen.getAllByText('a@example.com')).toHaveLength(1);
  });

  it('saves the nickname and shows the email read-only', async () => {
    const { calls } = installFakeFetch(() => ok({ ...PROFILE, nickname: 'Neo' }));
    renderRoutes([{ path: '/profile', element: <ProfileCard profile={{ ...PROFILE }} /> }], '/profile');
    const email = screen.getByTestId('profile-email') as HTMLInputElement;
    expect(email.readOnly).toBe(true);
    expect(email.value).toBe('a@example.com');
    const save = screen.getByTestId('profile-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('profile-nickname'), { target: { value: 'x'.repeat(31) } });
    fireEvent.click(save);
    expect(await screen.findByText('昵称最多 30 个字符')).toBeTruthy();
    fireEvent.change(screen.getByTestId('profile-nickname'), { target: { value: 'Neo' } });
    fireEvent.click(save);
    expect(await screen.findByText('资料已保存')).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'PATCH', body: { nickname: 'Neo' } });
  });
});
