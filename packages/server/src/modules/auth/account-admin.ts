import { randomUUID } from 'node:crypto';
import { fenToString, isStaffRole, parseMoneyToFen } from '@portal/contract';
import type { Locale } from '@portal/contract';
import type { AdminUser, UserDetail, UserFilter } from '@portal/contract/admin';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/time.js';
import type { Database } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import type { StaffActor } from '../../lib/staff-actor.js';
import { recordAudit, recordAudits } from '../audit/audit-log.js';
import type { NodeService } from '../nodes/node-service.js';
import type { OAuthService } from '../oauth/oauth-service.js';
import type { SubscriptionQueries } from '../subscriptions/subscription-queries.js';
import { changeBalance } from '../wallet/ledger.js';
import type { WalletService } from '../wallet/wallet-service.js';
import * as accounts from './account-repository.js';
import type { AuthService } from './auth-service.js';
import * as sessions from './session-repository.js';
import * as users from './user-repository.js';

const DETAIL_ROWS = 20;

type BulkSkipReason = 'not_found' | 'self' | 'staff' | 'already_disabled';

function toAdminUser(row: accounts.AccountRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    nickname: row.nickname,
    role: row.role as AdminUser['role'],
    verified: row.email_verified_at !== null,
    disabled: row.status === 'disabled',
    balance: fenToString(row.balance_fen),
    active_subscriptions: row.active_subscriptions,
    last_login_at: row.last_login_at,
    created_at: row.created_at,
  };
}

export interface AccountAdminDeps {
  db: Kysely<Database>;
  auth: AuthService;
  wallet: WalletService;
  subscriptions: SubscriptionQueries;
  oauth: OAuthService;
  nodes: Pick<NodeService, 'onlineDeviceCounts'>;
}

/**
 * Customers' accounts in the operators' console: search, one account's page, and what staff do to an account
 * (balance adjustments through the ledger, disable / enable, verification, password reset mail, ending sessions),
 * each recorded in the audit log. Staff accounts are changed on the staff page, and nobody acts on their own.
 */
export class AccountAdmin {
  constructor(private readonly d: AccountAdminDeps) {}

  async list(
    filter: UserFilter & { before?: number | undefined; size: number },
  ): Promise<{ items: AdminUser[]; next_before: number | null }> {
    const rows = await accounts.searchAccounts(this.d.db, filter, nowIso());
    const page = rows.slice(0, filter.size);
    return {
      items: page.map(toAdminUser),
      next_before: rows.length > filter.size ? (page.at(-1)?.id ?? null) : null,
    };
  }

  async detail(id: number, locale: Locale): Promise<UserDetail> {
    const now = nowIso();
    const row = await accounts.findAccount(this.d.db, id, now);
    const user = await users.findUserById(this.d.db, id);
    if (!row || !user) throw new AppError('USER_NOT_FOUND');
    const page = { page: 1, size: DETAIL_ROWS };
    const [subs, orders, ledger, live, bindings, tickets] = await Promise.all([
      this.d.subscriptions.list(id, locale, page),
      this.d.subscriptions.orders(id, locale, page),
      this.d.wallet.ledger(id, page),
      accounts.liveSessions(this.d.db, id, now, DETAIL_ROWS),
      this.d.oauth.accounts(id),
      accounts.ticketCounts(this.d.db, id),
    ]);
    // Counted as the agents' device limit counts them (every node, fresh reports, the minimum of traffic).
    const online = await this.d.nodes.onlineDeviceCounts(subs.items.map((s) => s.id));
    return {
      user: {
        ...toAdminUser(row),
        locale: user.locale,
        locked_until: user.locked_until,
        failed_logins: user.failed_logins,
      },
      subscriptions: subs.items.map((s) => ({ ...s, online_devices: online.get(s.id) ?? 0 })),
      orders: orders.items,
      ledger: ledger.items,
      sessions: live,
      bindings,
      tickets,
    };
  }

  /** Credits or debits through the ledger (`admin_adjust`, the reason as its memo); 40203 below zero. */
  async adjustBalance(id: number, amount: string, reason: string, actor: StaffActor) {
    const deltaFen = (amount.startsWith('-') ? -1 : 1) * parseMoneyToFen(amount.replace(/^-/, ''));
    const reference = `staff:${randomUUID()}`;
    const balance = await this.d.db.transaction().execute(async (trx) => {
      const user = await this.target(trx, id, actor, { staffAllowed: true, selfAllowed: false });
      const after = await changeBalance(trx, {
        userId: id,
        deltaFen,
        kind: 'admin_adjust',
        reference,
        memo: reason,
      });
      await recordAudit(trx, actor, {
        action: 'balance.adjust',
        targetType: 'user',
        targetId: id,
        before: { balance: fenToString(user.balance_fen) },
        after: { balance: fenToString(after), amount, reason, reference },
      });
      return after;
    });
    const recent = await this.d.wallet.ledger(id, { page: 1, size: 5 });
    const entry = recent.items.find((e) => e.reference === reference);
    if (!entry) throw new Error(`ledger entry ${reference} not found after its commit`);
    return { balance: fenToString(balance), entry };
  }

  /**
   * Disables (its sessions end at once; its links serve a "disabled" entry; the agents' next pull leaves it out) or
   * enables an account.
   */
  async setDisabled(id: number, disabled: boolean, reason: string | undefined, actor: StaffActor) {
    await this.d.db.transaction().execute(async (trx) => {
      const user = await this.target(trx, id, actor, { staffAllowed: false, selfAllowed: false });
      await users.setStatus(trx, id, disabled ? 'disabled' : 'active');
      const ended = disabled ? await sessions.revokeUserSessions(trx, id, 'disabled') : 0;
      await recordAudit(trx, actor, {
        action: disabled ? 'user.disable' : 'user.enable',
        targetType: 'user',
        targetId: id,
        before: { status: user.status },
        after: {
          status: disabled ? 'disabled' : 'active',
          ...(reason ? { reason } : {}),
          sessions_ended: ended,
        },
      });
    });
    return this.summary(id);
  }

  /**
   * Disables many accounts in one transaction, each as `setDisabled` does (sessions end, the link serves a
   * "disabled" entry, agents drop it) with its own audit row, so every account's history reads the same whichever
   * way it was disabled; the status changes one account at a time in id order, the sessions and the records in
   * one statement each. Unknown accounts, staff accounts, oneself and accounts already disabled are skipped and
   * reported. Accounts are changed in id order (two overlapping batches never wait on each other in a circle); the
   * conditional status change makes a concurrent batch skip what this one disabled. A call that disables nobody
   * leaves one `user.bulk_disable` record (what was asked, and why each was skipped).
   */
  async bulkDisable(ids: readonly number[], reason: string, actor: StaffActor) {
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    return this.d.db.transaction().execute(async (trx) => {
      const found = new Map((await accounts.rolesOf(trx, unique)).map((r) => [r.id, r]));
      const disabled: number[] = [];
      const skipped: { id: number; reason: BulkSkipReason }[] = [];
      for (const id of unique) {
        const user = found.get(id);
        const skip: BulkSkipReason | null = !user
          ? 'not_found'
          : id === actor.id
            ? 'self'
            : isStaffRole(user.role)
              ? 'staff'
              : null;
        if (skip) {
          skipped.push({ id, reason: skip });
          continue;
        }
        if (await users.setStatus(trx, id, 'disabled')) disabled.push(id);
        else skipped.push({ id, reason: 'already_disabled' });
      }
      const ended = await sessions.revokeSessionsOf(trx, disabled, 'disabled');
      await recordAudits(
        trx,
        actor,
        disabled.map((id) => ({
          action: 'user.disable',
          targetType: 'user',
          targetId: id,
          before: { status: 'active' },
          after: { status: 'disabled', reason, sessions_ended: ended.get(id) ?? 0, bulk: true },
        })),
      );
      // Nothing changed: the attempt is still on record, with what was skipped and why.
      if (disabled.length === 0)
        await recordAudit(trx, actor, {
          action: 'user.bulk_disable',
          targetType: 'user',
          after: { reason, disabled: 0, skipped },
        });
      return { disabled, skipped };
    });
  }

  async revokeSessions(id: number, actor: StaffActor): Promise<{ revoked: number }> {
    return this.d.db.transaction().execute(async (trx) => {
      await this.target(trx, id, actor, { staffAllowed: true, selfAllowed: false });
      const revoked = await sessions.revokeUserSessions(trx, id, 'staff');
      await recordAudit(trx, actor, {
        action: 'user.sessions_revoke',
        targetType: 'user',
        targetId: id,
        after: { revoked },
      });
      return { revoked };
    });
  }

  /** Marks the address verified; as with the link, the account's sessions start again from a fresh login. */
  async markVerified(id: number, actor: StaffActor): Promise<AdminUser> {
    await this.d.db.transaction().execute(async (trx) => {
      const user = await this.target(trx, id, actor, { staffAllowed: true, selfAllowed: true });
      if (!user.email_verified_at) {
        await this.d.auth.markVerified(trx, id);
        await sessions.revokeUserSessions(trx, id, 'email_verified');
      }
      await recordAudit(trx, actor, {
        action: 'user.verify',
        targetType: 'user',
        targetId: id,
        before: { verified: user.email_verified_at !== null },
        after: { verified: true },
      });
    });
    return this.summary(id);
  }

  /** The verification mail again (the customer's own limits apply: once a minute, five an hour). */
  async resendVerification(id: number, actor: StaffActor): Promise<null> {
    const user = await this.target(this.d.db, id, actor, { staffAllowed: true, selfAllowed: true });
    if (user.email_verified_at) return this.record(actor, 'user.verification_mail', id, { sent: false });
    await this.d.auth.resendVerification(user);
    return this.record(actor, 'user.verification_mail', id, { sent: true });
  }

  /** A password reset link by mail (a disabled account gets none, as when it asks itself). */
  async sendPasswordReset(id: number, actor: StaffActor): Promise<null> {
    const user = await this.target(this.d.db, id, actor, { staffAllowed: true, selfAllowed: false });
    if (user.status === 'disabled') throw new AppError('ACCOUNT_DISABLED');
    await this.d.auth.requestPasswordReset(user.email, actor.ip ?? 'staff');
    return this.record(actor, 'user.password_reset_mail', id, { sent: true });
  }

  private async record(actor: StaffActor, action: string, id: number, after: Record<string, unknown>) {
    await recordAudit(this.d.db, actor, { action, targetType: 'user', targetId: id, after });
    return null;
  }

  private async summary(id: number): Promise<AdminUser> {
    const row = await accounts.findAccount(this.d.db, id, nowIso());
    if (!row) throw new AppError('USER_NOT_FOUND');
    return toAdminUser(row);
  }

  private async target(
    db: Kysely<Database>,
    id: number,
    actor: StaffActor,
    rule: { staffAllowed: boolean; selfAllowed: boolean },
  ) {
    const user = await users.findUserById(db, id);
    if (!user) throw new AppError('USER_NOT_FOUND');
    if (!rule.selfAllowed && user.id === actor.id) throw new AppError('USER_SELF_ACTION');
    if (!rule.staffAllowed && isStaffRole(user.role)) throw new AppError('STAFF_ACCOUNT_PROTECTED');
    return user;
  }
}
