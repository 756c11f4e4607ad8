import { ADMIN_API_PREFIX } from '@portal/contract';
import { type AdminCode, type CodeBatch } from '@portal/contract/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithRole, call } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { balanceOf, expectLedgerConsistent } from '../../test/wallet.js';

type Page<T> = { items: T[]; next_before: number | null };

describe(`recharge code batches in the console (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let finance: { id: number; token: string };
  let viewer: string;
  const db = () => t.database.handle.db;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'error', RATE_LIMIT_MAX: '100000' } });
    finance = await accountWithRole(t.app, db(), 'finance');
    viewer = (await accountWithRole(t.app, db(), 'viewer')).token;
  });
  afterAll(() => t.close());

  const post = <T>(url: string, payload: object, token = finance.token) =>
    call<T>(t.app, { method: 'POST', url: `${ADMIN_API_PREFIX}${url}`, token, payload });
  const get = <T>(url: string, token = finance.token) =>
    call<T>(t.app, { url: `${ADMIN_API_PREFIX}${url}`, token });
  const redeem = (token: string, code: string) =>
    call<{ amount: string }>(t.app, {
      method: 'POST',
      url: '/api/v1/portal/recharge/codes/use',
      token,
      payload: { code },
    });
  const audit = (action: string) =>
    db().selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

  it('creates a batch without debiting anyone, lists it with counts, exports it, audited', async () => {
    const created = await post<CodeBatch>('/codes/batches', { quantity: 3, amount: '25.50', note: 'fair' });
    expect(created.code).toBe(20000);
    expect(created.data).toMatchObject({
      quantity: 3,
      amount: '25.50',
      unused: 3,
      used: 0,
      created_by: finance.id,
    });
    expect(
      await balanceOf(
        db(),
        (
          await db()
            .selectFrom('users')
            .select('email')
            .where('id', '=', finance.id)
            .executeTakeFirstOrThrow()
        ).email,
      ),
    ).toBe(0);
    const [row] = await audit('code_batch.create');
    expect(JSON.parse(row!.changes!)).toMatchObject({
      before: null,
      after: { quantity: 3, amount: '25.50', note: 'fair', batch_id: created.data.batch_id },
    });
    const list = await get<Page<CodeBatch>>('/codes/batches');
    expect(list.data.items[0]!.id).toBe(created.data.id);

    const codes = await get<Page<AdminCode>>(`/codes?batch_id=${created.data.batch_id}`);
    expect(codes.data.items).toHaveLength(3);
    const customer = await accountWithRole(t.app, db(), 'user');
    expect((await redeem(customer.token, codes.data.items[0]!.code)).data.amount).toBe('25.50');
    await expectLedgerConsistent(db());

    const csv = await t.app.inject({
      url: `${ADMIN_API_PREFIX}/codes/batches/${created.data.id}/export`,
      headers: { authorization: `Bearer ${finance.token}` },
    });
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('\uFEFFcode,amount,status,batch_id,expires_at,created_at,used_at,used_by');
    expect(lines).toHaveLength(4);
    expect(lines.filter((l) => l.includes(',used,') && l.endsWith(customer.email))).toHaveLength(1);
    expect((await get(`/codes/batches/999999/export`)).code).toBe(40523);
    expect((await post('/codes/batches', { quantity: 1, amount: '1' }, viewer)).code).toBe(40002);
    expect((await post('/codes/batches', { quantity: 0, amount: '1' })).code).toBe(40004);
    expect(
      (await post('/codes/batches', { quantity: 1, amount: '1', expires_at: '2020-01-01T00:00:00Z' })).code,
    ).toBe(40004);
  });

  it('locks, disables and enables a code or a whole batch; a used code stays used; expired codes are refused', async () => {
    const batch = (await post<CodeBatch>('/codes/batches', { quantity: 3, amount: '5' })).data;
    const codes = (await get<Page<AdminCode>>(`/codes?batch_id=${batch.batch_id}`)).data.items;
    const customer = await accountWithRole(t.app, db(), 'user');
    await redeem(customer.token, codes[2]!.code);

    const locked = await post<AdminCode>(`/codes/${codes[0]!.id}/status`, { action: 'lock' });
    expect(locked.data.status).toBe('locked');
    expect((await redeem(customer.token, codes[0]!.code)).code).toBe(40509);
    expect((await post(`/codes/${codes[2]!.id}/status`, { action: 'disable' })).code).toBe(40524);
    const [lockAudit] = await audit('code.lock');
    expect(JSON.parse(lockAudit!.changes!)).toEqual({
      before: { status: 'unused' },
      after: { status: 'locked' },
    });

    const disabled = await post<{ batch: CodeBatch; changed: number }>(`/codes/batches/${batch.id}/status`, {
      action: 'disable',
    });
    expect(disabled.data.changed).toBe(2);
    expect(disabled.data.batch).toMatchObject({ disabled: 2, used: 1, unused: 0, locked: 0 });
    expect((await redeem(customer.token, codes[1]!.code)).code).toBe(40510);
    const enabled = await post<{ batch: CodeBatch; changed: number }>(`/codes/batches/${batch.id}/status`, {
      action: 'enable',
    });
    expect(enabled.data.batch).toMatchObject({ unused: 2, used: 1 });
    expect((await audit('code_batch.disable')).length).toBe(1);
    expect((await audit('code_batch.enable')).length).toBe(1);

    // An expiring batch: refused after its expiry.
    const soon = new Date(Date.now() + 60_000).toISOString();
    const expiring = (await post<CodeBatch>('/codes/batches', { quantity: 1, amount: '5', expires_at: soon }))
      .data;
    expect(expiring.expires_at).toBe(soon);
    const code = (await get<Page<AdminCode>>(`/codes?batch_id=${expiring.batch_id}`)).data.items[0]!;
    await db()
      .updateTable('recharge_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', code.id)
      .execute();
    expect((await redeem(customer.token, code.code)).code).toBe(40505);
    expect((await get<Page<AdminCode>>(`/codes?code=${code.code}`)).data.items[0]!.status).toBe('unused');
  });
});
