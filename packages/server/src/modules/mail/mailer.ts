import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import { isoAfter, nowIso } from '../../db/time.js';
import type { Database } from '../../db/types.js';
import type { MailContent } from './templates.js';

type Db = Kysely<Database> | Transaction<Database>;

const MAX_ATTEMPTS = 8;
const CLAIM_MS = 5 * 60_000;

/**
 * Mail goes through an outbox table: it is written in the same transaction as what caused it, then delivered over
 * SMTP (SMTP_URL) with retries. Without SMTP the mail is written to the log instead (status `logged`), so a fresh
 * `npm start` works and the links can be read from the log.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: { smtpUrl: string | null; from: string },
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  async enqueue(db: Db, to: string, kind: string, content: MailContent): Promise<void> {
    const now = nowIso();
    await db
      .insertInto('mail_outbox')
      .values({
        to_address: to,
        kind,
        subject: content.subject,
        html: content.html,
        text: content.text,
        created_at: now,
        next_attempt_at: now,
        last_error: null,
        sent_at: null,
      })
      .execute();
  }

  /** Delivers what is due soon, without making the caller wait. Calls while a run is going coalesce into one more run. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.deliverDue()
      .then(() => undefined)
      .catch((err: unknown) => this.log.error({ err }, 'mail delivery failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Waits for the delivery in progress (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  start(intervalMs = 30_000): void {
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
    this.transport?.close();
  }

  /** Sends every due mail once; several instances never send the same row twice (a row is claimed first). */
  async deliverDue(): Promise<number> {
    const now = nowIso();
    const due = await this.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .orderBy('id')
      .limit(50)
      .execute();
    let delivered = 0;
    for (const mail of due) {
      const claimed = await this.db
        .updateTable('mail_outbox')
        .set({ attempts: mail.attempts + 1, next_attempt_at: isoAfter(CLAIM_MS) })
        .where('id', '=', mail.id)
        .where('status', '=', 'pending')
        .where('attempts', '=', mail.attempts)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      try {
        if (this.transport) {
          await this.transport.sendMail({
            from: this.options.from,
            to: mail.to_address,
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
          });
          await this.db
            .updateTable('mail_outbox')
            .set({ status: 'sent', sent_at: nowIso(), last_error: null })
            .where('id', '=', mail.id)
            .execute();
        } else {
          this.log.info(
            { mail: { to: mail.to_address, kind: mail.kind, subject: mail.subject, text: mail.text } },
            'mail (no SMTP_URL set: logged, not sent)',
          );
          await this.db
            .updateTable('mail_outbox')
            .set({ status: 'logged', sent_at: nowIso() })
            .where('id', '=', mail.id)
            .execute();
        }
        delivered += 1;
      } catch (err) {
        const attempts = mail.attempts + 1;
        const failed = attempts >= MAX_ATTEMPTS;
        this.log.warn(
          { err, mailId: mail.id, attempts },
          failed ? 'mail given up' : 'mail delivery failed; will retry',
        );
        await this.db
          .updateTable('mail_outbox')
          .set({
            status: failed ? 'failed' : 'pending',
            last_error: err instanceof Error ? err.message.slice(0, 500) : String(err),
            next_attempt_at: isoAfter(Math.min(60_000 * 2 ** attempts, 6 * 3600_000)),
          })
          .where('id', '=', mail.id)
          .execute();
      }
    }
    return delivered;
  }
}
