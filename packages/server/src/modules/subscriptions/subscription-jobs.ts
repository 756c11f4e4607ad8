import type { Locale } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/time.js';
import type { Database } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { Mailer } from '../mail/mailer.js';
import { autoRenewFailedMail } from '../mail/templates.js';
import { packageText } from './mapping.js';
import type { SubscriptionService } from './subscription-service.js';

const DAY_MS = 86_400_000;

/**
 * Scheduled work on subscriptions: expiry at the end time, and automatic renewal of those due within a day. A
 * renewal's idempotency key is the subscription and the period it extends, so it can never happen twice for one
 * period, whichever instance or run attempts it.
 */
export class SubscriptionJobs {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly service: SubscriptionService,
    private readonly mailer: Mailer,
    private readonly options: { siteName: string; publicUrl: string },
    private readonly log: FastifyBaseLogger,
  ) {}

  async expire(): Promise<number> {
    const now = nowIso();
    const result = await this.db
      .updateTable('subscriptions')
      .set((eb) => ({ status: 'expired', version: eb('version', '+', 1), updated_at: now }))
      .where('status', 'in', ['active', 'suspended'])
      .where('end_at', '<=', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async autoRenew(): Promise<{ renewed: number; failed: number }> {
    const horizon = new Date(Date.now() + DAY_MS).toISOString();
    const due = await this.db
      .selectFrom('subscriptions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .innerJoin('packages as p', 'p.id', 's.package_id')
      .selectAll('u')
      .select([
        's.id as sub_id',
        's.end_at',
        'p.price_fen',
        'p.name as p_name',
        'p.description as p_description',
        'p.translations as p_translations',
      ])
      .where('s.auto_renew', '=', 1)
      .where('s.status', 'in', ['active', 'suspended', 'expired'])
      .where('s.end_at', '<=', horizon)
      .where('u.status', '=', 'active')
      .execute();
    let renewed = 0;
    let failed = 0;
    for (const row of due) {
      const { sub_id, end_at, price_fen, p_name, p_description, p_translations, ...user } = row;
      const locale = user.locale as Locale;
      try {
        const r = await this.service.renew(user, sub_id, `auto:${sub_id}:${end_at}`, locale);
        await this.logAttempt(sub_id, user.id, end_at, 'success', price_fen, r.order.order_no);
        renewed += 1;
      } catch (err) {
        const reason =
          err instanceof AppError && err.code === 40203
            ? 'insufficient_balance'
            : err instanceof AppError && err.code === 40310
              ? 'package_unavailable'
              : null;
        if (!reason) {
          this.log.error({ err, subscription: sub_id }, 'automatic renewal failed');
          continue;
        }
        failed += 1;
        if (await this.logAttempt(sub_id, user.id, end_at, reason, price_fen, null)) {
          const name = packageText(
            { name: p_name, description: p_description, translations: p_translations },
            locale,
          ).name;
          const mail = autoRenewFailedMail(
            locale,
            this.options.siteName,
            reason,
            name,
            end_at.slice(0, 10),
            `${this.options.publicUrl}/subscription`,
          );
          await this.mailer.enqueue(this.db, user.email, 'auto_renew_failed', mail);
          this.mailer.kick();
        }
      }
    }
    return { renewed, failed };
  }

  /** true when this is the first log of that result for that period. */
  private async logAttempt(
    subscriptionId: number,
    userId: number,
    periodEnd: string,
    result: 'success' | 'insufficient_balance' | 'package_unavailable',
    amountFen: number,
    orderNo: string | null,
  ): Promise<boolean> {
    try {
      await this.db
        .insertInto('auto_renew_logs')
        .values({
          subscription_id: subscriptionId,
          user_id: userId,
          period_end: periodEnd,
          result,
          amount_fen: amountFen,
          order_no: orderNo,
          created_at: nowIso(),
        })
        .execute();
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  async tick(): Promise<void> {
    await this.autoRenew();
    await this.expire();
  }
}
