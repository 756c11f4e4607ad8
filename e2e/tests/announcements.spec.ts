import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mails } from './mailbox';
import { operator } from './operator';
import { createVerifiedUser, staffAccessToken, type TestUser, customerAddress } from './session';
import { shots } from './shots';

const API = '/api/v1/portal';
const ADMIN = '/api/v1/admin';

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { code: number; message: string; data: T };
  expect(body.code, body.message).toBe(20000);
  return body.data;
}

async function accessToken(request: APIRequestContext, user: TestUser): Promise<string> {
  const tokens = await data<{ access_token: string }>(
    await request.post(`${API}/auth/login`, {
      headers: { 'x-forwarded-for': customerAddress() },
      data: { email: user.email, password: user.password, remember_me: false },
    }),
  );
  return tokens.access_token;
}

async function logIn(page: Page, user: TestUser) {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(user.email);
  await page.getByTestId('login-password').fill(user.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('sidebar')).toBeVisible();
}

/** The popups this journey publishes, expired again afterwards so that later journeys' consoles stay clear. */
const created: number[] = [];
let staff: Record<string, string> = {};
test.afterAll(async ({ request }) => {
  for (const id of created) {
    const r = await request.post(`${ADMIN}/announcements/${id}/expire`, { headers: staff });
    expect(r.status()).toBe(200);
  }
});

/**
 * A staff member publishes a popup announcement through the staff API; a customer logs in and it opens by itself,
 * with the bell counting it and the demo catalogue's announcements. Reading it drops the count; the list shows what
 * is read; a dismissed popup stays closed for the session; the announcement mail arrives with its link.
 */
test('a published popup opens after login, the bell counts it, reading it drops the count', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });

  const staffUser = await createVerifiedUser(request, 'Staff');
  expect(operator('user:promote', staffUser.email)).toContain(staffUser.email);
  staff = { authorization: `Bearer ${await staffAccessToken(request, staffUser)}` };

  const customer = await createVerifiedUser(request, 'Reader');
  const customerAuth = { authorization: `Bearer ${await accessToken(request, customer)}` };
  // What the customer has unread before: the demo catalogue's announcements (none of them a popup).
  const before = await data<{ count: number }>(
    await request.get(`${API}/announcements/unread/count`, { headers: customerAuth }),
  );
  expect(before.count).toBeGreaterThanOrEqual(2);

  // Customers never reach the staff API.
  const refused = await request.post(`${ADMIN}/announcements`, {
    headers: customerAuth,
    data: { title: 'x', content: 'y' },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: number }).code).toBe(40002);

  const title = `E2E 安全提醒 ${Date.now()}`;
  const popup = await data<{ id: number; state: string }>(
    await request.post(`${ADMIN}/announcements`, {
      headers: staff,
      data: {
        title,
        content:
          '为了账户安全，请**立即**修改密码。\n如有疑问请提交工单。\n\n- 不要向任何人透露验证码\n- 谨防钓鱼网站',
        category: 3,
        priority: 4,
        is_popup: true,
        is_email_notify: true,
        translations: {
          en: { title: `E2E security alert ${Date.now()}`, content: 'Please change your password **now**.' },
        },
        publish_at: null,
      },
    }),
  );
  expect(popup.state).toBe('draft');
  created.push(popup.id);
  const published = await data<{ state: string }>(
    await request.post(`${ADMIN}/announcements/${popup.id}/publish`, { headers: staff }),
  );
  expect(published.state).toBe('published');
  const unread = before.count + 1;

  // The customer logs in: the popup opens by itself, and the bell counts it too.
  await logIn(page, customer);
  const modal = page.getByTestId('announcement-modal');
  await expect(modal.getByTestId('announcement-title')).toHaveText(title);
  await expect(modal.getByTestId('announcement-pinned')).toBeVisible();
  await expect(modal.getByTestId('announcement-priority')).toHaveText('紧急');
  await expect(modal.getByTestId('announcement-content').locator('strong')).toHaveText('立即');
  await expect(page.getByTestId('announcements-bell')).toHaveAttribute('data-count', String(unread));
  await page.screenshot({ path: shots('announcement-popup-desktop-light') });

  // Reading it closes the popup and drops the count by one.
  await modal.getByTestId('announcement-mark-read').click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('announcements-bell')).toHaveAttribute('data-count', String(unread - 1));

  // The bell leads to the list: the popup is on top and read, the demo ones are unread and highlighted.
  await page.getByTestId('announcements-bell').click();
  await expect(page).toHaveURL(/\/announcements$/);
  const rows = page.getByTestId('announcement-row');
  await expect(rows.first()).toHaveAttribute('data-id', String(popup.id));
  await expect(rows.first()).toHaveAttribute('data-read', 'true');
  await expect(rows.filter({ has: page.getByTestId('unread-dot') })).toHaveCount(unread - 1);
  await expect(page.getByTestId('announcements-unread-total')).toContainText(String(unread - 1));
  await page.screenshot({ path: shots('announcements-desktop-light'), fullPage: true });

  // A demo announcement opened from the list: its link is ?id=, marking it read disables the button.
  const demo = rows.filter({ hasText: '台湾节点例行维护' });
  await demo.click();
  await expect(page).toHaveURL(/\/announcements\?id=\d+$/);
  await expect(modal.getByTestId('announcement-title')).toHaveText('台湾节点例行维护');
  const mark = modal.getByTestId('announcement-mark-read');
  await expect(mark).toBeEnabled();
  await page.screenshot({ path: shots('announcement-detail-desktop-light') });
  await mark.click();
  await expect(mark).toBeDisabled();
  await expect(mark).toHaveText('已读');
  await expect(page.getByTestId('announcements-bell')).toHaveAttribute('data-count', String(unread - 2));
  await modal.getByTestId('announcement-close').click();
  await expect(page).toHaveURL(/\/announcements$/);
  await expect(demo).toHaveAttribute('data-read', 'true');

  // Filters: unread only leaves the rest; the deep link of the read popup opens it with the button disabled.
  await page.getByTestId('announcements-filter-unread').click();
  await expect(page).toHaveURL(/unread=1/);
  await expect(rows).toHaveCount(unread - 2);
  await page.goto(`/announcements?id=${popup.id}`);
  await expect(modal.getByTestId('announcement-title')).toHaveText(title);
  await expect(modal.getByTestId('announcement-mark-read')).toBeDisabled();

  // A second popup, closed without reading: it stays closed for this browser session but stays unread.
  const second = `E2E 新功能 ${Date.now()}`;
  const secondPopup = await data<{ id: number }>(
    await request.post(`${ADMIN}/announcements`, {
      headers: staff,
      data: {
        title: second,
        content: '新增节点测速功能。',
        category: 2,
        priority: 2,
        is_popup: true,
        publish_at: new Date().toISOString(),
      },
    }),
  );
  created.push(secondPopup.id);
  await page.goto('/');
  await expect(modal.getByTestId('announcement-title')).toHaveText(second);
  await expect(page.getByTestId('announcements-bell')).toHaveAttribute('data-count', String(unread - 1));
  await modal.getByTestId('announcement-close').click();
  await expect(modal).toBeHidden();
  // After a reload the popup check runs again (unread only, size 10) and finds it, but it stays closed.
  const popupCheck = page.waitForResponse(
    (r) => r.url().includes(`${API}/announcements?`) && r.url().includes('unread_only=true'),
  );
  await page.reload();
  const checked = (await (await popupCheck).json()) as { data: { items: { id: number }[] } };
  expect(checked.data.items.map((a) => a.id)).toContain(secondPopup.id);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByTestId('announcements-bell')).toHaveAttribute('data-count', String(unread - 1));
  await expect(modal).toHaveCount(0);

  // Phone width, dark theme: the list and an open announcement.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/announcements');
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(rows.first()).toBeVisible();
  await page.screenshot({ path: shots('announcements-phone-dark'), fullPage: true });
  await rows.filter({ hasText: second }).click();
  await expect(modal.getByTestId('announcement-title')).toHaveText(second);
  await page.screenshot({ path: shots('announcement-detail-phone-dark') });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/announcements');
  await page.screenshot({ path: shots('announcements-desktop-dark'), fullPage: true });

  // The announcement mail (sent in the background by the mailing job) reaches the customer once, with the link.
  // (The sink writes other users' mails meanwhile: a file caught half-written is read again on the next poll.)
  let received: { subject: string; text: string }[] = [];
  await expect
    .poll(
      () => {
        try {
          received = mails().filter((m) => m.to.includes(customer.email) && m.subject.includes(title));
          return received.length;
        } catch {
          return -1;
        }
      },
      { timeout: 60_000, intervals: [1000], message: 'the announcement mail' },
    )
    .toBe(1);
  const [mail] = received;
  expect(mail!.subject).toBe(`新公告：${title} - Proxy Portal`);
  expect(mail!.text).toContain(`/announcements?id=${popup.id}`);
  expect(mail!.text).toContain('为了账户安全，请立即修改密码。');
});
