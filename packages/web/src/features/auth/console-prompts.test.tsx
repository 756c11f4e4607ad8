import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@portal/contract';
import { i18n } from '../../i18n/i18n';
import { resetApiClient } from '../../lib/api-client';
import { saveTokens } from '../../lib/token-store';
import { fail, installFakeFetch, ok } from '../../test/fake-fetch';
import { flushUntil, marker, renderRoutes } from '../../test/render';
import { BANNER_DISMISSED_KEY, VerifyBanner } from './verify-banner';
import { WelcomeModal } from './welcome-modal';

beforeEach(async () => {
  resetApiClient();
  await i18n.changeLanguage('zh_CN');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('welcome modal', () => {
  const renderWelcome = (emailVerified: boolean | undefined) =>
    renderRoutes(
      [{ path: '/', element: <WelcomeModal emailVerified={emailVerified} /> }, marker('/subscription')],
      '/',
    );

  it('shows once after the first third-party login with a verified email', async () => {
    localStorage.setItem(STORAGE_KEYS.firstLogin, 'true');
    const { view } = renderWelcome(true);
    expect(await screen.findByRole('dialog', { name: '欢迎加入！' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('welcome-ok'));
    expect(localStorage.getItem(STORAGE_KEYS.welcomeShown)).not.toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.firstLogin)).toBeNull();
    view.unmount();

    // Even with the first-login flag set again, it does not come back.
    localStorage.setItem(STORAGE_KEYS.firstLogin, 'true');
    renderWelcome(true);
    expect(screen.queryByTestId('welcome-modal')).toBeNull();
  });

  it('waits for a verified email and needs the first-login flag', () => {
    renderWelcome(true);
    expect(screen.queryByTestId('welcome-modal')).toBeNull();
    localStorage.setItem(STORAGE_KEYS.firstLogin, 'true');
    renderWelcome(false);
    expect(screen.queryByTestId('welcome-modal')).toBeNull();
  });

  it('goes to /subscription from its second button', async () => {
    localStorage.setItem(STORAGE_KEYS.firstLogin, 'true');
    const { router } = renderWelcome(true);
    fireEvent.click(await screen.findByTestId('welcome-subscription'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
  });
});

describe('verification banner', () => {
  const renderBanner = (emailVerified: boolean | undefined) =>
    renderRoutes([{ path: '/', element: <VerifyBanner emailVerified={emailVerified} /> }], '/');

  it('is shown only for an unverified email', () => {
    installFakeFetch(() => ok(null));
    renderBanner(true);
    expect(screen.queryByTestId('verify-banner')).toBeNull();
    renderBanner(false);
    expect(screen.getByTestId('verify-banner')).toBeTruthy();
  });

  it('hides 300 ms after close and stays dismissed for the browser session', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    installFakeFetch(() => ok(null));
    const { view } = renderBanner(false);
    fireEvent.click(screen.getByTestId('verify-banner-close'));
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(screen.queryByTestId('verify-banner')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByTestId('verify-banner')).toBeNull();
    expect(sessionStorage.getItem(BANNER_DISMISSED_KEY)).not.toBeNull();
    view.unmount();
    renderBanner(false);
    expect(screen.queryByTestId('verify-banner')).toBeNull();
  });

  it('resends the mail with a success toast, and a localized failure toast', async () => {
    saveTokens('acc', 'ref', true);
    const { calls } = installFakeFetch((_, index) => (index === 0 ? ok(null) : fail(429, 40005)));
    renderBanner(false);
    fireEvent.click(screen.getByTestId('verify-banner-resend'));
    expect(await screen.findByText('验证邮件已发送，请查收')).toBeTruthy();
    expect(calls[0]?.url).toMatch(/\/auth\/verify-email\/resend$/);
    expect(calls[0]?.headers.Authorization).toBe('Bearer acc');

    await flushUntil(() => !(screen.getByTestId('verify-banner-resend') as HTMLButtonElement).disabled);
    fireEvent.click(screen.getByTestId('verify-banner-resend'));
    expect(await screen.findByText('操作过于频繁，请稍后再试')).toBeTruthy();
  });
});
