import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { startSmtpSink } from '../../test/smtp-sink.js';
import { Mailer } from './mailer.js';
import { verificationMail } from './templates.js';

async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const address = srv.address();
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 1;
}

describe(`mail outbox (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const db = () => t.database.handle.db;

  it('without SMTP_URL writes mails to the log with their links, so a fresh install still works', async () => {
    const email = await registerUser(t.app);
    await t.app.ctx.mailer.idle();
    const row = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('logged');
    const line = t.logs.lines.find(
      (l) => JSON.stringify(l).includes(email) && JSON.stringify(l).includes('/verify-email?token='),
    );
    expect(line).toBeDefined();
  });

  it('keeps a mail pending when the SMTP server is down and delivers it on a later attempt', async () => {
    const mail = verificationMail('en', 'Proxy Portal', 'http://127.0.0.1:8080/verify-email?token=abc');
    const down = new Mailer(
      db(),
      { smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, from: 'Portal <no-reply@example.com>' },
      t.app.log,
    );
    await down.enqueue(db(), 'retry@example.com', 'verify_email', mail);
    expect(await down.deliverDue()).toBe(0);
    const pending = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'retry@example.com')
      .executeTakeFirstOrThrow();
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    expect(pending.last_error).toBeTruthy();
    expect(pending.next_attempt_at > new Date().toISOString()).toBe(true);
    await down.stop();

    const sink = await startSmtpSink();
    const up = new Mailer(db(), { smtpUrl: sink.url, from: 'Portal <no-reply@example.com>' }, t.app.log);
    expect(await up.deliverDue()).toBe(0); // not due yet
    await db()
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date().toISOString() })
      .where('id', '=', pending.id)
      .execute();
    const [a, b] = await Promise.all([up.deliverDue(), up.deliverDue()]);
    expect(a + b).toBe(1);
    const received = await sink.waitFor((m) => m.to.includes('retry@example.com'));
    expect(received.subject).toBe(mail.subject);
    expect(received.text).toContain('verify-email?token=abc');
    expect(sink.mails.filter((m) => m.to.includes('retry@example.com'))).toHaveLength(1);
    expect(
      (
        await db()
          .selectFrom('mail_outbox')
          .select('status')
          .where('id', '=', pending.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('sent');
    await up.stop();
    await sink.close();
  });
});
