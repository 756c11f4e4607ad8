import { expect, test } from '@playwright/test';
import { operator } from './operator';
import { createVerifiedUser, signIn } from './session';
import { shots } from './shots';

const API = '/api/v1/portal';
const AGENT = '/api/v1/server/UniProxy';

/**
 * The node centre shows what the agents report: an operator adds a node and issues its token, the node's agent
 * (played by this test over HTTP, as XrayR/V2bX would) reports its status and a subscriber's traffic, and the
 * customer sees the node live with its load, its details, and the traffic in their statistics.
 */
test('an agent reports a node live and counts traffic; the customer sees both', async ({ page, request }) => {
  test.setTimeout(120_000);
  const added = operator(
    'node:add',
    '--name',
    'E2E Amsterdam 01',
    '--region',
    'europe',
    '--country',
    'NL',
    '--city',
    'Amsterdam',
    '--host',
    'ams1.example.net',
    '--port',
    '443',
    '--protocol',
    'vless',
    '--tls',
    '--sni',
    'ams1.example.net',
    '--rule-id',
    '31',
    '--rule-name',
    'vless-ams-443',
  );
  const nodeId = /node (\d+) added/.exec(added)?.[1];
  expect(nodeId).toBeTruthy();
  const token = /token: (\S+)/.exec(operator('node:token', nodeId!))?.[1];
  expect(token).toBeTruthy();
  const agent = `token=${token}&node_id=${nodeId}&node_type=vless`;

  // A wrong token learns nothing.
  expect((await request.get(`${AGENT}/config?token=nope&node_id=${nodeId}&node_type=vless`)).status()).toBe(
    401,
  );
  const status = await request.post(`${AGENT}/status?${agent}`, {
    data: { cpu: 64, mem: { total: 8_000, used: 2_000 }, disk: { total: 100, used: 40 } },
  });
  expect(status.status()).toBe(200);

  // A subscriber: verified, topped up by an operator, buys a package; the agent sees them and reports traffic.
  const user = await createVerifiedUser(request);
  operator('balance:adjust', user.email, '100.00', 'e2e top-up');
  await signIn(page, user);
  await page.goto('/nodes');
  const access = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${access}` };
  const packages = (await (await request.get(`${API}/subscriptions/packages`)).json()) as {
    data: { id: number; price: string }[];
  };
  const bought = (await (
    await request.post(`${API}/subscriptions/purchase`, {
      headers,
      data: { package_id: packages.data[0]!.id, idempotency_key: `e2e-nodes-${Date.now()}` },
    })
  ).json()) as { code: number; data: { subscription: { id: number; uuid: string } } };
  expect(bought.code).toBe(20000);
  const sub = bought.data.subscription;
  const users = (await (await request.get(`${AGENT}/user?${agent}`)).json()) as { users: { id: number }[] };
  expect(users.users.map((u) => u.id)).toContain(sub.id);
  const push = await request.post(`${AGENT}/push?${agent}`, {
    data: { [sub.id]: [512 * 1024 ** 2, 1024 * 1024 ** 2] },
  });
  expect(push.status()).toBe(200);

  // The node centre: the new node is online with the load its agent reported.
  await page.goto('/nodes?region=europe');
  await expect(page.getByTestId('node-stats')).toBeVisible();
  const row = page.getByTestId('node-row').filter({ hasText: 'E2E Amsterdam 01' });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('node-status')).toContainText('在线');
  await expect(row.getByTestId('node-load')).toContainText('64');
  // The demo catalogue's offline node in the same region is marked so, with no figures; named in Chinese.
  const offline = page.getByTestId('node-row').filter({ hasText: '德国法兰克福 01' });
  await expect(offline.getByTestId('node-status')).toContainText('离线');
  await expect(offline.getByTestId('node-no-figure').first()).toBeVisible();
  await page.screenshot({ path: shots('nodes-desktop-light'), fullPage: true });

  await row.getByTestId('node-open').click();
  const details = page.getByTestId('node-details');
  await expect(details.getByTestId('node-detail-rule')).toBeVisible();
  await expect(details.getByTestId('node-detail-rule')).toContainText('vless-ams-443');
  await expect(details.getByTestId('node-detail-cpu')).toContainText('64');
  await expect(details.getByTestId('node-detail-memory')).toContainText('25');
  await page.screenshot({ path: shots('node-details-desktop-light') });

  // The statistics count the reported traffic (1.5 GB) for this month.
  await page.goto('/subscription?tab=stats');
  await expect(page.getByText(/^1\.50? GB$/).first()).toBeVisible();
  await page.screenshot({ path: shots('subscription-stats-traffic'), fullPage: true });

  // Phone width, dark theme.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/nodes');
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByTestId('node-card').first()).toBeVisible();
  await page.screenshot({ path: shots('nodes-phone-dark'), fullPage: true });
});
