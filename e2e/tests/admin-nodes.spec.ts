import { expect, test } from '@playwright/test';
import { axeFindings } from './axe';
import { operator } from './operator';
import { createVerifiedUser, signIn, signInStaff } from './session';

test('an owner adds a node in the console and hands its agent the configuration', async ({
  page,
  request,
}) => {
  const owner = await createVerifiedUser(request, 'Node owner');
  expect(operator('user:promote', owner.email, '--role', 'owner')).toContain('the owner role');
  await signInStaff(page, owner);
  await page.goto('/admin/nodes');
  await expect(page.getByTestId('admin-page-title')).toHaveText('节点');
  await expect(page).toHaveTitle('节点 · 运营控制台');

  // A Trojan node over WebSocket: TLS is on by the protocol, the WebSocket fields appear with the transport.
  await page.getByTestId('node-add').click();
  const form = page.getByRole('dialog');
  await form.getByTestId('node-field-name').fill('E2E Osaka');
  await form.getByTestId('node-field-region').fill('Asia');
  await form.getByTestId('node-field-country').fill('jp');
  await form.getByTestId('node-field-host').fill('osaka.e2e.example.net');
  await form.getByTestId('node-field-protocol').selectOption('trojan');
  await expect(form.getByTestId('node-field-tls')).toBeChecked();
  await form.getByTestId('node-field-network').selectOption('ws');
  // A path must start with a slash: the form says so under the field.
  await form.getByTestId('node-field-path').fill('ws');
  await form.getByTestId('node-form-submit').click();
  await expect(form.getByTestId('node-field-path')).toHaveAttribute('aria-invalid', 'true');
  await form.getByTestId('node-field-path').fill('/ws');
  await form.getByTestId('node-form-submit').click();
  await expect(form).toBeHidden();

  const row = page.locator('[data-testid="node-row"]', { hasText: 'E2E Osaka' });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('node-status')).toHaveText('离线');
  expect(await axeFindings(page)).toEqual([]);

  // The agent's configuration: a placeholder until a token is issued, then the token, shown once, inside it.
  await row.getByTestId('node-agent').click();
  const modal = page.getByTestId('agent-config');
  await expect(modal.getByTestId('agent-xrayr')).toContainText('PanelType: "NewV2board"');
  await expect(modal.getByTestId('agent-xrayr')).toContainText('NodeType: Trojan');
  await expect(modal.getByTestId('agent-v2bx')).toContainText('"NodeType": "trojan"');
  await modal.getByTestId('agent-issue').click();
  await page.getByTestId('confirm-ok').click();
  const token = (await modal.getByTestId('agent-token').textContent())!.trim();
  expect(token.length).toBeGreaterThan(20);
  await expect(modal.getByTestId('agent-xrayr')).toContainText(`ApiKey: "${token}"`);
  await expect(modal.getByTestId('agent-v2bx')).toContainText(`"ApiKey": "${token}"`);
  // axe reads colours: the confirmation must have finished fading out first.
  await expect(page.getByTestId('confirm-ok')).toHaveCount(0);
  expect(await axeFindings(page)).toEqual([]);

  // The agent, configured so, is let in by the node API.
  const nodeId = /NodeID: (\d+)/.exec((await modal.getByTestId('agent-xrayr').textContent())!)![1]!;
  const config = await request.get(
    `/api/v1/server/UniProxy/config?token=${encodeURIComponent(token)}&node_id=${nodeId}&node_type=trojan`,
  );
  expect(config.status()).toBe(200);
  expect(await config.json()).toMatchObject({
    server_port: 443,
    network: 'ws',
    server_name: 'osaka.e2e.example.net',
  });
});

const ADMIN = '/api/v1/admin';
const PORTAL = '/api/v1/portal';

test('an operator adds a VLESS Reality node to a group: the package that reaches the group delivers it in every format, another does not', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await createVerifiedUser(request, 'Reality owner');
  operator('user:promote', owner.email, '--role', 'owner');
  await signInStaff(page, owner);
  const suffix = Date.now().toString(36);
  const groupName = `E2E Reality ${suffix}`;
  const otherGroup = `E2E Elsewhere ${suffix}`;

  // Two node groups.
  await page.goto('/admin/node-groups');
  for (const name of [groupName, otherGroup]) {
    await page.getByTestId('group-add-name').fill(name);
    await page.getByTestId('group-add-submit').click();
    await expect(page.locator('[data-testid="group-row"]', { hasText: name })).toBeVisible();
  }

  // The node: VLESS over TCP, Reality borrowing www.microsoft.com's handshake, XTLS Vision; keys made by the server.
  const nodeName = `E2E Reality 东京 ${suffix}`;
  await page.goto('/admin/nodes');
  await page.getByTestId('node-add').click();
  const form = page.getByRole('dialog');
  await form.getByTestId('node-field-name').fill(nodeName);
  await form.getByTestId('node-field-region').fill('Asia');
  await form.getByTestId('node-field-country').fill('jp');
  await form.getByTestId('node-field-host').fill('reality.e2e.example.net');
  await form.getByTestId('node-field-protocol').selectOption('vless');
  await form.getByTestId('node-field-tls').check();
  await form.getByTestId('node-field-sni').fill('www.microsoft.com');
  await form.getByTestId('node-field-flow').selectOption('xtls-rprx-vision');
  await form.getByTestId('node-field-reality').check();
  await form.getByTestId('node-field-reality_dest').fill('www.microsoft.com');
  await form.getByRole('checkbox', { name: groupName }).check();
  await form.getByTestId('node-form-submit').click();
  await expect(form).toBeHidden();
  const row = page.locator('[data-testid="node-row"]', { hasText: nodeName });
  await expect(row).toContainText('vless · tcp · Reality');

  // Its public key, as the console shows it (the private key never leaves for the browser).
  await row.getByTestId('node-edit').click();
  const publicKey = (await page.getByTestId('node-reality-public-key').inputValue()).trim();
  expect(publicKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // Its agent: a token issued, then the configuration it pulls (which also brings the node online): Reality as
  // tls 2 with its settings in the shapes both agents parse, the Vision flow.
  await row.getByTestId('node-agent').click();
  const modal = page.getByTestId('agent-config');
  await modal.getByTestId('agent-issue').click();
  await page.getByTestId('confirm-ok').click();
  const token = (await modal.getByTestId('agent-token').textContent())!.trim();
  const nodeId = /NodeID: (\d+)/.exec((await modal.getByTestId('agent-xrayr').textContent())!)![1]!;
  await page.keyboard.press('Escape');
  const agent = `token=${encodeURIComponent(token)}&node_id=${nodeId}&node_type=vless`;
  const config = (await (await request.get(`/api/v1/server/UniProxy/config?${agent}`)).json()) as Record<
    string,
    unknown
  > & { tls_settings: Record<string, unknown> };
  expect(config).toMatchObject({ tls: 2, flow: 'xtls-rprx-vision', network: 'tcp', server_port: 443 });
  expect(config.tls_settings).toMatchObject({
    server_name: 'www.microsoft.com',
    server_port: '443',
    dest: 'www.microsoft.com',
  });
  expect(config.tls_settings.private_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(config.tls_settings.private_key).not.toBe(publicKey);
  expect(config.tls_settings.short_id).toMatch(/^[0-9a-f]{2,16}$/);

  // Two hidden packages (not on the shop's shelf): one reaches the Reality group, the other a different group.
  const staff = { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` };
  const groups = (await (await request.get(`${ADMIN}/node-groups`, { headers: staff })).json()) as {
    data: { id: number; name: string }[];
  };
  const groupId = (name: string) => groups.data.find((g) => g.name === name)!.id;
  const makePackage = async (label: string, group: number) => {
    const res = await request.post(`${ADMIN}/packages`, {
      headers: staff,
      data: {
        name: { zh_CN: label, zh_TW: label, en: label },
        description: { zh_CN: '', zh_TW: '', en: '' },
        type: 'monthly',
        validity_days: 30,
        price: '9.00',
        traffic_gb: 100,
        device_limit: 2,
        speed_limit_mbps: null,
        on_sale: false,
        node_groups: [group],
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { data: { id: number } }).data.id;
  };
  const realityPackage = await makePackage(`Reality ${suffix}`, groupId(groupName));
  const otherPackage = await makePackage(`Elsewhere ${suffix}`, groupId(otherGroup));

  // Two customers, each granted one of them by the operator.
  const subscriber = async (label: string, packageId: number) => {
    const user = await createVerifiedUser(request, label);
    const found = (await (
      await request.get(`${ADMIN}/users?q=${encodeURIComponent(user.email)}`, { headers: staff })
    ).json()) as { data: { items: { id: number }[] } };
    const grant = await request.post(`${ADMIN}/users/${found.data.items[0]!.id}/subscriptions`, {
      headers: staff,
      data: { package_id: packageId, days: 30, reason: 'e2e Reality journey' },
    });
    expect(grant.status(), await grant.text()).toBe(200);
    return { ...user, subscriptionId: ((await grant.json()) as { data: { id: number } }).data.id };
  };
  const reached = await subscriber('Reality customer', realityPackage);
  const elsewhere = await subscriber('Elsewhere customer', otherPackage);

  // The node's agent serves exactly the subscription whose package reaches its group.
  const served = (await (await request.get(`/api/v1/server/UniProxy/user?${agent}`)).json()) as {
    users: { id: number }[];
  };
  expect(served.users.map((u) => u.id)).toEqual([reached.subscriptionId]);

  /** The customer signed in on a page of their own, and their subscription's address. */
  const customerPage = async (user: typeof reached) => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const own = await context.newPage();
    await signIn(own, user);
    await own.goto('/nodes');
    const access = await own.evaluate(() => localStorage.getItem('token'));
    const res = await request.get(`${PORTAL}/subscriptions/link`, {
      headers: { authorization: `Bearer ${access}` },
    });
    expect(res.status(), await res.text()).toBe(200);
    const link = (await res.json()) as { data: { token: string } };
    return { own, sub: `/sub/${link.data.token}` };
  };

  // The customer whose package reaches the group: the node centre lists it as Reality ...
  const { own: reachedPage, sub } = await customerPage(reached);
  const customerRow = reachedPage.getByTestId('node-row').filter({ hasText: nodeName });
  await expect(customerRow).toBeVisible();
  await expect(customerRow).toContainText('Reality');
  await expect(reachedPage.getByTestId('node-row')).toHaveCount(1);

  // ... and every format carries it with Reality's public key, short id, fingerprint and the Vision flow.
  const uris = Buffer.from(
    await (await request.get(sub, { headers: { 'user-agent': 'v2rayN/7.0' } })).text(),
    'base64',
  )
    .toString('utf8')
    .split('\n');
  expect(uris).toHaveLength(1);
  const uri = new URL(uris[0]!);
  expect(uri.protocol).toBe('vless:');
  expect(Object.fromEntries(uri.searchParams)).toMatchObject({
    security: 'reality',
    pbk: publicKey,
    sni: 'www.microsoft.com',
    fp: 'chrome',
    flow: 'xtls-rprx-vision',
    type: 'tcp',
  });
  expect(uri.searchParams.get('sid')).toMatch(/^[0-9a-f]{2,16}$/);
  const clash = await (await request.get(`${sub}?format=clash`)).text();
  expect(clash).toContain(`public-key: ${publicKey}`);
  expect(clash).toContain('client-fingerprint: chrome');
  expect(clash).toContain('flow: xtls-rprx-vision');
  const box = (await (await request.get(`${sub}?format=sing-box`)).json()) as {
    outbounds: { type: string; tls?: { reality?: { public_key: string }; utls?: { enabled: boolean } } }[];
  };
  const vless = box.outbounds.filter((o) => o.type === 'vless');
  expect(vless).toHaveLength(1);
  expect(vless[0]!.tls?.reality?.public_key).toBe(publicKey);
  expect(vless[0]!.tls?.utls?.enabled).toBe(true);

  // The customer whose package reaches another group neither sees it nor receives it.
  const { own: elsewherePage, sub: otherSub } = await customerPage(elsewhere);
  await expect(elsewherePage.getByTestId('empty-state')).toBeVisible();
  await expect(elsewherePage.getByTestId('node-row')).toHaveCount(0);
  for (const format of ['base64', 'clash', 'sing-box']) {
    const body = await (await request.get(`${otherSub}?format=${format}`)).text();
    const text = format === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
    expect(text).not.toContain(publicKey);
    expect(text).not.toContain('reality.e2e.example.net');
  }
});
