import { expect, test } from '@playwright/test';
import { axeFindings } from './axe';
import { operator } from './operator';
import { createVerifiedUser, signIn, signInStaff } from './session';

test('an operator creates a package in three languages, a customer buys it, the operator hides it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await createVerifiedUser(request, 'Catalogue');
  operator('user:promote', owner.email, '--role', 'admin');
  const ownerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await ownerContext.newPage();
  await signInStaff(page, owner);
  await page.goto('/admin/packages');
  await expect(page.getByTestId('admin-page-title')).toHaveText('套餐');
  await expect(page.getByTestId('package-row').first()).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);

  // A new package: every name is required; a bad price is refused beside its field.
  await page.getByTestId('package-add').click();
  const form = page.getByTestId('package-form');
  await form.getByTestId('package-name-zh_CN').fill('旅行版');
  await form.getByTestId('package-price').fill('1.234');
  await form.getByTestId('package-save').click();
  await expect(form.getByTestId('package-name-en')).toHaveAttribute('aria-invalid', 'true');
  await expect(form).toContainText('请输入有效金额');
  expect(await axeFindings(page)).toEqual([]);
  await form.getByTestId('package-name-zh_TW').fill('旅行版');
  await form.getByTestId('package-name-en').fill('Travel');
  await form.getByTestId('package-type').selectOption('custom');
  await form.getByTestId('package-days').fill('45');
  await form.getByTestId('package-price').fill('19.90');
  await form.getByTestId('package-traffic').fill('50');
  await form.getByTestId('package-save').click();
  await expect(form).toHaveCount(0);
  const row = page.locator('[data-testid="package-row"]', { hasText: '旅行版' });
  await expect(row).toContainText('自定义天数 · 45 天');
  await expect(row).toContainText('¥19.90');

  // A customer finds it under the other periods and buys it.
  const customer = await createVerifiedUser(request, 'Traveller');
  expect(operator('balance:adjust', customer.email, '50.00', 'e2e top-up')).toContain('balance now 50.00');
  const customerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const shop = await customerContext.newPage();
  await signIn(shop, customer);
  await shop.goto('/subscription');
  await shop.getByTestId('pricing-period').getByText('其他周期').click();
  const card = shop.locator('[data-testid="plan-card"]', { hasText: '旅行版' });
  await expect(card).toContainText('45 天');
  await card.getByTestId('plan-buy').click();
  await shop.getByTestId('purchase-confirm').getByTestId('purchase-ok').click();
  await expect(shop.locator('[data-testid="sub-card"][data-status="active"]').first()).toBeVisible();

  // The operator sees the sale; a sold package cannot be deleted, only hidden from sale.
  await page.reload();
  await expect(row).toContainText('1 / 1');
  await expect(row.getByTestId('package-delete')).toBeDisabled();
  await row.getByTestId('package-sale-toggle').click({ force: true });
  await expect(row).toHaveAttribute('data-on-sale', 'false');
  await page.getByTestId('admin-nav-audit').click();
  await expect(page.locator('[data-testid="audit-row"][data-action="package.hide"]').first()).toBeVisible();
  await shop.goto('/subscription');
  await expect(shop.locator('[data-testid="plan-card"]', { hasText: '旅行版' })).toHaveCount(0);
  await ownerContext.close();
  await customerContext.close();
});
