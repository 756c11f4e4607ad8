import { ADMIN_API_PREFIX, parseMoneyToFen, type Package } from '@portal/contract';
import type { MoneyOverview, NodesOverview, TicketsOverview, UsersOverview } from '@portal/contract/admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/time.js';
import { seedDemoCatalogue } from '../../seed/demo-seed.js';
import { accountWithRole, call, registerUser } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { credit, expectLedgerConsistent } from '../../test/wallet.js';
import { recordTraffic } from '../nodes/traffic.js';

const API = '/api/v1/portal';
const ADMIN = ADMIN_API_PREFIX;
const DAY = 86_400_000;

type Account = Awaited<ReturnType<typeof accountWithRole>>;
const fen = (money: string) =>
  money.startsWith('-') ? -parseMoneyToFen(money.slice(1)) : parseMoneyToFen(money);

describe(`the operators' overview (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let owner: Account;
  let basic: Package;
  let n = 0;
  const db = () => t.database.handle.db;
  const overview = () => t.app.ctx.services.overview;

  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'error', RATE_LIMIT_MAX: '100000' } });
    await seedDemoCatalogue(db());
    const packages = await call<Package[]>(t.app, {
      url: `${API}/subscriptions/packages`,
      headers: { 'accept-language': 'en' },
    });
    basic = packages.data.find((p) => p.name === 'Basic' && p.type === 'monthly')!;
    owner = await accountWithRole(t.app, db(), 'owner');
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerConsistent(db()));

  const get = <T>(path: string, token = owner.token) => call<T>(t.app, { url: `${ADMIN}${path}`, token });
  const post = <T>(path: string, payload: object, token = owner.token) =>
    call<T>(t.app, { method: 'POST', url: `${ADMIN}${path}`, token, payload });
  const customer = async (balanceFen = 0) => {
    const u = await accountWithRole(t.app, db(), 'user');
    if (balanceFen) await credit(db(), u.email, balanceFen);
    return u;
  };
  const userRow = (id: number) =>
    db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const buy = async (token: string) => {
    const r = await call<{ order: { order_no: string }; subscription: { id: number } }>(t.app, {
      method: 'POST',
      url: `${API}/subscriptions/purchase`,
      token,
      payload: { package_id: basic.id, idempotency_key: `overview-${n++}` },
    });
    expect(r.code).toBe(20000);
    return db()
      .selectFrom('subscription_orders')
      .selectAll()
      .where('order_no', '=', r.data.order.order_no)
      .executeTakeFirstOrThrow();
  };
  const transfer = async (status: 'unmatched' | 'late' | 'credited' | 'ignored') => {
    const now = nowIso();
    return db()
      .insertInto('chain_transfers')
      .values({
        network: 'ERC20',
        tx_hash: `0x${(1000 + n++).toString(16).padStart(64, '0')}`,
        log_index: 0,
        from_address: '0xfrom',
        to_address: '0xto',
        usdt_micro: 10_000_000,
        block_number: 100,
        block_hash: null,
        block_time: now,
        order_id: null,
        status,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  };
  const usdtOrder = async (userId: number, status: 'pending' | 'paid' | 'timeout') => {
    const now = nowIso();
    await db()
      .insertInto('recharge_orders')
      .values({
        order_no: `U-ov-${n++}`,
        user_id: userId,
        method: 'usdt',
        amount_fen: 1_000,
        status,
        network: 'ERC20',
        usdt_micro: 1_400_000 + n,
        address: '0xto',
        memo: null,
        rate: '7.2000',
        transfer_id: null,
        tx_hash: null,
        code_id: null,
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        paid_at: null,
        completed_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  };
  const moneyNow = async () => {
    const r = await get<MoneyOverview>('/overview/money');
    expect(r.code).toBe(20000);
    return r.data;
  };
  const topup = (m: MoneyOverview, method: string) => m.topups.find((x) => x.method === method)!;

  it('sums revenue, refunds and top-ups by method from real purchases, refunds, codes, transfers and adjustments', async () => {
    const before = await moneyNow();
    const price = fen(basic.price);

    // Two purchases paid from the balance; the second is refunded in full (no traffic used).
    const a = await customer(price);
    const b = await customer(price);
    await buy(a.token);
    const refunded = await buy(b.token);
    const refund = await post<{ refund: { amount: string } }>(`/orders/${refunded.id}/refund`, {
      note: 'asked by mail',
    });
    expect(refund.data.refund.amount).toBe(basic.price);
    // A recharge code generated by a dealer and redeemed by a customer.
    const dealer = await customer(5_000);
    const generated = await t.app.ctx.services.codes.generate(await userRow(dealer.id), 1, 3_000);
    const c = await customer();
    await t.app.ctx.services.codes.redeem(await userRow(c.id), generated.codes[0]!.code, '10.0.0.7');
    // A transfer credited by staff (a USDT top-up), staff adjustments up and down.
    const unmatched = await transfer('unmatched');
    expect(
      (await post(`/topups/transfers/${unmatched.id}/credit`, { user_id: c.id, note: 'paid late' })).code,
    ).toBe(20000);
    expect((await post(`/users/${c.id}/balance`, { amount: '20.00', reason: 'goodwill' })).code).toBe(20000);
    expect((await post(`/users/${c.id}/balance`, { amount: '-5.00', reason: 'correction' })).code).toBe(
      20000,
    );
    // Waiting USDT orders and transfers: only pending orders and unmatched or late transfers count.
    await usdtOrder(c.id, 'pending');
    await usdtOrder(c.id, 'pending');
    await usdtOrder(c.id, 'paid');
    await usdtOrder(c.id, 'timeout');
    await transfer('unmatched');
    await transfer('late');
    await transfer('ignored');

    const after = await moneyNow();
    const usdtCredit = await db()
      .selectFrom('ledger_entries')
      .select('delta_fen')
      .where('kind', '=', 'usdt_topup')
      .executeTakeFirstOrThrow();
    for (const period of ['today', 'week', 'month'] as const) {
      const was = before.revenue[period];
      const now = after.revenue[period];
      expect(now.orders - was.orders, period).toBe(2);
      expect(fen(now.paid) - fen(was.paid), period).toBe(2 * price);
      expect(fen(now.refunds) - fen(was.refunds), period).toBe(price);
      expect(fen(now.net) - fen(was.net), period).toBe(price);
      const delta = (method: string) => ({
        count: topup(after, method)[period].count - topup(before, method)[period].count,
        amount: fen(topup(after, method)[period].amount) - fen(topup(before, method)[period].amount),
      });
      expect(delta('code_redeem')).toEqual({ count: 1, amount: 3_000 });
      expect(delta('usdt_topup')).toEqual({ count: 1, amount: Number(usdtCredit.delta_fen) });
      // The test helper's credits (a, b, dealer) are adjustments too; +20.00 and -5.00 net.
      expect(delta('admin_adjust')).toEqual({ count: 5, amount: 2 * price + 5_000 + 1_500 });
    }
    // Today is the last day of the series, and the series adds up to the 30 days.
    expect(after.revenue_days).toHaveLength(30);
    expect(after.revenue_days.at(-1)).toMatchObject({ day: nowIso().slice(0, 10) });
    expect(after.revenue_days.at(-1)!.orders).toBe(after.revenue.today.orders);
    expect(after.revenue_days.reduce((sum, d) => sum + fen(d.net), 0)).toBe(fen(after.revenue.month.net));
    expect(after.pending_usdt_orders - before.pending_usdt_orders).toBe(2);
    // unmatched and late; the credited one left the view.
    expect(after.open_transfers - before.open_transfers).toBe(2);
  });

  it('puts each row in its UTC day: today from 00:00 UTC, 7 and 30 days from 00:00 UTC 6 and 29 days ago', async () => {
    // A quiet past month of its own: 10 March 2026, 00:30 UTC.
    const at = new Date('2026-03-10T00:30:00.000Z');
    const stamps = {
      today: '2026-03-10T00:00:00.000Z',
      yesterday: '2026-03-09T23:59:59.999Z',
      weekStart: '2026-03-04T00:00:00.000Z',
      beforeWeek: '2026-03-03T23:59:59.999Z',
      monthStart: '2026-02-09T00:00:00.000Z',
      beforeMonth: '2026-02-08T23:59:59.999Z',
      later: '2026-03-10T00:30:00.001Z',
      tomorrow: '2026-03-11T00:00:00.000Z',
    };
    const price = fen(basic.price);
    const placed: Record<string, number> = {};
    for (const [name, stamp] of Object.entries(stamps)) {
      const u = await customer(price);
      const order = await buy(u.token);
      await db()
        .updateTable('subscription_orders')
        .set({ created_at: stamp })
        .where('id', '=', order.id)
        .execute();
      await db().updateTable('users').set({ created_at: stamp }).where('id', '=', u.id).execute();
      // The purchase's ledger row moves with it; a code redemption of 1.00 on the same instant.
      await db()
        .updateTable('ledger_entries')
        .set({ created_at: stamp })
        .where('user_id', '=', u.id)
        .where('kind', '=', 'purchase')
        .execute();
      placed[name] = u.id;
    }
    const money = await overview().money(at);
    expect(money.periods).toEqual({
      today: { from: '2026-03-10T00:00:00.000Z', to: '2026-03-11T00:00:00.000Z' },
      week: { from: '2026-03-04T00:00:00.000Z', to: '2026-03-11T00:00:00.000Z' },
      month: { from: '2026-02-09T00:00:00.000Z', to: '2026-03-11T00:00:00.000Z' },
    });
    // `later` (written while the figures are read) still counts in its day: a day is the whole UTC day.
    expect(money.revenue.today).toMatchObject({ orders: 2, paid: fenToMoney(2 * price) });
    expect(money.revenue.week.orders).toBe(4); // today, later, yesterday, weekStart
    expect(money.revenue.month.orders).toBe(6); // and beforeWeek, monthStart
    expect(money.revenue_days[0]).toMatchObject({ day: '2026-02-09', orders: 1 });
    expect(money.revenue_days.find((d) => d.day === '2026-03-09')).toMatchObject({ orders: 1 });
    expect(money.revenue_days.at(-1)).toMatchObject({ day: '2026-03-10', orders: 2 });

    const users = await overview().users(at);
    expect(users.registered.today.total).toBe(2);
    expect(users.registered.week.total).toBe(4);
    expect(users.registered.month.total).toBe(6);
    // accountWithRole verifies every account.
    expect(users.registered.month.verified).toBe(6);
    expect(users.periods).toEqual(money.periods);
  });

  function fenToMoney(value: number) {
    return `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
  }

  it('counts new and verified accounts, active and expiring subscriptions', async () => {
    const before = (await get<UsersOverview>('/overview/users')).data;
    await registerUser(t.app); // not verified
    const a = await customer(fen(basic.price) * 3);
    const soon = await buy(a.token);
    const b = await customer(fen(basic.price));
    const ended = await buy(b.token);
    const c = await customer(fen(basic.price));
    await buy(c.token);
    const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
    await db()
      .updateTable('subscriptions')
      .set({ end_at: inDays(3) })
      .where('id', '=', soon.subscription_id)
      .execute();
    // Past its end but not yet marked expired by the job: not active (the users list's "subscribed" agrees).
    await db()
      .updateTable('subscriptions')
      .set({ end_at: inDays(-1) })
      .where('id', '=', ended.subscription_id)
      .execute();

    const after = (await get<UsersOverview>('/overview/users')).data;
    for (const period of ['today', 'week', 'month'] as const) {
      expect(after.registered[period].total - before.registered[period].total).toBe(4);
      expect(after.registered[period].verified - before.registered[period].verified).toBe(3);
    }
    expect(after.subscriptions.active - before.subscriptions.active).toBe(2);
    expect(after.subscriptions.expiring - before.subscriptions.expiring).toBe(1);
    const listed = await get<{ items: { id: number }[] }>(`/users?subscribed=true&size=100`);
    expect(listed.data.items.length).toBe(after.subscriptions.active);
  });

  it('counts nodes by status and the traffic charged per UTC day', async () => {
    const nodes = await db().selectFrom('nodes').select(['id', 'status', 'rate_percent']).execute();
    const node = nodes[0]!;
    await db().updateTable('nodes').set({ status: 'offline' }).where('id', '=', nodes[1]!.id).execute();
    const u = await customer(fen(basic.price));
    const order = await buy(u.token);
    const before = (await get<NodesOverview>('/overview/nodes')).data;
    const at = new Date();
    const yesterday = new Date(at.getTime() - DAY);
    await recordTraffic(
      db(),
      node,
      [{ subscriptionId: order.subscription_id, upload: 1_000, download: 4_000 }],
      at,
    );
    await recordTraffic(
      db(),
      node,
      [{ subscriptionId: order.subscription_id, upload: 10, download: 20 }],
      yesterday,
    );
    const after = (await get<NodesOverview>('/overview/nodes')).data;

    const rate = (bytes: number) => Math.round((bytes * node.rate_percent) / 100);
    const statuses = await db().selectFrom('nodes').select('status').execute();
    expect(after.nodes).toEqual({
      online: statuses.filter((s) => s.status === 'online').length,
      offline: statuses.filter((s) => s.status === 'offline').length,
      maintenance: statuses.filter((s) => s.status === 'maintenance').length,
    });
    expect(after.nodes.offline).toBeGreaterThan(0);
    expect(after.traffic.today.upload - before.traffic.today.upload).toBe(rate(1_000));
    expect(after.traffic.today.download - before.traffic.today.download).toBe(rate(4_000));
    expect(after.traffic.week.upload - before.traffic.week.upload).toBe(rate(1_000) + rate(10));
    expect(after.traffic_days).toHaveLength(30);
    expect(after.traffic_days.at(-1)!.download - before.traffic_days.at(-1)!.download).toBe(rate(4_000));
    expect(after.traffic_days.at(-2)!.download - before.traffic_days.at(-2)!.download).toBe(rate(20));
  });

  it('counts the tickets waiting for staff and those being handled', async () => {
    const before = (await get<TicketsOverview>('/overview/tickets')).data;
    const u = await customer();
    const open = (title: string) =>
      call<{ id: number }>(t.app, {
        method: 'POST',
        url: `${API}/tickets`,
        token: u.token,
        payload: {
          title,
          category: 'technical',
          priority: 'high',
          description: 'It times out on every node.',
        },
      });
    const first = await open('First');
    const second = await open('Second');
    const third = await open('Third');
    expect((await post(`/tickets/${second.data.id}/status`, { status: 'processing' })).code).toBe(20000);
    expect((await post(`/tickets/${third.data.id}/status`, { status: 'closed' })).code).toBe(20000);
    expect(first.code).toBe(20000);
    const after = (await get<TicketsOverview>('/overview/tickets')).data;
    expect(after.pending - before.pending).toBe(1);
    expect(after.processing - before.processing).toBe(1);
  });

  it('answers each area only to roles that may read it: no money figures without money.read', async () => {
    const support = await accountWithRole(t.app, db(), 'support');
    const finance = await accountWithRole(t.app, db(), 'finance');
    expect((await get('/overview/money', support.token)).code).toBe(40002);
    for (const area of ['users', 'nodes', 'tickets'])
      expect((await get(`/overview/${area}`, support.token)).code).toBe(20000);
    expect((await get('/overview/money', finance.token)).code).toBe(20000);
    expect((await get('/overview/users', finance.token)).code).toBe(20000);
    expect((await get('/overview/nodes', finance.token)).code).toBe(40002);
    expect((await get('/overview/tickets', finance.token)).code).toBe(40002);
  });
});
