import { expect, test, type APIRequestContext } from '@playwright/test';
import { axeFindings } from './axe';
import { mails } from './mailbox';
import { operator } from './operator';
import { createVerifiedUser, signInStaff, customerAddress } from './session';

const API = '/api/v1/portal';

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { code: number; data: T };
  expect(body.code).toBe(20000);
  return body.data;
}
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
  await page.getByTestId('users-filter-apply').click();
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

test('an operator grants a customer a subscription, extends it and resets its link: the old link stops at once', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const operatorUser = await createVerifiedUser(request, 'Desk');
  operator('user:promote', operatorUser.email, '--role', 'admin');
  const customer = await createVerifiedUser(request, 'Granted');
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInStaff(page, operatorUser);
  await page.goto('/admin/users');
  await page.getByTestId('users-search').fill(customer.email);
  await page.getByTestId('users-filter-apply').click();
  await page.getByTestId('user-row').click();
  await expect(page.getByTestId('admin-page-title')).toHaveText(customer.email);
  const card = page.getByTestId('user-subscriptions');
  await expect(card.getByTestId('user-sub')).toHaveCount(0);

  // A grant needs a package, days and a reason.
  await card.getByTestId('sub-grant').click();
  const form = page.getByTestId('grant-form');
  await form.getByTestId('grant-package').selectOption({ index: 1 });
  await form.getByTestId('grant-submit').click();
  await expect(form).toContainText('此项为必填项');
  await form.getByTestId('grant-reason').fill('Compensation for the outage');
  expect(await axeFindings(page)).toEqual([]);
  await form.getByTestId('grant-submit').click();
  await expect(form).toHaveCount(0);
  const row = card.locator('[data-testid="user-sub"][data-status="active"]');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('赠送');

  // The customer sees it and its link serves.
  const tokens = await ok<{ access_token: string }>(
    await request.post(`${API}/auth/login`, {
      headers: { 'x-forwarded-for': customerAddress() },
      data: { email: customer.email, password: customer.password },
    }),
  );
  const auth = { authorization: `Bearer ${tokens.access_token}` };
  const linkOf = async () =>
    (await ok<{ token: string }>(await request.get(`${API}/subscriptions/link`, { headers: auth }))).token;
  const before = await linkOf();
  expect((await request.get(`/sub/${before}?format=clash`)).status()).toBe(200);

  await row.getByTestId('sub-extend').click();
  const extend = page.getByTestId('extend-form');
  await extend.getByTestId('grant-days').fill('5');
  await extend.getByTestId('grant-reason').fill('Goodwill');
  await extend.getByTestId('extend-submit').click();
  await expect(extend).toHaveCount(0);

  await row.getByTestId('sub-reset-link').click();
  await page.getByTestId('confirm-ok').click();
  await expect.poll(linkOf).not.toBe(before);
  expect((await request.get(`/sub/${before}?format=clash`)).status()).toBe(404);
  expect((await request.get(`/sub/${await linkOf()}?format=clash`)).status()).toBe(200);
  expect(await axeFindings(page)).toEqual([]);

  await page.getByTestId('admin-nav-audit').click();
  for (const action of ['subscription.grant', 'subscription.extend', 'subscription.link_reset'])
    await expect(page.locator(`[data-testid="audit-row"][data-action="${action}"]`).first()).toBeVisible();
  await context.close();
});

test('an operator disables two customers at once with a reason, then mails a segment and sees the count', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const operatorUser = await createVerifiedUser(request, 'Desk');
  operator('user:promote', operatorUser.email, '--role', 'admin');
  const tag = `Bulk${Date.now().toString(36)}`;
  const customers = [await createVerifiedUser(request, tag), await createVerifiedUser(request, tag)];
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInStaff(page, operatorUser);

  await page.goto('/admin/users');
  await page.getByTestId('users-search').fill(tag);
  await page.getByTestId('users-filter-apply').click();
  await expect(page.getByTestId('user-row')).toHaveCount(2);
  const bulk = page.getByTestId('users-bulk-disable');
  await expect(bulk).toBeDisabled();
  // A checkbox selects without opening the account; "select all" takes both.
  await page.getByTestId('user-select').first().click();
  await expect(page.getByTestId('admin-page-title')).toHaveText('用户');
  await page.getByTestId('users-select-all').click();
  await expect(page.getByTestId('users-bulk-bar')).toContainText('已选 2 个');
  expect(await axeFindings(page)).toEqual([]);
  await bulk.click();
  const form = page.getByTestId('bulk-disable-form');
  await expect(page.getByRole('dialog')).toContainText('停用 2 个账户');
  await form.getByTestId('bulk-disable-submit').click();
  await expect(form).toContainText('此项为必填项');
  await form.getByTestId('bulk-disable-reason').fill('Spam wave #7');
  expect(await axeFindings(page)).toEqual([]);
  await form.getByTestId('bulk-disable-submit').click();
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId('user-row').filter({ hasText: '已停用' })).toHaveCount(2);
  for (const customer of customers) {
    const refused = await request.post(`${API}/auth/login`, {
      headers: { 'x-forwarded-for': customerAddress() },
      data: { email: customer.email, password: customer.password },
    });
    expect(((await refused.json()) as { code: number }).code).toBe(40104);
  }

  // Mail the disabled customers (chosen deliberately): the dialog counts them before anything is sent.
  await page.getByTestId('users-mail').click();
  const mailForm = page.getByTestId('segment-mail-form');
  await expect(mailForm.getByTestId('segment-count')).toContainText(/将发送给 \d+ 位用户/);
  await mailForm.getByTestId('segment-disabled').selectOption('yes');
  await expect(mailForm.getByTestId('segment-count')).toContainText(/将发送给 [1-9]\d* 位用户/);
  const count = (await mailForm.getByTestId('segment-count').textContent())!.match(/\d+/)![0];
  expect(Number(count)).toBeGreaterThanOrEqual(2);
  await mailForm.getByTestId('segment-send').click();
  await expect(mailForm).toContainText('请至少填写一种语言的主题和正文');
  const subject = `Your account ${tag}`;
  await mailForm.getByTestId('segment-subject').fill(subject);
  await mailForm
    .getByTestId('segment-body')
    .fill('Your account was disabled.\n\nWrite to support to appeal.');
  expect(await axeFindings(page)).toEqual([]);
  await mailForm.getByTestId('segment-send').click();
  await expect(page.getByRole('dialog').filter({ hasText: '发送邮件' })).toContainText(`${count} 位用户`);
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText(`已安排发送给 ${count} 位用户`)).toBeVisible();
  await expect(mailForm).toHaveCount(0);
  // The mailings dialog opens on the new mailing and follows its progress until every mail is queued.
  const mailings = page.getByTestId('users-mailings-dialog');
  const row = mailings.getByTestId('users-mailing').filter({ hasText: subject });
  await expect(row).toContainText('已停用');
  await expect(row).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(row).toContainText(`${count} / ${count}`);
  expect(await axeFindings(page)).toEqual([]);
  await mailings.getByRole('button', { name: '关闭' }).click();
  await expect(mailings).toHaveCount(0);
  // The background job queues one mail per recipient; both customers get it.
  await expect
    .poll(
      () =>
        customers.filter((c) => mails().some((m) => m.to.includes(c.email) && m.subject === subject)).length,
      { timeout: 60_000 },
    )
    .toBe(2);
  await page.getByTestId('admin-nav-audit').click();
  await expect(
    page.locator('[data-testid="audit-row"][data-action="users.mail_segment"]').first(),
  ).toBeVisible();
  await context.close();
});
