import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { linkFromMail } from './mailbox';
import { shots } from './shots';

const API = '/api/v1/portal';

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('sidebar')).toBeVisible();
}

/**
 * The whole account journey in a real browser against the real server and a real SMTP server: register, read the
 * mail, verify, log in, see the console, list sessions, revoke another, change the password, log in again, log out.
 */
test('register, verify by mail, manage sessions, change password, log out', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = `journey-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'Journey-pass1';
  const newPassword = 'Journey-pass2';

  // Register in the landing page's modal: no login, a success step instead.
  await page.goto('/');
  await page.getByTestId('landing-register').click();
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-confirm').fill(password);
  await page.getByTestId('register-terms').check();
  await page.screenshot({ path: shots('register-modal') });
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-done')).toBeVisible();
  await page.screenshot({ path: shots('register-done') });
  expect(
    await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token')),
  ).toBeNull();

  // Unverified: the console is there, restricted, with the banner.
  await logIn(page, email, password);
  await expect(page.getByTestId('verify-banner')).toBeVisible();
  await page.screenshot({ path: shots('console-unverified-banner') });

  // The link from the mail verifies the address; the user logs in again.
  const link = await linkFromMail(email, '/verify-email');
  await page.goto(link);
  await expect(page.getByTestId('verify-result')).toHaveAttribute('data-state', 'success');
  await page.screenshot({ path: shots('verify-success') });
  await page.getByTestId('verify-login').click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, password);
  await expect(page.getByTestId('verify-banner')).toBeHidden();

  // A second session elsewhere (another device).
  const other = await page.request.post(`${API}/auth/login`, {
    data: { email, password, remember_me: false },
    headers: {
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
    },
  });
  const otherTokens = ((await other.json()) as { data: { access_token: string } }).data;

  await page.goto('/sessions');
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await page.screenshot({ path: shots('sessions-desktop-light') });
  await expect(
    page.locator('[data-testid="session-row"][data-current="true"] [data-testid="session-revoke"]'),
  ).toHaveCount(0);
  await page
    .locator('[data-testid="session-row"][data-current="false"]')
    .getByTestId('session-revoke')
    .click();
  await page.getByTestId('confirm-ok').click();
  await expect(rows).toHaveCount(1);
  const revoked = await page.request.get(`${API}/users/profile`, {
    headers: { authorization: `Bearer ${otherTokens.access_token}` },
  });
  expect(((await revoked.json()) as { code: number }).code).toBe(40106);

  // Changing the password ends every session: log in again with the new one.
  await page.goto('/profile');
  await expect(page.getByTestId('profile-email')).toHaveValue(email);
  await page.screenshot({ path: shots('profile-desktop-light') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('theme-toggle').click();
  await page.goto('/sessions');
  await expect(page.getByTestId('session-row')).toHaveCount(1);
  await page.screenshot({ path: shots('sessions-phone-dark'), fullPage: true });
  await page.goto('/security');
  await expect(page.getByTestId('cp-old')).toBeVisible();
  await page.screenshot({ path: shots('security-phone-dark'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/security');
  await page.getByTestId('cp-old').fill(password);
  await page.getByTestId('cp-new').fill(newPassword);
  await page.getByTestId('cp-confirm').fill(newPassword);
  await page.getByTestId('cp-submit').click();
  await expect(page).toHaveURL(/\/login$/);
  // The old one is refused with the error catalogue's text in the interface's language (it comes with the
  // language's messages, not with the contract's code).
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('密码错误，请重试')).toBeVisible();
  await logIn(page, email, newPassword);

  // Log out.
  await page.getByTestId('logout-button').click();
  await expect(page.getByText('已安全退出')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(
    await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token')),
  ).toBeNull();
});
