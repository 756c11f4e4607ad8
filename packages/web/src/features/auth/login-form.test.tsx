import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@portal/contract';
import { i18n } from '../../i18n/i18n';
import { resetApiClient } from '../../lib/api-client';
import { loadNotifications } from '../../lib/notify';
import { fail, installFakeFetch, ok } from '../../test/fake-fetch';
import { flushUntil, marker, renderRoutes, TOKENS } from '../../test/render';
import { LoginForm } from './login-form';

function renderLogin() {
  return renderRoutes([{ path: '/login', element: <LoginForm /> }, marker('/')], '/login');
}

const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });

// The toasts load with the first one; here they are in place, so the timers below count from the toast.
beforeAll(async () => {
  await loadNotifications();
});

beforeEach(async () => {
  resetApiClient();
  await i18n.changeLanguage('zh_CN');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('login form', () => {
  it('keeps submit disabled while a field is empty and validates on blur', async () => {
    installFakeFetch(() => ok([]));
    renderLogin();
    const submit = screen.getByTestId('login-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    type('login-email', 'not-an-email');
    fireEvent.blur(input('login-email'));
    expect(await screen.findByText('请输入有效的邮箱地址')).toBeTruthy();
    expect(submit.disabled).toBe(true);

    // Editing the field clears its error.
    type('login-email', 'a@example.com');
    expect(screen.queryByText('请输入有效的邮箱地址')).toBeNull();

    type('login-password', 'abc');
    expect(submit.disabled).toBe(false);
  });

  it('shows the strength hint: weak, medium, strong', () => {
    installFakeFetch(() => ok([]));
    renderLogin();
    type('login-password', 'abc');
    expect(screen.getByTestId('password-strength').textContent).toBe('密码强度：弱');
    type('login-password', 'abcdef');
    expect(screen.getByTestId('password-strength').textContent).toBe('密码强度：中等');
    type('login-password', 'abcdefgh');
    expect(screen.getByTestId('password-strength').textContent).toBe('密码强度：强');
  });

  it('validates everything on submit without calling the server', async () => {
    const { calls } = installFakeFetch(() => ok([]));
    renderLogin();
    type('login-email', 'a@example.com');
    type('login-password', 'abc');
    fireEvent.submit(screen.getByTestId('login-form'));
    expect(await screen.findByText('密码至少 6 个字符')).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('/auth/login'))).toHaveLength(0);
  });

  it('stores the tokens in sessionStorage without remember-me and goes to / after 500 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { calls } = installFakeFetch((call) => (call.url.endsWith('/auth/login') ? ok(TOKENS) : ok([])));
    const { router } = renderLogin();
    type('login-email', 'A@Example.com ');
    type('login-password', 'secret123');
    fireEvent.click(screen.getByTestId('login-submit'));

    await flushUntil(() => sessionStorage.getItem(STORAGE_KEYS.token) !== null);
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBe('acc');
    expect(sessionStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('ref');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(calls.find((c) => c.url.endsWith('/auth/login'))?.body).toEqual({
      email: 'a@example.com',
      password: 'secret123',
      remember_me: false,
    });
    expect(screen.getByText('登录成功！')).toBeTruthy();

    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(router.state.location.pathname).toBe('/login');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(router.state.location.pathname).toBe('/');
  });

  it('stores the tokens in localStorage with remember-me', async () => {
    installFakeFetch((call) => (call.url.endsWith('/auth/login') ? ok(TOKENS) : ok([])));
    renderLogin();
    type('login-email', 'a@example.com');
    type('login-password', 'secret123');
    fireEvent.click(input('login-remember'));
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('acc'));
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('shows the server error in the current language and stays on the page', async () => {
    installFakeFetch((call) => (call.url.endsWith('/auth/login') ? fail(401, 40102) : ok([])));
    const { router } = renderLogin();
    type('login-email', 'a@example.com');
    type('login-password', 'secret123');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toContain('密码错误，请重试');
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('says the server is busy when a login storm is over capacity (503, 50003), and lets the user try again', async () => {
    let busy = true;
    installFakeFetch((call) => {
      if (!call.url.endsWith('/auth/login')) return ok([]);
      return busy ? fail(503, 50003, 'busy', { retry_after_seconds: 1 }) : fail(401, 40102);
    });
    const { router } = renderLogin();
    type('login-email', 'a@example.com');
    type('login-password', 'secret123');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toContain('服务器繁忙，请稍后再试');
    expect(router.state.location.pathname).toBe('/login');
    await act(() => i18n.changeLanguage('en'));
    busy = false;
    const submit = screen.getByTestId('login-submit') as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    await waitFor(() =>
      expect(screen.getByTestId('login-error').textContent).toContain('Wrong password, please try again'),
    );
  });

  it('asks an account with two-factor for its code (or a recovery code) before storing tokens', async () => {
    const { calls } = installFakeFetch((call) => {
      if (call.url.endsWith('/auth/login'))
        return ok({ two_factor_required: true, challenge_token: 'chal', expires_in: 300 });
      if (call.url.endsWith('/auth/2fa/login')) {
        const { code } = call.body as { code: string };
        return code === 'abcde-fghij' ? ok({ ...TOKENS, first_login: false }) : fail(401, 40121);
      }
      return ok([]);
    });
    renderLogin();
    type('login-email', 'a@example.com');
    type('login-password', 'secret123');
    fireEvent.click(screen.getByTestId('login-submit'));
    const submit = (await screen.findByTestId('two-factor-submit')) as HTMLButtonElement;
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(submit.disabled).toBe(true);
    type('two-factor-code', '123456');
    fireEvent.click(submit);
    expect((await screen.findByTestId('two-factor-error')).textContent).toContain('验证码错误');
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    // The recovery code switch.
    fireEvent.click(screen.getByTestId('two-factor-switch'));
    expect(screen.getByText('恢复码')).toBeTruthy();
    type('two-factor-code', 'abcde-fghij');
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    await flushUntil(() => sessionStorage.getItem(STORAGE_KEYS.token) !== null);
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBe('acc');
    expect(calls.filter((c) => c.url.endsWith('/auth/2fa/login')).map((c) => c.body)).toEqual([
      { challenge_token: 'chal', code: '123456' },
      { challenge_token: 'chal', code: 'abcde-fghij' },
    ]);
  });

  it('offers only the third-party providers the server returns', async () => {
    installFakeFetch((call) => (call.url.endsWith('/auth/oauth/providers') ? ok(['github']) : ok(null)));
    renderLogin();
    expect(await screen.findByTestId('oauth-github')).toBeTruthy();
    expect(screen.queryByTestId('oauth-google')).toBeNull();
  });
});
