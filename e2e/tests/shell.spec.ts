import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, signIn, type TestUser } from './session';
import { shots } from './shots';

/**
 * The web shell in a real browser against the real built server: landing page, language and theme, the console
 * layout at a phone and a desktop width, and the API docs.
 */
test.describe('landing page', () => {
  test('switches language and theme, and remembers both', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByTestId('landing-login')).toHaveText('登录');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.screenshot({ path: shots('landing-desktop-light-zh_CN'), fullPage: true });

    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-zh_TW').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
    await expect(page.getByTestId('landing-login')).toHaveText('登入');

    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-en').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('landing-login')).toHaveText('Log in');
    await expect(page.getByTestId('landing-register')).toHaveText('Sign up');

    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.screenshot({ path: shots('landing-desktop-dark-en'), fullPage: true });

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(
      await page.evaluate(() => [localStorage.getItem('language'), localStorage.getItem('theme')]),
    ).toEqual(['en', 'dark']);
  });

  test('follows the system colour scheme only while nothing is stored', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.locator('#hero-title')).toBeVisible();
    await page.screenshot({ path: shots('landing-phone-dark-zh_CN'), fullPage: true });
    await context.close();
  });

  test('picks the language from the browser when nothing is stored', async ({ browser }) => {
    for (const [locale, lang, login] of [
      ['zh-TW', 'zh-TW', '登入'],
      ['en-GB', 'en', 'Log in'],
      ['de-DE', 'zh-CN', '登录'],
    ] as const) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.locator('html'), locale).toHaveAttribute('lang', lang);
      await expect(page.getByTestId('landing-login'), locale).toHaveText(login);
      await context.close();
    }
  });

  test('opens login and register in one modal, switchable', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('landing-login').click();
    const modal = page.getByTestId('auth-modal');
    await expect(modal.getByTestId('login-form')).toBeVisible();
    await modal.getByRole('button', { name: '立即注册' }).click();
    await expect(modal.getByTestId('register-form')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
  });

  test('makes the navbar more opaque after scrolling past 20 px', async ({ page }) => {
    await page.goto('/');
    const navbar = page.getByTestId('landing-navbar');
    await expect(navbar).not.toHaveAttribute('data-scrolled', 'true');
    await page.mouse.wheel(0, 400);
    await expect(navbar).toHaveAttribute('data-scrolled', 'true');
  });
});

/**
 * A real, verified account signed in through the API. Only the two header numbers whose formatting is checked here
 * (a balance with thousands separators, an unread count above 99) are answered at the network boundary: no flow
 * in the product can produce them yet.
 */
async function signedIn(page: Page, user: TestUser, balance = '1234567.5') {
  await signIn(page, user);
  const ok = (data: unknown) => ({ json: { code: 20000, message: 'ok', data } });
  await page.route('**/api/v1/portal/users/balance', (route) => route.fulfill(ok({ balance })));
  await page.route('**/api/v1/portal/announcements/unread/count', (route) =>
    route.fulfill(ok({ count: 120 })),
  );
}

test.describe('console shell', () => {
  let user: TestUser;
  test.beforeAll(async ({ request }) => {
    user = await createVerifiedUser(request, 'Alice');
  });

  test('desktop: sidebar 280/80, page titles, search with Ctrl+K, bell', async ({ page }) => {
    await signedIn(page, user);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toBeVisible();
    await expect(page.getByTestId('sidebar-nickname')).toHaveText('Alice');
    await expect(page.getByTestId('sidebar-balance')).toContainText('1,234,567.50');
    await expect(page.getByTestId('app-version')).toContainText('1.7.1');
    await expect(page.getByTestId('announcements-bell')).toHaveAttribute('data-count', '99+');
    await expect(page.getByTestId('today')).toContainText('年');
    expect(Math.round((await sidebar.boundingBox())?.width ?? 0)).toBe(280);
    // The brand sits in the header's left cell, above the sidebar; the page title heads the content, under the bar.
    const header = page.getByRole('banner');
    const brand = header.getByTestId('top-bar-brand');
    await expect(brand).toContainText('Proxy Portal');
    const brandBox = await brand.boundingBox();
    const headerBox = await header.boundingBox();
    expect(Math.round(headerBox?.height ?? 0)).toBe(64);
    expect(brandBox?.x ?? 999).toBeLessThan(280);
    expect((brandBox?.y ?? 999) + (brandBox?.height ?? 0)).toBeLessThanOrEqual(64);
    const titleBox = await page.getByTestId('page-title').boundingBox();
    expect(titleBox?.y ?? 0).toBeGreaterThan(64);
    expect(titleBox?.x ?? 0).toBeGreaterThan(280);
    await expect(page.getByTestId('page-title')).toHaveText('仪表盘');
    await expect(page).toHaveTitle('仪表盘 · Proxy Portal');
    // The shortcuts say what they do.
    await expect(header.getByTestId('top-bar-recharge')).toHaveText('充值');
    await expect(header.getByTestId('top-bar-subscribe')).toHaveText('购买订阅');
    await page.screenshot({ path: shots('console-desktop-light-zh_CN') });

    await sidebar.getByRole('link', { name: '节点中心' }).click();
    await expect(page).toHaveURL(/\/nodes$/);
    await expect(page.getByTestId('page-title')).toHaveText('节点中心');
    await expect(page).toHaveTitle('节点中心 · Proxy Portal');

    // Ctrl+K opens the search (search.spec.ts goes through it); picking a page goes there.
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: '搜索' });
    const input = dialog.getByRole('combobox');
    await expect(input).toBeFocused();
    await input.fill('工单');
    await dialog.getByRole('option', { name: /工单/ }).first().click();
    await expect(page).toHaveURL(/\/support$/);
    await expect(dialog).toBeHidden();
    await page.keyboard.press('Control+k');
    await expect(input).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByTestId('sidebar-collapse').click();
    await expect.poll(async () => Math.round((await sidebar.boundingBox())?.width ?? 0)).toBe(80);
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.screenshot({ path: shots('console-desktop-dark-collapsed') });

    // A nested page: a breadcrumb back to its parent above the title.
    await page.goto('/recharge/codes');
    const crumbs = page.getByRole('navigation', { name: '位置' });
    await expect(crumbs.getByRole('link', { name: '账户充值' })).toHaveAttribute('href', '/recharge');
    await expect(page.getByTestId('page-title')).toHaveText('充值码管理');
  });

  test('phone: sidebar collapses below 768 px and opens as an overlay', async ({ page }) => {
    await signedIn(page, user, 'not-a-number');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/subscription/link');
    await expect(page.getByTestId('page-title')).toHaveText('订阅链接');
    await expect(page.getByTestId('sidebar')).toBeHidden();
    // A slimmer bar on phones; its shortcuts fold into the "more" menu.
    expect(Math.round((await page.getByRole('banner').boundingBox())?.height ?? 0)).toBe(56);
    await expect(page.getByTestId('top-bar-more')).toBeVisible();
    await expect(page.getByTestId('top-bar-recharge')).toBeHidden();
    await page.screenshot({ path: shots('console-phone-light') });
    await page.getByTestId('sidebar-burger').click();
    const drawer = page.getByRole('dialog', { name: '主导航' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('sidebar-balance')).toContainText('0.00');
    await page.screenshot({ path: shots('console-phone-drawer') });
    await drawer.getByRole('link', { name: '节点中心' }).click();
    await expect(page).toHaveURL(/\/nodes$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByTestId('page-title')).toHaveText('节点中心');
  });

  test('every console route of product rules §2 is reachable', async ({ page }) => {
    await signedIn(page, user);
    await page.setViewportSize({ width: 1440, height: 900 });
    const routes = [
      '/',
      '/finance',
      '/subscription',
      '/subscription/history',
      '/subscription/link',
      '/nodes',
      '/support',
      '/announcements',
      '/help',
      '/contact',
      '/dealer',
      '/profile',
      '/security',
      '/sessions',
      '/recharge',
      '/recharge/history',
      '/recharge/codes',
    ];
    const titles = new Set<string>();
    for (const route of routes) {
      await page.goto(route);
      await expect(page, route).toHaveURL(
        new URL(route, 'http://x').pathname === '/' ? /\/$/ : new RegExp(`${route}$`),
      );
      const title = page.getByTestId('page-title');
      await expect(title, route).not.toHaveText('');
      await expect(page.locator('main'), route).toBeVisible();
      titles.add((await title.textContent()) ?? '');
    }
    expect(titles.size).toBe(routes.length);
    await expect(page.getByTestId('sidebar')).toBeVisible();
  });
});

test('public routes render without signing in', async ({ page }) => {
  for (const route of [
    '/terms-of-service',
    '/privacy-policy',
    '/forgot-password',
    '/reset-password',
    '/verify-email',
    '/login',
    '/auth/callback',
  ]) {
    await page.goto(route);
    await expect(page.locator('h1, h2').first(), route).toBeVisible();
  }
});

test('the API docs are browsable', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.locator('section.swagger-ui')).toBeVisible();
  await expect(page.getByText('/api/v1/portal/health')).toBeVisible();
});
