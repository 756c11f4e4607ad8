import { randomUUID } from 'node:crypto';
import {
  emailLookupForm,
  profileNicknameSchema,
  type Locale,
  type TokenPair,
  type TwoFactorChallenge,
} from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { AppConfig } from '../../config.js';
import { isoAfter, nowIso } from '../../db/time.js';
import type { Database, Db, SessionRow, UserRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import type { Authenticated } from '../../lib/auth-guard.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { Mailer } from '../mail/mailer.js';
import { passwordResetMail, verificationMail } from '../mail/templates.js';
import type { AccessClaims, AccessTokens } from './access-token.js';
import type { ClientMeta } from './client-meta.js';
import { consumeEmailToken, findEmailToken, insertEmailToken } from './email-token-repository.js';
import { hashPassword, verifyPassword } from './passwords.js';
import * as sessions from './session-repository.js';
import type { TwoFactorService } from './two-factor-service.js';
import * as users from './user-repository.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const VERIFY_TTL_MS = DAY;
const RESET_TTL_MS = HOUR;
/** A rotated refresh token presented again within this time is a race between tabs, not a replay. */
export const REFRESH_REUSE_GRACE_MS = 30_000;
const TOUCH_EVERY_MS = 60_000;

export interface AuthDeps {
  db: Kysely<Database>;
  config: AppConfig;
  tokens: AccessTokens;
  mailer: Mailer;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  twoFactor: TwoFactorService;
  /** Runs in the transaction that turns an account verified (the trial, issue 17 §5). */
  onVerified?: (db: Db, userId: number) => Promise<void>;
}

/** A provider's display name as a nickname when the nickname rules accept it (cut to their length), else none. */
function providerNickname(name: string | null): string | null {
  const parsed = profileNicknameSchema.safeParse([...(name ?? '')].slice(0, 30).join(''));
  return parsed.success && parsed.data !== '' ? parsed.data : null;
}

/** Registration, login, sessions with rotating refresh tokens, email verification and password flows. */
export class AuthService {
  constructor(private readonly d: AuthDeps) {}

  private async limit(key: string, max: number, windowMs: number): Promise<void> {
    const { allowed, retryAfterMs } = await this.d.limiter.hit(key, max, windowMs);
    if (!allowed) throw new AppError('RATE_LIMIT', { retry_after_seconds: Math.ceil(retryAfterMs / 1000) });
  }

  private link(path: string, token: string): string {
    return `${this.d.config.publicUrl}${path}?token=${encodeURIComponent(token)}`;
  }

  private async queueVerification(db: Transaction<Database>, user: UserRow): Promise<void> {
    const token = randomToken();
    await insertEmailToken(db, user.id, 'verify_email', sha256(token), isoAfter(VERIFY_TTL_MS));
    const mail = verificationMail(
      user.locale as Locale,
      this.d.config.siteName,
      this.link('/verify-email', token),
    );
    await this.d.mailer.enqueue(db, user.email, 'verify_email', mail);
  }

  async register(
    input: {
      email: string;
      password: string;
      nickname?: string | undefined;
      invite_code?: string | undefined;
    },
    locale: Locale,
    ip: string,
  ): Promise<UserRow> {
    await this.limit(`register:ip:${ip}`, 20, HOUR);
    const passwordHash = await hashPassword(input.password);
    try {
      const user = await this.d.db.transaction().execute(async (trx) => {
        if (await users.findUserByEmail(trx, input.email)) throw new AppError('EMAIL_EXISTS');
        const created = await users.insertUser(trx, {
          email: input.email,
          passwordHash,
          nickname: input.nickname || null,
          locale,
          inviteCode: input.invite_code || null,
          verified: false,
        });
        await this.queueVerification(trx, created);
        return created;
      });
      this.d.mailer.kick();
      return user;
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('EMAIL_EXISTS');
      throw err;
    }
  }

  /** A new session and its first token pair. */
  async openSession(
    db: Kysely<Database> | Transaction<Database>,
    userId: number,
    remember: boolean,
    meta: ClientMeta,
    twoFactor = false,
  ): Promise<TokenPair> {
    const id = randomUUID();
    const refresh = randomToken();
    await sessions.insertSession(db, {
      id,
      userId,
      remember,
      meta,
      refreshHash: sha256(refresh),
      expiresAt: this.sessionExpiry(remember),
      twoFactor,
    });
    return this.pair(userId, id, refresh);
  }

  private sessionExpiry(remember: boolean): string {
    const { refreshTtlDays, sessionTtlHours } = this.d.config.auth;
    return isoAfter(remember ? refreshTtlDays * DAY : sessionTtlHours * HOUR);
  }

  private async pair(userId: number, sessionId: string, refresh: string): Promise<TokenPair> {
    return {
      access_token: await this.d.tokens.sign({ userId, sessionId }),
      refresh_token: refresh,
      token_type: 'Bearer',
      expires_in: this.d.tokens.ttlSeconds,
    };
  }

  async login(
    input: { email: string; password: string; remember_me: boolean },
    meta: ClientMeta,
  ): Promise<TokenPair | TwoFactorChallenge> {
    await this.limit(`login:ip:${meta.ip ?? 'unknown'}`, 30, 5 * 60_000);
    await this.limit(`login:account:${input.email}`, 10, 15 * 60_000);
    const user = await users.findUserByEmail(this.d.db, input.email);
    let lockedByThis: string | null = null;
    if (user) {
      // Counted before the password is checked (5 failures lock for 15 minutes): the 6th of a burst of parallel
      // attempts answers "locked" without its password being checked.
      const { maxFailures, lockMinutes } = this.d.config.auth;
      const claim = await users.claimLoginAttempt(
        this.d.db,
        user.id,
        maxFailures,
        nowIso(),
        isoAfter(lockMinutes * 60_000),
      );
      if (!claim) {
        const current = await users.findUserById(this.d.db, user.id);
        throw new AppError('ACCOUNT_LOCKED', { locked_until: current?.locked_until ?? null });
      }
      lockedByThis = claim.locked_until;
    }
    let ok: boolean;
    try {
      ok = await verifyPassword(user?.password_hash ?? null, input.password);
    } catch (err) {
      // Not checked (50003, the server too busy): not an attempt, so the count is given back.
      if (user)
        await users.releaseLoginAttempt(this.d.db, user.id, this.d.config.auth.maxFailures, lockedByThis);
      throw err;
    }
    if (!user || !ok) {
      if (lockedByThis) throw new AppError('ACCOUNT_LOCKED', { locked_until: lockedByThis });
      throw new AppError('WRONG_PASSWORD');
    }
    if (user.status === 'disabled') {
      await users.clearLoginFailures(this.d.db, user.id);
      throw new AppError('ACCOUNT_DISABLED');
    }
    return this.d.db.transaction().execute(async (trx) => {
      // The password was right: the failure count starts again, but with two-factor on the session waits for the code.
      await users.recordLogin(trx, user.id);
      if (await this.d.twoFactor.isEnabled(trx, user.id))
        return this.d.twoFactor.challenge(trx, user.id, input.remember_me);
      return this.openSession(trx, user.id, input.remember_me, meta);
    });
  }

  /** The second step of sign-in (password or third-party): a challenge and a code give the session, marked two-factor. */
  async completeTwoFactorLogin(
    challengeToken: string,
    code: string,
    meta: ClientMeta,
  ): Promise<TokenPair & { first_login: boolean }> {
    await this.limit(`login:ip:${meta.ip ?? 'unknown'}`, 30, 5 * 60_000);
    const passed = await this.d.twoFactor.passChallenge(challengeToken, code);
    const user = await users.findUserById(this.d.db, passed.userId);
    if (!user) throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
    if (user.status === 'disabled') throw new AppError('ACCOUNT_DISABLED');
    const pair = await this.d.db.transaction().execute(async (trx) => {
      await users.recordLogin(trx, user.id);
      return this.openSession(trx, user.id, passed.remember, meta, true);
    });
    return { ...pair, first_login: passed.firstLogin };
  }

  /** For third-party sign-in: whether the account needs the second step, and its challenge. */
  twoFactorEnabled(db: Db, userId: number): Promise<boolean> {
    return this.d.twoFactor.isEnabled(db, userId);
  }

  twoFactorChallenge(
    db: Db,
    userId: number,
    remember: boolean,
    firstLogin: boolean,
  ): Promise<TwoFactorChallenge> {
    return this.d.twoFactor.challenge(db, userId, remember, firstLogin);
  }

  async refresh(refreshToken: string): Promise<TokenPair> {
    const hash = sha256(refreshToken);
    const result = await this.d.db.transaction().execute(async (trx) => {
      const found = await sessions.findRefreshToken(trx, hash);
      if (!found || found.session.revoked_at || found.session.expires_at <= nowIso())
        return { error: 'REFRESH_TOKEN_INVALID' as const };
      if (found.userStatus === 'disabled') return { error: 'ACCOUNT_DISABLED' as const };
      if (found.rotatedAt) {
        if (Date.now() - Date.parse(found.rotatedAt) > REFRESH_REUSE_GRACE_MS) {
          // A token that was already exchanged came back: it leaked. End the whole session.
          await sessions.revokeSession(trx, found.session.id, 'refresh_token_reuse');
          return { error: 'REFRESH_TOKEN_INVALID' as const, reuse: true };
        }
        return { error: 'REFRESH_TOKEN_INVALID' as const };
      }
      const next = randomToken();
      if (!(await sessions.rotateRefreshToken(trx, hash, sha256(next), found.session.id))) {
        return { error: 'REFRESH_TOKEN_INVALID' as const };
      }
      await sessions.touchSession(trx, found.session.id, this.sessionExpiry(found.session.remember_me === 1));
      return { userId: found.session.user_id, sessionId: found.session.id, next };
    });
    if (result.error !== undefined) {
      if (result.reuse) this.d.log.warn('refresh token reused after rotation: session revoked');
      throw new AppError(result.error);
    }
    return this.pair(result.userId, result.sessionId, result.next);
  }

  /**
   * Ends the session of the refresh token; without one, the session of the caller's bearer token (a client that
   * kept only its access token signs out too). Nothing to end (unknown token, no valid bearer) is still a success.
   */
  async logout(refreshToken: string | null | undefined, bearer: string | null): Promise<void> {
    if (refreshToken) {
      const found = await sessions.findRefreshToken(this.d.db, sha256(refreshToken));
      if (found) await sessions.revokeSession(this.d.db, found.session.id, 'logout');
      return;
    }
    if (!bearer) return;
    let claims: AccessClaims;
    try {
      claims = this.d.tokens.verify(bearer);
    } catch {
      return; // not a token of ours, or expired: nothing to end
    }
    const own = await sessions.findUserSession(this.d.db, claims.userId, claims.sessionId);
    if (own) await sessions.revokeSession(this.d.db, own.id, 'logout');
  }

  /** The user and session behind an access token, or the error that makes the client sign out. */
  async authenticate(accessToken: string): Promise<Authenticated> {
    const claims = this.d.tokens.verify(accessToken);
    const found = await sessions.findLiveSession(this.d.db, claims.sessionId, claims.userId);
    if (!found || found.session.revoked_at) throw new AppError('TOKEN_INVALID');
    if (found.session.expires_at <= nowIso()) throw new AppError('TOKEN_EXPIRED');
    if (found.user.status === 'disabled') throw new AppError('ACCOUNT_DISABLED');
    if (Date.now() - Date.parse(found.session.last_active_at) > TOUCH_EVERY_MS) {
      await sessions.touchSession(this.d.db, found.session.id);
    }
    return found;
  }

  /**
   * Marks the address verified (nothing when it already was) and, when this call verified it, runs what follows a
   * verification (`onVerified`: the trial) in the same transaction. Every way to verify an account goes through here.
   */
  async markVerified(db: Db, userId: number): Promise<boolean> {
    const changed = await users.markEmailVerified(db, userId);
    if (changed) await this.d.onVerified?.(db, userId);
    return changed;
  }

  // ---- operators (the CLI) ----

  /** The account of an address (as typed: any case, an international domain in either form). */
  findByEmail(email: string): Promise<UserRow | undefined> {
    return users.findUserByEmail(this.d.db, emailLookupForm(email));
  }

  /** Gives or takes the admin role; false when no account has the address. */
  setRole(email: string, role: UserRow['role']): Promise<boolean> {
    return users.setRoleByEmail(this.d.db, emailLookupForm(email), role);
  }

  /**
   * Verifies an address by hand, for an operator whose mail cannot reach the user. As with the link, the account
   * leaves the restricted state and its sessions end.
   */
  async verifyByHand(email: string): Promise<{ user: UserRow; already: boolean } | null> {
    const user = await this.findByEmail(email);
    if (!user) return null;
    if (user.email_verified_at) return { user, already: true };
    await this.d.db.transaction().execute(async (trx) => {
      await this.markVerified(trx, user.id);
      await sessions.revokeUserSessions(trx, user.id, 'email_verified');
    });
    return { user, already: false };
  }

  async verifyEmail(token: string): Promise<{ email: string }> {
    const row = await findEmailToken(this.d.db, 'verify_email', sha256(token));
    if (!row || row.used_at) throw new AppError('VERIFY_TOKEN_INVALID');
    if (row.expires_at <= nowIso()) throw new AppError('VERIFY_TOKEN_EXPIRED');
    const email = await this.d.db.transaction().execute(async (trx) => {
      if (!(await consumeEmailToken(trx, row.id))) throw new AppError('VERIFY_TOKEN_INVALID');
      await this.markVerified(trx, row.user_id);
      // The account changes from restricted to normal: every session starts again from a fresh login.
      await sessions.revokeUserSessions(trx, row.user_id, 'email_verified');
      return (await users.findUserById(trx, row.user_id))?.email ?? '';
    });
    return { email };
  }

  async resendVerification(user: UserRow): Promise<void> {
    if (user.email_verified_at) return;
    await this.limit(`verify-resend:min:${user.id}`, 1, 60_000);
    await this.limit(`verify-resend:hour:${user.id}`, 5, HOUR);
    await this.d.db.transaction().execute((trx) => this.queueVerification(trx, user));
    this.d.mailer.kick();
  }

  /**
   * Always the same answer, in the same time, whether or not the address is registered: the answer waits only for
   * the per-address-of-client limit; looking the account up, the token and the mail follow it (issue 20 §6).
   * `settle` waits for that work (the app does on close).
   */
  async requestPasswordReset(email: string, ip: string): Promise<void> {
    await this.limit(`reset:ip:${ip}`, 10, HOUR);
    // Begun once the answer is on its way (SQLite runs queries on this thread: started now, they would delay it).
    const work: Promise<void> = new Promise<void>((begin) => setImmediate(begin))
      .then(() => this.queuePasswordReset(email))
      .catch((err: unknown) => this.d.log.error({ err }, 'password reset mail not queued'))
      .finally(() => this.afterAnswer.delete(work));
    this.afterAnswer.add(work);
  }

  private readonly afterAnswer = new Set<Promise<void>>();

  /** Waits for the work begun after an answer was sent (password reset mails). */
  async settle(): Promise<void> {
    while (this.afterAnswer.size > 0) await Promise.all([...this.afterAnswer]);
  }

  private async queuePasswordReset(email: string): Promise<void> {
    const perAddress = await this.d.limiter.hit(`reset:email:${email}`, 3, HOUR);
    if (!perAddress.allowed) return;
    const user = await users.findUserByEmail(this.d.db, email);
    if (!user || user.status === 'disabled') return;
    await this.d.db.transaction().execute(async (trx) => {
      const token = randomToken();
      await insertEmailToken(trx, user.id, 'reset_password', sha256(token), isoAfter(RESET_TTL_MS));
      const mail = passwordResetMail(
        user.locale as Locale,
        this.d.config.siteName,
        this.link('/reset-password', token),
      );
      await this.d.mailer.enqueue(trx, user.email, 'reset_password', mail);
    });
    this.d.mailer.kick();
  }

  async confirmPasswordReset(token: string, password: string): Promise<void> {
    const row = await findEmailToken(this.d.db, 'reset_password', sha256(token));
    if (!row || row.used_at) throw new AppError('RESET_TOKEN_INVALID');
    if (row.expires_at <= nowIso()) throw new AppError('RESET_TOKEN_EXPIRED');
    const passwordHash = await hashPassword(password);
    await this.d.db.transaction().execute(async (trx) => {
      if (!(await consumeEmailToken(trx, row.id))) throw new AppError('RESET_TOKEN_INVALID');
      await users.setPassword(trx, row.user_id, passwordHash);
      // The mail reached its owner, so the address is proven too.
      await this.markVerified(trx, row.user_id);
      await sessions.revokeUserSessions(trx, row.user_id, 'password_reset');
    });
  }

  async changePassword(user: UserRow, oldPassword: string, newPassword: string): Promise<void> {
    await this.limit(`change-password:${user.id}`, 10, HOUR);
    if (!(await verifyPassword(user.password_hash, oldPassword))) throw new AppError('WRONG_PASSWORD');
    const passwordHash = await hashPassword(newPassword);
    await this.d.db.transaction().execute(async (trx) => {
      await users.setPassword(trx, user.id, passwordHash);
      await sessions.revokeUserSessions(trx, user.id, 'password_changed');
    });
  }

  // ---- accounts, for other modules (third-party sign-in, the profile) ----

  userById(db: Db, id: number): Promise<UserRow | undefined> {
    return users.findUserById(db, id);
  }

  /**
   * The account of an address a third-party provider vouches for: an existing one is marked verified (the provider
   * proves the address as a verification mail would), otherwise a verified account without password is created.
   */
  async userForVerifiedEmail(
    db: Db,
    profile: { email: string; name: string | null; avatar: string | null },
    locale: Locale,
  ): Promise<{ user: UserRow; created: boolean }> {
    const existing = await users.findUserByEmail(db, profile.email);
    if (existing) {
      await this.markVerified(db, existing.id);
      return { user: existing, created: false };
    }
    const user = await users.insertUser(db, {
      email: profile.email,
      passwordHash: null,
      nickname: providerNickname(profile.name),
      avatarUrl: profile.avatar,
      locale,
      verified: true,
    });
    await this.d.onVerified?.(db, user.id);
    return { user, created: true };
  }

  async recordLogin(db: Db, userId: number): Promise<void> {
    await users.recordLogin(db, userId);
  }

  updateNickname(userId: number, nickname: string | null): Promise<UserRow> {
    return users.updateNickname(this.d.db, userId, nickname);
  }

  liveSessions(userId: number): Promise<SessionRow[]> {
    return sessions.listLiveSessions(this.d.db, userId);
  }

  /** Signs out one of the user's own sessions (40109 for another's or an unknown one). */
  async revokeOwnSession(userId: number, sessionId: string): Promise<void> {
    const found = await sessions.findUserSession(this.d.db, userId, sessionId);
    if (!found) throw new AppError('SESSION_NOT_FOUND');
    await sessions.revokeSession(this.d.db, found.id, 'revoked_by_user');
  }

  /** Signs out every other session of the user; returns how many. */
  revokeOtherSessions(userId: number, keepSessionId: string): Promise<number> {
    return sessions.revokeUserSessions(this.d.db, userId, 'revoked_by_user', keepSessionId);
  }
}
