import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { axeFindings } from './axe';
import { operator } from './operator';
import { createVerifiedUser, signIn } from './session';
import { totp } from './totp';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/web/dist');

/**
 * Staff without two-factor: the console explains why it answers nothing, its button leads to /security with the
 * way back, and enrolment there (QR code and key, a code from the "phone": the RFC 6238 code computed here) leads
 * back to where the console was opened.
 */
async function enrolFromConsole(page: Page, consolePath: string): Promise<string> {
  await expect(page.getByTestId('admin-two-factor-required')).toBeVisible();
  await expect(page.getByTestId('admin-access')).toContainText('需要两步验证');
  await page.getByTestId('admin-two-factor-setup').click();
  await expect(page).toHaveURL(new RegExp(`/security\\?next=${encodeURIComponent(consolePath)}$`));
  await page.getByTestId('two-factor-enable').click();
  await expect(page.getByTestId('two-factor-qr')).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').getAttribute('data-secret'))!;
  await page.getByTestId('two-factor-setup-code').fill(totp(secret));
  await page.getByTestId('two-factor-confirm').click();
  await expect(page.getByTestId('two-factor-recovery-code')).toHaveCount(10);
  await page.getByTestId('two-factor-next').click();
  await expect(page).toHaveURL(new RegExp(`${consolePath}$`));
  return secret;
}

test("an owner runs the staff from the operators' console; a support member and a customer cannot", async ({
  browser,
  request,
}) => {
  const owner = await createVerifiedUser(request, 'Owner');
  expect(operator('user:promote', owner.email, '--role', 'owner')).toContain('the owner role');
  const colleague = await createVerifiedUser(request, 'Colleague');

  const ownerContext = await browser.newContext();
  const page = await ownerContext.newPage();
  await signIn(page, owner);
  await page.goto('/admin');
  // Staff need two-factor before the console answers: the owner enrols from the console's own panel.
  await expect(page.getByTestId('admin-two-factor-required')).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  await enrolFromConsole(page, '/admin');
  await expect(page.getByTestId('admin-page-title')).toHaveText('概览');
  await expect(page).toHaveTitle('概览 · 运营控制台');
  await expect(page.getByTestId('admin-me')).toContainText(owner.email);
  await expect(page.getByTestId('admin-nav-audit')).toBeVisible();
  await expect(page.getByTestId('admin-nav-staff')).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);

  // Make the colleague support staff: the list shows them, the audit log records it.
  await page.getByTestId('admin-nav-staff').click();
  await expect(page.getByTestId('admin-page-title')).toHaveText('员工与角色');
  await expect(page).toHaveTitle('员工与角色 · 运营控制台');
  await page.getByTestId('staff-add-email').fill(colleague.email);
  await page.getByTestId('staff-add-role').selectOption('support');
  await page.getByTestId('staff-add-submit').click();
  // Other journeys add support staff too: the row of this colleague, now with the support role.
  await expect(
    page.locator('[data-testid="staff-row"][data-role="support"]', { hasText: colleague.email }),
  ).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  await page.getByTestId('admin-nav-audit').click();
  await expect(page.locator('[data-testid="audit-row"][data-action="staff.add"]').first()).toBeVisible();
  // A prefix no action has (other journeys, such as the console's tickets, write ticket.* records before this one):
  // the empty state.
  await page.getByTestId('audit-filter-action').fill('nothing.');
  await page.getByTestId('audit-filter-apply').click();
  await expect(page.getByTestId('audit-empty')).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  const download = page.waitForEvent('download');
  await page.getByTestId('audit-export').click();
  expect((await download).suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  await ownerContext.close();

  // The support member signs in from the console's own prompt and comes back to it: the console, but not the
  // staff page.
  const supportContext = await browser.newContext();
  const support = await supportContext.newPage();
  await support.goto('/admin/staff');
  await support.getByTestId('admin-sign-in').click();
  await expect(support).toHaveURL(/\/login\?next=%2Fadmin%2Fstaff$/);
  await support.getByTestId('login-email').fill(colleague.email);
  await support.getByTestId('login-password').fill(colleague.password);
  await support.getByTestId('login-submit').click();
  await expect(support).toHaveURL(/\/admin\/staff$/);
  const supportSecret = await enrolFromConsole(support, '/admin/staff');
  await expect(support.getByTestId('admin-page-denied')).toBeVisible();
  await expect(support.getByTestId('admin-nav-staff')).toHaveCount(0);
  await expect(support.getByTestId('admin-nav-audit')).toHaveCount(0);
  await supportContext.close();

  // Signing in again, the password is followed by the code; the console answers that session at once.
  const againContext = await browser.newContext();
  const again = await againContext.newPage();
  await again.goto('/admin');
  await again.getByTestId('admin-sign-in').click();
  await again.getByTestId('login-email').fill(colleague.email);
  await again.getByTestId('login-password').fill(colleague.password);
  await again.getByTestId('login-submit').click();
  await again.getByTestId('two-factor-code').fill(totp(supportSecret, 1));
  await again.getByTestId('two-factor-submit').click();
  await expect(again).toHaveURL(/\/admin$/);
  await expect(again.getByTestId('admin-page-title')).toHaveText('概览');
  // Support has no money: the finance pages are not in its navigation and refuse it when opened by address.
  await expect(again.getByTestId('admin-nav-orders')).toHaveCount(0);
  await expect(again.getByTestId('admin-nav-ledger')).toHaveCount(0);
  await again.goto('/admin/orders');
  await expect(again.getByTestId('admin-page-denied')).toBeVisible();
  await again.goto('/admin/ledger');
  await expect(again.getByTestId('admin-page-denied')).toBeVisible();
  await againContext.close();

  // A customer: no console at all.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await signIn(customer, await createVerifiedUser(request, 'Customer'));
  await customer.goto('/admin');
  await expect(customer.getByTestId('admin-access')).toContainText('没有访问权限');
  expect(await axeFindings(customer)).toEqual([]);
  await customerContext.close();
});

test("the landing page and the customer's console hold none of the operators' console's code", async ({
  page,
}) => {
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; dynamicImports?: string[] }
  >;
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const next of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])])
      closure(next, seen);
    return seen;
  };
  const customer = closure('index.html');
  const admin = [...closure('admin.html')].filter((key) => key.startsWith('src/admin/'));
  expect(admin.length).toBeGreaterThan(0);
  expect([...customer].filter((key) => key.startsWith('src/admin/'))).toEqual([]);
  const adminFiles = new Set(admin.map((key) => manifest[key]!.file));
  for (const key of customer) expect(adminFiles.has(manifest[key]!.file), key).toBe(false);
  // And in a browser: the landing page asks for none of them.
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname.slice(1)));
  await page.goto('/');
  await page.mouse.wheel(0, 400);
  await page.waitForLoadState('networkidle');
  expect(requested.filter((file) => adminFiles.has(file))).toEqual([]);
});
