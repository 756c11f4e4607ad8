import { expect, test } from '@playwright/test';
import { operator } from './operator';
import { createVerifiedUser, signIn } from './session';
import { shots } from './shots';

/**
 * Buying and upgrading in a real browser: a topped-up balance (an operator's ledger adjustment), buy a package, see
 * it active, be offered the renewal when buying it again, copy the link and see its QR code, preview and perform an upgrade, reset the link.
 */
test('buy a package, copy the link, upgrade with a preview, reset the link', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1280, height: 900 });
  const user = await createVerifiedUser(request);
  expect(operator('balance:adjust', user.email, '200.00', 'e2e top-up')).toContain('balance now 200.00');
  await signIn(page, user);

  await page.goto('/subscription');
  const pro = page.locator('[data-testid="plan-card"]', { hasText: '专业版' }).first();
  await expect(pro).toBeVisible();
  await page.screenshot({ path: shots('plans-desktop-light'), fullPage: true });
  await pro.getByTestId('plan-buy').click();
  const confirm = page.getByTestId('purchase-confirm');
  await expect(confirm.getByTestId('purchase-balance-after')).toContainText('165.00');
  await confirm.getByTestId('purchase-ok').click();
  const card = page.locator('[data-testid="sub-card"][data-status="active"]').first();
  await expect(card).toBeVisible();
  await expect(page.getByTestId('sidebar-balance')).toContainText('165.00');
  await page.screenshot({ path: shots('subscription-active') });

  // Buying the same package again: the page says it is held and offers to renew it instead.
  await page.goto('/subscription');
  await pro.getByTestId('plan-buy').click();
  const held = page.getByTestId('purchase-held');
  await expect(held).toContainText('专业版');
  await held.getByTestId('purchase-held-renew').click();
  const renew = page.getByTestId('renew-confirm');
  await expect(renew.getByTestId('renew-price')).toHaveText('¥35.00');
  await renew.getByRole('button', { name: '取消' }).click();
  await expect(renew).toBeHidden();

  // The link: copy and QR.
  await page.goto('/subscription/link');
  const url = page.getByTestId('link-url');
  await expect(url).toHaveValue(/\/sub\/[A-Za-z0-9_-]+$/);
  const first = await url.inputValue();
  await page.getByTestId('link-copy').click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
  await expect(page.getByTestId('link-qr')).toBeVisible();
  await page.screenshot({ path: shots('link-desktop-light'), fullPage: true });

  // Upgrade to Enterprise with a preview; the link stays.
  await page.goto('/subscription?tab=my');
  await page
    .locator('[data-testid="sub-card"][data-status="active"]')
    .first()
    .getByTestId('sub-upgrade')
    .click();
  const preview = page.getByTestId('upgrade-preview');
  const target = preview.getByTestId('upgrade-target');
  const enterprise = await target.locator('option', { hasText: '企业版' }).first().getAttribute('value');
  await target.selectOption(enterprise!);
  await expect(preview.getByTestId('upgrade-credit')).toContainText('¥');
  const due = (await preview.getByTestId('upgrade-due').textContent()) ?? '';
  expect(due).toMatch(/¥\d+\.\d{2}/);
  await preview.getByTestId('upgrade-ok').click();
  await expect(
    page.locator('[data-testid="sub-card"][data-status="active"]', { hasText: '企业版' }),
  ).toBeVisible();
  await page.goto('/subscription/link');
  await expect(page.getByTestId('link-url')).toHaveValue(first);

  // Reset: a new link at once.
  await page.getByTestId('link-reset').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('link-url')).not.toHaveValue(first);
  // The reset's toast closes by itself: on a phone it lies over the top bar, and a pointer resting on it (as a
  // click there would) keeps it open.
  // (The toasts' code loads with the first one: wait for it to show before waiting for it to go.)
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(1);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('theme-toggle').click();
  await page.screenshot({ path: shots('link-phone-dark'), fullPage: true });
});
