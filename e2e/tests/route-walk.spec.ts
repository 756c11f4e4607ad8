import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { WALK_AXE_TAGS, transitionsDone } from './axe';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { findClipped } from './clipping';
import { linkFromMail } from './mailbox';
import { operator } from './operator';
import { createVerifiedUser, customerAddress, signInStaff, type TestUser } from './session';
import { shots } from './shots';

const API = '/api/v1/portal';

type Theme = 'light' | 'dark';
const VIEWPORTS = { 390: { width: 390, height: 844 }, 1440: { width: 1440, height: 900 } } as const;
type Width = keyof typeof VIEWPORTS;

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { code: number; message: string; data: T };
  expect(body.code, body.message).toBe(20000);
  return body.data;
}

/** What the walk needs from the account it sets up. */
interface Fixture {
  user: TestUser;
  ticketId: number;
  helpId: number;
  subscribeToken: string;
}

/**
 * A customer with real data, all through the product's own API: registered and verified by mail, a balance from an
 * operator's adjustment turned into a recharge code and redeemed (a code top-up), a package bought from the balance,
 * an open ticket and a closed one. Popups published by other journeys are marked read so they do not cover pages.
 */
async function setUp(request: APIRequestContext): Promise<Fixture> {
  const user = await createVerifiedUser(request, 'Walker');
  expect(operator('balance:adjust', user.email, '300.00', 'route walk')).toContain('balance now 300.00');
  const { access_token } = await data<{ access_token: string }>(
    await request.post(`${API}/auth/login`, {
      headers: { 'x-forwarded-for': customerAddress() },
      data: { email: user.email, password: user.password },
    }),
  );
  const headers = { authorization: `Bearer ${access_token}` };

  const batch = await data<{ codes: { code: string }[] }>(
    await request.post(`${API}/recharge/codes/generate`, { headers, data: { quantity: 2, amount: '50.00' } }),
  );
  await data(
    await request.post(`${API}/recharge/codes/use`, { headers, data: { code: batch.codes[0]!.code } }),
  );

  const packages = await data<{ id: number; popular: boolean }[]>(
    await request.get(`${API}/subscriptions/packages`, { headers }),
  );
  expect(packages.length).toBeGreaterThan(0);
  await data(
    await request.post(`${API}/subscriptions/purchase`, {
      headers,
      data: { package_id: packages[0]!.id, idempotency_key: randomBytes(8).toString('hex') },
    }),
  );
  const link = await data<{ token: string }>(await request.get(`${API}/subscriptions/link`, { headers }));

  const closed = await data<{ id: number }>(
    await request.post(`${API}/tickets`, {
      headers,
      data: {
        title: '发票抬头需要修改',
        category: 'billing',
        priority: 'low',
        description: '上个月的发票抬头写错了，请帮忙更正。',
      },
    }),
  );
  await data(await request.post(`${API}/tickets/${closed.id}/close`, { headers }));
  const ticket = await data<{ id: number }>(
    await request.post(`${API}/tickets`, {
      headers,
      data: {
        title: '香港节点晚高峰延迟高',
        category: 'technical',
        priority: 'high',
        description: '每天晚上八点以后，香港 02 节点的延迟从 40 ms 升到 300 ms 以上。',
      },
    }),
  );

  const docs = await data<{ items: { id: number }[] }>(
    await request.get(`${API}/help/documents?page=1&size=5`, { headers }),
  );
  expect(docs.items.length).toBeGreaterThan(0);

  const announcements = await data<{ items: { id: number; is_popup: boolean; is_read: boolean }[] }>(
    await request.get(`${API}/announcements?page=1&size=50&unread_only=true`, { headers }),
  );
  for (const a of announcements.items.filter((item) => item.is_popup)) {
    await data(await request.post(`${API}/announcements/${a.id}/read`, { headers }));
  }
  return { user, ticketId: ticket.id, helpId: docs.items[0]!.id, subscribeToken: link.token };
}

/** One problem the walk found: an axe violation (serious or critical), a layout overflow or a clipped label. */
interface Finding {
  route: string;
  rule: string;
  impact: string;
  targets: string[];
  help: string;
}

/** Waits for the real content of a page: the given element, and no loader or skeleton left in the main area. */
async function settle(page: Page, ready: string) {
  await expect(page.locator(ready).first(), `ready: ${ready}`).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('main .mantine-Loader-root:not(button *)')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('main .mantine-Skeleton-root[data-visible="true"]')).toHaveCount(0, {
    timeout: 15_000,
  });
  await page.evaluate(() => document.fonts.ready);
}

async function scan(page: Page, route: string, findings: Finding[], include?: string) {
  await transitionsDone(page);
  let builder = new AxeBuilder({ page }).withTags(WALK_AXE_TAGS);
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  for (const v of result.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    findings.push({
      route,
      rule: v.id,
      impact: v.impact,
      targets: v.nodes.slice(0, 6).map((n) => n.target.join(' ')),
      help: `${v.help}: ${(v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`,
    });
  }
}

async function checkOverflow(page: Page, route: string, findings: Finding[]) {
  const overflow = await page.evaluate(() => {
    const el = document.scrollingElement ?? document.documentElement;
    if (el.scrollWidth <= el.clientWidth + 1) return null;
    // The widest elements that stick out on the right, to say what overflows.
    const culprits = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((node) => node.getBoundingClientRect().right > el.clientWidth + 1)
      .filter(
        (node) =>
          !node.parentElement || node.parentElement.getBoundingClientRect().right <= el.clientWidth + 1,
      )
      .slice(0, 5)
      .map((node) => `${node.tagName.toLowerCase()}.${Array.from(node.classList).slice(0, 2).join('.')}`);
    return { scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, culprits };
  });
  if (overflow) {
    findings.push({
      route,
      rule: 'horizontal-overflow',
      impact: 'layout',
      targets: overflow.culprits,
      help: `scrollWidth ${overflow.scrollWidth} > clientWidth ${overflow.clientWidth}`,
    });
  }
}

/** Badges, buttons, tabs and titles whose text is cut with no ellipsis and no tooltip (see `clipping.ts`). */
async function checkClipping(page: Page, route: string, findings: Finding[]) {
  for (const clipped of await findClipped(page)) {
    findings.push({
      route,
      rule: 'clipped-label',
      impact: 'layout',
      targets: [clipped.target],
      help: `"${clipped.text}" is cut (${clipped.how}) with no ellipsis or tooltip`,
    });
  }
}

/** A card or section titled as the page is: the page's title already says it (the card names what it holds). */
async function checkRepeatedTitle(page: Page, route: string, findings: Finding[]) {
  const repeated = await page.evaluate(() => {
    const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    const shown = (el: Element) => el.closest('[aria-hidden="true"]') === null;
    const title = Array.from(document.querySelectorAll('h1')).find(shown);
    if (!title) return [];
    return Array.from(document.querySelectorAll('main h2, main h3, main h4'))
      .filter((heading) => shown(heading) && text(heading) === text(title))
      .map((heading) => `${heading.tagName.toLowerCase()} "${text(heading)}"`);
  });
  if (repeated.length > 0) {
    findings.push({
      route,
      rule: 'repeated-title',
      impact: 'layout',
      targets: repeated,
      help: 'a heading in the page repeats the page title',
    });
  }
}

/**
 * On a touch screen (the 390 px walks), a button the finger has to hit is at least 36 px high and wide (theme
 * `touch.css`): buttons, icon buttons, links drawn as buttons, tabs. Checkboxes, radios, switches and inputs are at
 * least 24 px (WCAG 2.2, 2.5.8); a visually hidden checkbox or radio is measured by what is drawn for it.
 */
async function checkTapTargets(page: Page, route: string, findings: Finding[]) {
  const small = await page.evaluate(() => {
    const BUTTONS = 'button, [role="button"], [role="tab"], a.mantine-Button-root, a.mantine-ActionIcon-root';
    const FIELDS =
      'input:not([type="hidden"]), select, textarea, [role="checkbox"], [role="radio"], [role="switch"]';
    const measure = (selector: string, min: number) =>
      Array.from(document.querySelectorAll<HTMLElement>(selector))
        .filter((el) => el.closest('[aria-hidden="true"], [inert]') === null)
        .map((el) => {
          const drawn =
            el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type)
              ? (el.parentElement ?? el)
              : el;
          return { el, rect: drawn.getBoundingClientRect() };
        })
        .filter(({ rect }) => rect.width > 0 && rect.height > 0)
        .filter(({ rect }) => rect.width < min - 0.5 || rect.height < min - 0.5);
    return [...measure(BUTTONS, 36), ...measure(FIELDS, 24)].slice(0, 12).map(({ el, rect }) => {
      const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 24) ?? '';
      const testId = el.getAttribute('data-testid');
      const tag = `${el.tagName.toLowerCase()}${testId ? `[${testId}]` : ''}`;
      return `${tag} "${name}" ${Math.round(rect.width)}x${Math.round(rect.height)}`;
    });
  });
  if (small.length > 0) {
    findings.push({
      route,
      rule: 'small-tap-target',
      impact: 'layout',
      targets: small,
      help: 'a button under 36 px or a field under 24 px on a touch screen',
    });
  }
}

function report(findings: Finding[]): string {
  return findings
    .map((f) => `${f.route}: [${f.impact}] ${f.rule} — ${f.help}\n    ${f.targets.join('\n    ')}`)
    .join('\n');
}

async function customerToken(request: APIRequestContext, user: TestUser): Promise<string> {
  const { access_token } = await data<{ access_token: string }>(
    await request.post(`${API}/auth/login`, {
      headers: { 'x-forwarded-for': customerAddress() },
      data: { email: user.email, password: user.password },
    }),
  );
  return access_token;
}

/** A browser context in one theme and at one width; signed in with a session of its own when a user is given. */
async function openContext(browser: Browser, theme: Theme, width: Width, user?: TestUser, language?: 'en') {
  // The phone width is a touch screen (a coarse pointer), as phones are.
  const context = await browser.newContext({
    viewport: VIEWPORTS[width],
    colorScheme: theme,
    hasTouch: width === 390,
  });
  await context.addInitScript((scheme) => localStorage.setItem('theme', scheme), theme);
  if (language) await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  const page = await context.newPage();
  if (user) {
    const tokens = await data<{ access_token: string; refresh_token: string }>(
      await page.request.post(`${API}/auth/login`, {
        headers: { 'x-forwarded-for': customerAddress() },
        data: { email: user.email, password: user.password, remember_me: true },
      }),
    );
    await context.addInitScript((t) => {
      if (!localStorage.getItem('token') && !sessionStorage.getItem('walk_signed_out')) {
        localStorage.setItem('token', t.access_token);
        localStorage.setItem('refresh_token', t.refresh_token);
      }
    }, tokens);
  }
  return { context, page };
}

function slug(route: string): string {
  const path = route
    .split('?')[0]!
    .replace(/^\/+|\/+$/g, '')
    .replace(/\//g, '-');
  return path || 'home';
}

interface Stop {
  route: string;
  ready: string;
  name?: string;
  /** Scrolled to first, as a visitor reading down: the landing page loads its code near the pricing. */
  near?: string;
}

function consoleStops(f: Fixture): Stop[] {
  return [
    { route: '/', ready: 'main h2, main [data-testid]', name: 'dashboard' },
    { route: '/finance', ready: '[data-testid="ledger-row"]' },
    { route: '/subscription', ready: '[data-testid="plan-card"]' },
    { route: '/subscription?tab=my', ready: '[data-testid="sub-card"]', name: 'subscription-my' },
    { route: '/subscription?tab=stats', ready: '[data-testid="stats-total"]', name: 'subscription-stats' },
    { route: '/subscription/history', ready: '[data-testid^="history"], [data-testid^="order"]' },
    { route: '/subscription/link', ready: '[data-testid="link-url"]' },
    { route: '/nodes', ready: '[data-testid="node-row"], [data-testid="node-card"]' },
    { route: '/support', ready: '[data-testid="ticket-row"], [data-testid="ticket-card"]' },
    { route: `/support/${f.ticketId}`, ready: '[data-testid="conversation"]', name: 'support-ticket' },
    { route: '/announcements', ready: '[data-testid="announcement-row"]' },
    { route: '/help', ready: '[data-testid="help-document"], [data-testid="help-result"]' },
    { route: `/help/${f.helpId}`, ready: '[data-testid="help-document-title"]', name: 'help-document' },
    { route: '/contact', ready: '[data-testid="contact-channel"]' },
    {
      route: '/dealer',
      ready: '[data-testid="dealer-card"], [data-testid="dealers-empty"], [data-testid="dealer-steps"]',
    },
    { route: '/profile', ready: '[data-testid="profile-email"]' },
    { route: '/security', ready: '[data-testid="change-password-form"]' },
    { route: '/sessions', ready: '[data-testid="session-row"]' },
    { route: '/recharge', ready: '[data-testid="usdt-create"]' },
    { route: '/recharge?tab=code', ready: '[data-testid="code-input"]', name: 'recharge-code' },
    { route: '/recharge/history', ready: '[data-testid="history-row"]' },
    { route: '/recharge/codes', ready: '[data-testid="code-row"]' },
    { route: '/no-such-page', ready: '[data-testid="empty-state"]', name: 'not-found' },
  ];
}

/**
 * The operators' console (ADMIN_PATH, /admin): every section, and the walk's customer on a user's page and their
 * open ticket on the ticket page.
 */
function adminStops(customerId: number, ticketId: number): Stop[] {
  const list = (path: string, ...ready: string[]): Stop => ({
    route: `/admin${path}`,
    ready: ready.map((id) => `[data-testid="${id}"]`).join(', '),
    name: `admin-${slug(path) === 'home' ? 'overview' : slug(path)}`,
  });
  return [
    list('', 'admin-page-title'),
    list('/users', 'user-row', 'users-empty'),
    { ...list(`/users/${customerId}`, 'user-sub'), name: 'admin-user' },
    list('/tickets', 'ticket-row', 'tickets-empty'),
    { ...list(`/tickets/${ticketId}`, 'conversation'), name: 'admin-ticket' },
    list('/packages', 'package-row', 'packages-empty'),
    list('/nodes', 'node-row'),
    list('/node-groups', 'group-row', 'groups-empty'),
    list('/agent-settings', 'agent-settings-form', 'agent-settings-summary'),
    list('/orders', 'order-row', 'money-empty'),
    list('/ledger', 'ledger-row', 'money-empty'),
    list('/topups', 'topup-row', 'money-empty'),
    list('/codes', 'batch-row', 'money-empty'),
    list('/payments', 'payments-save'),
    list('/audit', 'audit-row', 'audit-empty'),
    list('/staff', 'staff-row'),
  ];
}

async function publicStops(request: APIRequestContext, f: Fixture): Promise<Stop[]> {
  // A real reset link (viewing it does not use it) and a real verification link of a new, unverified account.
  await request.post(`${API}/auth/password/reset`, { data: { email: f.user.email } });
  const reset = new URL(await linkFromMail(f.user.email, '/reset-password'));
  const email = `walk-${randomBytes(4).toString('hex')}@example.com`;
  await data(
    await request.post(`${API}/auth/register`, {
      headers: { 'x-forwarded-for': customerAddress() },
      data: { email, password: 'Walk-password1', confirm_password: 'Walk-password1' },
    }),
  );
  const verify = new URL(await linkFromMail(email, '/verify-email'));
  return [
    { route: '/', ready: '[data-testid="landing-plan"]', name: 'landing', near: '#pricing' },
    { route: '/login', ready: '[data-testid="login-form"]' },
    { route: '/terms-of-service', ready: 'main h1, main h2' },
    { route: '/privacy-policy', ready: 'main h1, main h2' },
    { route: '/forgot-password', ready: '[data-testid="forgot-form"]' },
    { route: `/reset-password${reset.search}`, ready: '[data-testid="reset-form"]' },
    { route: `/verify-email${verify.search}`, ready: 'main h1, main h2' },
    { route: `/subscribe?token=${f.subscribeToken}`, ready: '[data-testid="subscribe-page"]' },
    { route: '/auth/callback', ready: 'main h1, main h2' },
  ];
}

let fixture: Fixture;

test.beforeAll(async ({ request }) => {
  test.setTimeout(60_000);
  fixture = await setUp(request);
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [390, 1440] as const) {
    test(`every console route, its dialogs and the sidebar pass axe: ${theme}, ${width} px`, async ({
      browser,
    }) => {
      test.setTimeout(300_000);
      const findings: Finding[] = [];
      const { context, page } = await openContext(browser, theme, width, fixture.user);

      const visit = async (stop: Stop) => {
        await page.goto(stop.route);
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
        if (stop.near) await page.locator(stop.near).scrollIntoViewIfNeeded();
        await settle(page, stop.ready);
        const name = stop.name ?? slug(stop.route);
        await page.screenshot({ path: shots(`walk/${name}-${theme}-${width}`), fullPage: true });
        await scan(page, stop.route, findings);
        await checkClipping(page, stop.route, findings);
        await checkRepeatedTitle(page, stop.route, findings);
        if (width === 390) await checkOverflow(page, stop.route, findings);
        if (width === 390) await checkTapTargets(page, stop.route, findings);
      };
      for (const stop of consoleStops(fixture)) await visit(stop);

      // Dialogs: buying a package, a new ticket, an announcement.
      await page.goto('/subscription');
      await settle(page, '[data-testid="plan-card"]');
      // The package the customer holds asks first (renew it, or buy another); the next one goes straight to paying.
      await page.getByTestId('plan-buy').first().click();
      await expect(page.getByTestId('purchase-held-renew')).toBeVisible();
      await transitionsDone(page);
      await page.screenshot({ path: shots(`walk/dialog-purchase-held-${theme}-${width}`) });
      await scan(page, '/subscription (package already held)', findings);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('purchase-held-renew')).toBeHidden();
      await page.getByTestId('plan-buy').nth(1).click();
      await expect(page.getByTestId('purchase-ok')).toBeVisible();
      await transitionsDone(page);
      await page.screenshot({ path: shots(`walk/dialog-purchase-${theme}-${width}`) });
      await scan(page, '/subscription (purchase dialog)', findings);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('purchase-ok')).toBeHidden();

      await page.goto('/support');
      await settle(page, '[data-testid="ticket-new"]');
      await page.getByTestId('ticket-new').click();
      await expect(page.getByTestId('ticket-submit')).toBeVisible();
      await transitionsDone(page);
      await page.screenshot({ path: shots(`walk/dialog-new-ticket-${theme}-${width}`) });
      await scan(page, '/support (new ticket dialog)', findings);
      await page.keyboard.press('Escape');

      await page.goto('/announcements');
      await settle(page, '[data-testid="announcement-row"]');
      await page.getByTestId('announcement-row').first().click();
      await expect(page.getByTestId('announcement-content')).toBeVisible();
      await transitionsDone(page);
      await page.screenshot({ path: shots(`walk/dialog-announcement-${theme}-${width}`) });
      await scan(page, '/announcements (detail dialog)', findings);
      await page.keyboard.press('Escape');

      // The sidebar: the drawer on a phone, collapsed and expanded on a desktop.
      await page.goto('/nodes');
      await settle(page, '[data-testid="node-row"], [data-testid="node-card"]');
      if (width === 390) {
        await page.getByTestId('sidebar-burger').click();
        await expect(page.getByRole('dialog', { name: /.+/ }).getByTestId('sidebar-balance')).toBeVisible();
        await transitionsDone(page);
        // The drawer is the screen's height, and its foot (log out, the version) stays on the screen under its header.
        const drawer = page.getByRole('dialog', { name: /.+/ });
        expect((await drawer.boundingBox())?.height).toBeGreaterThanOrEqual(page.viewportSize()!.height - 1);
        await expect(drawer.getByTestId('logout-button')).toBeInViewport({ ratio: 1 });
        await expect(drawer.getByTestId('app-version')).toBeInViewport({ ratio: 1 });
        await page.screenshot({ path: shots(`walk/sidebar-drawer-${theme}-${width}`) });
        await scan(page, '/nodes (sidebar drawer)', findings);
        await page.keyboard.press('Escape');
      } else {
        await page.getByTestId('sidebar-collapse').click();
        await expect(page.getByTestId('sidebar-expand')).toBeVisible();
        // The content slides left with the sidebar: photographed mid-way it looked misaligned with the top bar.
        await transitionsDone(page);
        await page.screenshot({ path: shots(`walk/sidebar-collapsed-${theme}-${width}`) });
        await scan(page, '/nodes (sidebar collapsed)', findings);
        await page.getByTestId('sidebar-expand').click();
        await expect(page.getByTestId('sidebar-collapse')).toBeVisible();
      }
      await context.close();
      expect(findings, report(findings)).toEqual([]);
    });

    test(`every public route and the sign-in dialog pass axe: ${theme}, ${width} px`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(180_000);
      const findings: Finding[] = [];
      const stops = await publicStops(request, fixture);
      const { context, page } = await openContext(browser, theme, width);
      for (const stop of stops) {
        await page.goto(stop.route);
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
        if (stop.near) await page.locator(stop.near).scrollIntoViewIfNeeded();
        await settle(page, stop.ready);
        const name = stop.name ?? slug(stop.route);
        await page.screenshot({ path: shots(`walk/${name}-${theme}-${width}`), fullPage: true });
        await scan(page, stop.route, findings);
        await checkClipping(page, stop.route, findings);
        if (width === 390) await checkOverflow(page, stop.route, findings);
        if (width === 390) await checkTapTargets(page, stop.route, findings);
      }

      await page.goto('/');
      await page.getByTestId('landing-login').click();
      const modal = page.getByTestId('auth-modal');
      await expect(modal.getByTestId('login-form')).toBeVisible();
      await transitionsDone(page);
      await page.screenshot({ path: shots(`walk/dialog-login-${theme}-${width}`) });
      await scan(page, '/ (login dialog)', findings);
      await modal.getByRole('button', { name: '立即注册' }).click();
      await expect(modal.getByTestId('register-form')).toBeVisible();
      await transitionsDone(page);
      await page.screenshot({ path: shots(`walk/dialog-register-${theme}-${width}`) });
      await scan(page, '/ (register dialog)', findings);
      await context.close();
      expect(findings, report(findings)).toEqual([]);
    });
  }
}

// The operators' console, as an owner of its own (a two-factor session): every section passes axe, nothing is cut,
// and on a phone nothing scrolls sideways (lists become cards).
for (const theme of ['light', 'dark'] as const) {
  for (const width of [390, 1440] as const) {
    test(`every operators' console route passes axe: ${theme}, ${width} px`, async ({ browser, request }) => {
      test.setTimeout(240_000);
      const owner = await createVerifiedUser(request, 'Console walker');
      expect(operator('user:promote', owner.email, '--role', 'owner')).toContain('the owner role');
      const { context, page } = await openContext(browser, theme, width);
      await signInStaff(page, owner);
      const customer = await data<{ id: number }>(
        await request.get(`${API}/users/profile`, {
          headers: { authorization: `Bearer ${await customerToken(request, fixture.user)}` },
        }),
      );
      const findings: Finding[] = [];
      for (const stop of adminStops(customer.id, fixture.ticketId)) {
        await page.goto(stop.route);
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
        await settle(page, stop.ready);
        await page.screenshot({ path: shots(`walk/${stop.name}-${theme}-${width}`), fullPage: true });
        await scan(page, stop.route, findings);
        await checkClipping(page, stop.route, findings);
        await checkRepeatedTitle(page, stop.route, findings);
        if (width === 390) await checkOverflow(page, stop.route, findings);
        if (width === 390) await checkTapTargets(page, stop.route, findings);
      }
      // The users page's dialog of past segment mailings.
      await page.goto('/admin/users');
      await page.getByTestId('users-mailings').click();
      const mailings = page.getByTestId('users-mailings-dialog');
      await expect(mailings.getByRole('heading', { name: '群发记录' })).toBeVisible();
      await settle(
        page,
        '[data-testid="users-mailings-dialog"] [data-testid="money-empty"], [data-testid="users-mailing"]',
      );
      await transitionsDone(page);
      await page.screenshot({ path: shots(`walk/admin-dialog-mailings-${theme}-${width}`) });
      await scan(page, '/admin/users (mailings dialog)', findings);
      await checkClipping(page, '/admin/users (mailings dialog)', findings);
      await context.close();
      expect(findings, report(findings)).toEqual([]);
    });
  }
}

// English labels are the longest: the console once more at 390 px in English, for cut labels and sideways scroll.
test('every console route in English at 390 px: nothing clipped, no sideways scroll', async ({ browser }) => {
  test.setTimeout(240_000);
  const findings: Finding[] = [];
  const { context, page } = await openContext(browser, 'light', 390, fixture.user, 'en');
  for (const stop of consoleStops(fixture)) {
    await page.goto(stop.route);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await settle(page, stop.ready);
    await page.screenshot({
      path: shots(`walk/en-${stop.name ?? slug(stop.route)}-light-390`),
      fullPage: true,
    });
    await checkClipping(page, stop.route, findings);
    await checkRepeatedTitle(page, stop.route, findings);
    await checkOverflow(page, stop.route, findings);
  }
  await context.close();
  expect(findings, report(findings)).toEqual([]);
});
