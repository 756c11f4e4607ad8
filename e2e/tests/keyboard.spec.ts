import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { operator } from './operator';
import { createVerifiedUser, signIn, staffAccessToken, type TestUser, customerAddress } from './session';
import { shots } from './shots';

const API = '/api/v1/portal';
const ADMIN = '/api/v1/admin';

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { code: number; message: string; data: T };
  expect(body.code, body.message).toBe(20000);
  return body.data;
}

async function bearer(request: APIRequestContext, user: TestUser): Promise<Record<string, string>> {
  const { access_token } = await data<{ access_token: string }>(
    await request.post(`${API}/auth/login`, {
      headers: { 'x-forwarded-for': customerAddress() },
      data: { email: user.email, password: user.password },
    }),
  );
  return { authorization: `Bearer ${access_token}` };
}

/** Popups published by other journeys would open over the pages here: this account reads them first. */
async function readPopups(request: APIRequestContext, headers: Record<string, string>) {
  const list = await data<{ items: { id: number; is_popup: boolean }[] }>(
    await request.get(`${API}/announcements?page=1&size=50&unread_only=true`, { headers }),
  );
  for (const a of list.items.filter((item) => item.is_popup)) {
    await data(await request.post(`${API}/announcements/${a.id}/read`, { headers }));
  }
}

/** Presses Tab until `target` has the focus (at most `limit` times); fails if it never does. */
async function tabTo(page: Page, target: Locator, limit = 60, key = 'Tab') {
  for (let i = 0; i < limit; i += 1) {
    const focused = await target
      .evaluate((el) => el === document.activeElement, undefined, { timeout: 1000 })
      .catch(() => false);
    if (focused) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

const focusedTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);

let user: TestUser;
let headers: Record<string, string>;

test.beforeAll(async ({ request }) => {
  user = await createVerifiedUser(request, 'Keys');
  headers = await bearer(request, user);
  await readPopups(request, headers);
});

test('desktop: the skip link comes first, then the sidebar; Enter follows a link', async ({ page }) => {
  await signIn(page, user);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/finance');
  await expect(page.getByTestId('finance-balance')).toBeVisible();

  // The first Tab reaches the skip link, which shows itself; Enter moves the focus to the page content.
  await page.keyboard.press('Tab');
  const skip = page.getByTestId('skip-link');
  await expect(skip).toBeFocused();
  await expect(skip).toHaveText('跳到主要内容');
  await expect(skip).toBeInViewport();
  await page.screenshot({ path: shots('keyboard-skip-link-desktop-light') });
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();

  // From the top again: Tab walks through the top bar into the sidebar, and Enter on a link navigates. (From a page
  // outside every group: the wallet's would leave 财务中心 open, and Enter below would close it.)
  await page.goto('/dealer');
  await expect(page.getByTestId('page-title')).toHaveText('经销商');
  const sidebar = page.getByTestId('sidebar');
  const nodesLink = sidebar.getByRole('link', { name: '节点中心' });
  await tabTo(page, nodesLink);
  await expect(page.getByTestId('skip-link')).not.toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/nodes$/);
  await expect(page.getByTestId('page-title')).toHaveText('节点中心');
  await expect(nodesLink).toHaveAttribute('aria-current', 'page');

  // A group opens with the keyboard too: Shift+Tab back to "财务中心", Enter shows its links.
  const group = sidebar.getByRole('button', { name: '财务中心' });
  await tabTo(page, group, 40, 'Shift+Tab');
  await page.keyboard.press('Enter');
  const historyLink = sidebar.getByRole('link', { name: '充值记录' });
  await expect(historyLink).toBeVisible();
  await tabTo(page, historyLink, 10);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/recharge\/history$/);
});

test('phone: the burger opens the sidebar from the keyboard and Escape closes it', async ({ page }) => {
  await signIn(page, user);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/nodes');
  await expect(page.getByTestId('page-title')).toHaveText('节点中心');
  const burger = page.getByTestId('sidebar-burger');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('skip-link')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(burger).toBeFocused();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: '主导航' });
  await expect(drawer).toBeVisible();
  // The focus moved into the drawer, and Tab stays there.
  await expect.poll(() => drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  for (let i = 0; i < 25; i += 1) {
    await page.keyboard.press('Tab');
    expect(await drawer.evaluate((el) => el.contains(document.activeElement)), `Tab ${i + 1}`).toBe(true);
  }
  await page.screenshot({ path: shots('keyboard-drawer-phone-light') });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(burger).toBeFocused();

  // Open again and follow a link with Enter: the drawer closes and the page changes.
  await page.keyboard.press('Enter');
  await expect(drawer).toBeVisible();
  await tabTo(page, drawer.getByRole('link', { name: '经销商' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dealer$/);
  await expect(drawer).toBeHidden();
});

test('a dialog opened from the keyboard keeps the focus, closes with Escape and gives the focus back', async ({
  page,
}) => {
  await signIn(page, user);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/support');
  const opener = page.getByTestId('ticket-new');
  await expect(opener).toBeVisible();
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '新建工单' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  const seen = new Set<string>();
  for (let i = 0; i < 30; i += 1) {
    await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement)), `Tab ${i + 1}`).toBe(true);
    seen.add(String(await focusedTestId(page)));
  }
  // The walk went round the form's fields, not one element.
  expect(seen.size).toBeGreaterThan(3);

  // Submitting empty from the keyboard: the errors are tied to their fields (aria-invalid, aria-describedby).
  await tabTo(page, dialog.getByTestId('ticket-submit'));
  await page.keyboard.press('Enter');
  const title = dialog.getByTestId('ticket-title');
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  const titleError = ((await title.getAttribute('aria-describedby')) ?? '')
    .split(' ')
    .find((id) => id.endsWith('error'));
  expect(titleError, 'aria-describedby names the error').toBeTruthy();
  await expect(page.locator(`[id="${titleError}"]`)).toContainText(/./);
  await page.screenshot({ path: shots('keyboard-new-ticket-errors-desktop-light') });

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('a form filled and sent from the keyboard only: redeem a code, with an announced error first', async ({
  page,
  request,
}) => {
  expect(operator('balance:adjust', user.email, '20.00', 'keyboard journey')).toContain('balance now');
  const batch = await data<{ codes: { code: string }[] }>(
    await request.post(`${API}/recharge/codes/generate`, { headers, data: { quantity: 1, amount: '12.00' } }),
  );
  const code = batch.codes[0]!.code;

  await signIn(page, user);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/recharge?tab=code');
  const input = page.getByTestId('code-input');
  await expect(input).toBeVisible();
  await tabTo(page, input);
  await page.keyboard.type('RC-NOT-A-CODE');
  await page.keyboard.press('Enter');
  // The error is announced: the field is invalid and described by the message.
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  const errorId = ((await input.getAttribute('aria-describedby')) ?? '')
    .split(' ')
    .find((id) => id.endsWith('error'));
  expect(errorId, 'aria-describedby names the error').toBeTruthy();
  await expect(page.locator(`[id="${errorId}"]`)).toContainText(/./);
  await page.screenshot({ path: shots('keyboard-redeem-error-phone-light') });

  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('code-result')).toContainText('12.00');
  await expect(page.getByTestId('code-result')).toBeVisible();
});

/**
 * After a first third-party login the welcome modal and a popup announcement are both due: the welcome modal opens
 * alone, and the popup follows once it is closed with Escape — never both at once.
 */
test('the welcome modal comes first; a popup announcement waits until it is closed', async ({
  page,
  request,
}) => {
  const staffUser = await createVerifiedUser(request, 'Staff');
  expect(operator('user:promote', staffUser.email)).toContain(staffUser.email);
  const staff = { authorization: `Bearer ${await staffAccessToken(request, staffUser)}` };
  const popup = await data<{ id: number }>(
    await request.post(`${ADMIN}/announcements`, {
      headers: staff,
      data: {
        title: `键盘测试弹窗 ${Date.now()}`,
        content: '这是一条重要公告。',
        category: 1,
        priority: 3,
        is_popup: true,
        is_email_notify: false,
        publish_at: null,
      },
    }),
  );
  try {
    await data(await request.post(`${ADMIN}/announcements/${popup.id}/publish`, { headers: staff }));
    const fresh = await createVerifiedUser(request, 'Newcomer');
    await signIn(page, fresh);
    await page.addInitScript(() => {
      if (!localStorage.getItem('welcome_shown')) localStorage.setItem('first_login', 'true');
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const welcome = page.getByRole('dialog', { name: '欢迎加入！' });
    await expect(welcome).toBeVisible();
    // The popup's list has arrived, and still only the welcome modal is open.
    await expect(page.getByTestId('announcements-bell')).toHaveAttribute('data-count', /\d+/);
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(page.getByTestId('announcement-modal')).toHaveCount(0);
    await page.screenshot({ path: shots('keyboard-welcome-first-desktop-light') });

    await page.keyboard.press('Escape');
    await expect(welcome).toBeHidden();
    const modal = page.getByTestId('announcement-modal');
    await expect(modal.getByTestId('announcement-title')).toContainText('键盘测试弹窗');
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  } finally {
    const r = await request.post(`${ADMIN}/announcements/${popup.id}/expire`, { headers: staff });
    expect(r.status()).toBe(200);
  }
});
