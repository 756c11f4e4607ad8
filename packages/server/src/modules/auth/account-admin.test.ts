import type { Package } from '@portal/contract';
import type { AdminUser, UserDetail } from '@portal/contract/admin';
import { ADMIN_API_PREFIX } from '@portal/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountWithRole, call, login, PASSWORD, uniqueEmail, verifiedUser } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { balanceOf, credit, expectLedgerConsistent } from '../../test/wallet.js';
import { seedDemoCatalogue } from '../../seed/demo-seed.js';
import { NODE_API_PREFIX } from '../nodes/node-api.js';
import { issueNodeToken } from '../nodes/node-tokens.js';

const API = '/api/v1/portal';

type Page = { items: AdminUser[]; next_before: number | null };

describe(`customers' accounts in the operators' console (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  let admin: { id: number; token: string };
  let finance: string;
  let support: string;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: sink.url, LOG_LEVEL: 'error', RATE_LIMIT_MAX: '100000' } });
    await seedDemoCatalogue(t.database.handle.db);
    admin = await accountWithRole(t.app, t.database.handle.db, 'admin');
    finance = (await accountWithRole(t.app, t.database.handle.db, 'finance')).token;
    support = (await accountWithRole(t.app, t.database.handle.db, 'support')).token;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });
  afterEach(() => expectLedgerConsistent(t.database.handle.db));
  const db = () => t.database.handle.db;
  const staff = <T>(token: string, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    call<T>(t.app, { method, url: `${ADMIN_API_PREFIX}${path}`, token, payload });
  const search = (query: string, token = admin.token) => staff<Page>(token, 'GET', `/users?${query}`);
  const audits = (action: string, id: number) =>
    db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('target_id', '=', String(id))
      .execute();
  const idOf = async (email: string) =>
    (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  it('finds accounts by email, nickname or id, with filters, newest first a page at a time', async () => {
    const tag = `find${Date.now()}`;
    const a = await verifiedUser(t.app, sink, uniqueEmail(`${tag}-a`));
    const b = await verifiedUser(t.app, sink, uniqueEmail(`${tag}-b`));
    const c = await verifiedUser(t.app, sink, uniqueEmail(`${tag}-c`));
    const [idA, idB, idC] = await Promise.all([a, b, c].map((u) => idOf(u.email)));
    await credit(db(), b.email, 500);
    await db()
      .updateTable('users')
      .set({ nickname: `Nick_${tag}` })
      .where('id', '=', idC!)
      .execute();

    const all = await search(`q=${tag}`);
    expect(all.data.items.map((u) => u.id)).toEqual([idC, idB, idA]);
    expect(all.data.items[1]).toMatchObject({
      balance: '5.00',
      verified: true,
      disabled: false,
      role: 'user',
    });
    expect((await search(`q=${idB}`)).data.items.map((u) => u.id)).toContain(idB);
    expect((await search(`q=nick_${tag}`)).data.items.map((u) => u.id)).toEqual([idC]);
    expect((await search(`q=${tag}&with_balance=true`)).data.items.map((u) => u.id)).toEqual([idB]);
    // `%` and `_` are searched for as they are, not as patterns.
    expect((await search(`q=${encodeURIComponent('%')}`)).data.items).toEqual([]);

    const first = await search(`q=${tag}&size=2`);
    expect(first.data.items.map((u) => u.id)).toEqual([idC, idB]);
    expect(first.data.next_before).toBe(idB);
    const second = await search(`q=${tag}&size=2&before=${first.data.next_before}`);
    expect(second.data.items.map((u) => u.id)).toEqual([idA]);
    expect(second.data.next_before).toBeNull();

    // Within a registration range the list goes by registration time, a page at a time just the same.
    const since = encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString());
    const ranged = await search(`q=${tag}&registered_from=${since}&size=2`);
    expect(ranged.data.items.map((u) => u.id)).toEqual([idC, idB]);
    const rangedNext = await search(
      `q=${tag}&registered_from=${since}&size=2&before=${ranged.data.next_before}`,
    );
    expect(rangedNext.data.items.map((u) => u.id)).toEqual([idA]);
    expect(rangedNext.data.next_before).toBeNull();

    // Oldest first, and the highest balance first (equal balances by id), a page at a time.
    const oldest = await search(`q=${tag}&sort=oldest&size=2`);
    expect(oldest.data.items.map((u) => u.id)).toEqual([idA, idB]);
    expect(
      (await search(`q=${tag}&sort=oldest&before=${oldest.data.next_before}`)).data.items.map((u) => u.id),
    ).toEqual([idC]);
    await credit(db(), c.email, 900);
    const richest = await search(`q=${tag}&sort=balance&size=1`);
    expect(richest.data.items.map((u) => [u.id, u.balance])).toEqual([[idC, '9.00']]);
    const rest: number[] = [];
    let cursor = richest.data.next_before;
    while (cursor) {
      const page = await search(`q=${tag}&sort=balance&size=1&before=${cursor}`);
      rest.push(...page.data.items.map((u) => u.id));
      cursor = page.data.next_before;
    }
    expect(rest).toEqual([idB, idA]);
    expect((await search('sort=richest')).code).toBe(40004);

    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await search(`q=${tag}&registered_from=${encodeURIComponent(future)}`)).data.items).toEqual([]);
    expect((await search(`q=${tag}&verified=false`)).data.items).toEqual([]);
    expect((await search('verified=maybe')).code).toBe(40004);
  });

  it("shows one account's page: subscriptions, orders, ledger, sessions and tickets", async () => {
    const u = await verifiedUser(t.app, sink);
    await credit(db(), u.email, 10_000);
    const packages = (await call<Package[]>(t.app, { url: `${API}/subscriptions/packages` })).data;
    const bought = await call(t.app, {
      method: 'POST',
      url: `${API}/subscriptions/purchase`,
      token: u.tokens.access_token,
      payload: { package_id: packages[0]!.id, idempotency_key: `acct-${Date.now()}` },
    });
    expect(bought.code).toBe(20000);
    const id = await idOf(u.email);
    const page = await staff<UserDetail>(support, 'GET', `/users/${id}`);
    expect(page.code).toBe(20000);
    expect(page.data.user).toMatchObject({ id, email: u.email, active_subscriptions: 1, verified: true });
    expect(page.data.subscriptions).toHaveLength(1);
    expect(page.data.subscriptions[0]).toMatchObject({ status: 'active', online_devices: 0 });
    expect(page.data.orders.map((o) => o.kind)).toEqual(['purchase']);
    expect(page.data.ledger.map((e) => e.kind)).toEqual(['purchase', 'admin_adjust']);
    expect(page.data.sessions.length).toBeGreaterThan(0);
    expect(page.data.tickets).toEqual({ open: 0, total: 0 });
    expect((await staff(support, 'GET', '/users/99999999')).code).toBe(40201);
  });

  it('adjusts a balance through the ledger with a reason, never below zero, and records it', async () => {
    const u = await verifiedUser(t.app, sink);
    const id = await idOf(u.email);
    const credited = await staff<{ balance: string; entry: { kind: string; memo: string; delta: string } }>(
      finance,
      'POST',
      `/users/${id}/balance`,
      { amount: '12.50', reason: 'Goodwill for the outage' },
    );
    expect(credited.code).toBe(20000);
    expect(credited.data).toMatchObject({
      balance: '12.50',
      entry: { kind: 'admin_adjust', memo: 'Goodwill for the outage', delta: '+12.50' },
    });
    const over = await staff(finance, 'POST', `/users/${id}/balance`, { amount: '-20.00', reason: 'Fix' });
    expect(over.code).toBe(40203);
    const debited = await staff<{ balance: string }>(finance, 'POST', `/users/${id}/balance`, {
      amount: '-2.50',
      reason: 'Correction',
    });
    expect(debited.data.balance).toBe('10.00');
    expect(await balanceOf(db(), u.email)).toBe(1000);
    // The customer sees the reason, not the staff action's internal reference.
    const seen = await call<{ items: { kind: string; reference: string; memo: string | null }[] }>(t.app, {
      url: '/api/v1/portal/wallet/ledger',
      token: u.tokens.access_token,
    });
    expect(seen.data.items.map((e) => [e.kind, e.reference, e.memo])).toEqual([
      ['admin_adjust', '', 'Correction'],
      ['admin_adjust', '', 'Goodwill for the outage'],
    ]);
    for (const bad of [
      { amount: '0.00', reason: 'x' },
      { amount: '1.005', reason: 'x' },
      { amount: '5.00', reason: '  ' },
      { amount: '5.00' },
    ])
      expect((await staff(finance, 'POST', `/users/${id}/balance`, bad)).code).toBe(40004);
    expect((await staff(support, 'POST', `/users/${id}/balance`, { amount: '1', reason: 'x' })).code).toBe(
      40002,
    );
    const records = await audits('balance.adjust', id);
    expect(records).toHaveLength(2);
    expect(JSON.parse(records[0]!.changes!)).toMatchObject({
      before: { balance: '0.00' },
      after: { balance: '12.50', reason: 'Goodwill for the outage' },
    });
    // Nobody adjusts their own balance.
    const own = await staff(admin.token, 'POST', `/users/${admin.id}/balance`, { amount: '1', reason: 'me' });
    expect(own.code).toBe(40220);
  });

  it('disables an account: sessions end, sign-in refused, the link serves a "disabled" entry, agents drop it', async () => {
    const u = await verifiedUser(t.app, sink);
    await credit(db(), u.email, 10_000);
    const packages = (await call<Package[]>(t.app, { url: `${API}/subscriptions/packages` })).data;
    await call(t.app, {
      method: 'POST',
      url: `${API}/subscriptions/purchase`,
      token: u.tokens.access_token,
      payload: { package_id: packages[0]!.id, idempotency_key: `dis-${Date.now()}` },
    });
    const id = await idOf(u.email);
    const sub = await db()
      .selectFrom('subscriptions')
      .select(['uuid', 'link_token'])
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    const node = await db()
      .selectFrom('nodes')
      .select(['id', 'protocol'])
      .where('protocol', '=', 'vmess')
      .executeTakeFirstOrThrow();
    const nodeToken = await issueNodeToken(db(), node.id);
    const agentUsers = async () => {
      const res = await t.app.inject({
        url: `${NODE_API_PREFIX}/user?token=${nodeToken}&node_id=${node.id}&node_type=vmess`,
      });
      return (res.json<{ users: { uuid: string }[] }>().users ?? []).map((x) => x.uuid);
    };
    expect(await agentUsers()).toContain(sub.uuid);

    const disabled = await staff<AdminUser>(support, 'PUT', `/users/${id}/disabled`, {
      disabled: true,
      reason: 'Abuse report #12',
    });
    expect(disabled.code).toBe(20000);
    expect(disabled.data.disabled).toBe(true);
    expect((await call(t.app, { url: `${API}/users/profile`, token: u.tokens.access_token })).code).not.toBe(
      20000,
    );
    const signIn = await call(t.app, {
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { email: u.email, password: PASSWORD },
    });
    expect(signIn.code).toBe(40104);
    const link = await t.app.inject({ url: `/sub/${sub.link_token}?format=clash` });
    expect(link.statusCode).toBe(200);
    expect(link.body).toContain('账户已停用');
    expect(link.body).not.toContain(sub.uuid);
    expect(await agentUsers()).not.toContain(sub.uuid);
    const [record] = await audits('user.disable', id);
    expect(JSON.parse(record!.changes!)).toMatchObject({
      before: { status: 'active' },
      after: { status: 'disabled', reason: 'Abuse report #12' },
    });

    expect(
      (await staff<AdminUser>(support, 'PUT', `/users/${id}/disabled`, { disabled: false })).data.disabled,
    ).toBe(false);
    expect((await login(t.app, u.email)).access_token).toBeTruthy();
    expect(await agentUsers()).toContain(sub.uuid);
    expect(await audits('user.enable', id)).toHaveLength(1);
  });

  it('leaves staff accounts to the staff page and refuses acting on oneself', async () => {
    const other = await accountWithRole(t.app, db(), 'viewer');
    expect((await staff(admin.token, 'PUT', `/users/${other.id}/disabled`, { disabled: true })).code).toBe(
      40221,
    );
    expect((await staff(admin.token, 'PUT', `/users/${admin.id}/disabled`, { disabled: true })).code).toBe(
      40220,
    );
  });

  it('ends sessions, marks an address verified and sends the mails it asks for', async () => {
    const u = await verifiedUser(t.app, sink);
    const id = await idOf(u.email);
    const ended = await staff<{ revoked: number }>(support, 'POST', `/users/${id}/sessions/revoke`);
    expect(ended.data.revoked).toBeGreaterThan(0);
    expect((await call(t.app, { url: `${API}/users/profile`, token: u.tokens.access_token })).code).not.toBe(
      20000,
    );
    expect(await audits('user.sessions_revoke', id)).toHaveLength(1);

    const reset = await staff(support, 'POST', `/users/${id}/password-reset`);
    expect(reset.code).toBe(20000);
    await sink.waitFor((m) => m.to.includes(u.email) && m.text.includes('/reset-password'));
    expect(await audits('user.password_reset_mail', id)).toHaveLength(1);

    const email = uniqueEmail('unverified');
    await call(t.app, {
      method: 'POST',
      url: `${API}/auth/register`,
      payload: { email, password: PASSWORD, confirm_password: PASSWORD },
    });
    const fresh = await idOf(email);
    expect((await search(`q=${email}`)).data.items[0]?.verified).toBe(false);
    const verified = await staff<AdminUser>(support, 'POST', `/users/${fresh}/verify`);
    expect(verified.data.verified).toBe(true);
    expect(await audits('user.verify', fresh)).toHaveLength(1);
    const again = await staff(support, 'POST', `/users/${fresh}/verification-mail`);
    expect(again.code).toBe(20000);
    expect(JSON.parse((await audits('user.verification_mail', fresh))[0]!.changes!).after).toEqual({
      sent: false,
    });
  });
});
