import type { Package, Subscription, UpgradeQuote } from '@portal/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, login, registerUser, verifiedUser } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { balanceOf, credit, expectLedgerConsistent } from '../../test/wallet.js';
import { seedDemoCatalogue } from '../../seed/demo-seed.js';
import * as subscriptionsRepo from './repository.js';
import { AUTO_RENEW_BEFORE_MS, AUTO_RENEW_GRACE_MS } from './subscription-jobs.js';

const API = '/api/v1/portal';
const DAY = 86_400_000;
const GB = 1024 ** 3;

type Paid = {
  order: { order_no: string; amount: string; kind: string };
  subscription: Subscription;
  balance: string;
};

describe(`packages and subscriptions (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  let packages: Package[];
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: sink.url, LOG_LEVEL: 'error' } });
    await seedDemoCatalogue(t.database.handle.db);
    packages = (
      await call<Package[]>(t.app, {
        url: `${API}/subscriptions/packages`,
        headers: { 'accept-language': 'en' },
      })
    ).data;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });
  afterEach(() => expectLedgerConsistent(t.database.handle.db));
  const db = () => t.database.handle.db;
  const pkg = (name: string, type: Package['type'] = 'monthly') =>
    packages.find((p) => p.name === name && p.type === type)!;
  let n = 0;
  const key = () => `key-${Date.now()}-${n++}`;

  async function customer(fen: number) {
    const u = await verifiedUser(t.app, sink);
    if (fen) await credit(db(), u.email, fen);
    return u;
  }
  const buy = (token: string, packageId: number, idempotency_key = key()) =>
    call<Paid>(t.app, {
      method: 'POST',
      url: `${API}/subscriptions/purchase`,
      token,
      payload: { package_id: packageId, idempotency_key },
    });
  const renew = (token: string, subscriptionId: number, idempotency_key = key()) =>
    call<Paid>(t.app, {
      method: 'POST',
      url: `${API}/subscriptions/renew`,
      token,
      payload: { subscription_id: subscriptionId, idempotency_key },
    });

  it('lists the packages on sale in the caller language, publicly', () => {
    // Every tier in every cycle, the names without the cycle (the cycle is the package's type).
    expect(packages.map((p) => `${p.name} ${p.type}`)).toEqual([
      'Basic monthly',
      'Pro monthly',
      'Enterprise monthly',
      'Basic quarterly',
      'Pro quarterly',
      'Enterprise quarterly',
      'Basic yearly',
      'Pro yearly',
      'Enterprise yearly',
    ]);
    expect(pkg('Pro')).toMatchObject({
      type: 'monthly',
      price: '35.00',
      traffic_bytes: String(200 * GB),
      device_limit: 5,
      popular: true,
    });
    expect(pkg('Enterprise').traffic_bytes).toBeNull();
  });

  it('buys a package from the balance in one step: order, subscription, ledger', async () => {
    const u = await customer(5000);
    const r = await buy(u.tokens.access_token, pkg('Basic').id);
    expect(r.code).toBe(20000);
    expect(r.data.balance).toBe('35.00');
    expect(r.data.order).toMatchObject({ kind: 'purchase', amount: '15.00' });
    const s = r.data.subscription;
    expect(s).toMatchObject({
      status: 'active',
      traffic_used: '0',
      traffic_limit: String(20 * GB),
      device_limit: 2,
      days_remaining: 30,
      order_no: r.data.order.order_no,
    });
    expect(s.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(s.end_at) - Date.parse(s.start_at)).toBe(30 * DAY);
    const ledger = await db()
      .selectFrom('ledger_entries')
      .selectAll()
      .where('reference', '=', r.data.order.order_no)
      .execute();
    expect(ledger).toMatchObject([{ kind: 'purchase', delta_fen: -1500, balance_after_fen: 3500 }]);
    const my = await call<Subscription[]>(t.app, {
      url: `${API}/subscriptions/my`,
      token: u.tokens.access_token,
    });
    expect(my.data.map((x) => x.id)).toEqual([s.id]);
  });

  it('changes nothing when the balance is short, and refuses packages not on sale', async () => {
    const u = await customer(1000);
    expect(await buy(u.tokens.access_token, pkg('Basic').id)).toMatchObject({ status: 402, code: 40203 });
    expect(await balanceOf(db(), u.email)).toBe(1000);
    expect(
      (
        await db()
          .selectFrom('subscriptions')
          .select('id')
          .where(
            'user_id',
            '=',
            (
              await db()
                .selectFrom('users')
                .select('id')
                .where('email', '=', u.email)
                .executeTakeFirstOrThrow()
            ).id,
          )
          .execute()
      ).length,
    ).toBe(0);
    const hidden = await db()
      .insertInto('packages')
      .values({
        name: 'Old',
        type: 'monthly',
        traffic_bytes: null,
        validity_days: 30,
        price_fen: 100,
        speed_limit_mbps: null,
        on_sale: 0,
        translations: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await buy(u.tokens.access_token, hidden.id)).code).toBe(40305);
    expect((await buy(u.tokens.access_token, 999_999)).code).toBe(40304);
  });

  it('charges once for a purchase repeated with the same idempotency key, even at the same moment', async () => {
    const u = await customer(10_000);
    const k = key();
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map(() => buy(u.tokens.access_token, pkg('Pro').id, k)),
    );
    expect(results.every((r) => r.code === 20000)).toBe(true);
    expect(new Set(results.map((r) => r.data.order.order_no)).size).toBe(1);
    expect(await balanceOf(db(), u.email)).toBe(6500);
    const again = await renew(u.tokens.access_token, results[0]!.data.subscription.id, k);
    expect(again.code).toBe(40000);
  });

  it('never overdraws when purchases race for one balance', async () => {
    const u = await customer(4500);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => buy(u.tokens.access_token, pkg('Basic').id)),
    );
    expect(results.filter((r) => r.code === 20000)).toHaveLength(3);
    expect(results.filter((r) => r.code === 40203)).toHaveLength(3);
    expect(await balanceOf(db(), u.email)).toBe(0);
  });

  it('renews by one cycle from the current end and starts traffic again; reactivates an expired one from now', async () => {
    const u = await customer(10_000);
    const s = (await buy(u.tokens.access_token, pkg('Basic').id)).data.subscription;
    await db()
      .updateTable('subscriptions')
      .set({ traffic_used: 5 * GB })
      .where('id', '=', s.id)
      .execute();
    const r = await renew(u.tokens.access_token, s.id);
    expect(r.data.subscription).toMatchObject({ status: 'active', traffic_used: '0', days_remaining: 60 });
    expect(Date.parse(r.data.subscription.end_at) - Date.parse(s.end_at)).toBe(30 * DAY);
    expect(r.data.balance).toBe('70.00');

    await db()
      .updateTable('subscriptions')
      .set({ end_at: new Date(Date.now() - DAY).toISOString() })
      .where('id', '=', s.id)
      .execute();
    expect(await t.app.ctx.services.subscriptionJobs.expire()).toBeGreaterThanOrEqual(1);
    expect(
      (await call<Subscription[]>(t.app, { url: `${API}/subscriptions/my`, token: u.tokens.access_token }))
        .data[0]!.status,
    ).toBe('expired');
    const back = await renew(u.tokens.access_token, s.id);
    expect(back.data.subscription.status).toBe('active');
    expect(Math.abs(Date.parse(back.data.subscription.end_at) - (Date.now() + 30 * DAY))).toBeLessThan(
      60_000,
    );
    expect(Math.abs(Date.parse(back.data.subscription.start_at) - Date.now())).toBeLessThan(60_000);

    await db().updateTable('packages').set({ on_sale: 0 }).where('id', '=', pkg('Basic').id).execute();
    expect((await renew(u.tokens.access_token, s.id)).code).toBe(40310);
    await db().updateTable('packages').set({ on_sale: 1 }).where('id', '=', pkg('Basic').id).execute();
  });

  it('quotes an upgrade and charges exactly the quote; the UUID and link stay', async () => {
    const u = await customer(20_000);
    const s = (await buy(u.tokens.access_token, pkg('Pro').id)).data.subscription;
    // 10 days used of 30, 150 GB of 200 used: traffic is worth less than time.
    await db()
      .updateTable('subscriptions')
      .set({ end_at: new Date(Date.now() + 20 * DAY).toISOString(), traffic_used: 150 * GB })
      .where('id', '=', s.id)
      .execute();
    const link = (
      await call<{ url: string }>(t.app, {
        url: `${API}/subscriptions/link?subscription_id=${s.id}`,
        token: u.tokens.access_token,
      })
    ).data.url;
    const preview = await call<UpgradeQuote>(t.app, {
      method: 'POST',
      url: `${API}/subscriptions/upgrade/preview`,
      token: u.tokens.access_token,
      payload: { subscription_id: s.id, package_id: pkg('Enterprise').id },
    });
    expect(preview.data).toMatchObject({
      remaining_traffic_value: '8.75',
      credit: '8.75',
      new_price: '88.00',
      amount_due: '79.25',
    });
    expect(Number(preview.data.remaining_time_value)).toBeCloseTo(23.33, 1);
    const done = await call<Paid>(t.app, {
      method: 'POST',
      url: `${API}/subscriptions/upgrade`,
      token: u.tokens.access_token,
      payload: { quote_id: preview.data.quote_id, idempotency_key: key() },
    });
    expect(done.code).toBe(20000);
    expect(done.data.order).toMatchObject({ kind: 'upgrade', amount: '79.25' });
    expect(done.data.balance).toBe(((20_000 - 3500 - 7925) / 100).toFixed(2));
    expect(done.data.subscription).toMatchObject({
      uuid: s.uuid,
      status: 'active',
      traffic_limit: null,
      traffic_used: '0',
    });
    const old = await db()
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(old).toMatchObject({ status: 'upgraded', upgraded_to: done.data.subscription.id });
    const newLink = (
      await call<{ url: string }>(t.app, {
        url: `${API}/subscriptions/link?subscription_id=${done.data.subscription.id}`,
        token: u.tokens.access_token,
      })
    ).data.url;
    expect(newLink).toBe(link);
    // A used quote is not charged twice.
    const reuse = await call(t.app, {
      method: 'POST',
      url: `${API}/subscriptions/upgrade`,
      token: u.tokens.access_token,
      payload: { quote_id: preview.data.quote_id, idempotency_key: key() },
    });
    expect(reuse).toMatchObject({ code: 40309, data: { reason: 'quote_expired' } });
  });

  it('refuses a stale quote or one whose subscription changed: re-quote, never charge blindly', async () => {
    const u = await customer(30_000);
    const s = (await buy(u.tokens.access_token, pkg('Basic').id)).data.subscription;
    const quote = async () =>
      (
        await call<UpgradeQuote>(t.app, {
          method: 'POST',
          url: `${API}/subscriptions/upgrade/preview`,
          token: u.tokens.access_token,
          payload: { subscription_id: s.id, package_id: pkg('Pro').id },
        })
      ).data;
    const upgradeWith = (q: UpgradeQuote) =>
      call(t.app, {
        method: 'POST',
        url: `${API}/subscriptions/upgrade`,
        token: u.tokens.access_token,
        payload: { quote_id: q.quote_id, idempotency_key: key() },
      });
    const before = await balanceOf(db(), u.email);
    const stale = await quote();
    await db()
      .updateTable('upgrade_quotes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', stale.quote_id)
      .execute();
    expect(await upgradeWith(stale)).toMatchObject({ code: 40309, data: { reason: 'quote_expired' } });
    const changed = await quote();
    await renew(u.tokens.access_token, s.id);
    expect(await upgradeWith(changed)).toMatchObject({ code: 40309, data: { reason: 'quote_changed' } });
    expect(await balanceOf(db(), u.email)).toBe(before - 1500);
    expect((await upgradeWith(await quote())).code).toBe(20000);
  });

  it('resets the link at once', async () => {
    const u = await customer(2000);
    const s = (await buy(u.tokens.access_token, pkg('Basic').id)).data.subscription;
    const first = (
      await call<{ url: string; token: string }>(t.app, {
        url: `${API}/subscriptions/link`,
        token: u.tokens.access_token,
      })
    ).data;
    expect(first.url).toBe(`http://127.0.0.1:8080/sub/${first.token}`);
    const next = (
      await call<{ url: string; token: string }>(t.app, {
        method: 'POST',
        url: `${API}/subscriptions/link/reset`,
        token: u.tokens.access_token,
        payload: { subscription_id: s.id },
      })
    ).data;
    expect(next.token).not.toBe(first.token);
    const stored = await db()
      .selectFrom('subscriptions')
      .select('link_token')
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(stored.link_token).toBe(next.token);
  });

  it('renews automatically when due, once per period even with two runners, and logs and mails a failure', async () => {
    const rich = await customer(10_000);
    const s = (await buy(rich.tokens.access_token, pkg('Basic').id)).data.subscription;
    await call(t.app, {
      method: 'POST',
      url: `${API}/subscriptions/auto-renew/toggle`,
      token: rich.tokens.access_token,
      payload: { subscription_id: s.id, enabled: true },
    });
    const dueAt = new Date(Date.now() + 3600_000).toISOString();
    await db().updateTable('subscriptions').set({ end_at: dueAt }).where('id', '=', s.id).execute();

    const poor = await customer(1500);
    const p = (await buy(poor.tokens.access_token, pkg('Basic').id)).data.subscription;
    await call(t.app, {
      method: 'POST',
      url: `${API}/subscriptions/auto-renew/toggle`,
      token: poor.tokens.access_token,
      payload: { subscription_id: p.id, enabled: true },
    });
    await db().updateTable('subscriptions').set({ end_at: dueAt }).where('id', '=', p.id).execute();

    const jobs = t.app.ctx.services.subscriptionJobs;
    await Promise.all([jobs.autoRenew(), jobs.autoRenew()]);
    await jobs.autoRenew();
    expect(await balanceOf(db(), rich.email)).toBe(10_000 - 1500 - 1500);
    const renewed = await db()
      .selectFrom('subscriptions')
      .select('end_at')
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(renewed.end_at) - Date.parse(dueAt)).toBe(30 * DAY);
    const logs = await call<{ items: { result: string }[] }>(t.app, {
      url: `${API}/subscriptions/auto-renew/logs`,
      token: rich.tokens.access_token,
    });
    expect(logs.data.items.map((l) => l.result)).toEqual(['success']);

    const poorLogs = await call<{ items: { result: string }[] }>(t.app, {
      url: `${API}/subscriptions/auto-renew/logs`,
      token: poor.tokens.access_token,
    });
    expect(poorLogs.data.items.map((l) => l.result)).toEqual(['insufficient_balance']);
    expect(await balanceOf(db(), poor.email)).toBe(0);
    const mail = await sink.waitFor((m) => m.to.includes(poor.email) && m.subject.includes('自动续费'));
    expect(mail.text).toContain('/subscription');
    await t.app.ctx.mailer.idle();
    expect(
      sink.mails.filter((m) => m.to.includes(poor.email) && m.subject.includes('自动续费')),
    ).toHaveLength(1);
  });

  it('tries a failed auto-renewal again only once it can go through, and never long after the end', async () => {
    const jobs = t.app.ctx.services.subscriptionJobs;
    const autoRenewing = async (fen: number, endAt: string) => {
      const u = await customer(fen + 1500);
      const s = (await buy(u.tokens.access_token, pkg('Basic').id)).data.subscription;
      await call(t.app, {
        method: 'POST',
        url: `${API}/subscriptions/auto-renew/toggle`,
        token: u.tokens.access_token,
        payload: { subscription_id: s.id, enabled: true },
      });
      await db().updateTable('subscriptions').set({ end_at: endAt }).where('id', '=', s.id).execute();
      return { ...u, subscriptionId: s.id };
    };
    const due = async () => {
      const now = Date.now();
      const rows = await subscriptionsRepo.dueForAutoRenew(
        db(),
        new Date(now - AUTO_RENEW_GRACE_MS).toISOString(),
        new Date(now + AUTO_RENEW_BEFORE_MS).toISOString(),
      );
      return rows.map((r) => r.sub_id);
    };
    // Ended two days ago (within the grace), its renewal failed: not tried again while the balance is short.
    const short = await autoRenewing(0, new Date(Date.now() - 2 * DAY).toISOString());
    // Ended ten days ago with the money to renew: past the grace, never renewed behind the customer's back.
    const late = await autoRenewing(10_000, new Date(Date.now() - 10 * DAY).toISOString());
    expect(await due()).toContain(short.subscriptionId);
    expect(await due()).not.toContain(late.subscriptionId);
    await jobs.autoRenew();
    expect(await due()).not.toContain(short.subscriptionId);
    const logs = await db()
      .selectFrom('auto_renew_logs')
      .select('result')
      .where('subscription_id', '=', short.subscriptionId)
      .execute();
    expect(logs.map((l) => l.result)).toEqual(['insufficient_balance']);

    // The customer tops up within the grace: the next run renews it, from now.
    await credit(db(), short.email, 1500);
    expect(await due()).toContain(short.subscriptionId);
    const before = Date.now();
    await jobs.autoRenew();
    const renewed = await db()
      .selectFrom('subscriptions')
      .select(['status', 'end_at'])
      .where('id', '=', short.subscriptionId)
      .executeTakeFirstOrThrow();
    expect(renewed.status).toBe('active');
    expect(Date.parse(renewed.end_at)).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(await balanceOf(db(), short.email)).toBe(0);
    expect(await balanceOf(db(), late.email)).toBe(10_000);
    expect(await due()).not.toContain(short.subscriptionId);

    // A run lets the event loop take turns between subscriptions: on SQLite every query answers synchronously, and a
    // run over thousands of them held every request until it ended.
    for (let i = 0; i < 3; i++) await autoRenewing(0, new Date(Date.now() + 3600_000).toISOString());
    let finished = false;
    const run = jobs.autoRenew().then((r) => {
      finished = true;
      return r;
    });
    const finishedAtTheFirstTurn = await new Promise<boolean>((resolve) =>
      setImmediate(() => resolve(finished)),
    );
    expect(finishedAtTheFirstTurn).toBe(false);
    expect((await run).failed).toBe(3);
  });

  it('is closed to unverified accounts except the catalogue', async () => {
    const tokens = await login(t.app, await registerUser(t.app));
    expect(
      (await call(t.app, { url: `${API}/subscriptions/packages`, token: tokens.access_token })).code,
    ).toBe(20000);
    expect((await buy(tokens.access_token, pkg('Basic').id)).code).toBe(40105);
    expect((await call(t.app, { url: `${API}/subscriptions/my`, token: tokens.access_token })).code).toBe(
      40105,
    );
  });
});
