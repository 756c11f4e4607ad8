import { fenToString, REFUND_DAYS } from '@portal/contract';
import { type RefundPreview } from '@portal/contract/admin';
import type { Kysely } from 'kysely';
import type { Database, Db, SubscriptionOrderRow, SubscriptionRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import type { StaffActor } from '../../lib/staff-actor.js';
import { recordAudit } from '../audit/audit-log.js';
import { codePaidPart } from '../wallet/code-money.js';
import { changeBalance } from '../wallet/ledger.js';
import * as repo from './repository.js';

const DAY_MS = 86_400_000;
const WHOLE = 1_000_000;

interface Plan {
  preview: RefundPreview;
  order: SubscriptionOrderRow;
  sub: SubscriptionRow;
  amountFen: number;
  /** The subscription after the refund. */
  end: { status: 'active' | 'expired'; end_at: string } | null;
}

/**
 * Refunds of a subscription order to the balance, under the terms (README, "Refunds"): within REFUND_DAYS of the
 * order; everything paid from non-code money when no traffic was used, else the share left; never the part paid
 * with recharge-code money (`codePaidPart`). Only the latest paid order of a subscription (its current period).
 * A purchase or upgrade refunded ends the subscription now; a renewal refunded takes its period off the end.
 */
export class RefundService {
  constructor(private readonly db: Kysely<Database>) {}

  private async plan(db: Db, orderId: number, now: Date): Promise<Plan> {
    const order = await repo.orderById(db, orderId);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    const sub = await repo.findSubscription(db, order.subscription_id);
    if (!sub) throw new AppError('SUBSCRIPTION_NOT_FOUND');
    const deadline = new Date(Date.parse(order.created_at) + REFUND_DAYS * DAY_MS);
    const paidFen = Number(order.amount_fen);
    const paid = paidFen > 0 ? await codePaidPart(db, order.user_id, order.kind, order.order_no) : null;
    const codeFen = paid?.codeFen ?? 0;
    const baseFen = paid ? paid.paidFen - codeFen : 0;
    const used = Number(sub.traffic_used);
    const limit = sub.traffic_limit === null ? null : Number(sub.traffic_limit);
    let remaining: number;
    if (used === 0) remaining = WHOLE;
    else if (limit !== null && limit > 0) remaining = Math.floor((Math.max(0, limit - used) * WHOLE) / limit);
    else {
      // Unlimited traffic: the time left from the order to the subscription's end.
      const from = Date.parse(order.created_at);
      const end = Date.parse(sub.end_at);
      remaining = end > from ? Math.floor((Math.max(0, end - now.getTime()) * WHOLE) / (end - from)) : 0;
      remaining = Math.min(WHOLE, remaining);
    }
    const amountFen = Math.floor((baseFen * remaining) / WHOLE);
    let refused: RefundPreview['refused'] = null;
    if (order.status === 'refunded') refused = 'refunded';
    else if (now > deadline) refused = 'too_late';
    else if (sub.status === 'upgraded' || (await repo.hasLaterOrder(db, sub.id, order.id)))
      refused = 'superseded';
    else if (baseFen <= 0) refused = 'code_paid';
    else if (amountFen <= 0) refused = 'used_up';
    let end: Plan['end'] = null;
    if (!refused) {
      if (order.kind === 'renew') {
        const p = await repo.findPackage(db, order.package_id);
        const moved = Date.parse(sub.end_at) - (p?.validity_days ?? 0) * DAY_MS;
        end =
          moved > now.getTime()
            ? { status: 'active', end_at: new Date(moved).toISOString() }
            : { status: 'expired', end_at: now.toISOString() };
      } else end = { status: 'expired', end_at: now.toISOString() };
    }
    return {
      order,
      sub,
      amountFen: refused ? 0 : amountFen,
      end,
      preview: {
        order_no: order.order_no,
        paid: fenToString(paidFen),
        code_paid: fenToString(codeFen),
        refundable_base: fenToString(baseFen),
        traffic_used: used,
        traffic_limit: limit,
        remaining_ppm: remaining,
        amount: fenToString(refused ? 0 : amountFen),
        rule: refused ? null : used === 0 ? 'full' : 'proportional',
        refused,
        subscription_end_at: end?.end_at ?? null,
        deadline: deadline.toISOString(),
      },
    };
  }

  async preview(orderId: number, now = new Date()): Promise<RefundPreview> {
    return (await this.plan(this.db, orderId, now)).preview;
  }

  /** Refunds once: the order moves from paid to refunded, and the ledger's ('refund', order_no) is unique. */
  async refund(actor: StaffActor, orderId: number, note: string, now = new Date()) {
    return this.db.transaction().execute(async (trx) => {
      const plan = await this.plan(trx, orderId, now);
      const { order, sub, preview } = plan;
      if (preview.refused) throw new AppError('REFUND_REFUSED', { reason: preview.refused });
      if (!(await repo.markOrderRefunded(trx, order.id)))
        throw new AppError('REFUND_REFUSED', { reason: 'refunded' });
      const balance = await changeBalance(trx, {
        userId: order.user_id,
        deltaFen: plan.amountFen,
        kind: 'refund',
        reference: order.order_no,
        memo: note,
      });
      const end = plan.end!;
      if (!(await repo.updateAtVersion(trx, sub.id, sub.version, { ...end, updated_at: now.toISOString() })))
        throw new AppError('REFUND_REFUSED', { reason: 'changed_meanwhile' });
      await recordAudit(trx, actor, {
        action: 'order.refund',
        targetType: 'subscription_order',
        targetId: order.id,
        before: { status: order.status, subscription_status: sub.status, subscription_end_at: sub.end_at },
        after: {
          status: 'refunded',
          subscription_status: end.status,
          subscription_end_at: end.end_at,
          amount: preview.amount,
          code_paid: preview.code_paid,
          rule: preview.rule,
          note,
        },
      });
      return { refund: { ...preview, refused: null }, balance: fenToString(balance) };
    });
  }
}
