import { DEFAULT_LOCALE, isLocale, type Locale } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/time.js';
import type { Database } from '../../db/types.js';
import type { Mailer } from '../mail/mailer.js';
import type { MailContent } from '../mail/templates.js';
import { announcementMail } from './announcement-mail.js';
import { nextTurn } from '../../lib/event-loop.js';
import * as repo from './repository.js';
import { excerpt, localizedText } from './text.js';

export const MAILING_BATCH_SIZE = 100;
/** Batches one run may do across all announcements, so one run stays short; the next run goes on. */
export const MAILING_BATCHES_PER_RUN = 20;

export interface MailingRunOptions {
  batchSize?: number;
  maxBatches?: number;
}

/**
 * The announcement mail, in the background: every verified, active user once, in batches of users in id order.
 * Each batch is one transaction that writes a delivery row per user (unique per announcement and user), puts that
 * user's mail in the outbox and moves the mailing's cursor; a crash loses the whole batch or nothing, a restart goes
 * on from the cursor, and a user already delivered is never mailed again, whatever the cursor says.
 */
export class AnnouncementMailing {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly mailer: Mailer,
    private readonly options: { siteName: string; publicUrl: string },
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Works through the due mailings; returns how many mails it queued. */
  async run({
    batchSize = MAILING_BATCH_SIZE,
    maxBatches = MAILING_BATCHES_PER_RUN,
  }: MailingRunOptions = {}): Promise<number> {
    let batches = 0;
    let queued = 0;
    for (const { announcement_id } of await repo.dueMailings(this.db, nowIso())) {
      while (batches < maxBatches) {
        if (batches > 0) await nextTurn();
        batches += 1;
        const mailed = await this.batch(announcement_id, batchSize);
        if (mailed === null) break;
        queued += mailed;
      }
      if (batches >= maxBatches) break;
    }
    if (queued > 0) {
      this.log.info({ queued }, 'announcement mails queued');
      this.mailer.kick();
    }
    return queued;
  }

  /** One batch of one mailing: the number of users mailed, or null when the mailing is finished (or not pending). */
  async batch(announcementId: number, size: number): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      const mailing = await repo.pendingMailing(trx, announcementId);
      if (!mailing) return null;
      const now = nowIso();
      const users = await repo.recipientsAfter(trx, mailing.last_user_id, size);
      const last = users.at(-1);
      if (!last) {
        await repo.finishMailing(trx, announcementId, now);
        return null;
      }
      const announcement = await repo.findRow(trx, announcementId);
      if (!announcement) return null;
      const fresh = await repo.claimDeliveries(
        trx,
        announcementId,
        users.map((u) => u.id),
        now,
      );
      const mails = new Map<Locale, MailContent>();
      const mailFor = (locale: Locale) => {
        let mail = mails.get(locale);
        if (!mail) {
          const text = localizedText(announcement, locale);
          mail = announcementMail(
            locale,
            this.options.siteName,
            { title: text.title, excerpt: excerpt(text.content) },
            `${this.options.publicUrl}/announcements?id=${announcementId}`,
          );
          mails.set(locale, mail);
        }
        return mail;
      };
      for (const user of users) {
        if (!fresh.has(user.id)) continue;
        const locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
        await this.mailer.enqueue(trx, user.email, 'announcement', mailFor(locale));
      }
      if (!(await repo.advanceMailing(trx, announcementId, mailing.last_user_id, last.id, fresh.size, now)))
        throw new Error(`announcement ${announcementId}: the mailing moved on elsewhere; batch rolled back`);
      return fresh.size;
    });
  }
}
