import { LIMITS, RECHARGE_CODE_ALPHABET, RECHARGE_CODE_PREFIX, type RechargeCode } from '@portal/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, login, registerUser, verifiedUser } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { balanceOf, credit, expectLedgerConsistent } from '../../test/wallet.js';

const API = '/api/v1/portal';

describe(`recharge codes and the ledger (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: sink.url, LOG_LEVEL: 'warn' } });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });
  afterEach(() => expectLedgerConsistent(t.database.handle.db));
  const db = () => t.database.handle.db;

  async function dealer(fen: number) {
    const u = await verifiedUser(t.app, sink);
    if (fen > 0) await credit(db(), u.email, fen);
    return u;
  }
  const generate = (token: string, quantity: unknown, amount: unknown) =>
    call<{ batch_id: string; total: string; balance: string; codes: RechargeCode[] }>(t.app, {
      method: 'POST',
      url: `${API}/recharge/codes/generate`,
      token,
      payload: { quantity, amount },
    });
  const redeem = (token: string, code: string, remoteAddress?: string) =>
    call<{ amount: string; balance: string; order_no: string }>(t.app, {
      method: 'POST',
      url: `${API}/recharge/codes/use`,
      token,
      payload: { code },
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  it('generates codes of the right shape and deducts quantity x amount once', async () => {
    const d = await dealer(10_000);
    const r = await generate(d.tokens.access_token, 3, '12.50');
    expect(r.code).toBe(20000);
    expect(r.data).toMatchObject({ total: '37.50', balance: '62.50' });
    expect(r.data.codes).toHaveLength(3);
    for (const c of r.data.codes) {
      expect(c.code).toHaveLength(LIMITS.rechargeCodeLength);
      expect(c.code.startsWith(RECHARGE_CODE_PREFIX)).toBe(true);
      expect(c).toMatchObject({
        amount: '12.50',
        status: 'unused',
        used_at: null,
        batch_id: r.data.batch_id,
      });
    }
    expect(new Set(r.data.codes.map((c) => c.code)).size).toBe(3);
    expect(await balanceOf(db(), d.email)).toBe(6250);
    const ledger = await call<{
      items: { kind: string; delta: string; balance_after: string; reference: string }[];
    }>(t.app, {
      url: `${API}/wallet/ledger?direction=out`,
      token: d.tokens.access_token,
    });
    expect(ledger.data.items).toEqual([
      expect.objectContaining({
        kind: 'code_generate',
        delta: '-37.50',
        balance_after: '62.50',
        reference: r.data.batch_id,
      }),
    ]);
  });

  it('refuses what the balance cannot pay, changing nothing', async () => {
    const d = await dealer(1000);
    const r = await generate(d.tokens.access_token, 2, '5.01');
    expect(r).toMatchObject({ status: 402, code: 40203, message: '余额不足，请先充值' });
    expect(await balanceOf(db(), d.email)).toBe(1000);
    const codes = await call<{ total: number }>(t.app, {
      url: `${API}/recharge/codes`,
      token: d.tokens.access_token,
    });
    expect(codes.data.total).toBe(0);
  });

  it('validates quantity (1-100) and amount', async () => {
    const d = await dealer(0);
    for (const [quantity, amount, field] of [
      [0, '1.00', 'body.quantity'],
      [101, '1.00', 'body.quantity'],
      [1, '0', 'body.amount'],
      [1, '1.234', 'body.amount'],
      [1, '10000.01', 'body.amount'],
    ] as const) {
      const r = await generate(d.tokens.access_token, quantity, amount);
      expect(r.code, `${quantity} ${amount}`).toBe(40004);
      expect((r.data as unknown as { field: string }).field).toBe(field);
    }
  });

  it('lets anyone redeem a code once, recorded in the history and the ledger', async () => {
    const d = await dealer(5000);
    const [code] = (await generate(d.tokens.access_token, 1, '20.00')).data.codes;
    const buyer = await verifiedUser(t.app, sink);
    const r = await redeem(buyer.tokens.access_token, code!.code.toLowerCase());
    expect(r.data).toMatchObject({ amount: '20.00', balance: '20.00' });
    expect(await redeem(buyer.tokens.access_token, code!.code)).toMatchObject({
      status: 409,
      code: 40504,
      message: '充值码已被使用',
    });

    const history = await call<{
      items: { method: string; amount: string; status: string; order_no: string }[];
    }>(t.app, {
      url: `${API}/recharge/history?method=code`,
      token: buyer.tokens.access_token,
    });
    expect(history.data.items).toEqual([
      expect.objectContaining({
        method: 'code',
        amount: '20.00',
        status: 'confirmed',
        order_no: r.data.order_no,
      }),
    ]);
    const mine = await call<{ items: RechargeCode[] }>(t.app, {
      url: `${API}/recharge/codes?status=used`,
      token: d.tokens.access_token,
    });
    expect(mine.data.items[0]).toMatchObject({
      status: 'used',
      used_by: `${buyer.email.slice(0, 2)}***@example.com`,
    });
    expect(mine.data.items[0]!.used_at).toBeTruthy();
  });

  it('credits exactly once when one code is redeemed 50 times in parallel', async () => {
    const d = await dealer(1000);
    const [code] = (await generate(d.tokens.access_token, 1, '10.00')).data.codes;
    const buyers = await Promise.all([1, 2, 3, 4, 5].map(() => verifiedUser(t.app, sink)));
    const attempts = buyers.flatMap((b) =>
      Array.from({ length: 10 }, () => redeem(b.tokens.access_token, code!.code)),
    );
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r.code === 20000)).toHaveLength(1);
    expect(results.filter((r) => r.code === 40504)).toHaveLength(49);
    const balances = await Promise.all(buyers.map((b) => balanceOf(db(), b.email)));
    expect(balances.reduce((a, b) => a + b, 0)).toBe(1000);
    const orders = await db()
      .selectFrom('recharge_orders as o')
      .innerJoin('recharge_codes as c', 'c.id', 'o.code_id')
      .select('o.order_no')
      .where('c.code', '=', code!.code)
      .execute();
    expect(orders).toHaveLength(1);
    const credits = await db()
      .selectFrom('ledger_entries')
      .selectAll()
      .where('kind', '=', 'code_redeem')
      .where('reference', '=', orders[0]!.order_no)
      .execute();
    expect(credits).toHaveLength(1);
  });

  it('never overdraws when generations race for the same balance', async () => {
    const d = await dealer(1000);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => generate(d.tokens.access_token, 1, '1.00')),
    );
    expect(results.filter((r) => r.code === 20000)).toHaveLength(10);
    expect(results.filter((r) => r.code === 40203)).toHaveLength(10);
    expect(await balanceOf(db(), d.email)).toBe(0);
  });

  it('gives locked, disabled, unknown and malformed codes their own errors', async () => {
    const d = await dealer(3000);
    const codes = (await generate(d.tokens.access_token, 2, '10.00')).data.codes;
    await db()
      .updateTable('recharge_codes')
      .set({ status: 'locked' })
      .where('code', '=', codes[0]!.code)
      .execute();
    await db()
      .updateTable('recharge_codes')
      .set({ status: 'disabled' })
      .where('code', '=', codes[1]!.code)
      .execute();
    const user = await verifiedUser(t.app, sink);
    expect((await redeem(user.tokens.access_token, codes[0]!.code)).code).toBe(40509);
    expect((await redeem(user.tokens.access_token, codes[1]!.code)).code).toBe(40510);
    const unknown = `${RECHARGE_CODE_PREFIX}${'A'.repeat(LIMITS.rechargeCodeLength - RECHARGE_CODE_PREFIX.length)}`;
    expect(await redeem(user.tokens.access_token, unknown)).toMatchObject({
      status: 400,
      code: 40503,
      message: '充值码无效',
    });
    const malformed = await call<{ field: string; errors: { message: string }[] }>(t.app, {
      method: 'POST',
      url: `${API}/recharge/codes/use`,
      token: user.tokens.access_token,
      payload: { code: 'RC-short' },
    });
    expect(malformed).toMatchObject({
      code: 40004,
      data: { field: 'body.code', errors: [{ message: '充值码格式无效' }] },
    });
    expect(await balanceOf(db(), user.email)).toBe(0);
  });

  it('stops guessing: after 10 unknown codes, redemption is refused for a while', async () => {
    const d = await dealer(1000);
    const [good] = (await generate(d.tokens.access_token, 1, '10.00')).data.codes;
    const guesser = await verifiedUser(t.app, sink);
    const body = LIMITS.rechargeCodeLength - RECHARGE_CODE_PREFIX.length;
    const guess = (i: number) =>
      `${RECHARGE_CODE_PREFIX}${RECHARGE_CODE_ALPHABET[i % RECHARGE_CODE_ALPHABET.length]!.repeat(body)}`;
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) {
      codes.push((await redeem(guesser.tokens.access_token, guess(i))).code);
    }
    expect(codes.every((c) => c === 40503)).toBe(true);
    expect((await redeem(guesser.tokens.access_token, good!.code)).code).toBe(40005);
    // The same from many accounts at one address is refused too.
    const ip = '10.77.0.1';
    for (let i = 0; i < 10; i++) {
      const other = await login(t.app, await registerUser(t.app));
      await db()
        .updateTable('users')
        .set({ email_verified_at: new Date().toISOString() })
        .where(
          'id',
          '=',
          (await call<{ id: number }>(t.app, { url: `${API}/users/profile`, token: other.access_token })).data
            .id,
        )
        .execute();
      expect((await redeem(other.access_token, guess(i + 10), ip)).code).toBe(40503);
    }
    const fresh = await verifiedUser(t.app, sink);
    expect((await redeem(fresh.tokens.access_token, good!.code, ip)).code).toBe(40005);
    expect((await redeem(fresh.tokens.access_token, good!.code, '10.77.0.2')).code).toBe(20000);
  });

  it('lists only the owner codes, filters and pages them, and exports CSV', async () => {
    const d = await dealer(10_000);
    await generate(d.tokens.access_token, 25, '1.00');
    const page2 = await call<{ items: RechargeCode[]; total: number; page: number; pages: number }>(t.app, {
      url: `${API}/recharge/codes?page=2&size=10&status=unused`,
      token: d.tokens.access_token,
    });
    expect(page2.data).toMatchObject({ total: 25, page: 2, pages: 3 });
    expect(page2.data.items).toHaveLength(10);
    const other = await verifiedUser(t.app, sink);
    expect(
      (
        await call<{ total: number }>(t.app, {
          url: `${API}/recharge/codes`,
          token: other.tokens.access_token,
        })
      ).data.total,
    ).toBe(0);

    const res = await t.app.inject({
      url: `${API}/recharge/codes/export?status=unused`,
      headers: { authorization: `Bearer ${d.tokens.access_token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="recharge-codes-\d{8}\.csv"/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('code,amount,status,batch_id,created_at,used_at,used_by');
    expect(lines).toHaveLength(26);
    expect(lines[1]).toMatch(/^RC-[A-Z0-9]{67},1\.00,unused,/);
    const anonymous = await t.app.inject({ url: `${API}/recharge/codes/export` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is closed to unverified accounts', async () => {
    const u = await login(t.app, await registerUser(t.app));
    expect((await generate(u.access_token, 1, '1.00')).code).toBe(40105);
    expect((await call(t.app, { url: `${API}/recharge/history`, token: u.access_token })).code).toBe(40105);
  });

  it('draws the balance over time from the ledger', async () => {
    const d = await dealer(2500);
    await generate(d.tokens.access_token, 1, '5.00');
    const r = await call<{ date: string; balance: string }[]>(t.app, {
      url: `${API}/wallet/balance-history?days=7`,
      token: d.tokens.access_token,
    });
    expect(r.data).toHaveLength(7);
    expect(r.data[6]).toEqual({ date: new Date().toISOString().slice(0, 10), balance: '20.00' });
    expect(r.data[0]!.balance).toBe('0.00');
  });
});
