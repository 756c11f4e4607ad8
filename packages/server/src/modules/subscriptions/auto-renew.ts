import { fenToString } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { toPage } from '../../lib/paginate.js';
import * as repo from './repository.js';
import { ownSubscription } from './subscription-queries.js';

const DAY_MS = 86_400_000;

/** Automatic renewal as the user sees it: the switch, when the next attempt is, and what the attempts did. */
export class AutoRenewSettings {
  constructor(private readonly db: Kysely<Database>) {}

  async setAutoRenew(userId: number, subscriptionId: number, enabled: boolean) {
    const sub = await ownSubscription(this.db, userId, subscriptionId);
    if (sub.status === 'upgraded') throw new AppError('RENEWAL_NOT_ALLOWED', { reason: 'upgraded' });
    await repo.setAutoRenew(this.db, sub.id, enabled);
    return { subscription_id: sub.id, enabled };
  }

  async autoRenewStatus(userId: number) {
    const rows = await repo.autoRenewSettings(this.db, userId);
    return rows.map((r) => ({
      subscription_id: r.id,
      enabled: r.auto_renew === 1,
      next_attempt_at:
        r.auto_renew === 1
          ? new Date(Math.max(Date.now(), Date.parse(r.end_at) - DAY_MS)).toISOString()
          : null,
    }));
  }

  async autoRenewLogs(userId: number, q: { page: number; size: number }) {
    const { rows, total } = await repo.pageOfAutoRenewLogs(this.db, userId, q);
    const items = rows.map((r) => ({
      id: r.id,
      subscription_id: r.subscription_id,
      result: r.result,
      amount: fenToString(r.amount_fen),
      order_no: r.order_no,
      created_at: r.created_at,
    }));
    return toPage(items, total, q);
  }
}
