import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createPublicClient, createWalletClient, http, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { KEYS, TOKEN_ABI } from '../support/chain.mjs';
import { createVerifiedUser, signIn } from './session';
import { shots } from './shots';

interface Chain {
  url: string;
  token: Address;
  receiver: Address;
}

function chain(): Chain {
  return JSON.parse(readFileSync(path.join(process.env.E2E_DATA_DIR!, 'chain.json'), 'utf8')) as Chain;
}

/** Pays `amount` (the exact USDT string the payment screen shows) from the funded payer account on the local chain. */
async function pay(amount: string): Promise<void> {
  const c = chain();
  const transport = http(c.url);
  const wallet = createWalletClient({
    chain: foundry,
    transport,
    account: privateKeyToAccount(KEYS.payer as `0x${string}`),
  });
  const [whole = '0', fraction = ''] = amount.split('.');
  const value = BigInt(whole + fraction.padEnd(6, '0'));
  const hash = await wallet.writeContract({
    address: c.token,
    abi: TOKEN_ABI,
    functionName: 'transfer',
    args: [c.receiver, value],
  });
  await createPublicClient({ chain: foundry, transport }).waitForTransactionReceipt({ hash });
}

async function mine(blocks: number): Promise<void> {
  await createPublicClient({ chain: foundry, transport: http(chain().url) }).request({
    method: 'anvil_mine' as never,
    params: [`0x${blocks.toString(16)}`] as never,
  });
}

/**
 * The money journey in a real browser: open a USDT order, see the payment screen, pay it on a real local chain,
 * watch it become confirmed and the balance rise; generate a code and redeem it.
 */
test('top up with USDT on a local chain, then generate and redeem a code', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const user = await createVerifiedUser(request);
  await signIn(page, user);

  await page.goto('/recharge');
  await page.getByTestId('recharge-tab-usdt').click();
  await page.getByTestId('usdt-network-ERC20').click();
  await page.getByTestId('usdt-amount').fill('10');
  await page.getByTestId('usdt-create').click();

  const panel = page.getByTestId('usdt-payment');
  await expect(panel).toHaveAttribute('data-status', 'pending');
  const exact = (await page.getByTestId('usdt-exact-amount').textContent())?.trim() ?? '';
  expect(exact).toMatch(/^10\.00\d{4}$/);
  await expect(page.getByTestId('usdt-address')).toHaveText(chain().receiver);
  await expect(page.getByTestId('usdt-countdown')).toBeVisible();
  await page.screenshot({ path: shots('usdt-payment-pending') });

  await pay(exact);
  await expect(panel).toHaveAttribute('data-status', /paid|confirmed/, { timeout: 20_000 });
  await mine(2);
  await expect(panel).toHaveAttribute('data-status', 'confirmed', { timeout: 20_000 });
  await page.screenshot({ path: shots('usdt-payment-confirmed') });
  await expect(page.getByTestId('sidebar-balance')).toContainText('72.00');

  await page.goto('/finance');
  await expect(page.getByTestId('finance-balance')).toContainText('72.00');
  await expect(page.locator('[data-testid="ledger-row"][data-kind="usdt_topup"]')).toHaveCount(1);
  await page.screenshot({ path: shots('finance-desktop-light') });

  // A code: generated from the balance, then redeemed.
  await page.goto('/recharge/codes');
  await page.getByTestId('codes-quantity').fill('1');
  await page.getByTestId('codes-amount').fill('10');
  await page.getByTestId('codes-generate').click();
  await page.getByTestId('confirm-ok').click();
  const batch = page.getByTestId('codes-batch');
  await expect(batch).toBeVisible();
  const code =
    ((await batch.getByTestId('codes-batch-item').first().textContent()) ?? '').match(
      /RC-[A-Z0-9]{67}/,
    )?.[0] ?? '';
  expect(code).toHaveLength(70);
  await expect(page.getByTestId('sidebar-balance')).toContainText('62.00');
  await page.screenshot({ path: shots('codes-desktop-light'), fullPage: true });

  await page.goto('/recharge?tab=code');
  await page.getByTestId('code-input').fill(code);
  await page.getByTestId('code-redeem').click();
  await expect(page.getByTestId('code-result')).toContainText('10.00');
  await expect(page.getByTestId('sidebar-balance')).toContainText('72.00');

  await page.goto('/recharge/history');
  await expect(page.locator('[data-testid="history-row"][data-status="confirmed"]')).toHaveCount(2);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('theme-toggle').click();
  await page.screenshot({ path: shots('history-phone-dark'), fullPage: true });
});
