import { ADMIN_API_PREFIX, parseMoneyToFen, type Package } from '@portal/contract';
import {
  type AdminLedgerEntry,
  type AdminOrder,
  type AdminTopup,
  type AdminTransfer,
  type RefundPreview,
} from '@portal/contract/admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/time.js';
import { seedDemoCatalogue } from '../../seed/demo-seed.js';
import { accountWithRole, call, randomIp } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { balanceOf, credit, expectLedgerConsistent } from '../../test/wallet.js';
import { changeBalance } from '../wallet/ledger.js';

const API = '/api/v1/portal';
const ADMIN = ADMIN_API_PREFIX;
const DAY = 86_400_000;

type Page<T> = { items: T[]; next_before: number | null };

describe(`orders and money in the console (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let finance: { id: number; token: string };
  let viewer: string;
  let basic: Package;
  const db = () => t.database.handle.db;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'error', RATE_LIMIT_MAX: '100000' } });
    await seedDemoCatalogue(db());
    const packages = await call<Package[]>(t.app, {
      url: `${API}/subscriptions/packages`,
      headers: { 'accept-language': 'en' },
    });
    basic = packages.data.find((p) => p.name === 'Basic' && p.type === 'monthly')!;
    finance = await accountWithRole(t.app, db(), 'finance');
    viewer = (await accountWithRole(t.app, db(), 'viewer')).token;
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerConsistent(db()));

  const customer = async (fen: number) => {
    const u = await accountWithRole(t.app, db(), 'user');
    if (fen) await credit(db(), u.email, fen);
    return u;
  };
  const buy = async (token: string, packageId = basic.id) => {
    const r = await call<{ order: { order_no: string }; subscription: { id: number } }>(t.app, {
      method: 'POST',
      url: `${API}/subscriptions/purchase`,
      token,
      payload: { package_id: packageId, idempotency_key: `key-${n++}-${Date.now()}` },
    });
    expect(r.code).toBe(20000);
    const order = await db()
      .selectFrom('subscription_orders')
      .selectAll()
      .where('order_no', '=', r.data.order.order_no)
      .executeTakeFirstOrThrow();
    return order;
  };
  const get = <T>(url: string, token = finance.token) => call<T>(t.app, { url: `${ADMIN}${url}`, token });
  const post = <T>(url: string, payload: object, token = finance.token) =>
    call<T>(t.app, { method: 'POST', url: `${ADMIN}${url}`, token, payload });
  const auditRows = (action: string, targetId: number) =>
    db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('target_id', '=', String(targetId))
      .execute();

  it('lists subscription orders across users with filters, a page at a time, and exports them', async () => {
    const a = await customer(10_000);
    const b = await customer(10_000);
    const pro = (await call<Package[]>(t.app, { url: `${API}/subscriptions/packages` })).data.find(
      (p) => p.id !== basic.id && p.type === 'monthly',
    )!;
    const a1 = await buy(a.token);
    const a2 = await buy(a.token, pro.id);
    const b1 = await buy(b.token);
    // One order of a's is older (time range filter).
    const old = new Date(Date.now() - 3 * DAY).toISOString();
    await db().updateTable('subscription_orders').set({ created_at: old }).where('id', '=', a1.id).execute();

    const byId = await get<Page<AdminOrder>>(`/orders?user=${a.id}`);
    expect(byId.code).toBe(20000);
    expect(byId.data.items.map((o) => o.id)).toEqual([a2.id, a1.id]);
    expect(byId.data.items[0]).toMatchObject({ user_email: a.email, kind: 'purchase', status: 'paid' });
    const byEmail = await get<Page<AdminOrder>>(`/orders?user=${encodeURIComponent(a.email.toUpperCase())}`);
    expect(byEmail.data.items.map((o) => o.id)).toEqual([a2.id, a1.id]);
    expect((await get<Page<AdminOrder>>(`/orders?user=nobody@example.com`)).data.items).toEqual([]);
    // Digits beyond the id range name nobody (they once reached PostgreSQL's integer column: a 500).
    for (const list of ['/orders', '/ledger', '/topups/usdt'])
      expect(await get(`${list}?user=2147483648`), list).toMatchObject({ code: 20000, data: { items: [] } });
    // Package names in the caller's language.
    const inEnglish = await call<Page<AdminOrder>>(t.app, {
      url: `${ADMIN}/orders?user=${b.id}`,
      token: finance.token,
      headers: { 'accept-language': 'en' },
    });
    expect(inEnglish.data.items[0]!.package_name).toBe('Basic');
    expect(byId.data.items[1]!.package_name).not.toBe('Basic');
    const byPackage = await get<Page<AdminOrder>>(`/orders?package_id=${basic.id}&user=${b.id}`);
    expect(byPackage.data.items.map((o) => o.id)).toEqual([b1.id]);
    expect((await get<Page<AdminOrder>>(`/orders?kind=renew&user=${a.id}`)).data.items).toEqual([]);
    const recent = await get<Page<AdminOrder>>(
      `/orders?user=${a.id}&from=${encodeURIComponent(new Date(Date.now() - DAY).toISOString())}`,
    );
    expect(recent.data.items.map((o) => o.id)).toEqual([a2.id]);
    const older = await get<Page<AdminOrder>>(
      `/orders?user=${a.id}&to=${encodeURIComponent(new Date(Date.now() - DAY).toISOString())}`,
    );
    expect(older.data.items.map((o) => o.id)).toEqual([a1.id]);

    // Pages of one walk every order once, newest first.
    const seen: number[] = [];
    let before: number | null | undefined;
    do {
      const page = await get<Page<AdminOrder>>(`/orders?size=1${before ? `&before=${before}` : ''}`);
      seen.push(...page.data.items.map((o) => o.id));
      before = page.data.next_before;
    } while (before);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining([a1.id, a2.id, b1.id]));
    expect(seen.indexOf(a1.id)).toBe(seen.length - 1); // the oldest one last
    // Oldest first: the same orders the other way, a page at a time.
    const oldest: number[] = [];
    before = undefined;
    do {
      const page: { data: Page<AdminOrder> } = await get<Page<AdminOrder>>(
        `/orders?sort=oldest&size=2${before ? `&before=${before}` : ''}`,
      );
      oldest.push(...page.data.items.map((o) => o.id));
      before = page.data.next_before;
    } while (before);
    expect(oldest).toEqual([...seen].reverse());
    expect((await get<Page<AdminOrder>>(`/orders?sort=cheapest`)).code).toBe(40004);

    const csv = await t.app.inject({
      url: `${ADMIN}/orders/export?user=${a.id}`,
      headers: { authorization: `Bearer ${finance.token}` },
    });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFid,created_at,order_no,user_id,user_email,kind,package_id,package_name,subscription_id,amount,status',
    );
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual([a2.id, a1.id]);
    // A viewer reads, a customer does not.
    expect((await get(`/orders`, viewer)).code).toBe(20000);
    expect((await get(`/orders`, a.token)).code).toBe(40002);
    expect((await get(`/orders?from=yesterday`)).code).toBe(40004);
  });

  it('lists the ledger across users with filters and exports it with formulas defused', async () => {
    const u = await customer(5_000);
    await db()
      .transaction()
      .execute((trx) =>
        changeBalance(trx, {
          userId: u.id,
          deltaFen: -1_000,
          kind: 'admin_adjust',
          reference: `adj-${n++}`,
          memo: '=HYPERLINK("x")',
        }),
      );
    const all = await get<Page<AdminLedgerEntry>>(`/ledger?user=${u.id}`);
    expect(all.data.items.map((e) => [e.kind, e.delta, e.balance_after])).toEqual([
      ['admin_adjust', '-10.00', '40.00'],
      ['admin_adjust', '+50.00', '50.00'],
    ]);
    expect(all.data.items[0]!.user_email).toBe(u.email);
    expect((await get<Page<AdminLedgerEntry>>(`/ledger?user=${u.id}&kind=purchase`)).data.items).toEqual([]);
    const future = encodeURIComponent(new Date(Date.now() + DAY).toISOString());
    expect((await get<Page<AdminLedgerEntry>>(`/ledger?from=${future}`)).data.items).toEqual([]);
    const first = await get<Page<AdminLedgerEntry>>(`/ledger?user=${u.id}&size=1`);
    expect(first.data.items).toHaveLength(1);
    const second = await get<Page<AdminLedgerEntry>>(
      `/ledger?user=${u.id}&size=1&before=${first.data.next_before}`,
    );
    expect(second.data.items.map((e) => e.delta)).toEqual(['+50.00']);
    expect(second.data.next_before).toBeNull();
    const firstOld = await get<Page<AdminLedgerEntry>>(`/ledger?user=${u.id}&size=1&sort=oldest`);
    expect(firstOld.data.items.map((e) => e.delta)).toEqual(['+50.00']);
    const secondOld = await get<Page<AdminLedgerEntry>>(
      `/ledger?user=${u.id}&size=1&sort=oldest&before=${firstOld.data.next_before}`,
    );
    expect(secondOld.data.items.map((e) => e.delta)).toEqual(['-10.00']);
    expect(secondOld.data.next_before).toBeNull();

    const csv = await t.app.inject({
      url: `${ADMIN}/ledger/export?user=${encodeURIComponent(u.email)}`,
      headers: { authorization: `Bearer ${finance.token}` },
    });
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('\uFEFFid,created_at,user_id,user_email,kind,delta,balance_after,reference,memo');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain(",'-10.00,");
  });

  async function transfer(values: { status: 'unmatched' | 'late'; micro: number; orderId?: number }) {
    const now = nowIso();
    const row = await db()
      .insertInto('chain_transfers')
      .values({
        network: 'ERC20',
        tx_hash: `0x${(n++).toString(16).padStart(64, '0')}`,
        log_index: 0,
        from_address: '0xfrom',
        to_address: '0xto',
        usdt_micro: values.micro,
        block_number: 100,
        block_hash: null,
        block_time: now,
        order_id: values.orderId ?? null,
        status: values.status,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('credits an unmatched transfer to a user exactly once under 20 parallel clicks, audited', async () => {
    const u = await customer(0);
    const id = await transfer({ status: 'unmatched', micro: 10_000_000 });
    const open = await get<Page<AdminTransfer>>(`/topups/transfers`);
    const listed = open.data.items.find((x) => x.id === id)!;
    // 10 USDT at the configured rate (7.20).
    expect(listed).toMatchObject({ status: 'unmatched', usdt_amount: '10.000000', credit_amount: '72.00' });

    const clicks = await Promise.all(
      Array.from({ length: 20 }, () =>
        call<{ amount: string; balance: string; order_no: string }>(t.app, {
          method: 'POST',
          url: `${ADMIN}/topups/transfers/${id}/credit`,
          token: finance.token,
          payload: { user_id: u.id, note: 'customer wrote to support with the hash' },
          remoteAddress: randomIp(),
        }),
      ),
    );
    const codes = clicks.map((c) => c.code);
    expect(codes.filter((c) => c === 20000)).toHaveLength(1);
    expect(codes.filter((c) => c !== 20000).every((c) => c === 40521)).toBe(true);
    expect(await balanceOf(db(), u.email)).toBe(7_200);
    const entries = await db()
      .selectFrom('ledger_entries')
      .selectAll()
      .where('reference', '=', `transfer:${id}`)
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ user_id: u.id, kind: 'usdt_topup' });
    const audit = await auditRows('transfer.credit', id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(finance.id);
    expect(JSON.parse(audit[0]!.changes!)).toMatchObject({
      before: { status: 'unmatched', resolved_user_id: null },
      after: { status: 'credited', resolved_user_id: u.id, amount: '72.00' },
    });
    // It left the open list; the top-up shows in the USDT orders with its chain state.
    expect((await get<Page<AdminTransfer>>(`/topups/transfers`)).data.items.map((x) => x.id)).not.toContain(
      id,
    );
    const credited = await get<Page<AdminTransfer>>(`/topups/transfers?view=credited`);
    expect(credited.data.items.find((x) => x.id === id)).toMatchObject({ resolved_user_id: u.id });
    const topups = await get<Page<AdminTopup>>(`/topups/usdt?user=${u.id}`);
    expect(topups.data.items).toHaveLength(1);
    expect(topups.data.items[0]).toMatchObject({
      status: 'confirmed',
      amount: '72.00',
      usdt_amount: '10.000000',
      transfer_status: 'credited',
    });
    // A transfer can be neither ignored nor credited again; unknown ones and unknown users are refused.
    expect((await post(`/topups/transfers/${id}/ignore`, { note: 'x' })).code).toBe(40521);
    expect((await post(`/topups/transfers/999999/credit`, { user_id: u.id, note: 'x' })).code).toBe(40520);
    const other = await transfer({ status: 'unmatched', micro: 1_000_000 });
    expect((await post(`/topups/transfers/${other}/credit`, { user_id: 999999, note: 'x' })).code).toBe(
      40201,
    );
    expect((await post(`/topups/transfers/${other}/credit`, { user_id: u.id, note: '' })).code).toBe(40004);
    // viewer may read but not credit
    expect((await post(`/topups/transfers/${other}/credit`, { user_id: u.id, note: 'x' }, viewer)).code).toBe(
      40002,
    );
  });

  it('credits a late transfer at its order rate and ignores another, both audited', async () => {
    const u = await customer(0);
    const now = nowIso();
    const order = await db()
      .insertInto('recharge_orders')
      .values({
        order_no: `U-late-${n++}`,
        user_id: u.id,
        method: 'usdt',
        amount_fen: 1_000,
        status: 'timeout',
        network: 'ERC20',
        usdt_micro: 1_000_123,
        address: '0xto',
        memo: null,
        rate: '7.0000',
        transfer_id: null,
        tx_hash: null,
        code_id: null,
        expires_at: now,
        paid_at: null,
        completed_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const late = await transfer({ status: 'late', micro: 1_000_123, orderId: order.id });
    const listed = (await get<Page<AdminTransfer>>(`/topups/transfers`)).data.items.find(
      (x) => x.id === late,
    )!;
    expect(listed).toMatchObject({ status: 'late', order_user_id: u.id, credit_amount: '7.00' });
    const done = await post<{ amount: string }>(`/topups/transfers/${late}/credit`, {
      user_id: u.id,
      note: 'paid two minutes late',
    });
    expect(done.data.amount).toBe('7.00');

    const stray = await transfer({ status: 'unmatched', micro: 5_000_000 });
    const ignored = await post<AdminTransfer>(`/topups/transfers/${stray}/ignore`, { note: 'test transfer' });
    expect(ignored.code).toBe(20000);
    expect(ignored.data).toMatchObject({ status: 'ignored', note: 'test transfer', resolved_by: finance.id });
    expect((await post(`/topups/transfers/${stray}/credit`, { user_id: u.id, note: 'x' })).code).toBe(40521);
    const audit = await auditRows('transfer.ignore', stray);
    expect(JSON.parse(audit[0]!.changes!)).toEqual({
      before: { status: 'unmatched', note: null },
      after: { status: 'ignored', note: 'test transfer' },
    });
    expect((await get<Page<AdminTransfer>>(`/topups/transfers?view=ignored`)).data.items[0]!.id).toBe(stray);
  });

  const preview = (orderId: number) => get<RefundPreview>(`/orders/${orderId}/refund`);
  const refund = (orderId: number) =>
    post<{ refund: RefundPreview; balance: string }>(`/orders/${orderId}/refund`, { note: 'asked by mail' });
  const priceFen = () => parseMoneyToFen(basic.price);

  it('refunds an order with no traffic used in full, once, ending the subscription, audited', async () => {
    const u = await customer(priceFen());
    const order = await buy(u.token);
    const p = await preview(order.id);
    expect(p.data).toMatchObject({
      paid: basic.price,
      code_paid: '0.00',
      amount: basic.price,
      rule: 'full',
      refused: null,
    });
    const clicks = await Promise.all(Array.from({ length: 5 }, () => refund(order.id)));
    expect(clicks.filter((c) => c.code === 20000)).toHaveLength(1);
    expect(clicks.filter((c) => c.code !== 20000).every((c) => c.code === 40522)).toBe(true);
    expect(await balanceOf(db(), u.email)).toBe(priceFen());
    const sub = await db()
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', order.subscription_id)
      .executeTakeFirstOrThrow();
    expect(sub.status).toBe('expired');
    expect((await preview(order.id)).data).toMatchObject({ refused: 'refunded', amount: '0.00' });
    expect((await refund(order.id)).code).toBe(40522);
    const audit = await auditRows('order.refund', order.id);
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.changes!)).toMatchObject({
      before: { status: 'paid', subscription_status: 'active' },
      after: { status: 'refunded', subscription_status: 'expired', amount: basic.price, rule: 'full' },
    });
    const listed = await get<Page<AdminOrder>>(`/orders?user=${u.id}`);
    expect(listed.data.items[0]!.status).toBe('refunded');
    expect((await post(`/orders/${order.id}/refund`, { note: 'x' }, viewer)).code).toBe(40002);
  });

  it('refunds the share left when traffic was partly used', async () => {
    const u = await customer(priceFen());
    const order = await buy(u.token);
    const sub = await db()
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', order.subscription_id)
      .executeTakeFirstOrThrow();
    const limit = Number(sub.traffic_limit);
    await db()
      .updateTable('subscriptions')
      .set({ traffic_used: Math.floor(limit / 4) })
      .where('id', '=', sub.id)
      .execute();
    const p = await preview(order.id);
    const expected = Math.floor((priceFen() * p.data.remaining_ppm) / 1_000_000);
    expect(p.data.remaining_ppm).toBe(750_000);
    expect(p.data).toMatchObject({ rule: 'proportional', amount: (expected / 100).toFixed(2) });
    expect((await refund(order.id)).data.refund.amount).toBe((expected / 100).toFixed(2));
    expect(await balanceOf(db(), u.email)).toBe(expected);
    // Used up: nothing to refund.
    const v = await customer(priceFen());
    const used = await buy(v.token);
    await db()
      .updateTable('subscriptions')
      .set({ traffic_used: limit })
      .where('id', '=', used.subscription_id)
      .execute();
    expect((await preview(used.id)).data.refused).toBe('used_up');
  });

  it('never refunds what recharge-code money paid (code money is spent first)', async () => {
    const dealer = await customer(priceFen());
    const dealerRow = await db()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', dealer.id)
      .executeTakeFirstOrThrow();
    // The code covers all but 1.00 of the price; the rest is cash.
    const generated = await t.app.ctx.services.codes.generate(dealerRow, 1, priceFen() - 100);
    const u = await customer(500);
    const userRow = await db()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    await t.app.ctx.services.codes.redeem(userRow, generated.codes[0]!.code, '10.0.0.1');
    const order = await buy(u.token);
    const p = await preview(order.id);
    expect(p.data).toMatchObject({
      paid: basic.price,
      code_paid: ((priceFen() - 100) / 100).toFixed(2),
      refundable_base: '1.00',
      amount: '1.00',
      rule: 'full',
    });
    expect((await refund(order.id)).data.balance).toBe('5.00');
    // Paid with code money only: refused.
    const dealer2 = await db()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', (await customer(priceFen())).id)
      .executeTakeFirstOrThrow();
    const code = (await t.app.ctx.services.codes.generate(dealer2, 1, priceFen())).codes[0]!.code;
    const w = await customer(0);
    const wRow = await db().selectFrom('users').selectAll().where('id', '=', w.id).executeTakeFirstOrThrow();
    await t.app.ctx.services.codes.redeem(wRow, code, '10.0.0.2');
    const codeOrder = await buy(w.token);
    expect((await preview(codeOrder.id)).data).toMatchObject({ refused: 'code_paid', amount: '0.00' });
    expect((await refund(codeOrder.id)).code).toBe(40522);
    expect(await auditRows('order.refund', codeOrder.id)).toEqual([]);
  });

  it('refuses after 7 days, a superseded order and an unknown one', async () => {
    const u = await customer(priceFen() * 2);
    const order = await buy(u.token);
    await db()
      .updateTable('subscription_orders')
      .set({ created_at: new Date(Date.now() - 8 * DAY).toISOString() })
      .where('id', '=', order.id)
      .execute();
    expect((await preview(order.id)).data.refused).toBe('too_late');
    const refused = await refund(order.id);
    expect(refused.code).toBe(40522);
    expect(refused.data).toEqual({ reason: 'too_late' });
    expect(await balanceOf(db(), u.email)).toBe(priceFen());
    // A renewal after it: the first order is superseded, the renewal is refunded by taking its period off.
    await db()
      .updateTable('subscription_orders')
      .set({ created_at: nowIso() })
      .where('id', '=', order.id)
      .execute();
    const renewed = await call<{ order: { order_no: string } }>(t.app, {
      method: 'POST',
      url: `${API}/subscriptions/renew`,
      token: u.token,
      payload: { subscription_id: order.subscription_id, idempotency_key: `key-${n++}-${Date.now()}` },
    });
    expect(renewed.code).toBe(20000);
    expect((await preview(order.id)).data.refused).toBe('superseded');
    const renewal = await db()
      .selectFrom('subscription_orders')
      .select('id')
      .where('order_no', '=', renewed.data.order.order_no)
      .executeTakeFirstOrThrow();
    const before = await db()
      .selectFrom('subscriptions')
      .select(['end_at'])
      .where('id', '=', order.subscription_id)
      .executeTakeFirstOrThrow();
    const done = await refund(renewal.id);
    expect(done.code).toBe(20000);
    const after = await db()
      .selectFrom('subscriptions')
      .select(['end_at', 'status'])
      .where('id', '=', order.subscription_id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('active');
    expect(Date.parse(before.end_at) - Date.parse(after.end_at)).toBe(30 * DAY);
    expect((await preview(999999)).code).toBe(40306);
  });
});
