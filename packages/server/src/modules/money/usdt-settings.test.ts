import { ADMIN_API_PREFIX, type Topup } from '@portal/contract';
import { type UsdtSettings, type UsdtSettingsInput } from '@portal/contract/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithRole, call } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';

const ENV_ADDRESS = `0x${'1'.repeat(40)}`;
const NEW_ADDRESS = `0x${'a'.repeat(40)}`;

describe(`USDT payment settings in the database (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let admin: string;
  let finance: string;
  beforeAll(async () => {
    // A readable ERC20 chain (nothing reads it here: jobs do not run in tests).
    t = await createTestApp({
      env: {
        LOG_LEVEL: 'error',
        RATE_LIMIT_MAX: '100000',
        ERC20_RPC_URL: 'http://127.0.0.1:9',
        ERC20_RECEIVE_ADDRESS: ENV_ADDRESS,
        USDT_WINDOW_MINUTES: '15',
      },
    });
    admin = (await accountWithRole(t.app, t.database.handle.db, 'admin')).token;
    finance = (await accountWithRole(t.app, t.database.handle.db, 'finance')).token;
  });
  afterAll(() => t.close());

  const url = `${ADMIN_API_PREFIX}/settings/usdt`;
  const save = (payload: object, token = admin) =>
    call<UsdtSettings>(t.app, { method: 'PUT', url, token, payload });
  const valid: UsdtSettingsInput = {
    rate: '7.1000',
    min_amount: '20',
    max_amount: '500',
    window_minutes: 45,
    networks: {
      TRC20: { address: null, confirmations: 19 },
      ERC20: { address: NEW_ADDRESS, confirmations: 3 },
      BEP20: { address: null, confirmations: 15 },
    },
  };

  it('starts from the environment, validates, saves with an audit row, and orders use the new values', async () => {
    const first = await call<UsdtSettings>(t.app, { url, token: finance });
    expect(first.data).toMatchObject({
      source: 'environment',
      rate: '7.20',
      window_minutes: 15,
      networks: { ERC20: { address: ENV_ADDRESS, confirmations: 12, readable: true } },
    });
    expect(first.data.networks.TRC20.readable).toBe(false);

    // Refused: a Tron address on ERC20, min above max, a zero rate, a window of 1 minute; finance may not save.
    const bad = [
      { ...valid, networks: { ...valid.networks, ERC20: { address: 'TXYZ', confirmations: 3 } } },
      { ...valid, min_amount: '600' },
      { ...valid, rate: '0' },
      { ...valid, window_minutes: 1 },
    ];
    for (const payload of bad) expect((await save(payload)).code).toBe(40004);
    expect((await save(valid, finance)).code).toBe(40002);
    expect(
      await t.database.handle.db
        .selectFrom('audit_log')
        .select('id')
        .where('target_type', '=', 'settings')
        .execute(),
    ).toEqual([]);

    const saved = await save(valid);
    expect(saved.code).toBe(20000);
    expect(saved.data).toMatchObject({ source: 'database', rate: '7.1000', window_minutes: 45 });
    const audit = await t.database.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'settings.usdt.update')
      .execute();
    expect(audit).toHaveLength(1);
    const changes = JSON.parse(audit[0]!.changes!) as {
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    };
    expect(changes.before).toMatchObject({ rate: '7.20', window_minutes: 15 });
    expect(changes.after).toMatchObject({ rate: '7.1000', window_minutes: 45 });

    // A customer's new order: the new address, window, minimum and rate.
    const customer = await accountWithRole(t.app, t.database.handle.db, 'user');
    const tooSmall = await call(t.app, {
      method: 'POST',
      url: '/api/v1/portal/recharge/usdt',
      token: customer.token,
      payload: { amount: '10', network: 'ERC20' },
    });
    expect(tooSmall.code).toBe(40508);
    const order = await call<Topup>(t.app, {
      method: 'POST',
      url: '/api/v1/portal/recharge/usdt',
      token: customer.token,
      payload: { amount: '100', network: 'ERC20' },
    });
    expect(order.code).toBe(20000);
    expect(order.data).toMatchObject({ address: NEW_ADDRESS, amount: '710.00', confirmations_required: 3 });
    const minutes = (Date.parse(order.data.expires_at!) - Date.parse(order.data.created_at)) / 60_000;
    expect(Math.round(minutes)).toBe(45);

    // The chain watcher takes the settings on its next pass.
    const watcher = t.app.ctx.services.watcher;
    await watcher.tick();
    expect(watcher.sources[0]!.confirmationsRequired).toBe(3);
  });
});
