import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@portal/contract';
import { userAdminApi } from '@portal/contract/admin';
import type { Segment, SegmentMailingInfo, SegmentMailTexts, UserFilter } from '@portal/contract/admin';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/time.js';
import type { Database } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import type { StaffActor } from '../../lib/staff-actor.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Mailer } from '../mail/mailer.js';
import type { MailContent } from '../mail/templates.js';
import { nextTurn } from '../../lib/event-loop.js';
import * as accounts from './account-repository.js';
import * as repo from './mailing-repository.js';
import { segmentMail } from './segment-mail.js';

export const SEGMENT_BATCH_SIZE = 200;
/** Batches one run may do across all mailings, so one run stays short; the next run goes on. */
export const SEGMENT_BATCHES_PER_RUN = 25;

const flag = (choice: Segment['verified']) => (choice === 'any' ? undefined : choice === 'yes');

/** The segment as the users list's filter. */
export function segmentFilter(segment: Segment): UserFilter {
  return {
    verified: flag(segment.verified),
    disabled: flag(segment.disabled),
    subscribed: flag(segment.subscribed),
    with_balance: flag(segment.with_balance),
    registered_from: segment.registered_from,
    registered_to: segment.registered_to,
  };
}

/** The text a customer gets: their language's, else the default language's, else the first one given. */
export function textFor(texts: SegmentMailTexts, locale: Locale) {
  return texts[locale] ?? texts[DEFAULT_LOCALE] ?? LOCALES.map((l) => texts[l]).find(Boolean)!;
}

/**
 * Staff mail a segment of customers. Planning it counts the segment now, writes the mailing and its audit record in
 * one transaction; the customers registered later are not in it. The mail goes out in the background as the
 * announcement mail does: a batch of customers in id order after the mailing's cursor, each batch one transaction
 * that puts one mail per customer in the outbox (`Mailer.enqueue`) and moves the cursor only from where it read it,
 * so a crash loses a whole batch or nothing, two runs never mail the same batch, and no run holds every recipient in
 * memory or one long transaction. Each batch reads the segment again (a customer disabled meanwhile is left out).
 * Staff accounts are never in a segment.
 */
export class SegmentMailing {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly mailer: Mailer,
    private readonly options: { siteName: string },
    private readonly log: FastifyBaseLogger,
  ) {}

  async preview(segment: Segment): Promise<{ recipients: number }> {
    const now = nowIso();
    const max = await accounts.maxUserId(this.db);
    return { recipients: await accounts.countSegment(this.db, segmentFilter(segment), now, max) };
  }

  async plan(segment: Segment, texts: SegmentMailTexts, actor: StaffActor) {
    return this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const max = await accounts.maxUserId(trx);
      const planned = await accounts.countSegment(trx, segmentFilter(segment), now, max);
      if (planned === 0) throw new AppError('SEGMENT_EMPTY');
      const id = await repo.insertMailing(trx, {
        created_by: actor.id,
        segment: JSON.stringify(segment),
        texts: JSON.stringify(texts),
        max_user_id: max,
        planned,
        now,
      });
      await recordAudit(trx, actor, {
        action: 'users.mail_segment',
        targetType: 'segment_mailing',
        targetId: id,
        after: {
          segment,
          recipients: planned,
          subjects: Object.fromEntries(LOCALES.flatMap((l) => (texts[l] ? [[l, texts[l].subject]] : []))),
        },
      });
      return { id, recipients: planned };
    });
  }

  /** The mailings newest first, a page after the cursor, with their progress. */
  async list(page: { before?: number | undefined; size: number }): Promise<{
    items: SegmentMailingInfo[];
    next_before: number | null;
  }> {
    const rows = await repo.listMailings(this.db, page);
    const items = rows.slice(0, page.size).map((row) => {
      const texts = JSON.parse(row.texts) as SegmentMailTexts;
      return {
        id: row.id,
        subject: textFor(texts, DEFAULT_LOCALE).subject,
        locales: LOCALES.filter((l) => texts[l]),
        segment: userAdminApi.segmentSchema.parse(JSON.parse(row.segment)),
        created_by_email: row.created_by_email ?? null,
        created_at: row.created_at,
        status: row.status,
        planned: row.planned,
        sent: row.sent,
        finished_at: row.finished_at ?? null,
      };
    });
    return { items, next_before: rows.length > page.size ? (items.at(-1)?.id ?? null) : null };
  }

  /** Works through the pending mailings; returns how many mails it queued. */
  async run({ batchSize = SEGMENT_BATCH_SIZE, maxBatches = SEGMENT_BATCHES_PER_RUN } = {}): Promise<number> {
    let batches = 0;
    let queued = 0;
    for (const { id } of await repo.pendingMailingIds(this.db)) {
      while (batches < maxBatches) {
        if (batches > 0) await nextTurn();
        batches += 1;
        const mailed = await this.batch(id, batchSize);
        if (mailed === null) break;
        queued += mailed;
      }
      if (batches >= maxBatches) break;
    }
    if (queued > 0) {
      this.log.info({ queued }, 'segment mails queued');
      this.mailer.kick();
    }
    return queued;
  }

  /** One batch of one mailing: the number of customers mailed, or null when it is finished (or not pending). */
  async batch(id: number, size: number): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      const mailing = await repo.pendingMailing(trx, id);
      if (!mailing) return null;
      const now = nowIso();
      const segment = JSON.parse(mailing.segment) as Segment;
      const texts = JSON.parse(mailing.texts) as SegmentMailTexts;
      const users = await accounts.segmentAfter(
        trx,
        segmentFilter(segment),
        now,
        { afterId: mailing.last_user_id, maxId: mailing.max_user_id },
        size,
      );
      const last = users.at(-1);
      if (!last) {
        await repo.finishMailing(trx, id, now);
        return null;
      }
      const mails = new Map<Locale, MailContent>();
      for (const user of users) {
        const locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
        let mail = mails.get(locale);
        if (!mail) {
          mail = segmentMail(locale, this.options.siteName, textFor(texts, locale));
          mails.set(locale, mail);
        }
        await this.mailer.enqueue(trx, user.email, 'segment_mail', mail);
      }
      const moved = await repo.advanceMailing(
        trx,
        id,
        { from: mailing.last_user_id, to: last.id, sent: users.length },
        now,
      );
      if (!moved) throw new Error(`segment mailing ${id}: the cursor moved on elsewhere; batch rolled back`);
      return users.length;
    });
  }
}
