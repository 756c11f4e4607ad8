import type { AdminAnnouncement, AnnouncementInput } from '@portal/contract/admin';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { call, enrolTwoFactor, registerUser, verifiedUser } from '../../test/accounts.js';
import { createTestDatabase, testConfig, TEST_DIALECT, type TestDatabase } from '../../test/helpers.js';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../test/smtp-sink.js';
import { excerpt } from './text.js';

const ADMIN = '/api/v1/admin';
const PUBLIC_URL = 'http://127.0.0.1:8080';

/**
 * The announcement mail goes to every verified, active user exactly once, even when the server stops half-way and
 * another one (on the same database) finishes the job; unverified and disabled accounts get none.
 */
describe(`announcement mail (${TEST_DIALECT})`, () => {
  let database: TestDatabase;
  let sink: SmtpSink;
  let app: FastifyInstance;
  let staff: string;
  const db = () => database.handle.db;
  const start = async () => {
    const a = await buildApp(testConfig({ SMTP_URL: sink.url, LOG_LEVEL: 'error', PUBLIC_URL }), {
      database: database.handle,
    });
    await a.ready();
    return a;
  };

  /** Verified and active: these must get the mail once. */
  const recipients: { email: string; locale: string }[] = [];
  const excluded: string[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink();
    database = await createTestDatabase();
    app = await start();
    const admin = await verifiedUser(app, sink);
    await db().updateTable('users').set({ role: 'admin' }).where('email', '=', admin.email).execute();
    staff = admin.tokens.access_token;
    await enrolTwoFactor(app, staff);
    recipients.push({ email: admin.email, locale: 'zh_CN' });
    for (const locale of ['en', 'zh_TW', 'zh_CN', 'en', 'zh_CN']) {
      const u = await verifiedUser(app, sink);
      await db().updateTable('users').set({ locale }).where('email', '=', u.email).execute();
      recipients.push({ email: u.email, locale });
    }
    excluded.push(await registerUser(app));
    const disabled = await verifiedUser(app, sink);
    await db().updateTable('users').set({ status: 'disabled' }).where('email', '=', disabled.email).execute();
    excluded.push(disabled.email);
    // One more unverified account after the others, so the last batch ends on someone who is skipped.
    excluded.push(await registerUser(app));
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    await sink.close();
  });

  async function create(input: Partial<AnnouncementInput>): Promise<AdminAnnouncement> {
    const r = await call<AdminAnnouncement>(app, {
      method: 'POST',
      url: `${ADMIN}/announcements`,
      token: staff,
      payload: { title: '通知', content: '内容', ...input },
    });
    expect(r.code, r.message).toBe(20000);
    return r.data;
  }
  const deliveries = async (announcementId: number) =>
    (
      await db()
        .selectFrom('announcement_deliveries')
        .select('user_id')
        .where('announcement_id', '=', announcementId)
        .execute()
    ).length;
  const mailing = (announcementId: number) =>
    db()
      .selectFrom('announcement_mailings')
      .selectAll()
      .where('announcement_id', '=', announcementId)
      .executeTakeFirst();
  /**
   * Waits until every recipient has the mail (its title in their language), then until the outbox has nothing left
   * to send; then each recipient must have exactly one mail about it, and the excluded accounts none.
   */
  async function expectEachRecipientMailedOnce(
    titles: Record<string, string>,
  ): Promise<Map<string, ReceivedMail>> {
    for (const r of recipients)
      await sink.waitFor((m) => m.to.includes(r.email) && m.subject.includes(titles[r.locale]!));
    await vi.waitFor(
      async () => {
        await app.ctx.mailer.deliverDue();
        const left = await db()
          .selectFrom('mail_outbox')
          .select('id')
          .where('kind', '=', 'announcement')
          .where('status', '=', 'pending')
          .execute();
        expect(left).toEqual([]);
      },
      { timeout: 10_000, interval: 100 },
    );
    await app.ctx.mailer.idle();
    const about = (email: string) =>
      sink.mails.filter(
        (m) => m.to.includes(email) && Object.values(titles).some((t) => m.subject.includes(t)),
      );
    const received = new Map<string, ReceivedMail>();
    for (const r of recipients) {
      const mails = about(r.email);
      expect(mails, r.email).toHaveLength(1);
      expect(mails[0]!.subject).toContain(titles[r.locale]);
      received.set(r.email, mails[0]!);
    }
    for (const email of excluded) expect(about(email), email).toHaveLength(0);
    return received;
  }
  const sameTitle = (title: string) => ({ zh_CN: title, zh_TW: title, en: title });

  it('mails every verified, active user exactly once across a restart, in their language', async () => {
    const content = `## 维护说明\n\n本周六 **02:00-04:00** 香港节点将进行[网络升级](https://status.example.com)。${'期间连接可能短暂中断，请提前切换到其他节点。'.repeat(8)}`;
    const a = await create({
      title: '香港节点网络升级',
      content,
      category: 1,
      priority: 3,
      is_email_notify: true,
      publish_at: new Date().toISOString(),
      translations: {
        zh_TW: { title: '香港節點網路升級', content: '本週六香港節點將進行網路升級。' },
        en: {
          title: 'Hong Kong network upgrade',
          content: 'The Hong Kong nodes get a network upgrade on Saturday.',
        },
      },
    });
    expect(a.mailing).toEqual({ status: 'pending', sent: 0 });
    // A draft and a scheduled announcement with mail wait for their publication.
    const draft = await create({ title: '草稿公告', is_email_notify: true, publish_at: null });
    const later = await create({
      title: '计划公告',
      is_email_notify: true,
      publish_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(draft.mailing).toBeNull();

    // The first server mails one batch of two users, then stops.
    expect(await app.ctx.services.announcementMailing.run({ batchSize: 2, maxBatches: 1 })).toBe(2);
    const partWay = await mailing(a.id);
    expect(partWay).toMatchObject({ status: 'pending', sent: 2 });
    expect(await deliveries(a.id)).toBe(2);
    await app.close();

    // A second server on the same database finishes the job from where the first one stopped.
    app = await start();
    expect(await app.ctx.services.announcementMailing.run({ batchSize: 2 })).toBe(recipients.length - 2);
    const done = await mailing(a.id);
    expect(done).toMatchObject({ status: 'done', sent: recipients.length });
    expect(done!.finished_at).not.toBeNull();
    expect(await deliveries(a.id)).toBe(recipients.length);
    expect(await deliveries(draft.id)).toBe(0);
    expect(await deliveries(later.id)).toBe(0);

    // Even with the cursor lost, nobody is mailed twice: the delivery rows say who had it.
    await db()
      .updateTable('announcement_mailings')
      .set({ status: 'pending', last_user_id: 0, finished_at: null })
      .where('announcement_id', '=', a.id)
      .execute();
    expect(await app.ctx.services.announcementMailing.run({ batchSize: 3 })).toBe(0);
    expect(await mailing(a.id)).toMatchObject({ status: 'done', sent: recipients.length });

    const received = await expectEachRecipientMailedOnce({
      zh_CN: '香港节点网络升级',
      zh_TW: '香港節點網路升級',
      en: 'Hong Kong network upgrade',
    });
    const link = `${PUBLIC_URL}/announcements?id=${a.id}`;
    const en = received.get(recipients.find((r) => r.locale === 'en')!.email)!;
    expect(en.subject).toBe('New announcement: Hong Kong network upgrade - Proxy Portal');
    expect(en.text).toContain('The Hong Kong nodes get a network upgrade on Saturday.');
    expect(en.text).toContain(link);
    expect(en.html).toContain(`href="${link}"`);
    const tw = received.get(recipients.find((r) => r.locale === 'zh_TW')!.email)!;
    expect(tw.subject).toBe('新公告：香港節點網路升級 - Proxy Portal');
    expect(tw.text).toContain('本週六香港節點將進行網路升級。');
    const cn = received.get(recipients[0]!.email)!;
    expect(cn.text).toContain('维护说明 本周六 02:00-04:00 香港节点将进行网络升级。');
    expect(cn.text).not.toContain('**');
    expect(cn.text).not.toContain('https://status.example.com');
    expect(cn.text).toContain('…');
    expect(cn.text).toContain(link);
  });

  it('mails a scheduled announcement when its time comes, and a draft when staff publish it', async () => {
    const soon = await create({
      title: '定时公告',
      content: '定时发送的内容',
      is_email_notify: true,
      publish_at: new Date(Date.now() + 1_500).toISOString(),
    });
    expect(soon.state).toBe('scheduled');
    expect(await app.ctx.services.announcementMailing.run()).toBe(0);
    expect(await deliveries(soon.id)).toBe(0);
    // The job runs on an interval; here it is called until the publication time has passed.
    await vi.waitFor(
      async () => {
        await app.ctx.services.announcementMailing.run();
        expect(await deliveries(soon.id)).toBe(recipients.length);
      },
      { timeout: 10_000, interval: 250 },
    );
    await expectEachRecipientMailedOnce(sameTitle('定时公告'));

    const draft = await create({
      title: '稍后发布',
      content: '发布后才发送',
      is_email_notify: true,
      publish_at: null,
    });
    expect(await app.ctx.services.announcementMailing.run()).toBe(0);
    const published = await call<AdminAnnouncement>(app, {
      method: 'POST',
      url: `${ADMIN}/announcements/${draft.id}/publish`,
      token: staff,
    });
    expect(published.data.mailing).toEqual({ status: 'pending', sent: 0 });
    expect(await app.ctx.services.announcementMailing.run()).toBe(recipients.length);
    await expectEachRecipientMailedOnce(sameTitle('稍后发布'));
  });

  it('writes a short excerpt without markup', () => {
    expect(excerpt('## Title\n\nSome **bold** and a [link](https://x.test).')).toBe(
      'Title Some bold and a link.',
    );
    const long = excerpt('word '.repeat(100), 40);
    expect(long.endsWith('…')).toBe(true);
    expect([...long].length).toBeLessThanOrEqual(41);
    expect(excerpt('短'.repeat(200), 10)).toBe(`${'短'.repeat(10)}…`);
  });
});
