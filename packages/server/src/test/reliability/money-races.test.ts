import { randomBytes } from 'node:crypto';
import { ADMIN_API_PREFIX, API_PREFIX, type Package } from '@portal/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountWithRole, call, type Reply } from '../accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../helpers.js';
import { balanceOf, credit, expectLedgerConsistent } from '../wallet.js';

/**
 * Money paths under parallel requests (issue 20, "concurrency", the money side): many requests at once on one
 * balance, one code, one subscription, one quote, one account's adjustments. Each probe ends with every balance equal
 * to its ledger, as many orders as successes, and no double credit. Limits (uploads, open orders, lockout) are the
 * hardening tests'.
 */
const DAY = 86_400_000;
const N = 12;

type Paid = { order: { order_no: string }; subscription: { id: number; end_at: string }; balance: string };

describe(`money paths under parallel requests (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let finance: { token: string };
  let basic: Package;
  let pro: Package;
  const db = () => t.database.handle.db;
  const key = () => `race-${randomBytes(6).toString('hex')}`;
  let probes = 0;

  beforeAll(async () => {
    t = await createTestApp({ env: { SEED_DEMO: 'true', LOG_LEVEL: 'error', RATE_LIMIT_MAX: '1000000' } });
    const packages = (await call<Package[]>(t.app, { url: `${API_PREFIX}/subscriptions/packages` })).data;
    const monthly = packages
      .filter((p) => p.type === 'monthly')
      .sort((a, b) => Number(a.price) - Number(b.price));
    [basic, pro] = [monthly[0]!, monthly[1]!];
    finance = await accountWithRole(t.app, db(), 'finance');
  });
  afterAll(async () => {
    console.log(`money races: ${probes} probes`);
    await t?.close();
  });
  afterEach(async () => {
    probes += 1;
    await expectLedgerConsistent(db());
  });

  const customer = async (fen: number) => {
    const u = await accountWithRole(t.app, db(), 'user');
    if (fen) await credit(db(), u.email, fen);
    return u;
  };
  const post = <T>(url: string, token: string, payload: object) =>
    call<T>(t.app, { method: 'POST', url: `${API_PREFIX}${url}`, token, payload });
  const ledgerOf = (userId: number) =>
    db().selectFrom('ledger_entries').selectAll().where('user_id', '=', userId).execute();
  const succeeded = <T>(results: Reply<T>[]) => results.filter((r) => r.code === 20000);

  it('purchases racing for one balance: never below zero, one order and one debit per success', async () => {
    const fen = Math.round(Number(basic.price) * 100);
    const u = await customer(fen * 3 + fen / 2);
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        post<Paid>('/subscriptions/purchase', u.token, { package_id: basic.id, idempotency_key: key() }),
      ),
    );
    const ok = succeeded(results);
    expect(ok).toHaveLength(3);
    expect(results.filter((r) => r.code !== 20000).every((r) => r.code === 40203)).toBe(true);
    expect(await balanceOf(db(), u.email)).toBe(fen / 2);
    const orders = await db()
      .selectFrom('subscription_orders')
      .select('id')
      .where('user_id', '=', u.id)
      .execute();
    expect(orders).toHaveLength(3);
    expect((await ledgerOf(u.id)).filter((e) => e.kind === 'purchase')).toHaveLength(3);
  });

  it('renewals of one subscription racing: each success adds exactly one cycle and one debit', async () => {
    const fen = Math.round(Number(basic.price) * 100);
    const u = await customer(fen * 5);
    const bought = await post<Paid>('/subscriptions/purchase', u.token, {
      package_id: basic.id,
      idempotency_key: key(),
    });
    expect(bought.code).toBe(20000);
    const start = Date.parse(bought.data.subscription.end_at);
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        post<Paid>('/subscriptions/renew', u.token, {
          subscription_id: bought.data.subscription.id,
          idempotency_key: key(),
        }),
      ),
    );
    const ok = succeeded(results);
    expect(ok).toHaveLength(4);
    const row = await db()
      .selectFrom('subscriptions')
      .select('end_at')
      .where('id', '=', bought.data.subscription.id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.end_at) - start).toBe(4 * 30 * DAY);
    expect(await balanceOf(db(), u.email)).toBe(0);
    expect((await ledgerOf(u.id)).filter((e) => e.kind === 'renew')).toHaveLength(4);
  });

  it('one upgrade quote used by many requests at once is paid once', async () => {
    const u = await customer(100_000);
    const bought = await post<Paid>('/subscriptions/purchase', u.token, {
      package_id: basic.id,
      idempotency_key: key(),
    });
    const quote = await post<{ quote_id: string }>('/subscriptions/upgrade/preview', u.token, {
      subscription_id: bought.data.subscription.id,
      package_id: pro.id,
    });
    expect(quote.code, quote.message).toBe(20000);
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        post<Paid>('/subscriptions/upgrade', u.token, {
          quote_id: quote.data.quote_id,
          idempotency_key: key(),
        }),
      ),
    );
    expect(succeeded(results)).toHaveLength(1);
    const upgrades = (await ledgerOf(u.id)).filter((e) => e.kind !== 'purchase' && e.kind !== 'admin_adjust');
    expect(upgrades).toHaveLength(1);
    const orders = await db()
      .selectFrom('subscription_orders')
      .select('kind')
      .where('user_id', '=', u.id)
      .execute();
    expect(orders.map((o) => o.kind).sort()).toEqual(['purchase', 'upgrade']);
  });

  it('one recharge code redeemed by several customers at once credits one of them once', async () => {
    const dealer = await customer(10_000);
    const generated = await post<{ codes: { code: string }[] }>('/recharge/codes/generate', dealer.token, {
      quantity: 1,
      amount: '10.00',
    });
    expect(generated.code, generated.message).toBe(20000);
    const code = generated.data.codes[0]!.code;
    const buyers = await Promise.all([1, 2, 3, 4].map(() => customer(0)));
    const results = await Promise.all(
      buyers.flatMap((b) => Array.from({ length: 4 }, () => post('/recharge/codes/use', b.token, { code }))),
    );
    expect(succeeded(results)).toHaveLength(1);
    const balances = await Promise.all(buyers.map((b) => balanceOf(db(), b.email)));
    expect(balances.sort((a, b) => b - a)).toEqual([1000, 0, 0, 0]);
    const credits = await db()
      .selectFrom('ledger_entries')
      .select('id')
      .where('kind', '=', 'code_redeem')
      .where(
        'user_id',
        'in',
        buyers.map((b) => b.id),
      )
      .execute();
    expect(credits).toHaveLength(1);
  });

  it('staff adjustments racing on one account: every credit lands once, debits never overdraw', async () => {
    const u = await customer(5000);
    const adjust = (amount: string) =>
      call(t.app, {
        method: 'POST',
        url: `${ADMIN_API_PREFIX}/users/${u.id}/balance`,
        token: finance.token,
        payload: { amount, reason: 'race probe' },
      });
    const credits = await Promise.all(Array.from({ length: N }, () => adjust('1.00')));
    expect(succeeded(credits)).toHaveLength(N);
    expect(await balanceOf(db(), u.email)).toBe(5000 + N * 100);
    // 62.00 in the account, 15 debits of 10.00 at once: six go through, the rest are refused whole.
    const debits = await Promise.all(Array.from({ length: 15 }, () => adjust('-10.00')));
    expect(succeeded(debits)).toHaveLength(6);
    expect(await balanceOf(db(), u.email)).toBe(5000 + N * 100 - 6000);
    const adjustments = (await ledgerOf(u.id)).filter((e) => e.kind === 'admin_adjust');
    expect(adjustments).toHaveLength(1 + N + 6);
  });

  it('renewals racing an upgrade of the same subscription: no 5xx, one live subscription holds the link', async () => {
    // A renewal whose first read saw the subscription live but which took the balance lock after the upgrade
    // committed once renewed the `upgraded` row back to life: two live rows with one link, a unique violation, a 500.
    for (let round = 0; round < 5; round++) {
      const u = await customer(10_000);
      const bought = await post<Paid>('/subscriptions/purchase', u.token, {
        package_id: basic.id,
        idempotency_key: key(),
      });
      const subscriptionId = bought.data.subscription.id;
      const quote = await post<{ quote_id: string }>('/subscriptions/upgrade/preview', u.token, {
        subscription_id: subscriptionId,
        package_id: pro.id,
      });
      const results = await Promise.all([
        post('/subscriptions/upgrade', u.token, { quote_id: quote.data.quote_id, idempotency_key: key() }),
        ...Array.from({ length: 6 }, () =>
          post('/subscriptions/renew', u.token, { subscription_id: subscriptionId, idempotency_key: key() }),
        ),
      ]);
      expect(results.map((r) => r.status).filter((status) => status >= 500)).toEqual([]);
      const live = await db()
        .selectFrom('subscriptions')
        .select('id')
        .where('user_id', '=', u.id)
        .where('status', '!=', 'upgraded')
        .execute();
      expect(live).toHaveLength(1);
    }
  });

  it('a balance spent by every money path at once: purchase, renewal, upgrade, code generation, staff debit', async () => {
    const u = await customer(10_000);
    const bought = await post<Paid>('/subscriptions/purchase', u.token, {
      package_id: basic.id,
      idempotency_key: key(),
    });
    const quote = await post<{ quote_id: string }>('/subscriptions/upgrade/preview', u.token, {
      subscription_id: bought.data.subscription.id,
      package_id: pro.id,
    });
    const subscriptionId = bought.data.subscription.id;
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () =>
        post('/subscriptions/purchase', u.token, { package_id: pro.id, idempotency_key: key() }),
      ),
      ...Array.from({ length: 4 }, () =>
        post('/subscriptions/renew', u.token, { subscription_id: subscriptionId, idempotency_key: key() }),
      ),
      post('/subscriptions/upgrade', u.token, { quote_id: quote.data.quote_id, idempotency_key: key() }),
      ...Array.from({ length: 4 }, () =>
        post('/recharge/codes/generate', u.token, { quantity: 1, amount: '5.00' }),
      ),
      ...Array.from({ length: 4 }, () =>
        call(t.app, {
          method: 'POST',
          url: `${ADMIN_API_PREFIX}/users/${u.id}/balance`,
          token: finance.token,
          payload: { amount: '-7.00', reason: 'race probe' },
        }),
      ),
    ]);
    expect(results.every((r) => r.status < 500)).toBe(true);
    const balance = await balanceOf(db(), u.email);
    expect(balance).toBeGreaterThanOrEqual(0);
    const entries = await ledgerOf(u.id);
    expect(entries.reduce((sum, e) => sum + e.delta_fen, 0)).toBe(balance);
    // Every success left exactly one ledger row beside the first purchase and the opening credit.
    expect(entries).toHaveLength(2 + succeeded(results).length);
  });
});
