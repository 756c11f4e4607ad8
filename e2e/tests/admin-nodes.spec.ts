import { expect, test } from '@playwright/test';
import { axeFindings } from './axe';
import { operator } from './operator';
import { createVerifiedUser, signInStaff } from './session';

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
