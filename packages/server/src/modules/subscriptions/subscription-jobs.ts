import type { Locale } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/time.js';
import type { Database } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { getMeta, setMeta } from '../../lib/meta-repository.js';
import type { Mailer } from '../mail/mailer.js';
import { autoRenewFailedMail } from '../mail/templates.js';
import { packageText } from './mapping.js';
import { nextTurn } from '../../lib/event-loop.js';
import * as repo from './repository.js';
import type { SubscriptionPayments } from './subscription-payments.js';

const DAY_MS = 86_400_000;
/** Auto-renew is tried from one day before the end ... */
export const AUTO_RENEW_BEFORE_MS = DAY_MS;
/** ... until three days after it (a customer who tops up soon after, a server that was down at the end). */
export const AUTO_RENEW_GRACE_MS = 3 * DAY_MS;
/** The month (its first instant, UTC) whose monthly traffic reset has run. */
const MONTHLY_RESET_DONE_KEY = 'monthly_traffic_reset_done';

/**
 * Scheduled work on subscriptions: expiry at the end time, and automatic renewal of those due within a day. A
 * renewal's idempotency key is the subscription and the period it extends, so it can never happen twice for one
 * period, whichever instance or run attempts it.
 */
export class SubscriptionJobs {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly payments: SubscriptionPayments,
    private readonly mailer: Mailer,
    private readonly options: { siteName: string; publicUrl: string },
    private readonly log: FastifyBaseLogger,
  ) {}

  expire(): Promise<number> {
    return repo.expireEnded(this.db, nowIso());
  }

  /**
   * Packages whose traffic starts again on the first day of each month (UTC): done by the month's first run, then
   * not looked at again until the next month (the check reads every live subscription: 60 ms on the bench data,
   * each minute, on SQLite's one connection). What becomes a monthly subscription later in the month (a package
   * switched to monthly) starts again on the next first. A run that stops before recording the month is simply
   * done again: the update skips what it already reset.
   */
  async resetMonthlyTraffic(now = new Date()): Promise<number> {
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
    if ((await getMeta(this.db, MONTHLY_RESET_DONE_KEY)) === monthStart) return 0;
    const reset = await repo.resetMonthlyTraffic(this.db, monthStart, now.toISOString());
    await setMeta(this.db, MONTHLY_RESET_DONE_KEY, monthStart);
    return reset;
  }

  async autoRenew(): Promise<{ renewed: number; failed: number }> {
    const now = Date.now();
    const due = await repo.dueForAutoRenew(
      this.db,
      new Date(now - AUTO_RENEW_GRACE_MS).toISOString(),
      new Date(now + AUTO_RENEW_BEFORE_MS).toISOString(),
    );
    let renewed = 0;
    let failed = 0;
    for (const row of due) {
      await nextTurn();
      const { sub_id, end_at, price_fen, p_name, p_description, p_translations, ...user } = row;
      const locale = user.locale as Locale;
      try {
        const r = await this.payments.renew(user, sub_id, `auto:${sub_id}:${end_at}`, locale);
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
      await repo.insertAutoRenewLog(this.db, {
        subscriptionId,
        userId,
        periodEnd,
        result,
        amountFen,
        orderNo,
      });
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  async tick(): Promise<void> {
    await this.autoRenew();
    await this.expire();
    await this.resetMonthlyTraffic();
  }
}
