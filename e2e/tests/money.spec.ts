import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createPublicClient, createWalletClient, http, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { KEYS, TOKEN_ABI } from '../support/chain.mjs';
import { operator } from './operator';
import { createVerifiedUser, signInStaff, customerAddress } from './session';

const API = '/api/v1/portal';

interface Chain {
  url: string;
  token: Address;
  receiver: Address;
}

function chain(): Chain {
  return JSON.parse(readFileSync(path.join(process.env.E2E_DATA_DIR!, 'chain.json'), 'utf8')) as Chain;
}

/** Sends `micro` USDT units to the receiving address from the funded payer: a transfer no order asked for. */
async function strayTransfer(micro: bigint): Promise<string> {
  const c = chain();
  const transport = http(c.url);
  const wallet = createWalletClient({
    chain: foundry,
    transport,
    account: privateKeyToAccount(KEYS.payer as `0x${string}`),
  });
  const hash = await wallet.writeContract({
    address: c.token,
    abi: TOKEN_ABI,
    functionName: 'transfer',
    args: [c.receiver, micro],
  });
  await createPublicClient({ chain: foundry, transport }).waitForTransactionReceipt({ hash });
  return hash;
}

/**
 * A customer sends USDT without an order; the chain watcher keeps the transfer as unmatched; an operator finds it on
 * the console's Top-ups page and credits it to the customer, once, with a reason; the ledger shows the credit.
 */
test('an operator credits an unmatched USDT transfer to a customer', async ({ page, request }) => {
  const owner = await createVerifiedUser(request, 'Cashier');
  expect(operator('user:promote', owner.email, '--role', 'owner')).toContain('the owner role');
  const customer = await createVerifiedUser(request);
  const login = await request.post(`${API}/auth/login`, {
    headers: { 'x-forwarded-for': customerAddress() },
    data: { email: customer.email, password: customer.password, remember_me: true },
  });
  const { access_token } = ((await login.json()) as { data: { access_token: string } }).data;
  const profile = await request.get(`${API}/users/profile`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  const customerId = ((await profile.json()) as { data: { id: number } }).data.id;

  const hash = await strayTransfer(4_321_987n);

  await signInStaff(page, owner);
  await page.goto('/admin/topups');
  const row = page.locator(`[data-testid="transfer-row"][data-tx="${hash}"]`);
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toHaveAttribute('data-status', 'unmatched');
  // 4.321987 USDT at 7.20 CNY.
  await expect(row).toContainText('¥31.11');

  await row.getByTestId('transfer-credit').click();
  await page.getByTestId('transfer-user').fill(String(customerId));
  await page.getByTestId('transfer-note').fill('Customer sent the hash by ticket');
  await page.getByTestId('transfer-confirm').click();
  await expect(row).toBeHidden();

  await page
    .locator('label')
    .filter({ hasText: /^已入账$/ })
    .click();
  await expect(row).toHaveAttribute('data-status', 'credited');

  await page.goto('/admin/ledger');
  await page.getByLabel('用户（ID 或邮箱）').fill(customer.email);
  await page.getByRole('button', { name: '筛选' }).click();
  await expect(page.locator('[data-testid="ledger-row"][data-kind="usdt_topup"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="ledger-row"][data-kind="usdt_topup"]')).toContainText('¥31.11');

  await page.goto('/admin/audit');
  await expect(
    page.locator('[data-testid="audit-row"][data-action="transfer.credit"]').first(),
  ).toBeVisible();
});
