import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { operator } from './operator';
import { createVerifiedUser, signIn, type TestUser, customerAddress } from './session';
import { shots } from './shots';

/**
 * The top-bar search (Ctrl/Cmd+K) of a customer with a bought package and a ticket: static suggestions, pages by
 * name in Chinese and English, their own order and ticket, a help document of the demo catalogue, and the hint when
 * nothing matches; on a desktop and on a phone, light and dark.
 */
const API = '/api/v1/portal';

interface Fixture {
  user: TestUser;
  orderNo: string;
  ticketId: number;
  ticketTitle: string;
}

async function data<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  const body = (await response.json()) as { code: number; message: string; data: T };
  expect(body.code, body.message).toBe(20000);
  return body.data;
}

/** A verified customer who bought a package from an operator's top-up and opened a ticket, through the API. */
async function customer(request: APIRequestContext): Promise<Fixture> {
  const user = await createVerifiedUser(request, 'Searcher');
  expect(operator('balance:adjust', user.email, '200.00', 'e2e top-up')).toContain('balance now 200.00');
  const { access_token } = await data<{ access_token: string }>(
    await request.post(`${API}/auth/login`, {
      headers: { 'x-forwarded-for': customerAddress() },
      data: { email: user.email, password: user.password },
    }),
  );
  const headers = { authorization: `Bearer ${access_token}` };
  const packages = await data<{ id: number; on_sale: boolean }[]>(
    await request.get(`${API}/subscriptions/packages`, { headers }),
  );
  const bought = await data<{ order: { order_no: string } }>(
    await request.post(`${API}/subscriptions/purchase`, {
      headers,
      data: {
        package_id: packages.find((p) => p.on_sale)!.id,
        idempotency_key: randomBytes(8).toString('hex'),
      },
    }),
  );
  const ticketTitle = `香港节点晚高峰丢包 ${randomBytes(2).toString('hex')}`;
  const ticket = await data<{ id: number }>(
    await request.post(`${API}/tickets`, {
      headers,
      data: {
        title: ticketTitle,
        category: 'technical',
        priority: 'medium',
        description: '每晚九点后丢包明显。',
        attachment_ids: [],
      },
    }),
  );
  return { user, orderNo: bought.order.order_no, ticketId: ticket.id, ticketTitle };
}

function search(page: Page, name = '搜索') {
  const dialog = page.getByRole('dialog', { name });
  return {
    dialog,
    input: dialog.getByRole('combobox'),
    options: dialog.getByRole('option'),
    selected: dialog.getByRole('option', { selected: true }),
  };
}

/** Presses ArrowDown until the option going to `path` is the selected one (at most once round the list). */
async function selectByKeyboard(page: Page, path: string) {
  const { options, selected } = search(page);
  const count = await options.count();
  for (let i = 0; i < count && (await selected.getAttribute('data-path')) !== path; i += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(selected).toHaveAttribute('data-path', path);
}

let fixture: Fixture;

test.beforeAll(async ({ request }) => {
  fixture = await customer(request);
});

test('desktop: Ctrl+K, pages in two languages, an order, a ticket, a help document, no results', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, fixture.user);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await expect(page.getByTestId('page-title')).toHaveText('仪表盘');
  const { dialog, input, options, selected } = search(page);

  // Ctrl+K opens the search with the cursor in it, on the static suggestions; Escape closes it.
  await expect(page.getByTestId('search-open')).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(dialog).toBeVisible();
  await expect(input).toBeFocused();
  await expect(input).toHaveAccessibleName('搜索页面、订阅、订单、工单和帮助文档');
  await expect(dialog.getByRole('group', { name: '快捷操作' })).toBeVisible();
  await expect(dialog.getByRole('group', { name: '常用页面' })).toBeVisible();
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: shots('search-suggestions-desktop-light') });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A page by its Chinese name, opened with the keyboard.
  await page.keyboard.press('Control+k');
  await input.fill('充值');
  await expect(selected).toHaveAttribute('data-path', '/recharge');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/recharge$/);
  await expect(page.getByTestId('page-title')).toHaveText('账户充值');
  await expect(dialog).toBeHidden();

  // The order by its number: the server's group, opened with the keyboard.
  await page.getByTestId('search-open').click();
  await expect(input).toBeFocused();
  await input.fill(fixture.orderNo.slice(-10));
  const order = dialog.getByRole('group', { name: '订阅订单' }).getByRole('option');
  await expect(order).toHaveCount(1);
  await expect(order).toContainText(fixture.orderNo);
  await expect(order).toContainText('¥');
  await selectByKeyboard(page, '/subscription/history');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/subscription\/history$/);

  // The ticket by part of its subject, with its status.
  await page.keyboard.press('Control+k');
  await input.fill('晚高峰');
  const ticket = dialog.getByRole('group', { name: '我的工单' }).getByRole('option');
  await expect(ticket).toContainText(fixture.ticketTitle);
  await expect(ticket).toContainText('待处理');
  await page.screenshot({ path: shots('search-ticket-desktop-light') });
  await selectByKeyboard(page, `/support/${fixture.ticketId}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/support/${fixture.ticketId}$`));
  await expect(page.getByTestId('ticket-title')).toHaveText(fixture.ticketTitle);

  // A help document of the demo catalogue, found by a word of its text and opened.
  await page.keyboard.press('Control+k');
  await input.fill('v2rayN');
  const help = dialog.getByRole('group', { name: '帮助文档' }).getByRole('option');
  await expect(help.first()).toBeVisible();
  const docPath = (await help.filter({ hasText: 'Windows：使用 v2rayN' }).getAttribute('data-path'))!;
  expect(docPath).toMatch(/^\/help\/\d+$/);
  await selectByKeyboard(page, docPath);
  await page.screenshot({ path: shots('search-results-desktop-light') });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${docPath}$`));
  await expect(page.getByTestId('help-document-title')).toHaveText('Windows：使用 v2rayN');

  // Nothing matches: the hint says what to try.
  await page.keyboard.press('Control+k');
  await input.fill('完全不存在的内容qqq');
  const empty = dialog.getByTestId('search-empty');
  await expect(empty).toContainText('没有找到与“完全不存在的内容qqq”相关的结果');
  await expect(empty).toContainText('订单号');
  await expect(options).toHaveCount(0);

  // Dark theme, then English: a page by its English name with the keyboard.
  await page.keyboard.press('Escape');
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByTestId('language-switcher').click();
  await page.getByTestId('language-option-en').click();
  // Still on the document, whose breadcrumb now reads in English.
  await expect(page.getByTestId('breadcrumb')).toContainText('Help centre');
  await page.keyboard.press('Control+k');
  const en = search(page, 'Search');
  await expect(en.input).toBeFocused();
  await en.input.fill('top up');
  await expect(en.selected).toHaveAttribute('data-path', '/recharge');
  await page.screenshot({ path: shots('search-pages-desktop-dark-en') });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/recharge$/);
  await expect(page.getByTestId('page-title')).toHaveText('Top up');
});

test('phone: the icon opens a full-screen search, light and dark', async ({ page }) => {
  await signIn(page, fixture.user);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByTestId('page-title')).toHaveText('仪表盘');
  await expect(page.getByTestId('search-open-phone')).toBeVisible();
  await expect(page.getByTestId('search-open')).toBeHidden();
  await page.screenshot({ path: shots('search-topbar-phone-light') });
  await page.getByTestId('search-open-phone').click();
  const { dialog, input, selected } = search(page);
  await expect(input).toBeFocused();
  await page.screenshot({ path: shots('search-suggestions-phone-light') });
  await input.fill(fixture.orderNo);
  await expect(dialog.getByRole('group', { name: '订阅订单' }).getByRole('option')).toContainText(
    fixture.orderNo,
  );
  await page.screenshot({ path: shots('search-results-phone-light') });
  await dialog.getByTestId('search-close').click();
  await expect(dialog).toBeHidden();

  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByTestId('search-open-phone').click();
  await input.fill('节点');
  await expect(selected).toHaveAttribute('data-path', '/nodes');
  await page.screenshot({ path: shots('search-pages-phone-dark') });
  await selected.click();
  await expect(page).toHaveURL(/\/nodes$/);
  await expect(page.getByTestId('page-title')).toHaveText('节点中心');
});
