import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import { isoAfter, nowIso } from '../../db/time.js';
import type { Database, Db } from '../../db/types.js';
import * as repo from './repository.js';
import type { MailContent } from './templates.js';

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
    await repo.insertMail(db, to, kind, content);
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

  /** The most recent mails with their status (`logged`: kept here because no SMTP is set). */
  recent(limit: number) {
    return repo.recentMails(this.db, limit);
  }

  /** Whether mail leaves the machine (SMTP_URL is set). */
  get sends(): boolean {
    return this.transport !== null;
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
    const due = await repo.dueMails(this.db, nowIso(), 50);
    let delivered = 0;
    for (const mail of due) {
      if (!(await repo.claimMail(this.db, mail.id, mail.attempts, isoAfter(CLAIM_MS)))) continue;
      try {
        if (this.transport) {
          await this.transport.sendMail({
            from: this.options.from,
            to: mail.to_address,
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
          });
          await repo.updateMail(this.db, mail.id, { status: 'sent', sent_at: nowIso(), last_error: null });
        } else {
          this.log.info(
            { mail: { to: mail.to_address, kind: mail.kind, subject: mail.subject, text: mail.text } },
            'mail (no SMTP_URL set: logged, not sent)',
          );
          await repo.updateMail(this.db, mail.id, { status: 'logged', sent_at: nowIso() });
        }
        delivered += 1;
      } catch (err) {
        const attempts = mail.attempts + 1;
        const failed = attempts >= MAX_ATTEMPTS;
        this.log.warn(
          { err, mailId: mail.id, attempts },
          failed ? 'mail given up' : 'mail delivery failed; will retry',
        );
        await repo.updateMail(this.db, mail.id, {
          status: failed ? 'failed' : 'pending',
          last_error: err instanceof Error ? err.message.slice(0, 500) : String(err),
          next_attempt_at: isoAfter(Math.min(60_000 * 2 ** attempts, 6 * 3600_000)),
        });
      }
    }
    return delivered;
  }
}
