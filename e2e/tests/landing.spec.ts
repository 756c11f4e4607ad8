import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { shots } from './shots';

/**
 * The landing page an anonymous visitor sees: anchors, pricing built from the real catalogue, the login and register
 * modal, and the legal texts in modals and on their own routes, in two languages and both themes.
 */
const API = '/api/v1/portal';

interface ApiPackage {
  id: number;
  name: string;
  type: 'monthly' | 'quarterly' | 'yearly' | 'custom';
  price: string;
  traffic_bytes: string | null;
  device_limit: number;
  speed_limit_mbps: number | null;
  popular: boolean;
  on_sale: boolean;
}

async function catalogue(request: APIRequestContext, language: string): Promise<ApiPackage[]> {
  const res = await request.get(`${API}/subscriptions/packages`, {
    headers: { 'Accept-Language': language },
  });
  const body = (await res.json()) as { code: number; data: ApiPackage[] };
  expect(body.code).toBe(20000);
  return body.data.filter((p) => p.on_sale);
}

const fen = (price: string) => Math.round(Number(price) * 100);
const yuan = (cents: number) =>
  `¥${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const MONTHS = { monthly: 1n, quarterly: 3n, yearly: 12n } as const;

/**
 * The saving the page should show for a quarterly or yearly package: 3 or 12 x the matching monthly package's price
 * - its price (the tier matched by devices, speed, traffic per month and, among several, the same name).
 */
function expectedSaving(pkg: ApiPackage, all: ApiPackage[]): { amount: number; percent: number } | null {
  // A period of custom days is compared with nothing.
  if (pkg.type === 'custom') return null;
  const months = MONTHS[pkg.type];
  let monthly = all.filter(
    (p) =>
      p.type === 'monthly' &&
      p.device_limit === pkg.device_limit &&
      p.speed_limit_mbps === pkg.speed_limit_mbps &&
      (p.traffic_bytes === null
        ? pkg.traffic_bytes === null
        : pkg.traffic_bytes !== null && BigInt(pkg.traffic_bytes) === BigInt(p.traffic_bytes) * months),
  );
  if (monthly.length > 1) monthly = monthly.filter((p) => p.name === pkg.name);
  if (pkg.type === 'monthly' || monthly.length !== 1) return null;
  const full = fen(monthly[0]!.price) * Number(months);
  const saved = full - fen(pkg.price);
  return saved > 0 ? { amount: saved, percent: Math.round((saved * 100) / full) } : null;
}

async function expectInView(page: Page, selector: string) {
  await expect(page.locator(selector)).toBeInViewport();
}

/** The pricing cards, built from the API: the page loads its code as the visitor nears them (public/app-boot.js). */
async function plansShown(page: Page) {
  await page.locator('#pricing').scrollIntoViewIfNeeded();
  const cards = page.getByTestId('landing-plan');
  await expect(cards.first()).toBeVisible();
  return cards;
}

test.describe('landing page', () => {
  test('anchors scroll to features, pricing and support from the navbar, the hero and the footer', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    await plansShown(page);
    for (const [link, target] of [
      ['nav-features', '#features'],
      ['nav-pricing', '#pricing'],
      ['nav-faq', '#faq'],
      ['nav-support', '#support'],
    ] as const) {
      await page.getByTestId(link).click();
      await expect(page).toHaveURL(new RegExp(`${target}$`));
      await expectInView(page, target);
    }
    await page.locator('#top').scrollIntoViewIfNeeded();
    await page.getByTestId('hero-pricing').click();
    await expectInView(page, '#pricing');

    const footer = page.locator('#support');
    await footer.scrollIntoViewIfNeeded();
    await footer.getByRole('link', { name: '功能特性' }).click();
    await expectInView(page, '#features');
    await footer.scrollIntoViewIfNeeded();
    await footer.getByRole('link', { name: '价格方案' }).click();
    await expectInView(page, '#pricing');

    // Opened with a hash, the page lands on the section once it has rendered.
    await page.goto('/#support');
    await expectInView(page, '#support');
    await expect(page.getByTestId('service-status')).toHaveAttribute('data-state', 'ok');
  });

  test('at 390 px the menu reaches every section, sign-in and settings, by pointer and by keyboard', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    // The section links do not fit the top bar: they are hidden there, and the burger is shown.
    await expect(page.getByTestId('nav-features')).toBeHidden();
    const burger = page.getByRole('button', { name: '打开菜单' });
    await expect(burger).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');

    const menu = page.getByRole('dialog', { name: '菜单' });
    for (const [name, target] of [
      ['功能特性', '#features'],
      ['价格方案', '#pricing'],
      ['常见问题', '#faq'],
      ['支持', '#support'],
    ] as const) {
      await burger.click();
      await expect(menu).toBeVisible();
      await expect(burger).toHaveAttribute('aria-expanded', 'true');
      await menu.getByRole('link', { name, exact: true }).click();
      await expect(menu).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`${target}$`));
      await expectInView(page, target);
    }
    await burger.click();
    await page.screenshot({ path: shots('landing-phone-menu-light-zh_CN') });
    await menu.getByRole('button', { name: '注册' }).click();
    await expect(page.getByTestId('auth-modal').getByTestId('register-form')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('auth-modal')).toBeHidden();

    // Keyboard: Enter opens it with focus inside, Escape closes it and gives focus back to the burger.
    await page.locator('#top').scrollIntoViewIfNeeded();
    await burger.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect.poll(() => menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(burger).toBeFocused();

    // Language and theme are in the menu too.
    await burger.click();
    await menu.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-en').click();
    const english = page.getByRole('dialog', { name: 'Menu' });
    await expect(english.getByRole('link', { name: 'FAQ' })).toBeVisible();
    const scheme = await page.locator('html').getAttribute('data-mantine-color-scheme');
    await english.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).not.toHaveAttribute('data-mantine-color-scheme', scheme ?? '');
  });

  test('pricing shows exactly the packages on sale, with the API prices and the computed saving', async ({
    page,
    request,
  }) => {
    const packages = await catalogue(request, 'zh-CN');
    expect(packages.length).toBeGreaterThan(0);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/#pricing');
    const cards = await plansShown(page);
    const periods = (['monthly', 'quarterly', 'yearly', 'custom'] as const).filter((t) =>
      packages.some((p) => p.type === t),
    );
    const labels = { monthly: '月付', quarterly: '季付', yearly: '年付', custom: '其他周期' } as const;
    let savings = 0;
    for (const period of periods) {
      if (periods.length > 1) await page.getByTestId('pricing-period').getByText(labels[period]).click();
      const expected = packages
        .filter((p) => p.type === period)
        .sort((a, b) => fen(a.price) - fen(b.price) || a.id - b.id);
      await expect(cards).toHaveCount(expected.length);
      // A fixed, centred grid: cards are never stretched (at most 22rem), at most three a row, centred.
      const boxes = await cards.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()));
      const section = await page.locator('#pricing').evaluate((el) => el.getBoundingClientRect().toJSON());
      for (const box of boxes as DOMRect[]) expect(box.width).toBeLessThanOrEqual(353);
      const firstRow = (boxes as DOMRect[]).filter((b) => Math.abs(b.top - boxes[0].top) < 2);
      expect(firstRow.length).toBeLessThanOrEqual(3);
      const left = firstRow[0]!.left - section.left;
      const right = section.right - firstRow.at(-1)!.right;
      expect(Math.abs(left - right)).toBeLessThan(4);
      for (const [i, pkg] of expected.entries()) {
        const card = cards.nth(i);
        await expect(card, pkg.name).toHaveAttribute('data-package-id', String(pkg.id));
        await expect(card.getByTestId('plan-name')).toHaveText(pkg.name);
        await expect(card.getByTestId('plan-price')).toHaveText(yuan(fen(pkg.price)));
        await expect(card.getByTestId('plan-popular')).toHaveCount(pkg.popular ? 1 : 0);
        await expect(card.getByTestId('plan-devices')).toContainText(String(pkg.device_limit));
        if (pkg.traffic_bytes === null) await expect(card.getByTestId('plan-traffic')).toHaveText('不限流量');
        const saving = expectedSaving(pkg, packages);
        const badge = card.getByTestId('plan-saving');
        if (saving) {
          savings++;
          await expect(badge).toHaveAttribute('data-amount', (saving.amount / 100).toFixed(2));
          await expect(badge).toHaveText(`比月付省 ${saving.percent}%`);
        } else {
          await expect(badge).toHaveCount(0);
        }
      }
    }
    // The demo catalogue has quarterly and yearly packages with a monthly twin: the saving is really shown.
    expect(savings).toBeGreaterThan(0);

    // Buying opens the register modal.
    await cards.first().getByTestId('plan-buy').click();
    await expect(page.getByTestId('auth-modal').getByTestId('register-form')).toBeVisible();
  });

  test('pricing names follow the language, and a failed load offers a retry', async ({ page, request }) => {
    const english = await catalogue(request, 'en');
    // The catalogue is down (every attempt, the automatic retry included) until the visitor's own retry.
    let down = true;
    await page.route('**/api/v1/portal/subscriptions/packages', async (route) => {
      if (down) return route.fulfill({ status: 503, json: { code: 50000, message: 'down', data: null } });
      return route.fallback();
    });
    await page.goto('/#pricing');
    const error = page.getByTestId('pricing-error');
    await expect(error).toBeVisible();
    down = false;
    await error.getByRole('button', { name: '重试' }).click();
    await plansShown(page);

    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-en').click();
    const monthly = english.filter((p) => p.type === 'monthly').sort((a, b) => fen(a.price) - fen(b.price));
    await expect(page.getByTestId('plan-name')).toHaveText(monthly.map((p) => p.name));
    await expect(page.getByTestId('pricing-period')).toContainText('Monthly');
  });

  test('login and register open in one modal and switch between each other', async ({ page }) => {
    await page.goto('/');
    const modal = page.getByTestId('auth-modal');
    await page.getByTestId('landing-register').click();
    await expect(modal.getByTestId('register-form')).toBeVisible();
    await modal.getByRole('button', { name: '去登录' }).click();
    await expect(modal.getByTestId('login-form')).toBeVisible();
    await modal.getByRole('button', { name: '立即注册' }).click();
    await expect(modal.getByTestId('register-form')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal.getByTestId('register-form')).toBeHidden();

    await page.getByTestId('hero-start').click();
    await expect(modal.getByTestId('register-form')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.locator('#support').scrollIntoViewIfNeeded();
    await page.getByTestId('footer-tickets').click();
    await expect(modal.getByTestId('login-form')).toBeVisible();
  });

  test('terms and privacy open in modals and on their routes, in Chinese and English', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const legal = page.getByTestId('legal-modal');

    await page.getByTestId('footer-terms').click();
    await expect(legal.getByRole('heading', { name: '服务条款', level: 2 })).toBeVisible();
    await expect(legal.getByTestId('legal-version')).toHaveText('版本 v1.0，自 2025年1月1日 起生效');
    await expect(legal.locator('#terms-refunds')).toContainText(
      '购买套餐后 7 天内申请，且该订阅没有使用任何流量的，可全额退款',
    );
    await expect(legal.locator('#terms-eligibility')).toContainText('年满 18 周岁');
    await page.screenshot({ path: shots('landing-terms-modal-desktop-light-zh_CN') });
    await page.keyboard.press('Escape');
    await expect(legal).toBeHidden();

    await page.getByTestId('footer-privacy').click();
    await expect(legal.locator('#privacy-no-log')).toContainText('保存 24 小时后自动删除');
    await expect(legal.locator('#privacy-retention')).toContainText('90 天');
    await legal.getByTestId('legal-open-page').click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('隐私政策');
    await expect(page.getByTestId('legal-version')).toHaveText('版本 v1.0，自 2025年1月1日 起生效');

    // The route page: table of contents, numbered sections, a link to the other document.
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('服务条款');
    const toc = page.getByRole('navigation', { name: '目录' });
    await toc.getByRole('link', { name: '退款' }).click();
    await expect(page).toHaveURL(/#terms-refunds$/);
    await expect(page.locator('#terms-refunds')).toBeInViewport();
    await expect(page.locator('#terms-refunds h2')).toHaveText(/^\d+\. 退款$/);

    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-en').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of service');
    await expect(page.getByTestId('legal-version')).toHaveText('Version v1.0, effective Jan 1, 2025');
    await expect(page.locator('#terms-refunds')).toContainText(
      'Full refund if you ask within 7 days of buying a package and the subscription has used no traffic.',
    );
    await expect(page.locator('#terms-acceptable-use')).toContainText('P2P');
    await page.screenshot({ path: shots('legal-terms-page-desktop-light-en'), fullPage: true });

    await page.goto('/');
    await page.getByTestId('footer-privacy').click();
    await expect(legal.getByRole('heading', { name: 'Privacy policy', level: 2 })).toBeVisible();
    await expect(legal.locator('#privacy-changes')).toContainText(
      'Material changes are announced 30 days ahead',
    );
    await expect(legal.locator('#privacy-rights')).toContainText('within 15 working days');
    await page.keyboard.press('Escape');
    await page.getByTestId('footer-terms').click();
    await expect(legal.locator('#terms-refunds')).toContainText('within 7 days');
  });

  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [390, 1440]) {
      test(`screenshots at ${width} px, ${scheme}`, async ({ browser }) => {
        const context = await browser.newContext({
          colorScheme: scheme,
          viewport: { width, height: width < 768 ? 844 : 900 },
          locale: width < 768 ? 'zh-CN' : 'en-GB',
        });
        const page = await context.newPage();
        await page.goto('/');
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
        await plansShown(page);
        await expect(page.getByTestId('service-status')).toHaveAttribute('data-state', 'ok');
        const name = `${width < 768 ? 'phone' : 'desktop'}-${scheme}-${width < 768 ? 'zh_CN' : 'en'}`;
        await page.screenshot({ path: shots(`landing-${name}`), fullPage: true });
        await page.screenshot({ path: shots(`landing-${name}-top`) });
        await page.getByTestId('landing-plan').first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: shots(`landing-${name}-pricing`) });
        await page.locator('#support').scrollIntoViewIfNeeded();
        await page.screenshot({ path: shots(`landing-${name}-footer`) });
        await noHorizontalScroll(page.locator('body'));
        await page.goto('/terms-of-service');
        await expect(page.locator('#terms-contact')).toBeVisible();
        await page.screenshot({ path: shots(`legal-terms-${name}`), fullPage: true });
        await context.close();
      });
    }
  }
});

async function noHorizontalScroll(body: Locator) {
  const [scroll, client] = await body.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

test.describe('landing page before its code runs', () => {
  test('is prerendered in the visitor language: readable with JavaScript off', async ({ browser }) => {
    for (const [locale, heading] of [
      ['en-US', 'Fast, stable and secure network acceleration'],
      ['zh-TW', /穩定/],
    ] as const) {
      const context = await browser.newContext({ javaScriptEnabled: false, locale });
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByTestId('nav-pricing')).toHaveAttribute('href', '#pricing');
      await expect(page.getByTestId('pricing-loading')).toBeVisible();
      // The first screen's preview, the clients and the FAQ are in the prerendered HTML.
      await expect(page.getByTestId('hero-preview')).toBeVisible();
      await expect(page.getByTestId('landing-clients')).toContainText('Shadowrocket');
      await expect(page.getByTestId('landing-faq').getByRole('heading', { level: 3 })).toHaveCount(6);
      await context.close();
    }
  });

  /**
   * Waits past the moment app-boot.js would have started the app on its own (the load event, then a frame and a
   * task, as for a visitor the page is not meant for) and says whether it did: the module script is in the page.
   */
  async function startedOnItsOwn(page: Page): Promise<boolean> {
    await page.waitForLoadState('load');
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() =>
            setTimeout(() => requestAnimationFrame(() => setTimeout(resolve, 0)), 0),
          ),
        ),
    );
    return (await page.locator('script[type="module"]').count()) > 0;
  }

  test('loads no code until the visitor presses, types or scrolls', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/.+\.js$/.test(request.url())) scripts.push(request.url());
    });
    // Scrolled: the code loads and the cards come from the API.
    await page.goto('/');
    expect(await startedOnItsOwn(page)).toBe(false);
    expect(scripts).toEqual([]);
    await expect(page.getByTestId('pricing-loading')).toBeAttached();
    await page.mouse.wheel(0, 400);
    await expect(page.getByTestId('landing-plan').first()).toBeAttached();
    expect(scripts.length).toBeGreaterThan(0);

    // A key press (here Tab, to the skip link) is enough too.
    scripts.length = 0;
    await page.goto('/terms-of-service');
    await expect(page.locator('#terms-refunds')).toContainText('within 7 days');
    expect(await startedOnItsOwn(page)).toBe(false);
    expect(scripts).toEqual([]);
    await page.keyboard.press('Tab');
    await expect.poll(() => scripts.length).toBeGreaterThan(0);

    // The check can fail: for a signed-in visitor the same page starts the app on its own.
    await page.evaluate(() => localStorage.setItem('token', 'not-a-real-token'));
    await page.goto('/');
    expect(await startedOnItsOwn(page)).toBe(true);
    await context.close();
  });

  test('the legal pages are prerendered too, with their own title, and hydrate without an error', async ({
    browser,
  }) => {
    for (const [locale, path, title, section] of [
      ['zh-CN', '/terms-of-service', '服务条款 · ', '#terms-refunds'],
      ['en-GB', '/privacy-policy', 'Privacy policy · ', '#privacy-no-log'],
    ] as const) {
      const off = await browser.newContext({ javaScriptEnabled: false, locale });
      const still = await off.newPage();
      await still.goto(path);
      await expect(still).toHaveTitle(new RegExp(`^${title}`));
      await expect(still.locator(section)).toBeVisible();
      await expect(still.getByTestId('landing-navbar')).toHaveCount(0);
      await off.close();

      const on = await browser.newContext({ locale });
      const page = await on.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(path);
      // The theme toggle, pressed before the code has loaded: it loads, hydrates and switches.
      const scheme = await page.locator('html').getAttribute('data-mantine-color-scheme');
      await page.getByTestId('theme-toggle').click();
      await expect(page.locator('html')).not.toHaveAttribute('data-mantine-color-scheme', scheme ?? '');
      await expect(page.locator(section)).toBeVisible();
      expect(errors).toEqual([]);
      await on.close();
    }
  });

  test('a button pressed while the code loads is pressed again once the page is live', async ({ page }) => {
    // Hold the app's entry until the button has been pressed.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // The held script keeps the load event back: do not wait for it.
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByTestId('landing-register').click();
    await expect(page.getByTestId('auth-modal')).toHaveCount(0);
    release();
    await expect(page.getByTestId('auth-modal').getByTestId('register-form')).toBeVisible();
  });

  test('a signed-in user never sees the prerendered landing page', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('token', 'not-a-real-token'));
    await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/finance');
    await expect(page.getByTestId('landing-navbar')).toBeHidden();
  });
});
