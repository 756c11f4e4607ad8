import type { Package } from '@portal/contract';
import type { AdminPackage, PackageInput } from '@portal/contract/admin';
import { ADMIN_API_PREFIX } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithRole, call } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { credit } from '../../test/wallet.js';

const API = '/api/v1/portal';
const DAY = 86_400_000;

const input = (over: Partial<PackageInput> = {}): PackageInput => ({
  name: { zh_CN: '旅行版', zh_TW: '旅行版', en: 'Travel' },
  description: { zh_CN: '出行用', zh_TW: '出行用', en: 'For trips' },
  type: 'custom',
  validity_days: 45,
  price: '19.90',
  traffic_gb: 50,
  device_limit: 3,
  speed_limit_mbps: null,
  ...over,
});

describe(`packages in the operators' console (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let owner: string;
  let viewer: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'error', RATE_LIMIT_MAX: '100000' } });
    owner = (await accountWithRole(t.app, t.database.handle.db, 'admin')).token;
    viewer = (await accountWithRole(t.app, t.database.handle.db, 'viewer')).token;
  });
  afterAll(() => t.close());
  const db = () => t.database.handle.db;

  const admin = <T = AdminPackage>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: object,
  ) => call<T>(t.app, { method, url: `${ADMIN_API_PREFIX}${path}`, token: owner, payload });
  const catalogue = async (locale = 'en') =>
    (
      await call<Package[]>(t.app, {
        url: `${API}/subscriptions/packages`,
        headers: { 'accept-language': locale },
      })
    ).data;
  const audits = (action: string, id?: number) => {
    let q = db().selectFrom('audit_log').selectAll().where('action', '=', action);
    if (id !== undefined) q = q.where('target_id', '=', String(id));
    return q.orderBy('id').execute();
  };
  let n = 0;
  async function customerBuys(packageId: number) {
    const user = await accountWithRole(t.app, db(), 'user');
    await credit(db(), user.email, 100_000);
    const paid = await call<{ order: { amount: string }; subscription: { id: number; end_at: string } }>(
      t.app,
      {
        method: 'POST',
        url: `${API}/subscriptions/purchase`,
        token: user.token,
        payload: { package_id: packageId, idempotency_key: `pkg-admin-${n++}-${Date.now()}` },
      },
    );
    return { user, paid };
  }

  it('creates a package in three languages that customers see and buy, and records it', async () => {
    const created = await admin('POST', '/packages', input());
    expect(created.code).toBe(20000);
    expect(created.data).toMatchObject({
      name: { zh_CN: '旅行版', en: 'Travel' },
      type: 'custom',
      validity_days: 45,
      price: '19.90',
      traffic_gb: 50,
      traffic_reset: 'period',
      on_sale: true,
      orders: 0,
      active_subscriptions: 0,
      upgrade_targets: [],
    });
    const id = created.data.id;
    expect((await catalogue('en')).find((p) => p.id === id)).toMatchObject({
      name: 'Travel',
      traffic_bytes: String(50 * 1024 ** 3),
      type: 'custom',
    });
    expect((await catalogue('zh_TW')).find((p) => p.id === id)?.name).toBe('旅行版');

    const before = Date.now();
    const { paid } = await customerBuys(id);
    expect(paid.code).toBe(20000);
    expect(paid.data.order.amount).toBe('19.90');
    const days = (Date.parse(paid.data.subscription.end_at) - before) / DAY;
    expect(days).toBeGreaterThan(44.9);
    expect(days).toBeLessThan(45.1);
    expect((await admin('GET', `/packages/${id}`)).data).toMatchObject({
      orders: 1,
      active_subscriptions: 1,
    });

    const [record] = await audits('package.create', id);
    expect(record).toMatchObject({ actor_role: 'admin', target_type: 'package' });
    expect(JSON.parse(record!.changes!)).toMatchObject({
      before: null,
      after: { price: '19.90', name: { en: 'Travel' } },
    });
  });

  it('refuses invalid packages naming each field, in the caller language, and writes nothing', async () => {
    const count = async () => (await admin<AdminPackage[]>('GET', '/packages')).data.length;
    const was = await count();
    const bad = await call(t.app, {
      method: 'POST',
      url: `${ADMIN_API_PREFIX}/packages`,
      token: owner,
      headers: { 'accept-language': 'zh_CN' },
      payload: {
        ...input(),
        name: { zh_CN: '', zh_TW: 'x', en: 'x' },
        price: '1.234',
        traffic_gb: 0,
        validity_days: 0,
      },
    });
    expect(bad.code).toBe(40004);
    const fields = (bad.data as { errors: { field: string }[] }).errors.map((e) => e.field).sort();
    expect(fields).toEqual(['body.name.zh_CN', 'body.price', 'body.traffic_gb', 'body.validity_days']);
    expect(bad.message).toMatch(/[\u4e00-\u9fff]/);
    expect((await admin('POST', '/packages', { ...input(), extra: 1 })).code).toBe(40004);
    expect((await admin('POST', '/packages', { ...input(), type: 'weekly' })).code).toBe(40004);
    expect(await count()).toBe(was);
  });

  it('changes a price without touching what subscribers paid, and records only what changed', async () => {
    const id = (await admin('POST', '/packages', input({ price: '10.00' }))).data.id;
    const { paid } = await customerBuys(id);
    expect(paid.data.order.amount).toBe('10.00');
    const updated = await admin('PUT', `/packages/${id}`, input({ price: '12.50' }));
    expect(updated.data.price).toBe('12.50');
    const order = await db()
      .selectFrom('subscription_orders')
      .select('amount_fen')
      .where('package_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(order.amount_fen)).toBe(1000);
    const [record] = await audits('package.update', id);
    expect(JSON.parse(record!.changes!)).toEqual({ before: { price: '10.00' }, after: { price: '12.50' } });
  });

  it('hides a package from sale (refused to buyers, kept by subscribers) and shows it again', async () => {
    const id = (await admin('POST', '/packages', input())).data.id;
    const hidden = await admin('PUT', `/packages/${id}/on-sale`, { on_sale: false });
    expect(hidden.data.on_sale).toBe(false);
    expect((await catalogue()).some((p) => p.id === id)).toBe(false);
    expect((await customerBuys(id)).paid.code).toBe(40305);
    expect(await audits('package.hide', id)).toHaveLength(1);
    await admin('PUT', `/packages/${id}/on-sale`, { on_sale: true });
    expect((await catalogue()).some((p) => p.id === id)).toBe(true);
    expect(await audits('package.show', id)).toHaveLength(1);
  });

  it('orders the pricing page by the list it is given, which must name every package once', async () => {
    const all = (await admin<AdminPackage[]>('GET', '/packages')).data.map((p) => p.id);
    const reversed = [...all].reverse();
    expect((await admin('PUT', '/packages/order', { ids: reversed.slice(1) })).code).toBe(40322);
    expect((await admin('PUT', '/packages/order', { ids: [...reversed, reversed[0]] })).code).toBe(40322);
    const done = await admin<AdminPackage[]>('PUT', '/packages/order', { ids: reversed });
    expect(done.code).toBe(20000);
    expect(done.data.map((p) => p.id)).toEqual(reversed);
    const onSale = (await catalogue()).map((p) => p.id);
    expect(onSale).toEqual(reversed.filter((id) => onSale.includes(id)));
    expect(await audits('package.reorder')).toHaveLength(1);
  });

  it('deletes a package never sold, and refuses to delete one that was', async () => {
    const fresh = (await admin('POST', '/packages', input())).data.id;
    expect((await admin('DELETE', `/packages/${fresh}`)).code).toBe(20000);
    expect((await admin('GET', `/packages/${fresh}`)).code).toBe(40304);
    expect(JSON.parse((await audits('package.delete', fresh))[0]!.changes!).after).toBeNull();

    const sold = (await admin('POST', '/packages', input())).data.id;
    await customerBuys(sold);
    const refused = await admin('DELETE', `/packages/${sold}`);
    expect(refused.code).toBe(40320);
    expect((await admin('GET', `/packages/${sold}`)).code).toBe(20000);
    expect(await audits('package.delete', sold)).toHaveLength(0);
  });

  it('limits upgrades to the packages named for it, and refuses targets that are not other packages', async () => {
    const small = (
      await admin('POST', '/packages', input({ price: '5.00', type: 'monthly', validity_days: 30 }))
    ).data.id;
    const big = (
      await admin('POST', '/packages', input({ price: '50.00', type: 'monthly', validity_days: 30 }))
    ).data.id;
    const other = (
      await admin('POST', '/packages', input({ price: '40.00', type: 'monthly', validity_days: 30 }))
    ).data.id;
    expect((await admin('PUT', `/packages/${small}`, input({ upgrade_targets: [small] }))).code).toBe(40321);
    expect((await admin('PUT', `/packages/${small}`, input({ upgrade_targets: [99999] }))).code).toBe(40321);
    const named = await admin(
      'PUT',
      `/packages/${small}`,
      input({ price: '5.00', type: 'monthly', validity_days: 30, upgrade_targets: [big] }),
    );
    expect(named.data.upgrade_targets).toEqual([big]);
    expect((await catalogue()).find((p) => p.id === small)?.upgrade_targets).toEqual([big]);

    const { user, paid } = await customerBuys(small);
    const preview = (packageId: number) =>
      call<{ amount_due: string }>(t.app, {
        method: 'POST',
        url: `${API}/subscriptions/upgrade/preview`,
        token: user.token,
        payload: { subscription_id: paid.data.subscription.id, package_id: packageId },
      });
    const refused = await preview(other);
    expect(refused.code).toBe(40309);
    expect(refused.data).toMatchObject({ reason: 'not_a_target' });
    expect((await preview(big)).code).toBe(20000);
  });

  it('starts traffic again on the first of the month for monthly packages, once, and never for "never" ones', async () => {
    const monthly = (await admin('POST', '/packages', input({ traffic_reset: 'monthly' }))).data.id;
    const period = (await admin('POST', '/packages', input({ traffic_reset: 'period' }))).data.id;
    const never = (await admin('POST', '/packages', input({ traffic_reset: 'never', price: '1.00' }))).data
      .id;
    const subs = [];
    for (const id of [monthly, period]) subs.push((await customerBuys(id)).paid.data.subscription.id);
    const lastMonth = new Date(Date.UTC(2026, 9, 20)).toISOString();
    await db()
      .updateTable('subscriptions')
      .set({ traffic_used: 5000, upload_bytes: 1000, start_at: lastMonth, status: 'suspended' })
      .where('id', 'in', subs)
      .execute();
    const jobs = t.app.ctx.services.subscriptionJobs;
    const now = new Date(Date.UTC(2026, 10, 1, 0, 5));
    expect(await jobs.resetMonthlyTraffic(now)).toBe(1);
    expect(await jobs.resetMonthlyTraffic(new Date(now.getTime() + 60_000))).toBe(0);
    const rows = await db()
      .selectFrom('subscriptions')
      .select(['id', 'traffic_used', 'status', 'traffic_reset_at'])
      .where('id', 'in', subs)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [Number(r.traffic_used), r.status])).toEqual([
      [0, 'active'],
      [5000, 'suspended'],
    ]);
    expect(rows[0]!.traffic_reset_at).toBe(now.toISOString());

    // Done once a month: a package switched to monthly later in the month starts again on the next first only.
    await db().updateTable('packages').set({ traffic_reset: 'monthly' }).where('id', '=', period).execute();
    expect(await jobs.resetMonthlyTraffic(new Date(Date.UTC(2026, 10, 15)))).toBe(0);
    const december = new Date(Date.UTC(2026, 11, 1, 0, 1));
    expect(await jobs.resetMonthlyTraffic(december)).toBe(2);
    expect(await jobs.resetMonthlyTraffic(new Date(december.getTime() + 60_000))).toBe(0);
    await db().updateTable('packages').set({ traffic_reset: 'period' }).where('id', '=', period).execute();

    const { user, paid } = await customerBuys(never);
    const sub = paid.data.subscription.id;
    await db().updateTable('subscriptions').set({ traffic_used: 777 }).where('id', '=', sub).execute();
    const renewed = await call(t.app, {
      method: 'POST',
      url: `${API}/subscriptions/renew`,
      token: user.token,
      payload: { subscription_id: sub, idempotency_key: `never-${Date.now()}` },
    });
    expect(renewed.code).toBe(20000);
    const after = await db()
      .selectFrom('subscriptions')
      .select('traffic_used')
      .where('id', '=', sub)
      .executeTakeFirstOrThrow();
    expect(Number(after.traffic_used)).toBe(777);
  });

  it('reaches the node groups it names (none: every node), refusing unknown groups', async () => {
    const group = await admin<{ id: number }>('POST', '/node-groups', { name: `Premium ${Date.now()}` });
    expect(group.code).toBe(20000);
    const created = await admin('POST', '/packages', input({ node_groups: [group.data.id] }));
    expect(created.data.node_groups).toEqual([group.data.id]);
    const listed = (await admin<AdminPackage[]>('GET', '/packages')).data.find(
      (p) => p.id === created.data.id,
    );
    expect(listed?.node_groups).toEqual([group.data.id]);
    const cleared = await admin('PUT', `/packages/${created.data.id}`, input({ node_groups: [] }));
    expect(cleared.data.node_groups).toEqual([]);
    expect((await admin('PUT', `/packages/${created.data.id}`, input({ node_groups: [999999] }))).code).toBe(
      40420,
    );
    expect((await admin('GET', `/packages/${created.data.id}`)).data.node_groups).toEqual([]);
  });

  it('lets a viewer read the catalogue but not change it', async () => {
    expect((await call(t.app, { url: `${ADMIN_API_PREFIX}/packages`, token: viewer })).code).toBe(20000);
    const refused = await call(t.app, {
      method: 'POST',
      url: `${ADMIN_API_PREFIX}/packages`,
      token: viewer,
      payload: input(),
    });
    expect(refused.code).toBe(40002);
  });
});
