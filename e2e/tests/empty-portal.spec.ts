import { expect, test, type APIRequestContext } from '@playwright/test';
import { axeFindings } from './axe';
import { operatorOn } from './operator';
import { createVerifiedUser, customerAddress, signIn, signInStaff } from './session';

// The second journey server (playwright.config.ts): started with SEED_DEMO=false, so nothing is on sale until the
// operator builds it.
const EMPTY_URL = process.env.E2E_EMPTY_URL!;
const EMPTY_DATA = process.env.E2E_EMPTY_DATA_DIR!;
const EMPTY_MAIL = process.env.E2E_EMPTY_MAIL_DIR!;
const API = '/api/v1/portal';

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { code: number; message: string; data: T };
  expect(body.code, body.message).toBe(20000);
  return body.data;
}

/** The node's stand-in user: what its agent gets instead of an empty list (agents never apply one). */
const STAND_IN_USER_ID = 2_147_483_647;

/** The customers the node's agent would serve, read as the agent reads them (never an empty list: see above). */
async function agentUsers(api: APIRequestContext, token: string, nodeId: string): Promise<string[]> {
  const response = await api.get(
    `/api/v1/server/UniProxy/user?token=${encodeURIComponent(token)}&node_id=${nodeId}&node_type=vmess`,
  );
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { users: { id: number; uuid: string }[] };
  expect(body.users.length).toBeGreaterThan(0);
  return body.users.filter((u) => u.id !== STAND_IN_USER_ID).map((u) => u.uuid);
}

test('on an empty database an operator builds a node and a package, a customer buys it, the operator refunds', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(240_000);
  const api = await playwright.request.newContext({ baseURL: EMPTY_URL });
  expect(await data<unknown[]>(await api.get(`${API}/subscriptions/packages`))).toEqual([]);

  // The first operator: a registered account promoted from the command line, as the README says.
  const owner = await createVerifiedUser(api, 'Founder', EMPTY_MAIL);
  expect(operatorOn(EMPTY_DATA, 'user:promote', owner.email, '--role', 'owner')).toContain('the owner role');
  const ownerContext = await browser.newContext({
    baseURL: EMPTY_URL,
    viewport: { width: 1440, height: 900 },
  });
  const page = await ownerContext.newPage();
  await signInStaff(page, owner);
  await page.goto('/admin/packages');
  await expect(page.getByTestId('packages-empty')).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);

  // A node group, then a VMess node in it.
  await page.goto('/admin/node-groups');
  await page.getByTestId('group-add-name').fill('亚洲');
  await page.getByTestId('group-add-submit').click();
  await expect(page.getByTestId('group-row')).toHaveCount(1);

  await page.goto('/admin/nodes');
  await page.getByTestId('node-add').click();
  const form = page.getByRole('dialog');
  await form.getByTestId('node-field-name').fill('东京 01');
  await form.getByTestId('node-field-region').fill('Asia');
  await form.getByTestId('node-field-country').fill('jp');
  await form.getByTestId('node-field-host').fill('tokyo.empty.example.net');
  await form.getByTestId('node-field-protocol').selectOption('vmess');
  await form.getByRole('checkbox', { name: '亚洲' }).check();
  await form.getByTestId('node-form-submit').click();
  await expect(form).toBeHidden();
  const nodeRow = page.locator('[data-testid="node-row"]', { hasText: '东京 01' });
  await expect(nodeRow).toBeVisible();

  // The agent's configuration, with a token issued for it; the node API lets that agent in.
  await nodeRow.getByTestId('node-agent').click();
  const modal = page.getByTestId('agent-config');
  await modal.getByTestId('agent-issue').click();
  await page.getByTestId('confirm-ok').click();
  const token = (await modal.getByTestId('agent-token').textContent())!.trim();
  const xrayr = (await modal.getByTestId('agent-xrayr').textContent())!;
  expect(xrayr).toContain(`ApiHost: "${EMPTY_URL}"`);
  expect(xrayr).toContain(`ApiKey: "${token}"`);
  expect(xrayr).toContain('NodeType: V2ray');
  const nodeId = /NodeID: (\d+)/.exec(xrayr)![1]!;
  const config = await api.get(
    `/api/v1/server/UniProxy/config?token=${encodeURIComponent(token)}&node_id=${nodeId}&node_type=vmess`,
  );
  expect(config.status()).toBe(200);
  expect(await agentUsers(api, token, nodeId)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  // A monthly package that reaches the group.
  await page.goto('/admin/packages');
  await page.getByTestId('package-add').click();
  const packageForm = page.getByTestId('package-form');
  await packageForm.getByTestId('package-name-zh_CN').fill('入门版');
  await packageForm.getByTestId('package-name-zh_TW').fill('入門版');
  await packageForm.getByTestId('package-name-en').fill('Starter');
  await packageForm.getByTestId('package-price').fill('15.00');
  await packageForm.getByTestId('package-traffic').fill('100');
  await packageForm.getByTestId('package-node-groups').click();
  await page.getByRole('option', { name: '亚洲' }).click();
  await packageForm.getByTestId('package-save').click();
  await expect(packageForm).toHaveCount(0);
  await expect(page.locator('[data-testid="package-row"]', { hasText: '入门版' })).toContainText('¥15.00');

  // A customer with ¥20 buys it; the agent now serves them.
  const customer = await createVerifiedUser(api, 'First customer', EMPTY_MAIL);
  expect(operatorOn(EMPTY_DATA, 'balance:adjust', customer.email, '20.00', 'e2e top-up')).toContain(
    'balance now 20.00',
  );
  const customerContext = await browser.newContext({
    baseURL: EMPTY_URL,
    viewport: { width: 390, height: 844 },
  });
  const shop = await customerContext.newPage();
  await signIn(shop, customer);
  await shop.goto('/subscription');
  const card = shop.locator('[data-testid="plan-card"]', { hasText: '入门版' });
  await expect(card).toBeVisible();
  await card.getByTestId('plan-buy').click();
  await shop.getByTestId('purchase-confirm').getByTestId('purchase-ok').click();
  await expect(shop.locator('[data-testid="sub-card"][data-status="active"]')).toHaveCount(1);
  await expect.poll(() => agentUsers(api, token, nodeId)).toHaveLength(1);

  // The operator refunds the order in full (no traffic used): the preview first, then once.
  await page.goto('/admin/orders');
  const orderRow = page.getByTestId('order-row').first();
  await expect(orderRow).toContainText('¥15.00');
  await orderRow.getByTestId('order-refund').click();
  const preview = page.getByTestId('refund-preview');
  await expect(preview).toContainText('¥15.00');
  expect(await axeFindings(page)).toEqual([]);
  await preview.getByTestId('refund-note').fill('客户误购，全额退款');
  await preview.getByTestId('refund-confirm').click();
  await expect(preview).toBeHidden();
  await expect(orderRow).toContainText('已退款');
  await expect(orderRow.getByTestId('order-refund')).toHaveCount(0);

  // The money is back on the customer's balance, the subscription has ended, and the agent drops them.
  const tokens = await data<{ access_token: string }>(
    await api.post(`${API}/auth/login`, {
      headers: { 'x-forwarded-for': customerAddress() },
      data: { email: customer.email, password: customer.password },
    }),
  );
  const wallet = await data<{ balance: string }>(
    await api.get(`${API}/users/balance`, { headers: { authorization: `Bearer ${tokens.access_token}` } }),
  );
  expect(wallet.balance).toBe('20.00');
  await expect.poll(() => agentUsers(api, token, nodeId)).toEqual([]);
  await shop.reload();
  await expect(shop.locator('[data-testid="sub-card"][data-status="active"]')).toHaveCount(0);

  await ownerContext.close();
  await customerContext.close();
  await api.dispose();
});
