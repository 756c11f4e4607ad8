import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@portal/contract';
import { OAUTH_SESSION_KEYS } from '../../features/auth';
import { i18n } from '../../i18n/i18n';
import { resetApiClient } from '../../lib/api-client';
import { saveTokens } from '../../lib/token-store';
import { fail, installFakeFetch, ok } from '../../test/fake-fetch';
import { flushUntil, marker, renderRoutes, TOKENS } from '../../test/render';
import AuthCallbackPage from './auth-callback-page';
import ResetPasswordPage from './reset-password-page';
import VerifyEmailPage from './verify-email-page';

beforeEach(async () => {
  resetApiClient();
  await i18n.changeLanguage('zh_CN');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('reset password page', () => {
  it('without a token shows the invalid-link message with a link to request again', async () => {
    const { calls } = installFakeFetch(() => ok(null));
    renderRoutes([{ path: '/reset-password', element: <ResetPasswordPage /> }], '/reset-password');
    const invalid = await screen.findByTestId('reset-invalid');
    expect(invalid.textContent).toContain('重置密码链接无效或不完整');
    expect(screen.getByRole('link', { name: '重新申请' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.queryByTestId('reset-form')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('with a token sends it with the new password, then goes to /login', async () => {
    const { calls } = installFakeFetch(() => ok(null));
    const { router } = renderRoutes(
      [{ path: '/reset-password', element: <ResetPasswordPage /> }, marker('/login')],
      '/reset-password?token=tok-1',
    );
    fireEvent.change(await screen.findByTestId('reset-password'), { target: { value: 'newpass12' } });
    fireEvent.change(screen.getByTestId('reset-confirm'), { target: { value: 'newpass12' } });
    fireEvent.click(screen.getByTestId('reset-submit'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls[0]?.body).toEqual({ token: 'tok-1', password: 'newpass12', confirm_password: 'newpass12' });
  });
});

describe('verify email page', () => {
  it('verifies once, clears the local session and offers to log in', async () => {
    saveTokens('old', 'old-r', true);
    // The answer waits until the test has seen the page verifying (no race with a fast or slow machine).
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { calls } = installFakeFetch(async () => {
      await answered;
      return ok({ email: 'a@example.com' });
    });
    renderRoutes([{ path: '/verify-email', element: <VerifyEmailPage /> }], '/verify-email?token=v-ok');
    const result = await screen.findByTestId('verify-result');
    expect(result.getAttribute('data-state')).toBe('verifying');
    answer();
    await vi.waitFor(() =>
      expect(screen.getByTestId('verify-result').getAttribute('data-state')).toBe('success'),
    );
    expect(screen.getByTestId('verify-result').textContent).toContain('a@example.com');
    expect(screen.getByTestId('verify-login').getAttribute('href')).toBe('/login');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ token: 'v-ok' });
  });

  it('shows the error with retry and back home; retry asks again', async () => {
    const { calls } = installFakeFetch((_, index) =>
      index === 0 ? fail(400, 40109) : ok({ email: 'b@example.com' }),
    );
    renderRoutes([{ path: '/verify-email', element: <VerifyEmailPage /> }], '/verify-email?token=v-bad');
    await vi.waitFor(() =>
      expect(screen.getByTestId('verify-result').getAttribute('data-state')).toBe('error'),
    );
    expect(within(screen.getByTestId('verify-result')).getByRole('alert').textContent).toBe(
      '验证链接已过期，请重新发送',
    );
    expect(screen.getByRole('link', { name: '返回首页' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('verify-result').getAttribute('data-state')).toBe('success'),
    );
    expect(calls).toHaveLength(2);
  });

  it('without a token shows the invalid-link message', async () => {
    installFakeFetch(() => ok(null));
    renderRoutes([{ path: '/verify-email', element: <VerifyEmailPage /> }], '/verify-email');
    expect((await screen.findByTestId('verify-result')).getAttribute('data-state')).toBe('invalid');
  });
});

describe('third-party callback', () => {
  function store(state: string, mode: 'login' | 'bind' = 'login') {
    sessionStorage.setItem(OAUTH_SESSION_KEYS.state, state);
    sessionStorage.setItem(OAUTH_SESSION_KEYS.provider, 'github');
    sessionStorage.setItem(OAUTH_SESSION_KEYS.mode, mode);
  }
  const routes = [
    { path: '/auth/callback', element: <AuthCallbackPage /> },
    marker('/'),
    marker('/security'),
  ];

  it('warns when the returned state differs from the stored one and clears the oauth data', async () => {
    store('expected');
    const { calls } = installFakeFetch(() => ok(null));
    renderRoutes(routes, '/auth/callback?code=c-1&state=forged');
    await vi.waitFor(() =>
      expect(screen.getByTestId('oauth-result').getAttribute('data-state')).toBe('state-mismatch'),
    );
    expect(within(screen.getByTestId('oauth-result')).getByRole('alert').textContent).toContain(
      '状态验证失败',
    );
    expect(Object.values(OAUTH_SESSION_KEYS).map((key) => sessionStorage.getItem(key))).toEqual([
      null,
      null,
      null,
    ]);
    expect(calls).toHaveLength(0);
  });

  it('signs in: tokens remembered, first-login flag set, oauth data cleared, / after 500 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    store('s-2');
    const { calls } = installFakeFetch(() => ok({ ...TOKENS, first_login: true }));
    const { router } = renderRoutes(routes, '/auth/callback?code=c-2&state=s-2');
    await flushUntil(() => screen.queryByTestId('oauth-result')?.getAttribute('data-state') === 'success');

    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toMatch(/\/auth\/oauth\/github\/callback$/);
    expect(calls[0]?.body).toEqual({ code: 'c-2', state: 's-2' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('acc');
    expect(localStorage.getItem(STORAGE_KEYS.firstLogin)).not.toBeNull();
    expect(sessionStorage.getItem(OAUTH_SESSION_KEYS.state)).toBeNull();
    expect(screen.getAllByText('登录成功！').length).toBeGreaterThan(0);

    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(router.state.location.pathname).toBe('/auth/callback');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(router.state.location.pathname).toBe('/');
  });

  it('binds in bind mode and goes to /security', async () => {
    saveTokens('acc', 'ref', true);
    store('s-3', 'bind');
    const { calls } = installFakeFetch(() => ok({ provider: 'github' }));
    const { router } = renderRoutes(routes, '/auth/callback?code=c-3&state=s-3');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/security'));
    expect(calls[0]?.url).toMatch(/\/auth\/oauth\/github\/bind$/);
    expect(calls[0]?.headers.Authorization).toBe('Bearer acc');
  });

  it('shows the refusal when the provider returns an error', async () => {
    store('s-4');
    const { calls } = installFakeFetch(() => ok(null));
    renderRoutes(routes, '/auth/callback?error=access_denied&state=s-4');
    await vi.waitFor(() =>
      expect(screen.getByTestId('oauth-result').getAttribute('data-state')).toBe('error'),
    );
    expect(within(screen.getByTestId('oauth-result')).getByRole('alert').textContent).toContain(
      'access_denied',
    );
    expect(calls).toHaveLength(0);
  });
});
