import { randomUUID } from 'node:crypto';
import { isStaffRole, type Locale, type Subscription } from '@portal/contract';
import type { Insertable, Kysely } from 'kysely';
import type { Database, Db, PackageRow, SubscriptionRow, SubscriptionsTable } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { randomToken } from '../../lib/crypto.js';
import type { StaffActor } from '../../lib/staff-actor.js';
import { recordAudit } from '../audit/audit-log.js';
import * as repo from './repository.js';
import { trafficUsedUp } from './servable.js';
import type { SubscriptionLinks } from './subscription-link.js';
import type { SubscriptionQueries } from './subscription-queries.js';

const DAY_MS = 86_400_000;

/** A new active subscription of a package for `days` from `now` (a grant or a trial; a purchase writes the same). */
export function newSubscription(
  userId: number,
  p: PackageRow,
  days: number,
  now: Date,
): Insertable<SubscriptionsTable> {
  return {
    user_id: userId,
    package_id: p.id,
    status: 'active',
    uuid: randomUUID(),
    link_token: randomToken(24),
    start_at: now.toISOString(),
    end_at: new Date(now.getTime() + days * DAY_MS).toISOString(),
    traffic_limit: p.traffic_bytes,
    device_limit: p.device_limit,
    speed_limit_mbps: p.speed_limit_mbps,
    upgraded_to: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
}

const endState = (s: SubscriptionRow) => ({ status: s.status, start_at: s.start_at, end_at: s.end_at });

/**
 * What staff do to a customer's subscriptions (issue 17 §4, product rules §4.3 "Grants"): give a package for some
 * days, add days, replace the link, start the traffic again. No money moves and no order is written: a grant is
 * never revenue and never refundable; the audit log (actor, reason, before and after) is its record.
 */
export class SubscriptionGrants {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly queries: SubscriptionQueries,
    private readonly links: SubscriptionLinks,
  ) {}

  private async view(db: Db, id: number, locale: Locale): Promise<Subscription> {
    const row = await repo.findSubscription(db, id);
    if (!row) throw new AppError('SUBSCRIPTION_NOT_FOUND');
    const [view] = await this.queries.views(db, [row], locale);
    return view!;
  }

  private async account(db: Db, userId: number, actor: StaffActor, selfAllowed: boolean) {
    const user = await repo.grantTarget(db, userId);
    if (!user) throw new AppError('USER_NOT_FOUND');
    if (!selfAllowed && user.id === actor.id) throw new AppError('USER_SELF_ACTION');
    return user;
  }

  /** The account's subscription (another account's answers 40301), never one upgraded away (40323). */
  private async subscription(db: Db, userId: number, id: number): Promise<SubscriptionRow> {
    const sub = await repo.findOwnSubscription(db, userId, id);
    if (!sub) throw new AppError('SUBSCRIPTION_NOT_FOUND');
    if (sub.status === 'upgraded')
      throw new AppError('SUBSCRIPTION_CHANGE_REFUSED', { upgraded_to: sub.upgraded_to });
    return sub;
  }

  /**
   * A new subscription of the package (on sale or hidden) for `days`, as a purchase makes one: a grant never
   * stacks on another subscription (extend that one instead).
   */
  grant(actor: StaffActor, userId: number, packageId: number, days: number, reason: string, locale: Locale) {
    return this.db.transaction().execute(async (trx) => {
      const user = await this.account(trx, userId, actor, false);
      const p = await repo.findPackage(trx, packageId);
      if (!p) throw new AppError('PACKAGE_NOT_FOUND');
      const sub = await repo.insertSubscription(trx, newSubscription(user.id, p, days, new Date()));
      await recordAudit(trx, actor, {
        action: 'subscription.grant',
        targetType: 'subscription',
        targetId: sub.id,
        before: null,
        after: {
          user_id: user.id,
          package_id: p.id,
          days,
          status: sub.status,
          start_at: sub.start_at,
          end_at: sub.end_at,
          reason,
          staff_account: isStaffRole(user.role),
        },
      });
      return this.view(trx, sub.id, locale);
    });
  }

  /**
   * `days` more from the later of now and the end; an expired subscription becomes active again from now (suspended
   * when its traffic is still used up: resetting the traffic is a separate action). The traffic is not touched.
   */
  extend(
    actor: StaffActor,
    userId: number,
    subscriptionId: number,
    days: number,
    reason: string,
    locale: Locale,
  ) {
    return this.db.transaction().execute(async (trx) => {
      await this.account(trx, userId, actor, false);
      const sub = await this.subscription(trx, userId, subscriptionId);
      const now = Date.now();
      const reactivate = sub.status === 'expired' || Date.parse(sub.end_at) <= now;
      const from = reactivate ? now : Date.parse(sub.end_at);
      const after = {
        status: trafficUsedUp(sub) ? ('suspended' as const) : ('active' as const),
        start_at: reactivate ? new Date(now).toISOString() : sub.start_at,
        end_at: new Date(from + days * DAY_MS).toISOString(),
      };
      const changed = await repo.updateAtVersion(trx, sub.id, sub.version, {
        ...after,
        updated_at: new Date(now).toISOString(),
      });
      if (!changed) throw new AppError('SUBSCRIPTION_CHANGE_REFUSED', { reason: 'changed_meanwhile' });
      await recordAudit(trx, actor, {
        action: 'subscription.extend',
        targetType: 'subscription',
        targetId: sub.id,
        before: { ...endState(sub), days: null, reason: null },
        after: { ...after, days, reason },
      });
      return this.view(trx, sub.id, locale);
    });
  }

  /** A new link token, as the customer's own reset; the old URL answers 404 at once. The tokens are not logged. */
  resetLink(actor: StaffActor, userId: number, subscriptionId: number, locale: Locale) {
    return this.db.transaction().execute(async (trx) => {
      await this.account(trx, userId, actor, true);
      const sub = await this.subscription(trx, userId, subscriptionId);
      await this.links.replaceToken(trx, sub.id);
      await recordAudit(trx, actor, {
        action: 'subscription.link_reset',
        targetType: 'subscription',
        targetId: sub.id,
        before: { link: 'previous' },
        after: { link: 'replaced' },
      });
      return this.view(trx, sub.id, locale);
    });
  }

  /** Used traffic back to zero; a subscription suspended for using it up is active (served) again. */
  resetTraffic(actor: StaffActor, userId: number, subscriptionId: number, locale: Locale) {
    return this.db.transaction().execute(async (trx) => {
      await this.account(trx, userId, actor, true);
      const sub = await this.subscription(trx, userId, subscriptionId);
      const now = new Date().toISOString();
      const status = sub.status === 'suspended' ? 'active' : sub.status;
      const changed = await repo.updateAtVersion(trx, sub.id, sub.version, {
        traffic_used: 0,
        upload_bytes: 0,
        traffic_reset_at: now,
        status,
        updated_at: now,
      });
      if (!changed) throw new AppError('SUBSCRIPTION_CHANGE_REFUSED', { reason: 'changed_meanwhile' });
      await recordAudit(trx, actor, {
        action: 'subscription.traffic_reset',
        targetType: 'subscription',
        targetId: sub.id,
        before: { traffic_used: String(sub.traffic_used), status: sub.status },
        after: { traffic_used: '0', status },
      });
      return this.view(trx, sub.id, locale);
    });
  }
}
