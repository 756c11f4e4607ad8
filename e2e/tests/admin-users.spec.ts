import { expect, test } from '@playwright/test';
import { axeFindings } from './axe';
import { operator } from './operator';
import { createVerifiedUser, signInStaff, customerAddress } from './session';

const API = '/api/v1/portal';
test('an operator finds a customer, credits their balance with a reason and disables the account', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const operatorUser = await createVerifiedUser(request, 'Desk');
  operator('user:promote', operatorUser.email, '--role', 'admin');
  const customer = await createVerifiedUser(request, 'Customer');
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInStaff(page, operatorUser);

  await page.goto('/admin/users');
  await expect(page.getByTestId('admin-page-title')).toHaveText('用户');
  await page.getByTestId('users-search').fill(customer.email);
  await page.getByTestId('users-apply').click();
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  expect(await axeFindings(page)).toEqual([]);
  await page.getByTestId('user-row').click();
  await expect(page.getByTestId('admin-page-title')).toHaveText(customer.email);

  // A credit needs a reason; it lands in the ledger and the balance.
  await page.getByTestId('user-adjust').click();
  const form = page.getByTestId('adjust-form');
  await form.getByTestId('adjust-amount').fill('12.50');
  await form.getByTestId('adjust-submit').click();
  await expect(form).toContainText('此项为必填项');
  await form.getByTestId('adjust-reason').fill('Goodwill for the outage');
  await form.getByTestId('adjust-submit').click();
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId('user-balance')).toHaveText('¥12.50');
  await expect(page.locator('[data-testid="user-ledger-row"][data-kind="admin_adjust"]')).toContainText(
    'Goodwill for the outage',
  );
  expect(await axeFindings(page)).toEqual([]);

  // Disabled: the customer can no longer sign in.
  await page.getByTestId('user-disable').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('user-disable')).toHaveText('启用账户');
  const refused = await request.post(`${API}/auth/login`, {
    headers: { 'x-forwarded-for': customerAddress() },
    data: { email: customer.email, password: customer.password },
  });
  expect(((await refused.json()) as { code: number }).code).toBe(40104);
  await page.getByTestId('admin-nav-audit').click();
  await expect(page.locator('[data-testid="audit-row"][data-action="user.disable"]').first()).toBeVisible();
  await context.close();
});
