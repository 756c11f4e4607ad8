import { ADMIN_API_PREFIX } from '@portal/contract';
import type { AdminCode, CodeBatch, SegmentMailingInfo, UserTopup } from '@portal/contract/admin';
import type { TicketSummary } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/time.js';
import { accountWithRole, call, PASSWORD, registerUser, uniqueEmail } from '../../test/accounts.js';
import { bareUser, createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';

const API = '/api/v1/portal';

type Page<T> = { items: T[]; next_before: number | null };
type BulkResult = { disabled: number[]; skipped: { id: number; reason: string }[] };

describe(`the account page's lists, bulk disable and mailing a segment (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  let admin: { id: number; email: string; token: string };
  let support: string;
  let finance: string;
  let viewer: string;
  const db = () => t.database.handle.db;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: sink.url, LOG_LEVEL: 'error', RATE_LIMIT_MAX: '100000' } });
    admin = await accountWithRole(t.app, db(), 'admin');
    support = (await accountWithRole(t.app, db(), 'support')).token;
    finance = (await accountWithRole(t.app, db(), 'finance')).token;
    viewer = (await accountWithRole(t.app, db(), 'viewer')).token;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });
  const staff = <T>(token: string, method: 'GET' | 'POST', path: string, payload?: object) =>
    call<T>(t.app, { method, url: `${ADMIN_API_PREFIX}${path}`, token, payload });
  const audits = (action: string) =>
    db().selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
  /** A verified customer signed in, in a language. */
  const customer = async (locale = 'zh_CN') => {
    const c = await accountWithRole(t.app, db(), 'user');
    await db().updateTable('users').set({ locale }).where('id', '=', c.id).execute();
    return c;
  };

  it("lists an account's top-ups (USDT orders with chain state, redeemed codes) newest first by cursor", async () => {
    const u = await customer();
    const now = nowIso();
    for (const n of [1, 2, 3])
      await db()
        .insertInto('recharge_orders')
        .values({
          order_no: `UT-${u.id}-${n}`,
          user_id: u.id,
          method: 'usdt',
          amount_fen: 1_000 * n,
          status: n === 3 ? 'pending' : 'confirmed',
          network: 'TRC20',
          usdt_micro: 1_400_000 * n,
          address: 'Taddr',
          memo: null,
          rate: '7.1000',
          transfer_id: null,
          tx_hash: n === 3 ? null : `0xhash${n}`,
          code_id: null,
          expires_at: now,
          paid_at: null,
          completed_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    const batch = await staff<CodeBatch>(finance, 'POST', '/codes/batches', { quantity: 1, amount: '8.00' });
    const codes = await staff<Page<AdminCode>>(finance, 'GET', `/codes?batch_id=${batch.data.batch_id}`);
    const code = codes.data.items[0]!.code;
    const used = await call(t.app, {
      method: 'POST',
      url: `${API}/recharge/codes/use`,
      token: u.token,
      payload: { code },
    });
    expect(used.code).toBe(20000);

    const first = await staff<Page<UserTopup>>(support, 'GET', `/users/${u.id}/topups?size=2`);
    expect(first.code).toBe(20000);
    expect(first.data.items.map((x) => [x.method, x.amount])).toEqual([
      ['code', '8.00'],
      ['usdt', '30.00'],
    ]);
    expect(first.data.items[0]).toMatchObject({ code, status: 'confirmed', network: null });
    expect(first.data.items[1]).toMatchObject({ status: 'pending', usdt_amount: '4.200000', code: null });
    const second = await staff<Page<UserTopup>>(
      support,
      'GET',
      `/users/${u.id}/topups?size=2&before=${first.data.next_before}`,
    );
    expect(second.data.items.map((x) => x.amount)).toEqual(['20.00', '10.00']);
    expect(second.data.items[0]).toMatchObject({ tx_hash: '0xhash2', status: 'confirmed' });
    expect(second.data.next_before).toBeNull();
    // Someone else's top-ups are not in it.
    const other = await customer();
    expect((await staff<Page<UserTopup>>(support, 'GET', `/users/${other.id}/topups`)).data.items).toEqual(
      [],
    );
  });

  it("lists an account's tickets newest first by cursor, for staff who may read tickets", async () => {
    const u = await customer();
    const opened: number[] = [];
    for (const title of ['First problem', 'Second problem', 'Third problem']) {
      const r = await call<{ id: number }>(t.app, {
        method: 'POST',
        url: `${API}/tickets`,
        token: u.token,
        payload: { title, category: 'technical', description: 'It does not work' },
      });
      expect(r.code).toBe(20000);
      opened.push(r.data.id);
    }
    const first = await staff<Page<TicketSummary>>(support, 'GET', `/users/${u.id}/tickets?size=2`);
    expect(first.data.items.map((x) => x.title)).toEqual(['Third problem', 'Second problem']);
    expect(first.data.items[0]).toMatchObject({ status: 'pending', id: opened[2] });
    const rest = await staff<Page<TicketSummary>>(
      support,
      'GET',
      `/users/${u.id}/tickets?size=2&before=${first.data.next_before}`,
    );
    expect(rest.data.items.map((x) => x.id)).toEqual([opened[0]]);
    expect(rest.data.next_before).toBeNull();
    // finance has users.read but not tickets.read.
    expect((await staff(finance, 'GET', `/users/${u.id}/tickets`)).code).toBe(40002);
  });

  it('disables many accounts in one call: sessions end, sign-in refused, one audit row each, the rest reported', async () => {
    const [a, b] = [await customer(), await customer()];
    const already = await customer();
    await db().updateTable('users').set({ status: 'disabled' }).where('id', '=', already.id).execute();
    const staffMember = await accountWithRole(t.app, db(), 'viewer');
    const result = await staff<BulkResult>(admin.token, 'POST', '/users/disable', {
      ids: [b.id, a.id, a.id, staffMember.id, admin.id, already.id, 2_000_000_000],
      reason: 'Spam wave',
    });
    expect(result.code).toBe(20000);
    expect(result.data.disabled).toEqual([a.id, b.id].sort((x, y) => x - y));
    expect(result.data.skipped).toEqual(
      expect.arrayContaining([
        { id: staffMember.id, reason: 'staff' },
        { id: admin.id, reason: 'self' },
        { id: already.id, reason: 'already_disabled' },
        { id: 2_000_000_000, reason: 'not_found' },
      ]),
    );
    expect(result.data.skipped).toHaveLength(4);
    for (const u of [a, b]) {
      expect((await call(t.app, { url: `${API}/users/profile`, token: u.token })).code).not.toBe(20000);
      const signIn = await call(t.app, {
        method: 'POST',
        url: `${API}/auth/login`,
        payload: { email: u.email, password: PASSWORD },
      });
      expect(signIn.code).toBe(40104);
    }
    const rows = (await audits('user.disable')).filter((r) => [a.id, b.id].includes(Number(r.target_id)));
    expect(rows).toHaveLength(2);
    expect(JSON.parse(rows[0]!.changes!)).toMatchObject({
      before: { status: 'active' },
      after: { status: 'disabled', reason: 'Spam wave', bulk: true },
    });
    // The staff member stays as they were.
    const kept = await db()
      .selectFrom('users')
      .select('status')
      .where('id', '=', staffMember.id)
      .executeTakeFirst();
    expect(kept?.status).toBe('active');

    // The rules of the body: a reason, 1 to 500 ids; support may, a viewer may not.
    const c = await customer();
    expect((await staff(support, 'POST', '/users/disable', { ids: [c.id], reason: ' ' })).code).toBe(40004);
    expect((await staff(support, 'POST', '/users/disable', { ids: [], reason: 'x' })).code).toBe(40004);
    const tooMany = Array.from({ length: 501 }, (_, i) => i + 1);
    expect((await staff(support, 'POST', '/users/disable', { ids: tooMany, reason: 'x' })).code).toBe(40004);
    expect((await staff(viewer, 'POST', '/users/disable', { ids: [c.id], reason: 'x' })).code).toBe(40002);
    expect((await staff(support, 'POST', '/users/disable', { ids: [c.id], reason: 'x' })).code).toBe(20000);
    // Nothing left to disable: the attempt is recorded once.
    const again = await staff<BulkResult>(support, 'POST', '/users/disable', {
      ids: [c.id],
      reason: 'again',
    });
    expect(again.data).toEqual({ disabled: [], skipped: [{ id: c.id, reason: 'already_disabled' }] });
    const attempts = (await audits('user.bulk_disable')).filter((r) => r.changes!.includes('"again"'));
    expect(attempts).toHaveLength(1);
  });

  it('disables the most one call takes, 500 accounts, in one transaction', async () => {
    const tag = `five${Date.now()}`;
    const rows = await db()
      .insertInto('users')
      .values(Array.from({ length: 500 }, (_, i) => bareUser(`${tag}-${i}@example.com`)))
      .returning('id')
      .execute();
    const ids = rows.map((r) => r.id);
    const result = await staff<BulkResult>(admin.token, 'POST', '/users/disable', { ids, reason: 'Botnet' });
    expect(result.code).toBe(20000);
    expect(result.data.disabled).toHaveLength(500);
    const audited = (await audits('user.disable')).filter((r) => ids.includes(Number(r.target_id)));
    expect(audited).toHaveLength(500);
  });

  it('two overlapping bulk disables at once disable each account once, with one audit row each', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => customer()));
    const ids = users.map((u) => u.id);
    const [one, two] = await Promise.all([
      staff<BulkResult>(admin.token, 'POST', '/users/disable', { ids: ids.slice(0, 4), reason: 'Wave A' }),
      staff<BulkResult>(support, 'POST', '/users/disable', { ids: [...ids].reverse(), reason: 'Wave B' }),
    ]);
    expect(one.code).toBe(20000);
    expect(two.code).toBe(20000);
    const disabled = [...one.data.disabled, ...two.data.disabled].sort((x, y) => x - y);
    expect(disabled).toEqual([...ids].sort((x, y) => x - y));
    const skippedTwice = [...one.data.skipped, ...two.data.skipped];
    expect(skippedTwice.every((s) => s.reason === 'already_disabled')).toBe(true);
    expect(skippedTwice).toHaveLength(4);
    const rows = (await audits('user.disable')).filter((r) => ids.includes(Number(r.target_id)));
    expect(rows.map((r) => Number(r.target_id)).sort((x, y) => x - y)).toEqual(
      [...ids].sort((x, y) => x - y),
    );
  });

  it('mails a segment in the customers languages, in batches; staff, unverified and disabled left out', async () => {
    const from = new Date().toISOString();
    const zh = await customer('zh_CN');
    const tw = await customer('zh_TW');
    const en = await customer('en');
    const off = await customer('en');
    await db().updateTable('users').set({ status: 'disabled' }).where('id', '=', off.id).execute();
    const unverifiedEmail = await registerUser(t.app, uniqueEmail('unverified'));
    const staffMember = await accountWithRole(t.app, db(), 'support');
    const segment = { registered_from: from };
    const preview = (query: string) =>
      staff<{ recipients: number }>(
        support,
        'GET',
        `/users/mailings/preview?registered_from=${from}${query}`,
      );
    expect((await preview('')).data.recipients).toBe(3);
    expect((await preview('&verified=any&disabled=any')).data.recipients).toBe(5);
    expect((await preview('&disabled=yes')).data.recipients).toBe(1);
    expect((await preview('&subscribed=yes')).data.recipients).toBe(0);

    const texts = {
      zh_CN: { subject: '双十一优惠', body: '全场八折。\n\n详情见官网。' },
      en: { subject: 'Autumn sale <20% off>', body: 'Everything 20% off.' },
    };
    const planned = await staff<{ id: number; recipients: number }>(support, 'POST', '/users/mailings', {
      segment,
      texts,
    });
    expect(planned.code).toBe(20000);
    expect(planned.data.recipients).toBe(3);
    const [record] = (await audits('users.mail_segment')).filter(
      (r) => r.target_id === String(planned.data.id),
    );
    expect(JSON.parse(record!.changes!).after).toMatchObject({
      recipients: 3,
      subjects: { zh_CN: '双十一优惠', en: 'Autumn sale <20% off>' },
      segment: { verified: 'yes', disabled: 'no', registered_from: from },
    });
    // Someone registered after the plan is not in it.
    const late = await customer('en');

    // Batches of two: the first run does one batch, the next ones go on from the cursor.
    const mailing = t.app.ctx.services.segmentMailing;
    expect(await mailing.run({ batchSize: 2, maxBatches: 1 })).toBe(2);
    // The console's list of mailings shows how far it got (viewers may read it).
    type Mailings = { items: SegmentMailingInfo[]; next_before: number | null };
    const progress = async () =>
      (await staff<Mailings>(viewer, 'GET', '/users/mailings?size=50')).data.items.find(
        (m) => m.id === planned.data.id,
      );
    expect(await progress()).toMatchObject({
      subject: '双十一优惠',
      locales: ['zh_CN', 'en'],
      segment: { verified: 'yes', disabled: 'no', registered_from: from },
      status: 'pending',
      planned: 3,
      sent: 2,
      finished_at: null,
    });
    expect((await progress())!.created_by_email).toMatch(/@/);
    expect(await mailing.run({ batchSize: 2 })).toBe(1);
    expect(await mailing.run({ batchSize: 2 })).toBe(0);
    await t.app.ctx.mailer.idle();
    await sink.waitFor((m) => m.to.includes(en.email));
    // Registration sent each its verification mail; the rest is the mailing.
    const got = (email: string) =>
      sink.mails.filter((m) => m.to.includes(email) && !m.text.includes('/verify-email'));
    expect(got(zh.email).map((m) => m.subject)).toEqual(['双十一优惠']);
    expect(got(zh.email)[0]!.text).toContain('全场八折。');
    // zh_TW has no text of its own: the default language's.
    expect(got(tw.email).map((m) => m.subject)).toEqual(['双十一优惠']);
    expect(got(tw.email)[0]!.text).toContain('註冊用戶');
    expect(got(en.email).map((m) => m.subject)).toEqual(['Autumn sale <20% off>']);
    expect(got(en.email)[0]!.html).toContain('Everything 20% off.');
    expect(got(en.email)[0]!.html).not.toContain('<20% off>');
    for (const left of [off.email, unverifiedEmail, staffMember.email, late.email, admin.email])
      expect(got(left)).toEqual([]);
    const row = await db()
      .selectFrom('segment_mailings')
      .selectAll()
      .where('id', '=', planned.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'done', sent: 3, planned: 3 });
    expect(await progress()).toMatchObject({ status: 'done', sent: 3, planned: 3 });
    expect((await progress())!.finished_at).not.toBeNull();

    // Chosen deliberately, the disabled are in it; an empty segment is refused; texts are required.
    const empty = await staff(support, 'POST', '/users/mailings', {
      segment: { ...segment, subscribed: 'yes' },
      texts,
    });
    expect(empty.code).toBe(40222);
    expect((await staff(support, 'POST', '/users/mailings', { segment, texts: {} })).code).toBe(40004);
    expect(
      (
        await staff(support, 'POST', '/users/mailings', {
          segment,
          texts: { en: { subject: 'Only a subject', body: '' } },
        })
      ).code,
    ).toBe(40004);
    expect((await staff(finance, 'POST', '/users/mailings', { segment, texts })).code).toBe(40002);
  });

  it('two runs at once never mail the same customer twice', async () => {
    const from = new Date().toISOString();
    const users = await Promise.all(Array.from({ length: 5 }, () => customer('en')));
    const planned = await staff<{ id: number; recipients: number }>(admin.token, 'POST', '/users/mailings', {
      segment: { registered_from: from },
      texts: { en: { subject: `Race ${from}`, body: 'Once each.' } },
    });
    expect(planned.data.recipients).toBe(5);
    const mailing = t.app.ctx.services.segmentMailing;
    const runs = await Promise.allSettled([
      mailing.batch(planned.data.id, 5),
      mailing.batch(planned.data.id, 5),
    ]);
    const done = runs.filter((r) => r.status === 'fulfilled' && r.value === 5);
    expect(done.length).toBeGreaterThanOrEqual(1);
    await mailing.run();
    const outbox = await db()
      .selectFrom('mail_outbox')
      .select('to_address')
      .where('subject', '=', `Race ${from}`)
      .execute();
    expect(outbox.map((m) => m.to_address).sort()).toEqual(users.map((u) => u.email).sort());
  });

  it('works through a large segment 200 customers per transaction, never all at once', async () => {
    const from = new Date().toISOString();
    const tag = `bulk${Date.now()}`;
    const total = 1_050;
    for (let start = 0; start < total; start += 350)
      await db()
        .insertInto('users')
        .values(
          Array.from({ length: Math.min(350, total - start) }, (_, i) => ({
            email: `${tag}-${start + i}@example.com`,
            password_hash: null,
            nickname: null,
            avatar_url: null,
            email_verified_at: from,
            invite_code: null,
            locked_until: null,
            last_login_at: null,
            created_at: from,
            updated_at: from,
          })),
        )
        .execute();
    const planned = await staff<{ id: number; recipients: number }>(admin.token, 'POST', '/users/mailings', {
      segment: { registered_from: from },
      texts: { zh_CN: { subject: `Many ${tag}`, body: '大家好。' } },
    });
    expect(planned.data.recipients).toBe(total);
    const mailing = t.app.ctx.services.segmentMailing;
    // One run does at most its batches; each batch is one transaction of at most 200 mails.
    expect(await mailing.run({ maxBatches: 1 })).toBe(200);
    expect(await mailing.run({ maxBatches: 3 })).toBe(600);
    expect(await mailing.run()).toBe(total - 800);
    const queued = await db()
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('subject', '=', `Many ${tag}`)
      .executeTakeFirstOrThrow();
    expect(Number(queued.n)).toBe(total);
    const row = await db()
      .selectFrom('segment_mailings')
      .select(['status', 'sent'])
      .where('id', '=', planned.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'done', sent: total });
  });

  it('lists the mailings newest first a page at a time; customers may not read them', async () => {
    type Mailings = { items: SegmentMailingInfo[]; next_before: number | null };
    const first = await staff<Mailings>(support, 'GET', '/users/mailings?size=2');
    expect(first.code).toBe(20000);
    expect(first.data.items).toHaveLength(2);
    expect(first.data.items[0]!.id).toBeGreaterThan(first.data.items[1]!.id);
    expect(first.data.next_before).toBe(first.data.items[1]!.id);
    const rest = await staff<Mailings>(
      support,
      'GET',
      `/users/mailings?size=50&before=${first.data.next_before}`,
    );
    expect(rest.data.items.every((m) => m.id < first.data.next_before!)).toBe(true);
    expect(rest.data.next_before).toBeNull();
    const all = [...first.data.items, ...rest.data.items];
    const inDb = await db().selectFrom('segment_mailings').select('id').orderBy('id', 'desc').execute();
    expect(all.map((m) => m.id)).toEqual(inDb.map((m) => m.id));
    expect((await staff(support, 'GET', '/users/mailings?size=51')).code).toBe(40004);
    const stranger = await customer('en');
    expect((await staff(stranger.token, 'GET', '/users/mailings')).code).toBe(40002);
  });
});
