import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { operator } from './operator';
import { createVerifiedUser, signIn, type TestUser, customerAddress } from './session';

const API = '/api/v1/portal';
/**
 * What the dashboard may load before the customer does anything: gzipped JavaScript, in KiB. The goal (issue 16) is
 * 200; this is the ceiling reached so far, lowered as the code shrinks (raised once, from 302 to 303, for the email
 * address rule of issue 20; taken back when the contract's error and validation texts moved into each language's
 * chunk: 298.9 measured; 295.9 once our start-up code became one chunk, `core` in vite.config.ts; 266.1 once zod
 * and the contract's schemas stayed out of it, `contractForTheBrowser` in vite.config.ts; 257.7 with the frame's own
 * menus; 241.1 with our own translations in i18next's, src/i18n/translator.ts; 225.3 once Mantine's ScrollArea no longer
 * brought the floating layer, scrollAreaWithoutFloating in vite.config.ts; 212.2 once only the frame's Mantine
 * components were in its first chunk, FRAME_MANTINE_COMPONENTS; 201 with our own router, src/lib/router.tsx, in
 * React Router's place; 196.3 with only the frame's icons in the first chunk of icons, FRAME_ICONS; 196.6 with the
 * plural texts).
 */
const BUDGET_KIB = 197;
/** zod, with the schemas of the forms (vite.config.ts): no console page's first screen builds a schema. */
const ZOD_CHUNK = /\/assets\/zod-[^/]*\.js$/;
/** The floating layer that positions popovers (vite.config.ts): no console page's first screen opens one. */
const FLOATING_CHUNK = /\/assets\/floating-[^/]*\.js$/;
/** The landing page's chunks are named so (vite.config.ts): a signed-in customer never needs one. */
const LANDING_CHUNK = /\/assets\/landing-[^/]*\.js$/;
/** A language's messages (src/i18n/resources.ts): one language per visit. */
const LANGUAGE_CHUNK = /\/assets\/(zh_CN|zh_TW|en)-[^/]*\.js$/;
/** The console's frame: a visitor on the landing page never needs it. */
const CONSOLE_CHUNK = /\/assets\/console-layout-[^/]*\.js$/;
const PHONE = { width: 390, height: 844 };

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { code: number; message: string; data: T };
  expect(body.code, body.message).toBe(20000);
  return body.data;
}

/** A customer with real data: a balance, a code top-up and a bought package. */
async function customer(request: APIRequestContext): Promise<TestUser> {
  const user = await createVerifiedUser(request, 'Budget');
  expect(operator('balance:adjust', user.email, '300.00', 'budget')).toContain('balance now 300.00');
  const { access_token } = await data<{ access_token: string }>(
    await request.post(`${API}/auth/login`, {
      headers: { 'x-forwarded-for': customerAddress() },
      data: { email: user.email, password: user.password },
    }),
  );
  const headers = { authorization: `Bearer ${access_token}` };
  const batch = await data<{ codes: { code: string }[] }>(
    await request.post(`${API}/recharge/codes/generate`, { headers, data: { quantity: 1, amount: '50.00' } }),
  );
  await data(
    await request.post(`${API}/recharge/codes/use`, { headers, data: { code: batch.codes[0]!.code } }),
  );
  const packages = await data<{ id: number }[]>(
    await request.get(`${API}/subscriptions/packages`, { headers }),
  );
  await data(
    await request.post(`${API}/subscriptions/purchase`, {
      headers,
      data: { package_id: packages[0]!.id, idempotency_key: randomBytes(8).toString('hex') },
    }),
  );
  return user;
}

interface Script {
  url: string;
  gzip: number;
}

/** Every JavaScript file the page receives from now on, with its gzipped size (the server may send br). */
function recordScripts(page: Page): Script[] {
  const scripts: Script[] = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js') || response.status() !== 200) return;
    const entry = { url: url.pathname, gzip: 0 };
    scripts.push(entry);
    entry.gzip = gzipSync(await response.body(), { level: 9 }).length;
  });
  return scripts;
}

const kib = (scripts: Script[]) => Math.round(scripts.reduce((sum, s) => sum + s.gzip, 0) / 102.4) / 10;

const describe = (scripts: Script[]) =>
  scripts.map((s) => `${s.url} ${(s.gzip / 1024).toFixed(1)} KiB`).join('\n');

/** Waits until the page is complete and the network quiet: everything loaded without any input. */
async function settled(page: Page, ready: string) {
  await expect(page.locator(ready).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('card-skeleton')).toHaveCount(0, { timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  // Quiet means the list of fetched resources stopped growing: two reads in a row give the same count.
  let last = -1;
  await expect
    .poll(
      async () => {
        const count = await page.evaluate(() => performance.getEntriesByType('resource').length);
        const stable = count === last;
        last = count;
        return stable;
      },
      { intervals: [250], timeout: 10_000 },
    )
    .toBe(true);
}

test.use({ viewport: PHONE });

test('a signed-in customer loads the dashboard within its JavaScript budget, and nothing of the landing page', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await customer(request);
  await signIn(page, user);
  // The CSP (script-src 'self', no eval) must hold on every page: a library probing `new Function` breaks it.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
    );
  });

  const pages = [
    { path: '/', ready: '[data-testid="dashboard-traffic"]', budget: BUDGET_KIB, floating: false },
    // Figures only (a chart on the first screen is part of these pages).
    { path: '/subscription', ready: '[data-testid="plan-card"]' },
    { path: '/finance', ready: '[data-testid="ledger-row"]' },
  ];
  const figures: string[] = [];
  for (const { path, ready, budget, floating } of pages) {
    // Each page as a first visit: a fresh cache, so every file it needs is counted.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    const scripts = recordScripts(page);
    await page.goto(path);
    await settled(page, ready);
    const total = kib(scripts);
    figures.push(`${path}: ${total} KiB gzipped in ${scripts.length} files`);
    expect(scripts.length, `${path} loaded no code?`).toBeGreaterThan(3);
    expect
      .soft(
        scripts.filter((s) => LANDING_CHUNK.test(s.url)).map((s) => s.url),
        `${path} loaded landing chunks`,
      )
      .toEqual([]);
    expect
      .soft(
        scripts.filter((s) => ZOD_CHUNK.test(s.url)).map((s) => s.url),
        `${path} loaded zod`,
      )
      .toEqual([]);
    expect
      .soft(
        scripts.filter((s) => LANGUAGE_CHUNK.test(s.url)).map((s) => s.url),
        `${path} loads the messages of one language`,
      )
      .toHaveLength(1);
    expect
      .soft(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations))
      .toEqual([]);
    if (floating === false)
      expect
        .soft(
          scripts.filter((s) => FLOATING_CHUNK.test(s.url)).map((s) => s.url),
          `${path} loaded the floating layer`,
        )
        .toEqual([]);
    if (budget)
      expect.soft(total, `${path}: ${total} KiB gzipped\n${describe(scripts)}`).toBeLessThanOrEqual(budget);
    page.removeAllListeners('response');
  }
  console.log(figures.join('\n'));
});

test("a signed-in customer's first paint is the console's frame, until the console replaces it", async ({
  page,
  request,
}) => {
  const user = await createVerifiedUser(request, 'Frame');
  await signIn(page, user);
  // What the HTML and its styles show before any code runs: the frame (top bar, sidebar) with the page opened in
  // its loading state (title, static texts), not the landing page.
  await page.route('**/app-boot.js', (route) => route.abort());
  await page.goto('/finance');
  const frame = page.locator('#console-frame');
  await expect(frame).toBeVisible();
  await expect(frame).toContainText('财务中心');
  await expect(frame).toContainText('Proxy Portal');
  await expect(frame.locator('h1')).toHaveText('我的钱包');
  await expect(frame).toContainText('余额可用于购买、续费和升级套餐');
  await expect(frame.getByText('收支明细')).toBeVisible();
  await expect(page.getByTestId('landing-navbar')).toBeHidden();
  // Another page's address: that page's frame.
  await page.goto('/subscription');
  await expect(frame.locator('h1')).toHaveText('订阅管理');
  await page.unroute('**/app-boot.js');
  // With the code: the console's own layout takes its place.
  await page.goto('/finance');
  await expect(page.getByTestId('page-title')).toBeVisible();
  await expect(frame).toBeHidden();
  await expect(frame).toHaveAttribute('data-dismissed', '');
});

test("the console's frame does not move when the app takes its place on the dashboard", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await customer(request);
  await signIn(page, user);
  await page.addInitScript(() => {
    const shifts: { value: number; at: number }[] = [];
    // When the app starts: it takes the prerendered page out of #root (start.tsx).
    const state = { shifts, appStart: Number.POSITIVE_INFINITY };
    Object.assign(window, { layout: state });
    new MutationObserver(() => {
      const root = document.getElementById('root');
      if (root && !root.hasAttribute('data-prerendered') && state.appStart === Number.POSITIVE_INFINITY)
        state.appStart = performance.now();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-prerendered'] });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; startTime: number }[])
        shifts.push({ value: entry.value, at: Math.round(entry.startTime) });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // Slowed as Lighthouse's phone is, so the app starts while the frame is still what the customer sees.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto('/');
  await settled(page, '[data-testid="dashboard-traffic"]');
  // (Once the app starting removed the prerendered page's copy of Mantine's CSS variables, which the frame is drawn
  // with: its cards shrank, then grew back when the app's own arrived, 0.037 on the dashboard.)
  const { shifts, appStart } = await page.evaluate(
    () =>
      (window as unknown as { layout: { shifts: { value: number; at: number }[]; appStart: number } }).layout,
  );
  expect(appStart, 'the app never took the prerendered page out').toBeLessThan(Number.POSITIVE_INFINITY);
  // From the moment the app starts (the frame's own first paint, before any code, is another matter).
  const total = shifts
    .filter((shift) => shift.at >= appStart - 1)
    .reduce((sum, shift) => sum + shift.value, 0);
  expect(total, JSON.stringify({ appStart, shifts })).toBeLessThan(0.005);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});

test('a visitor on the landing page loads its code and nothing of the console', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/');
  await expect(page.getByTestId('landing-navbar')).toBeVisible();
  await expect(page.locator('#console-frame')).toBeHidden();
  const hydrated = page.evaluate(
    () => new Promise<void>((resolve) => window.addEventListener('portal:hydrated', () => resolve())),
  );
  // The prerendered landing page loads its code when the visitor acts: a scroll does.
  await page.mouse.wheel(0, 400);
  await hydrated;
  await page.waitForLoadState('networkidle');
  expect(scripts.some((s) => LANDING_CHUNK.test(s.url))).toBe(true);
  expect(scripts.filter((s) => CONSOLE_CHUNK.test(s.url)).map((s) => s.url)).toEqual([]);
});

test('a form loads zod with it and checks what is typed without breaking the content security policy', async ({
  page,
}) => {
  // zod compiles validators with `new Function` unless told not to (contract/src/zod-setup.ts, which runs before
  // zod loads): the CSP (script-src 'self') would report every compiled schema.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.sourceFile}`),
    );
  });
  const scripts = recordScripts(page);
  const logins: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`${API}/auth/login`)) logins.push(r.url());
  });
  await page.goto('/login');
  await page.getByTestId('login-email').fill('not-an-address');
  await page.getByTestId('login-password').fill('x');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-email')).toHaveAttribute('aria-invalid', 'true');
  expect(logins, 'the browser checked the form itself').toEqual([]);
  expect(scripts.filter((s) => ZOD_CHUNK.test(s.url))).toHaveLength(1);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual(
    [],
  );
});

/** Where each of these texts sits inside the main area (px; the first element showing it, frame or page). */
async function textBoxes(page: Page, scope: string, texts: string[]) {
  return page.evaluate(
    ({ scope, texts }) =>
      texts.map((text) => {
        const main = document.querySelector(`${scope} .mantine-AppShell-main`);
        const found = Array.from(main?.querySelectorAll('p, h1, h2, h3') ?? []).find(
          (el) => el.textContent?.trim() === text,
        );
        const box = found?.getBoundingClientRect();
        return box ? [text, box.top, box.height, box.width].join(' ') : `${text}: not shown`;
      }),
    { scope, texts },
  );
}

test("the console's frame lays out its texts where the page puts them once its data arrives", async ({
  page,
  request,
}) => {
  // A text that moves when the page replaces the frame is a layout shift, and the browser counts the page's copy as
  // a new, later largest paint: the loading states must keep the loaded states' rhythm, and the page's styles must
  // apply before the frame is painted.
  const user = await customer(request);
  await signIn(page, user);
  await page.setViewportSize(PHONE);
  const pages = [
    { path: '/', texts: ['购买和续费套餐都从余额中扣款。', '有效订阅', '在线节点'] },
    { path: '/finance', texts: ['余额可用于购买、续费和升级套餐，也可用于生成充值码。', '近 30 天变化'] },
  ];
  for (const { path, texts } of pages) {
    await page.route('**/app-boot.js', (route) => route.abort());
    await page.goto(path);
    await expect(page.locator('#console-frame')).toBeVisible();
    const framed = await textBoxes(page, '#console-frame', texts);
    await page.unroute('**/app-boot.js');
    await page.goto(path);
    await settled(page, '[data-testid="page-title"]');
    // The frame's own title satisfies `settled` while the app may still be rendering: wait for the app's copy.
    await expect(
      page.locator('#root .mantine-AppShell-main').getByText(texts[0]!, { exact: true }),
    ).toBeVisible();
    expect(await textBoxes(page, '#root', texts), path).toEqual(framed);
    // The page's style sheets the frame linked outlive it: the page's own import found them linked and added none.
    const unstyled = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'))
        .filter((link) => !link.sheet)
        .map((link) => link.href),
    );
    expect(unstyled, path).toEqual([]);
    const linked = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).map((l) => l.href),
    );
    if (path === '/finance') expect(linked.some((href) => /\/assets\/charts-/.test(href))).toBe(true);
  }
});
