import { expect, test, type Browser, type Page } from '@playwright/test';
import { createVerifiedUser, signIn, type TestUser } from './session';
import { totp } from './totp';
import { axeFindings } from './axe';

/** The password step of the login page; the second step (or the console) follows. */
async function passwordStep(browser: Browser, user: TestUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await page.getByTestId('login-email').fill(user.email);
  await page.getByTestId('login-password').fill(user.password);
  await page.getByTestId('login-submit').click();
  return page;
}

/**
 * A customer turns two-factor on at /security (QR code, the key typed into the "phone": the RFC 6238 code computed
 * here, recovery codes shown once), signs in again with a code, then with a recovery code, and turns it off with the
 * password and a recovery code.
 */
test('a customer turns on two-factor at /security and signs in with a code, then a recovery code', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await createVerifiedUser(request, 'Careful');
  await signIn(page, user);
  await page.goto('/security');
  const card = page.getByTestId('two-factor-card');
  await expect(card.getByTestId('two-factor-status')).toHaveText('未开启');
  await expect(card).not.toContainText('即将推出');
  await card.getByTestId('two-factor-enable').click();
  await expect(card.getByTestId('two-factor-qr')).toBeVisible();
  const secret = (await card.getByTestId('two-factor-secret').getAttribute('data-secret'))!;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // A wrong code is refused; the right one turns it on.
  const wrong = totp(secret) === '000000' ? '111111' : '000000';
  await card.getByTestId('two-factor-setup-code').fill(wrong);
  await card.getByTestId('two-factor-confirm').click();
  await expect(card.getByTestId('two-factor-setup-error')).toContainText('验证码错误');
  await card.getByTestId('two-factor-setup-code').fill(totp(secret));
  await card.getByTestId('two-factor-confirm').click();
  // The codes come with the confirmation's answer: wait for them (reading at once raced it on a loaded machine).
  await expect(card.getByTestId('two-factor-recovery-code')).toHaveCount(10);
  const codes = await card.getByTestId('two-factor-recovery-code').allTextContents();
  expect(codes).toHaveLength(10);
  expect(await axeFindings(page)).toEqual([]);
  await card.getByTestId('two-factor-codes-done').click();
  await expect(card.getByTestId('two-factor-recovery-code')).toHaveCount(0);
  await expect(card.getByTestId('two-factor-status')).toHaveText('已开启');

  // Signing in again: the password, then a code from the app (the next time step: each step is good once).
  const second = await passwordStep(browser, user);
  await expect(second.getByTestId('two-factor-step')).toBeVisible();
  await second.getByTestId('two-factor-code').fill(wrong);
  await second.getByTestId('two-factor-submit').click();
  await expect(second.getByTestId('two-factor-error')).toContainText('验证码错误');
  await second.getByTestId('two-factor-code').fill(totp(secret, 1));
  await second.getByTestId('two-factor-submit').click();
  await expect(second).toHaveURL(/\/$/);
  await expect(second.getByTestId('sidebar')).toBeVisible();
  await second.context().close();

  // Without the phone: a recovery code, through the switch.
  const third = await passwordStep(browser, user);
  await third.getByTestId('two-factor-switch').click();
  await third.getByTestId('two-factor-code').fill(codes[0]!);
  await third.getByTestId('two-factor-submit').click();
  await expect(third).toHaveURL(/\/$/);
  await expect(third.getByTestId('sidebar')).toBeVisible();

  // Turning it off needs the password and a code (here another recovery code); then the password alone signs in.
  await third.goto('/security');
  const thirdCard = third.getByTestId('two-factor-card');
  await thirdCard.getByTestId('two-factor-disable').click();
  await thirdCard.getByTestId('two-factor-password').fill(user.password);
  await thirdCard.getByTestId('two-factor-confirm-code').fill(codes[0]!);
  await thirdCard.getByTestId('two-factor-confirm-submit').click();
  await expect(thirdCard.getByTestId('two-factor-confirm-error')).toContainText('验证码错误');
  await thirdCard.getByTestId('two-factor-confirm-code').fill(codes[1]!);
  await thirdCard.getByTestId('two-factor-confirm-submit').click();
  await expect(thirdCard.getByTestId('two-factor-status')).toHaveText('未开启');
  await third.context().close();
  const last = await passwordStep(browser, user);
  await expect(last).toHaveURL(/\/$/);
  await expect(last.getByTestId('sidebar')).toBeVisible();
  await last.context().close();
});
