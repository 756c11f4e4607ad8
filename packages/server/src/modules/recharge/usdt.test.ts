import type { Topup } from '@portal/contract';
import type { Address } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, verifiedUser } from '../../test/accounts.js';
import { KEYS, startAnvil, type Anvil } from '../../test/anvil.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { balanceOf, expectLedgerConsistent } from '../../test/wallet.js';
import { ChainWatcher, sourceFor } from './chain-watcher.js';

const API = '/api/v1/portal';

/** USDT top-ups read from a real local EVM chain: a 6-decimal token as ERC20 and an 18-decimal one as BEP20. */
describe(`USDT top-up on a local chain (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  let chain: Anvil;
  let usdt6: Address;
  let usdt18: Address;
  let receiver: Address;
  let payer: Address;

  beforeAll(async () => {
    chain = await startAnvil();
    usdt6 = await chain.deployToken(6);
    usdt18 = await chain.deployToken(18);
    receiver = chain.address(KEYS.receiver);
    payer = chain.address(KEYS.payer);
    await chain.mint(usdt6, payer, 1_000_000n * 10n ** 6n);
    await chain.mint(usdt18, payer, 1_000_000n * 10n ** 18n);
    sink = await startSmtpSink();
    t = await createTestApp({
      env: {
        SMTP_URL: sink.url,
        LOG_LEVEL: 'error',
        USDT_RATE_CNY: '7.20',
        ERC20_RPC_URL: chain.url,
        ERC20_TOKEN_ADDRESS: usdt6,
        ERC20_DECIMALS: '6',
        ERC20_RECEIVE_ADDRESS: receiver,
        ERC20_CONFIRMATIONS: '3',
        ERC20_START_BLOCK: '0',
        BEP20_RPC_URL: chain.url,
        BEP20_TOKEN_ADDRESS: usdt18,
        BEP20_DECIMALS: '18',
        BEP20_RECEIVE_ADDRESS: receiver,
        BEP20_CONFIRMATIONS: '3',
        BEP20_START_BLOCK: '0',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await chain?.stop();
  });
  afterEach(() => expectLedgerConsistent(t.database.handle.db));
  const db = () => t.database.handle.db;
  const tick = () => t.app.ctx.services.watcher.tick();

  async function order(token: string, amount: string, network = 'ERC20') {
    const r = await call<Topup>(t.app, {
      method: 'POST',
      url: `${API}/recharge/usdt`,
      token,
      payload: { amount, network },
    });
    expect(r.code, r.message).toBe(20000);
    return r.data;
  }
  const status = async (token: string, id: number) =>
    (await call<Topup>(t.app, { url: `${API}/recharge/usdt/${id}`, token })).data;
  const raw = (usdtAmount: string, decimals: number) => {
    const [whole = '0', fraction = ''] = usdtAmount.split('.');
    return BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
  };

  it('publishes the enabled networks, limits, window and rate', async () => {
    const u = await verifiedUser(t.app, sink);
    const configs = await call<{
      networks: { network: string; address: string }[];
      window_minutes: number;
      min_amount: string;
    }>(t.app, {
      url: `${API}/recharge/configs`,
      token: u.tokens.access_token,
    });
    expect(configs.data).toMatchObject({ window_minutes: 15, min_amount: '5.00' });
    expect(configs.data.networks.map((n) => n.network)).toEqual(['ERC20', 'BEP20']);
    const chains = await call<{ network: string; enabled: boolean; confirmations: number }[]>(t.app, {
      url: `${API}/recharge/chains`,
      token: u.tokens.access_token,
    });
    expect(chains.data).toEqual([
      expect.objectContaining({ network: 'TRC20', enabled: false }),
      expect.objectContaining({ network: 'ERC20', enabled: true, confirmations: 3 }),
      expect.objectContaining({ network: 'BEP20', enabled: true, confirmations: 3 }),
    ]);
    expect(
      (
        await call<{ usdt_cny: string }>(t.app, {
          url: `${API}/recharge/exchange-rates`,
          token: u.tokens.access_token,
        })
      ).data.usdt_cny,
    ).toBe('7.20');
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: `${API}/recharge/usdt`,
          token: u.tokens.access_token,
          payload: { amount: '4.99', network: 'ERC20' },
        })
      ).code,
    ).toBe(40508);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: `${API}/recharge/usdt`,
          token: u.tokens.access_token,
          payload: { amount: '10.00', network: 'TRC20' },
        })
      ).code,
    ).toBe(40507);
  });

  it('gives each open order its own exact amount', async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => verifiedUser(t.app, sink)));
    const orders = await Promise.all(
      users.flatMap((u) => [1, 2, 3, 4, 5].map(() => order(u.tokens.access_token, '10.00'))),
    );
    expect(new Set(orders.map((o) => o.usdt_amount)).size).toBe(20);
    for (const o of orders) {
      expect(o.usdt_amount).toMatch(/^10\.00\d{4}$/);
      expect(o).toMatchObject({
        status: 'pending',
        amount: '72.00',
        address: receiver,
        network: 'ERC20',
        confirmations_required: 3,
      });
      expect(Date.parse(o.expires_at!) - Date.now()).toBeGreaterThan(14 * 60_000);
    }
    const sixth = await call(t.app, {
      method: 'POST',
      url: `${API}/recharge/usdt`,
      token: users[0]!.tokens.access_token,
      payload: { amount: '10.00', network: 'ERC20' },
    });
    expect(sixth.code).toBe(40005);
    for (const o of orders)
      await call(t.app, {
        method: 'POST',
        url: `${API}/recharge/usdt/${o.id}/cancel`,
        token: users[orders.indexOf(o) % 4]!.tokens.access_token,
      });
  });

  it('moves an ERC20 payment through pending, paid and confirmed, crediting once', async () => {
    const u = await verifiedUser(t.app, sink);
    const o = await order(u.tokens.access_token, '10.00');
    await tick();
    expect((await status(u.tokens.access_token, o.id)).status).toBe('pending');

    const tx = await chain.pay(usdt6, KEYS.payer, receiver, raw(o.usdt_amount!, 6));
    await tick();
    const paid = await status(u.tokens.access_token, o.id);
    expect(paid).toMatchObject({ status: 'paid', tx_hash: tx, confirmations: 1 });
    expect(await balanceOf(db(), u.email)).toBe(0);

    await chain.mine(1);
    await tick();
    expect(await status(u.tokens.access_token, o.id)).toMatchObject({ status: 'paid', confirmations: 2 });

    await chain.mine(1);
    await tick();
    const done = await status(u.tokens.access_token, o.id);
    expect(done).toMatchObject({ status: 'confirmed', confirmations: 3 });
    expect(done.completed_at).toBeTruthy();
    expect(await balanceOf(db(), u.email)).toBe(7200);
    await chain.mine(5);
    await tick();
    await tick();
    expect(await balanceOf(db(), u.email)).toBe(7200);
    const ledger = await db()
      .selectFrom('ledger_entries')
      .selectAll()
      .where('kind', '=', 'usdt_topup')
      .where('reference', '=', o.order_no)
      .execute();
    expect(ledger).toHaveLength(1);
  });

  it('reads an 18-decimal token (BEP20) exactly', async () => {
    const u = await verifiedUser(t.app, sink);
    const o = await order(u.tokens.access_token, '25.50', 'BEP20');
    expect(o.amount).toBe('183.60');
    await chain.pay(usdt18, KEYS.payer, receiver, raw(o.usdt_amount!, 18));
    await chain.mine(2);
    await tick();
    expect((await status(u.tokens.access_token, o.id)).status).toBe('confirmed');
    expect(await balanceOf(db(), u.email)).toBe(18360);
  });

  it('keeps a payment that matches no order for operators, and credits nobody', async () => {
    const u = await verifiedUser(t.app, sink);
    const o = await order(u.tokens.access_token, '10.00');
    // Beyond every order's unique tail (1 to 10,000 micro-USDT above the converted amount): no order of this or
    // an earlier test can match it, not even a timed-out one (which would make it 'late').
    const tx = await chain.pay(usdt6, KEYS.payer, receiver, raw(o.usdt_amount!, 6) + 20_000n);
    await chain.mine(3);
    await tick();
    expect((await status(u.tokens.access_token, o.id)).status).toBe('pending');
    const kept = await db()
      .selectFrom('chain_transfers')
      .selectAll()
      .where('tx_hash', '=', tx)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ status: 'unmatched', network: 'ERC20', order_id: null });
    expect(await balanceOf(db(), u.email)).toBe(0);
  });

  it('times an unpaid order out, and keeps a later payment for it as late', async () => {
    const u = await verifiedUser(t.app, sink);
    const o = await order(u.tokens.access_token, '12.00');
    await db()
      .updateTable('recharge_orders')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', o.id)
      .execute();
    await tick();
    expect((await status(u.tokens.access_token, o.id)).status).toBe('timeout');
    const tx = await chain.pay(usdt6, KEYS.payer, receiver, raw(o.usdt_amount!, 6));
    await chain.mine(3);
    await tick();
    expect((await status(u.tokens.access_token, o.id)).status).toBe('timeout');
    const kept = await db()
      .selectFrom('chain_transfers')
      .selectAll()
      .where('tx_hash', '=', tx)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ status: 'late', order_id: o.id });
    expect(await balanceOf(db(), u.email)).toBe(0);
  });

  it('does not credit a payment that a reorg removed before it was final', async () => {
    const u = await verifiedUser(t.app, sink);
    const o = await order(u.tokens.access_token, '15.00');
    const tx = await chain.pay(usdt6, KEYS.payer, receiver, raw(o.usdt_amount!, 6));
    await tick();
    expect((await status(u.tokens.access_token, o.id)).status).toBe('paid');
    await chain.reorg(1);
    await chain.mine(3);
    await tick();
    const after = await status(u.tokens.access_token, o.id);
    expect(after).toMatchObject({ status: 'pending', tx_hash: null });
    expect(await balanceOf(db(), u.email)).toBe(0);
    expect(
      (
        await db()
          .selectFrom('chain_transfers')
          .select('status')
          .where('tx_hash', '=', tx)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('reorged');
  });

  it('credits exactly once across a restart and two watchers at once', async () => {
    const u = await verifiedUser(t.app, sink);
    const o = await order(u.tokens.access_token, '20.00');
    await chain.pay(usdt6, KEYS.payer, receiver, raw(o.usdt_amount!, 6));
    await tick();
    expect((await status(u.tokens.access_token, o.id)).status).toBe('paid');
    // A new process: fresh watchers over the same database, starting from the persisted cursor.
    const sources = () => t.app.ctx.config.usdt.chains.map(sourceFor);
    const a = new ChainWatcher(db(), sources(), t.app.log);
    const b = new ChainWatcher(db(), sources(), t.app.log);
    await chain.mine(3);
    await Promise.all([a.tick(), b.tick(), tick()]);
    expect((await status(u.tokens.access_token, o.id)).status).toBe('confirmed');
    expect(await balanceOf(db(), u.email)).toBe(14400);
  });
});
