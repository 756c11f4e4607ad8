import { ADMIN_API_PREFIX, type Package, type Subscription, type TrialOffer } from '@portal/contract';
import type { TrialSettings } from '@portal/contract/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountWithRole,
  call,
  login,
  registerUser,
  uniqueEmail,
  verifiedUser,
} from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { linkFrom, startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { seedDemoCatalogue } from '../../seed/demo-seed.js';
import { NODE_API_PREFIX } from '../nodes/node-api.js';
import { issueNodeToken } from '../nodes/node-tokens.js';

const API = '/api/v1/portal';
const DAY_MS = 86_400_000;

describe(`grants, link and traffic resets, the trial (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  let admin: { id: number; token: string };
  let finance: string;
  let support: string;
  let packages: Package[];
  let nodeToken: string;
  let nodeId: number;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: sink.url, LOG_LEVEL: 'error', RATE_LIMIT_MAX: '100000' } });
    await seedDemoCatalogue(t.database.handle.db);
    admin = await accountWithRole(t.app, t.database.handle.db, 'admin');
    finance = (await accountWithRole(t.app, t.database.handle.db, 'finance')).token;
    support = (await accountWithRole(t.app, t.database.handle.db, 'support')).token;
    packages = (await call<Package[]>(t.app, { url: `${API}/subscriptions/packages` })).data;
    const node = await db()
      .selectFrom('nodes')
      .select(['id'])
      .where('protocol', '=', 'vmess')
      .executeTakeFirstOrThrow();
    nodeId = node.id;
    nodeToken = await issueNodeToken(db(), node.id);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });
  const db = () => t.database.handle.db;
  const staff = <T>(
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: object,
  ) => call<T>(t.app, { method, url: `${ADMIN_API_PREFIX}${path}`, token, payload });
  const audits = (action: string, id: number) =>
    db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('target_id', '=', String(id))
      .orderBy('id')
      .execute();
  const changes = (row: { changes: string | null }) =>
    JSON.parse(row.changes!) as { before: Record<string, unknown>; after: Record<string, unknown> };
  const idOf = async (email: string) =>
    (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const subsOf = (userId: number) =>
    db().selectFrom('subscriptions').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const agentUsers = async () => {
    const res = await t.app.inject({
      url: `${NODE_API_PREFIX}/user?token=${nodeToken}&node_id=${nodeId}&node_type=vmess`,
    });
    return (res.json<{ users: { uuid: string }[] }>().users ?? []).map((x) => x.uuid);
  };
  const customer = async () => {
    const u = await verifiedUser(t.app, sink);
    return { ...u, id: await idOf(u.email) };
  };
  const near = (iso: string, ms: number) => expect(Math.abs(Date.parse(iso) - ms)).toBeLessThan(60_000);

  it("grants a package for some days: a new subscription, no order, audited, on the agents' list", async () => {
    const u = await customer();
    const hidden = packages[1]!;
    await db().updateTable('packages').set({ on_sale: 0 }).where('id', '=', hidden.id).execute();
    try {
      const body = { package_id: hidden.id, days: 10, reason: 'Compensation for the outage' };
      // support may not grant (no subscriptions.grant); finance may.
      expect((await staff(support, 'POST', `/users/${u.id}/subscriptions`, body)).code).toBe(40002);
      const granted = await staff<Subscription>(finance, 'POST', `/users/${u.id}/subscriptions`, body);
      expect(granted.code).toBe(20000);
      expect(granted.data).toMatchObject({ package_id: hidden.id, status: 'active', order_no: '' });
      near(granted.data.end_at, Date.now() + 10 * DAY_MS);
      expect(await agentUsers()).toContain(granted.data.uuid);
      // No order: nothing in the customer's orders, the money reports or refunds.
      const orders = await db()
        .selectFrom('subscription_orders')
        .select('id')
        .where('user_id', '=', u.id)
        .execute();
      expect(orders).toEqual([]);
      const mine = await call<Subscription[]>(t.app, {
        url: `${API}/subscriptions/my`,
        token: (await login(t.app, u.email)).access_token,
      });
      expect(mine.data.map((s) => s.id)).toEqual([granted.data.id]);
      const [record] = await audits('subscription.grant', granted.data.id);
      expect(changes(record!).after).toMatchObject({
        user_id: u.id,
        package_id: hidden.id,
        days: 10,
        reason: 'Compensation for the outage',
      });
      expect(record!.actor_role).toBe('finance');
    } finally {
      await db().updateTable('packages').set({ on_sale: 1 }).where('id', '=', hidden.id).execute();
    }
  });

  it('refuses a grant to oneself, of an unknown package, for 0 or more than 3650 days, without a reason', async () => {
    const u = await customer();
    const ok = { package_id: packages[0]!.id, days: 5, reason: 'x' };
    expect((await staff(admin.token, 'POST', `/users/${admin.id}/subscriptions`, ok)).code).toBe(40220);
    expect((await staff(admin.token, 'POST', `/users/999999/subscriptions`, ok)).code).toBe(40201);
    const unknown = { ...ok, package_id: 999_999 };
    expect((await staff(admin.token, 'POST', `/users/${u.id}/subscriptions`, unknown)).code).toBe(40304);
    for (const days of [0, 3651, 1.5])
      expect((await staff(admin.token, 'POST', `/users/${u.id}/subscriptions`, { ...ok, days })).code).toBe(
        40004,
      );
    expect(
      (await staff(admin.token, 'POST', `/users/${u.id}/subscriptions`, { ...ok, reason: ' ' })).code,
    ).toBe(40004);
    expect(await subsOf(u.id)).toEqual([]);
  });

  it("extends: days after the end, an expired subscription active again from now; audited; back on the agents' list", async () => {
    const u = await customer();
    const sub = (
      await staff<Subscription>(admin.token, 'POST', `/users/${u.id}/subscriptions`, {
        package_id: packages[0]!.id,
        days: 3,
        reason: 'trial by hand',
      })
    ).data;
    const end = Date.parse(sub.end_at);
    const extend = (days: number, token = admin.token, userId = u.id) =>
      staff<Subscription>(token, 'POST', `/users/${userId}/subscriptions/${sub.id}/extend`, {
        days,
        reason: 'Goodwill',
      });
    expect((await extend(2, support)).code).toBe(40002);
    const other = await customer();
    expect((await extend(2, admin.token, other.id)).code).toBe(40301);
    const longer = await extend(2);
    expect(longer.code).toBe(20000);
    expect(Date.parse(longer.data.end_at)).toBe(end + 2 * DAY_MS);
    const [first] = await audits('subscription.extend', sub.id);
    expect(changes(first!)).toMatchObject({
      before: { end_at: sub.end_at, days: null },
      after: { end_at: longer.data.end_at, days: 2, reason: 'Goodwill' },
    });

    const past = new Date(Date.now() - DAY_MS).toISOString();
    await db()
      .updateTable('subscriptions')
      .set({ status: 'expired', end_at: past })
      .where('id', '=', sub.id)
      .execute();
    expect(await agentUsers()).not.toContain(sub.uuid);
    const revived = await extend(7);
    expect(revived.data.status).toBe('active');
    near(revived.data.end_at, Date.now() + 7 * DAY_MS);
    near(revived.data.start_at, Date.now());
    expect(await agentUsers()).toContain(sub.uuid);
    const second = (await audits('subscription.extend', sub.id))[1]!;
    expect(changes(second)).toMatchObject({
      before: { status: 'expired', end_at: past },
      after: { status: 'active', end_at: revived.data.end_at },
    });
  });

  it('extends under parallel requests without losing a day: each success adds its days once', async () => {
    const u = await customer();
    const sub = (
      await staff<Subscription>(admin.token, 'POST', `/users/${u.id}/subscriptions`, {
        package_id: packages[0]!.id,
        days: 30,
        reason: 'base',
      })
    ).data;
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        staff<Subscription>(admin.token, 'POST', `/users/${u.id}/subscriptions/${sub.id}/extend`, {
          days: 1,
          reason: 'parallel',
        }),
      ),
    );
    const ok = results.filter((r) => r.code === 20000).length;
    expect(ok).toBeGreaterThan(0);
    for (const r of results) expect([20000, 40323]).toContain(r.code);
    const [row] = await subsOf(u.id);
    expect(Date.parse(row!.end_at)).toBe(Date.parse(sub.end_at) + ok * DAY_MS);
    expect(await audits('subscription.extend', sub.id)).toHaveLength(ok);
  });

  it("resets a link: the old one stops serving at once, the new one serves (the customer's own reset too)", async () => {
    const u = await customer();
    const sub = (
      await staff<Subscription>(admin.token, 'POST', `/users/${u.id}/subscriptions`, {
        package_id: packages[0]!.id,
        days: 30,
        reason: 'link test',
      })
    ).data;
    const tokenOf = async () =>
      (
        await db()
          .selectFrom('subscriptions')
          .select('link_token')
          .where('id', '=', sub.id)
          .executeTakeFirstOrThrow()
      ).link_token;
    const old = await tokenOf();
    expect((await t.app.inject({ url: `/sub/${old}?format=clash` })).statusCode).toBe(200);
    const path = `/users/${u.id}/subscriptions/${sub.id}/reset-link`;
    expect((await staff(finance, 'POST', path)).code).toBe(40002);
    const reset = await staff<Subscription>(support, 'POST', path);
    expect(reset.code).toBe(20000);
    const fresh = await tokenOf();
    expect(fresh).not.toBe(old);
    expect((await t.app.inject({ url: `/sub/${old}?format=clash` })).statusCode).toBe(404);
    const served = await t.app.inject({ url: `/sub/${fresh}?format=clash` });
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain(sub.uuid);
    const [record] = await audits('subscription.link_reset', sub.id);
    expect(record!.changes).not.toContain(old);
    expect(record!.changes).not.toContain(fresh);
    // The customer's own reset goes through the same replacement.
    const own = await call<{ token: string }>(t.app, {
      method: 'POST',
      url: `${API}/subscriptions/link/reset`,
      token: (await login(t.app, u.email)).access_token,
      payload: { subscription_id: sub.id },
    });
    expect(own.code).toBe(20000);
    expect((await t.app.inject({ url: `/sub/${fresh}?format=clash` })).statusCode).toBe(404);
  });

  it('resets traffic: used traffic to zero, a used-up subscription is served again; audited', async () => {
    const u = await customer();
    const limited = packages.find((p) => p.traffic_bytes !== null)!;
    const sub = (
      await staff<Subscription>(admin.token, 'POST', `/users/${u.id}/subscriptions`, {
        package_id: limited.id,
        days: 30,
        reason: 'traffic test',
      })
    ).data;
    await db()
      .updateTable('subscriptions')
      .set({ traffic_used: Number(limited.traffic_bytes), upload_bytes: 5, status: 'suspended' })
      .where('id', '=', sub.id)
      .execute();
    expect(await agentUsers()).not.toContain(sub.uuid);
    const reset = await staff<Subscription>(
      support,
      'POST',
      `/users/${u.id}/subscriptions/${sub.id}/reset-traffic`,
    );
    expect(reset.code).toBe(20000);
    expect(reset.data).toMatchObject({ traffic_used: '0', status: 'active' });
    expect(await agentUsers()).toContain(sub.uuid);
    const [record] = await audits('subscription.traffic_reset', sub.id);
    expect(changes(record!)).toEqual({
      before: { traffic_used: String(limited.traffic_bytes), status: 'suspended' },
      after: { traffic_used: '0', status: 'active' },
    });
  });

  it('refuses extending or resetting an upgraded subscription (40323)', async () => {
    const u = await customer();
    const sub = (
      await staff<Subscription>(admin.token, 'POST', `/users/${u.id}/subscriptions`, {
        package_id: packages[0]!.id,
        days: 30,
        reason: 'upgrade test',
      })
    ).data;
    await db().updateTable('subscriptions').set({ status: 'upgraded' }).where('id', '=', sub.id).execute();
    const base = `/users/${u.id}/subscriptions/${sub.id}`;
    expect((await staff(admin.token, 'POST', `${base}/extend`, { days: 1, reason: 'x' })).code).toBe(40323);
    expect((await staff(admin.token, 'POST', `${base}/reset-link`)).code).toBe(40323);
    expect((await staff(admin.token, 'POST', `${base}/reset-traffic`)).code).toBe(40323);
  });

  describe('the trial', () => {
    const trialPackage = () => packages[0]!;
    const setTrial = (body: object, token = admin.token) =>
      staff<TrialSettings>(token, 'PUT', '/packages/trial', body);
    const offer = async () => (await call<TrialOffer>(t.app, { url: `${API}/subscriptions/trial` })).data;

    it('is off by default: nothing offered, a verified account gets nothing', async () => {
      expect(await offer()).toBeNull();
      expect((await staff<TrialSettings>(admin.token, 'GET', '/packages/trial')).data).toMatchObject({
        enabled: false,
        package_id: null,
        granted: 0,
      });
      const u = await customer();
      expect(await subsOf(u.id)).toEqual([]);
    });

    it('is set in the console (packages.write), validated and audited, and offered publicly', async () => {
      expect((await setTrial({ enabled: true, package_id: trialPackage().id, days: 3 }, support)).code).toBe(
        40002,
      );
      expect((await setTrial({ enabled: true, package_id: null, days: 3 })).code).toBe(40324);
      expect((await setTrial({ enabled: true, package_id: 999_999, days: 3 })).code).toBe(40304);
      expect((await setTrial({ enabled: true, package_id: trialPackage().id, days: 0 })).code).toBe(40004);
      const hidden = packages[1]!;
      await db().updateTable('packages').set({ on_sale: 0 }).where('id', '=', hidden.id).execute();
      const saved = await setTrial({ enabled: true, package_id: hidden.id, days: 3 });
      expect(saved.code).toBe(20000);
      expect(saved.data).toMatchObject({ enabled: true, package_id: hidden.id, days: 3 });
      expect(await offer()).toMatchObject({ package_id: hidden.id, package_name: hidden.name, days: 3 });
      await db().updateTable('packages').set({ on_sale: 1 }).where('id', '=', hidden.id).execute();
      expect((await setTrial({ enabled: true, package_id: trialPackage().id, days: 5 })).code).toBe(20000);
      const records = await db()
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'settings.trial.update')
        .orderBy('id')
        .execute();
      expect(records).toHaveLength(2);
      expect(changes(records[0]!)).toMatchObject({
        before: { enabled: false, package_id: null },
        after: { enabled: true, package_id: hidden.id },
      });
      // The trial's package cannot be deleted while the trial names it.
      const spare = await staff<{ id: number }>(admin.token, 'POST', '/packages', {
        name: { zh_CN: '试用', zh_TW: '試用', en: 'Trial' },
        description: { zh_CN: '', zh_TW: '', en: '' },
        type: 'custom',
        validity_days: 3,
        price: '0',
        traffic_gb: 5,
        device_limit: 1,
        speed_limit_mbps: null,
      });
      expect(spare.code).toBe(20000);
      expect((await setTrial({ enabled: true, package_id: spare.data.id, days: 5 })).code).toBe(20000);
      expect((await staff(admin.token, 'DELETE', `/packages/${spare.data.id}`)).code).toBe(40325);
      expect((await setTrial({ enabled: true, package_id: trialPackage().id, days: 5 })).code).toBe(20000);
      expect((await staff(admin.token, 'DELETE', `/packages/${spare.data.id}`)).code).toBe(20000);
    });

    it('is given once, when the account is verified, like any subscription and without an order', async () => {
      const u = await customer();
      const [sub, ...more] = await subsOf(u.id);
      expect(more).toEqual([]);
      expect(sub).toMatchObject({ package_id: trialPackage().id, status: 'active' });
      near(sub!.end_at, Date.now() + 5 * DAY_MS);
      expect(await agentUsers()).toContain(sub!.uuid);
      const orders = await db()
        .selectFrom('subscription_orders')
        .select('id')
        .where('user_id', '=', u.id)
        .execute();
      expect(orders).toEqual([]);
      const grant = await db()
        .selectFrom('trial_grants')
        .selectAll()
        .where('user_id', '=', u.id)
        .executeTakeFirst();
      expect(grant).toMatchObject({ subscription_id: sub!.id, package_id: trialPackage().id, days: 5 });
      // Verifying again (staff, a password reset mail) gives nothing more.
      expect((await staff(admin.token, 'POST', `/users/${u.id}/verify`)).code).toBe(20000);
      await call(t.app, { method: 'POST', url: `${API}/auth/password/reset`, payload: { email: u.email } });
      const mail = await sink.waitFor((m) => m.to.includes(u.email) && m.text.includes('/reset-password'));
      const reset = await call(t.app, {
        method: 'POST',
        url: `${API}/auth/password/reset/confirm`,
        payload: {
          token: linkFrom(mail, '/reset-password').token,
          password: 'Another-pass1',
          confirm_password: 'Another-pass1',
        },
      });
      expect(reset.code).toBe(20000);
      expect(await subsOf(u.id)).toHaveLength(1);
    });

    it('is given once under parallel verifications (the link twice, staff twice at once)', async () => {
      const email = await registerUser(t.app, uniqueEmail('trial-race'));
      const id = await idOf(email);
      const mail = await sink.waitFor((m) => m.to.includes(email) && m.text.includes('/verify-email'));
      const { token } = linkFrom(mail, '/verify-email');
      const results = await Promise.all([
        call(t.app, { method: 'POST', url: `${API}/auth/verify-email`, payload: { token } }),
        call(t.app, { method: 'POST', url: `${API}/auth/verify-email`, payload: { token } }),
        staff(admin.token, 'POST', `/users/${id}/verify`),
        staff(support, 'POST', `/users/${id}/verify`),
      ]);
      expect(results.some((r) => r.code === 20000)).toBe(true);
      expect(await subsOf(id)).toHaveLength(1);
      expect(
        await db().selectFrom('trial_grants').select('user_id').where('user_id', '=', id).execute(),
      ).toHaveLength(1);
    });

    it('holds "once" in the database: parallel grants for one account write one trial', async () => {
      const email = await registerUser(t.app, uniqueEmail('trial-key'));
      const id = await idOf(email);
      const trial = t.app.ctx.services.subscriptions.trial;
      const results = await Promise.allSettled(
        Array.from({ length: 5 }, () =>
          db()
            .transaction()
            .execute((trx) => trial.grantOnVerified(trx, id)),
        ),
      );
      const given = results.filter((r) => r.status === 'fulfilled' && r.value !== null);
      expect(given).toHaveLength(1);
      expect(await subsOf(id)).toHaveLength(1);
      // And the key itself refuses a second row whatever the service checks.
      const second = await db()
        .insertInto('trial_grants')
        .values({
          user_id: id,
          subscription_id: null,
          package_id: trialPackage().id,
          days: 1,
          created_at: 'x',
        })
        .execute()
        .then(
          () => 'inserted',
          () => 'refused',
        );
      expect(second).toBe('refused');
    });

    it('is not given to an account that already held a subscription, nor to an account made by OAuth twice', async () => {
      const email = await registerUser(t.app, uniqueEmail('trial-held'));
      const id = await idOf(email);
      await staff(admin.token, 'POST', `/users/${id}/subscriptions`, {
        package_id: packages[1]!.id,
        days: 2,
        reason: 'before verification',
      });
      await staff(admin.token, 'POST', `/users/${id}/verify`);
      expect((await subsOf(id)).map((s) => s.package_id)).toEqual([packages[1]!.id]);

      // A third-party sign-in that creates the account counts as a verification.
      const auth = t.app.ctx.services.auth;
      const profile = { email: uniqueEmail('trial-oauth'), name: null, avatar: null };
      const made = await db()
        .transaction()
        .execute((trx) => auth.userForVerifiedEmail(trx, profile, 'en'));
      expect(made.created).toBe(true);
      expect(await subsOf(made.user.id)).toHaveLength(1);
      await db()
        .transaction()
        .execute((trx) => auth.userForVerifiedEmail(trx, profile, 'en'));
      expect(await subsOf(made.user.id)).toHaveLength(1);
    });

    it('turned off, gives nothing', async () => {
      expect((await setTrial({ enabled: false, package_id: null, days: 5 })).code).toBe(20000);
      expect(await offer()).toBeNull();
      const u = await customer();
      expect(await subsOf(u.id)).toEqual([]);
    });
  });
});
