import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { resetApiClient } from '../../lib/api-client';
import { fail, installFakeFetch, ok } from '../../test/fake-fetch';
import { marker, renderRoutes } from '../../test/render';
import { AuthPanel } from './auth-panel';
import { RegisterForm } from './register-form';

const onSwitchToLogin = vi.fn();

function renderRegister() {
  return renderRoutes(
    [{ path: '/register', element: <RegisterForm onSwitchToLogin={onSwitchToLogin} /> }, marker('/')],
    '/register',
  );
}

const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });

function fillValid() {
  type('register-email', 'new@example.com');
  type('register-password', 'Secret123');
  type('register-confirm', 'Secret123');
}

beforeEach(async () => {
  resetApiClient();
  onSwitchToLogin.mockReset();
  await i18n.changeLanguage('zh_CN');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('register form', () => {
  it('labels the 0-5 strength score from very weak to very strong', () => {
    installFakeFetch(() => ok(null));
    renderRegister();
    const cases: [string, string][] = [
      ['a', '非常弱'],
      ['abcdefgh', '弱'],
      ['abcdefgH', '中等'],
      ['abcdefH1', '强'],
      ['abcdeH1!', '非常强'],
    ];
    for (const [password, label] of cases) {
      type('register-password', password);
      expect(screen.getByTestId('password-strength').textContent).toBe(`密码强度：${label}`);
    }
    expect(screen.getByRole('progressbar').getAttribute('aria-label')).toBe('密码强度：非常强');
  });

  it('keeps submit disabled until email, password and confirmation are filled', () => {
    installFakeFetch(() => ok(null));
    renderRegister();
    const submit = screen.getByTestId('register-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fillValid();
    expect(submit.disabled).toBe(false);
  });

  it('asks for the agreement, then reports a mismatched confirmation; edits clear the errors', async () => {
    const { calls } = installFakeFetch(() => ok(null));
    renderRegister();
    fillValid();
    fireEvent.submit(screen.getByTestId('register-form'));
    expect(await screen.findByText('请同意用户协议和隐私政策')).toBeTruthy();

    fireEvent.click(input('register-terms'));
    expect(screen.queryByText('请同意用户协议和隐私政策')).toBeNull();
    type('register-confirm', 'Secret124');
    fireEvent.submit(screen.getByTestId('register-form'));
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();

    type('register-confirm', 'Secret123');
    expect(screen.queryByText('两次输入的密码不一致')).toBeNull();
    expect(calls.filter((c) => c.url.endsWith('/auth/register'))).toHaveLength(0);
  });

  it('shows every mistake at once: the mismatch with the missing agreement', async () => {
    const { calls } = installFakeFetch(() => ok(null));
    renderRegister();
    fillValid();
    type('register-confirm', 'Secret124');
    fireEvent.submit(screen.getByTestId('register-form'));
    expect(await screen.findByText('请同意用户协议和隐私政策')).toBeTruthy();
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('/auth/register'))).toHaveLength(0);
  });

  it('the done step has one heading: "Create account" goes once the account exists', async () => {
    installFakeFetch(() => ok({ id: 7, email: 'new@example.com', email_verified: false }));
    renderRoutes(
      [
        { path: '/login', element: <AuthPanel mode="register" onModeChange={() => undefined} /> },
        marker('/'),
      ],
      '/login',
    );
    expect(screen.getByRole('heading', { name: '创建账户' })).toBeTruthy();
    fillValid();
    fireEvent.click(input('register-terms'));
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByTestId('register-done')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '创建账户' })).toBeNull();
    expect(screen.queryByText('注册后即可购买套餐并获取订阅链接')).toBeNull();
    // Its "registered" toast must not stay for the next test.
    act(() => notifications.clean());
  });

  it('shows the success step with the verification reminder and go-to-login', async () => {
    const { calls } = installFakeFetch(() => ok({ id: 7, email: 'new@example.com', email_verified: false }));
    renderRegister();
    fillValid();
    type('register-nickname', 'Neo');
    fireEvent.click(input('register-terms'));
    fireEvent.click(screen.getByTestId('register-submit'));

    const done = await screen.findByTestId('register-done');
    expect(done.textContent).toContain('new@example.com');
    expect(
      await screen.findByText('注册成功', { selector: '.mantine-Notification-description' }),
    ).toBeTruthy();
    expect(calls[0]?.body).toEqual({
      email: 'new@example.com',
      password: 'Secret123',
      confirm_password: 'Secret123',
      nickname: 'Neo',
    });
    fireEvent.click(screen.getByTestId('register-go-login'));
    expect(onSwitchToLogin).toHaveBeenCalledTimes(1);
  });

  it('keeps the form with the message when the email is taken', async () => {
    installFakeFetch(() => fail(409, 40101));
    renderRegister();
    fillValid();
    fireEvent.click(input('register-terms'));
    fireEvent.click(screen.getByTestId('register-submit'));
    expect((await screen.findByTestId('register-error')).textContent).toContain('该邮箱已被注册');
    expect(screen.getByTestId('register-form')).toBeTruthy();
  });

  it('promises the trial only when one is offered, with its package and days', async () => {
    const registered = ok({ id: 7, email: 'new@example.com', email_verified: false });
    installFakeFetch((call) =>
      call.url.includes('/subscriptions/trial')
        ? ok({ package_id: 3, package_name: '体验版', days: 3 })
        : registered,
    );
    renderRegister();
    fillValid();
    fireEvent.click(input('register-terms'));
    fireEvent.click(screen.getByTestId('register-submit'));
    await screen.findByTestId('register-done');
    expect(await screen.findByText(/「体验版」3 天试用/)).toBeTruthy();
    act(() => notifications.clean());
  });

  it('promises no trial when none is offered', async () => {
    const registered = ok({ id: 7, email: 'new@example.com', email_verified: false });
    installFakeFetch((call) => (call.url.includes('/subscriptions/trial') ? ok(null) : registered));
    renderRegister();
    fillValid();
    fireEvent.click(input('register-terms'));
    fireEvent.click(screen.getByTestId('register-submit'));
    await screen.findByTestId('register-done');
    expect((await screen.findByTestId('register-done-next')).textContent).toBe(
      '验证邮箱后即可解锁充值与订阅功能。',
    );
    expect(screen.queryByText(/试用/)).toBeNull();
    act(() => notifications.clean());
  });
});
