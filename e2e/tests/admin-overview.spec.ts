import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeFindings } from './axe';
import { findClipped } from './clipping';
import { operator } from './operator';
import { shots } from './shots';
import { createVerifiedUser, customerAddress, signInStaff, type TestUser } from './session';

const API = '/api/v1/portal';

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { code: number; message: string; data: T };
  expect(body.code, body.message).toBe(20000);
  return body.data;
}

/** A customer who is topped up by an operator and buys a package today. */
async function buyer(request: APIRequestContext): Promise<TestUser & { price: string }> {
  const user = await createVerifiedUser(request, 'Buyer');
  expect(operator('balance:adjust', user.email, '200.00', 'overview journey')).toContain(
    'balance now 200.00',
  );
  const { access_token } = await data<{ access_token: string }>(
    await request.post(`${API}/auth/login`, {
      headers: { 'x-forwarded-for': customerAddress() },
      data: { email: user.email, password: user.password },
    }),
  );
  const headers = { authorization: `Bearer ${access_token}` };
  const packages = await data<{ id: number; price: string }[]>(
    await request.get(`${API}/subscriptions/packages`, { headers }),
  );
  const pkg = packages.find((p) => Number(p.price) > 0 && Number(p.price) <= 200)!;
  await data(
    await request.post(`${API}/subscriptions/purchase`, {
      headers,
      data: { package_id: pkg.id, idempotency_key: randomBytes(8).toString('hex') },
    }),
  );
  return { ...user, price: pkg.price };
}

/** Axe, clipped labels and the page's width at 1440 and 390 px in both themes, with a screenshot of each. */
async function checkEveryWay(page: Page, who: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((scheme) => localStorage.setItem('theme', scheme), theme);
    await page.emulateMedia({ colorScheme: theme });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await expect(page.getByTestId('overview-tickets')).toBeVisible();
      expect(await axeFindings(page), `${theme} ${width}`).toEqual([]);
      expect(await findClipped(page, 'main'), `${theme} ${width}`).toEqual([]);
      // Nothing wider than the phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: shots(`admin-overview-${who}-${width}-${theme}`), fullPage: true });
    }
  }
}

test("an owner reads the overview's figures and follows a card to its list; support sees no money", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await createVerifiedUser(request, 'Overseer');
  operator('user:promote', owner.email, '--role', 'owner');
  const helper = await createVerifiedUser(request, 'Helpdesk');
  operator('user:promote', helper.email, '--role', 'support');
  const customer = await buyer(request);

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInStaff(page, owner);
  await page.goto('/admin');
  await expect(page.getByTestId('admin-page-title')).toHaveText('概览');
  // Today's revenue holds at least the purchase just made; every area of an owner is there.
  const today = page.getByTestId('overview-revenue-today-net-value');
  await expect(today).toHaveText(/^¥[\d,]+\.\d\d$/);
  expect(Number((await today.textContent())!.replace(/[¥,]/g, ''))).toBeGreaterThanOrEqual(
    Number(customer.price),
  );
  await expect(page.getByTestId('overview-revenue-chart').getByRole('img')).toBeVisible();
  await expect(page.getByTestId('overview-topup')).toHaveCount(3);
  await expect(page.getByTestId('overview-pending-usdt')).toBeVisible();
  await expect(page.getByTestId('overview-open-transfers')).toBeVisible();
  await expect(page.getByTestId('overview-users-today')).toBeVisible();
  await expect(page.getByTestId('overview-subscriptions-active-value')).not.toHaveText('0');
  await expect(page.getByTestId('overview-nodes')).toBeVisible();
  // The traffic chart, or its empty message when no agent reported traffic in the period (depends on the run).
  await expect(
    page.getByTestId('overview-traffic').getByRole('img').or(page.getByTestId('overview-traffic-empty')),
  ).toBeVisible();
  await expect(page.getByTestId('overview-tickets')).toBeVisible();
  await checkEveryWay(page, 'owner');

  // The revenue card of today opens the orders list filtered on today: the purchase is there.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('overview-revenue-today-link').click();
  await expect(page.getByTestId('admin-page-title')).toHaveText('订单');
  expect(new URL(page.url()).searchParams.get('from')).toMatch(/T00:00:00\.000Z$/);
  await expect(page.getByTestId('order-row').filter({ hasText: customer.email })).toHaveCount(1);
  // The new users card opens the users list registered today: the customer is there.
  await page.goto('/admin');
  await page.getByTestId('overview-users-today').click();
  await expect(page.getByTestId('admin-page-title')).toHaveText('用户');
  await expect(page.getByTestId('user-row').filter({ hasText: customer.email })).toHaveCount(1);
  await context.close();

  // Support: users, nodes and tickets, no money card and no money call.
  const supportContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const support = await supportContext.newPage();
  const asked: string[] = [];
  support.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await signInStaff(support, helper);
  await support.goto('/admin');
  await expect(support.getByTestId('overview-tickets')).toBeVisible();
  await expect(support.getByTestId('overview-users')).toBeVisible();
  await expect(support.getByTestId('overview-nodes')).toBeVisible();
  await expect(support.getByTestId('overview-revenue-today')).toHaveCount(0);
  await expect(support.getByTestId('overview-topups')).toHaveCount(0);
  expect(asked.filter((p) => p.endsWith('/overview/money'))).toEqual([]);
  await checkEveryWay(support, 'support');
  await supportContext.close();
});
