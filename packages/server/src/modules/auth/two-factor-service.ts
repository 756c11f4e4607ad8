import { randomBytes } from 'node:crypto';
import type { TwoFactorChallenge, TwoFactorStatus } from '@portal/contract';
import type { Kysely } from 'kysely';
import { isoAfter, nowIso } from '../../db/time.js';
import type { Database, Db, UserRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { StaffActor } from '../../lib/staff-actor.js';
import { recordAudit } from '../audit/audit-log.js';
import { newTotpSecret, otpauthUri, verifyTotp } from '../../lib/totp.js';
import { verifyPassword } from './passwords.js';
import * as sessions from './session-repository.js';
import * as repo from './two-factor-repository.js';

/** A challenge lives this long between the password and the code. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Wrong codes a challenge takes before it is locked (the user signs in again). */
export const CHALLENGE_MAX_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const WINDOW_MS = 15 * 60_000;

/** A recovery code as typed: case, spaces and dashes do not matter. */
function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

/** Ten letters and digits without look-alikes (about 49 bits), shown as `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]!);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

export interface TwoFactorDeps {
  db: Kysely<Database>;
  box: SecretBox;
  limiter: RateLimiter;
  /** The issuer name authenticator apps show. */
  issuer: string;
}

/**
 * Two-factor sign-in with TOTP (RFC 6238, lib/totp.ts): enrolment, recovery codes, the challenge between the
 * password and the code, turning it off. The secret is sealed at rest (SecretBox, bound to the user id); each time
 * step is accepted once; recovery codes are stored hashed and used once. Sessions carry `two_factor_at` once the
 * second factor was proven in them; the staff guard (lib/route.ts) requires it.
 */
export class TwoFactorService {
  constructor(private readonly d: TwoFactorDeps) {}

  private async limit(key: string, max: number): Promise<void> {
    const { allowed, retryAfterMs } = await this.d.limiter.hit(key, max, WINDOW_MS);
    if (!allowed) throw new AppError('RATE_LIMIT', { retry_after_seconds: Math.ceil(retryAfterMs / 1000) });
  }

  async status(userId: number): Promise<TwoFactorStatus> {
    const row = await repo.findTwoFactor(this.d.db, userId);
    const enabled = Boolean(row?.enabled_at);
    return {
      enabled,
      enabled_at: row?.enabled_at ?? null,
      recovery_codes_left: enabled ? await repo.countRecoveryCodesLeft(this.d.db, userId) : 0,
    };
  }

  /** Whether sign-in needs the second step for this account. */
  async isEnabled(db: Db, userId: number): Promise<boolean> {
    return Boolean((await repo.findTwoFactor(db, userId))?.enabled_at);
  }

  /** Starts (or restarts) enrolment: a new secret, pending until a code proves the app has it. */
  async setup(user: UserRow): Promise<{ secret: string; otpauth_uri: string }> {
    await this.limit(`2fa:setup:${user.id}`, 20);
    const secret = newTotpSecret();
    if (!(await repo.savePendingSecret(this.d.db, user.id, this.d.box.seal(secret, String(user.id)))))
      throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
    return { secret, otpauth_uri: otpauthUri(this.d.issuer, user.email, secret) };
  }

  /**
   * Finishes enrolment with a current code. The session it is done in counts as two-factor from now on (the code
   * was just proven in it), so a staff member enrolling goes on to the console without signing in again; the
   * account's other sessions do not. The recovery codes are returned this once.
   */
  async enable(user: UserRow, sessionId: string, code: string): Promise<{ recovery_codes: string[] }> {
    await this.limit(`2fa:verify:${user.id}`, 10);
    const row = await repo.findTwoFactor(this.d.db, user.id);
    if (!row) throw new AppError('TWO_FACTOR_SETUP_MISSING');
    if (row.enabled_at) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
    const step = this.matchStep(row.secret_enc, user.id, code);
    if (step === null) throw new AppError('TWO_FACTOR_CODE_INVALID');
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.d.db.transaction().execute(async (trx) => {
      if (!(await repo.enableTwoFactor(trx, user.id, step))) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
      await repo.replaceRecoveryCodes(
        trx,
        user.id,
        codes.map((c) => sha256(normaliseRecoveryCode(c))),
      );
      await sessions.markSessionTwoFactor(trx, sessionId);
    });
    return { recovery_codes: codes };
  }

  /** Turns two-factor off: the password and a current code (or a recovery code). */
  async disable(user: UserRow, password: string, code: string): Promise<void> {
    await this.limit(`2fa:verify:${user.id}`, 10);
    if (!(await verifyPassword(user.password_hash, password))) throw new AppError('WRONG_PASSWORD');
    await this.d.db.transaction().execute(async (trx) => {
      await this.checkCode(trx, user.id, code);
      await this.removeIn(trx, user.id);
    });
  }

  /** New recovery codes for old: the password and a current code (or a recovery code). */
  async regenerateRecoveryCodes(user: UserRow, password: string, code: string): Promise<string[]> {
    await this.limit(`2fa:verify:${user.id}`, 10);
    if (!(await verifyPassword(user.password_hash, password))) throw new AppError('WRONG_PASSWORD');
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.d.db.transaction().execute(async (trx) => {
      await this.checkCode(trx, user.id, code);
      await repo.replaceRecoveryCodes(
        trx,
        user.id,
        codes.map((c) => sha256(normaliseRecoveryCode(c))),
      );
    });
    return codes;
  }

  /** Removes an account's two-factor state and the two-factor mark of its sessions (the operators' reset). */
  async removeIn(db: Db, userId: number): Promise<boolean> {
    const removed = await repo.deleteTwoFactor(db, userId);
    await sessions.clearTwoFactorSessions(db, userId);
    return removed;
  }

  /**
   * The operators' escape hatch for a lost device (`npm run cli -- user:reset-2fa`): two-factor off, the account's
   * sessions no longer count as two-factor (staff enrol again before the console answers), recorded in the audit log.
   * False when the account had no two-factor state.
   */
  async resetByOperator(user: UserRow, actor: StaffActor): Promise<boolean> {
    return this.d.db.transaction().execute(async (trx) => {
      const before = await repo.findTwoFactor(trx, user.id);
      if (!(await this.removeIn(trx, user.id))) return false;
      await recordAudit(trx, actor, {
        action: 'user.two_factor_reset',
        targetType: 'user',
        targetId: user.id,
        before: { email: user.email, two_factor: Boolean(before?.enabled_at) },
        after: { email: user.email, two_factor: false },
      });
      return true;
    });
  }

  /** After the first factor: a single-use challenge instead of tokens. */
  async challenge(
    db: Db,
    userId: number,
    remember: boolean,
    firstLogin = false,
  ): Promise<TwoFactorChallenge> {
    const token = randomToken();
    await repo.insertChallenge(db, {
      tokenHash: sha256(token),
      userId,
      remember,
      firstLogin,
      expiresAt: isoAfter(CHALLENGE_TTL_MS),
    });
    return { two_factor_required: true, challenge_token: token, expires_in: CHALLENGE_TTL_MS / 1000 };
  }

  /**
   * The second step: a live challenge and a right code use the challenge up and name the account to sign in.
   * Each attempt counts; after CHALLENGE_MAX_ATTEMPTS wrong ones the challenge is locked (40124), and a right code
   * no longer opens it.
   */
  async passChallenge(
    token: string,
    code: string,
  ): Promise<{ userId: number; remember: boolean; firstLogin: boolean }> {
    const hash = sha256(token);
    const found = await repo.findChallenge(this.d.db, hash);
    if (!found || found.used_at || found.expires_at <= nowIso())
      throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
    await this.limit(`2fa:verify:${found.user_id}`, 10);
    if (!(await repo.countChallengeAttempt(this.d.db, hash, CHALLENGE_MAX_ATTEMPTS))) {
      const now = await repo.findChallenge(this.d.db, hash);
      throw new AppError(
        now && !now.used_at && now.attempts >= CHALLENGE_MAX_ATTEMPTS
          ? 'TWO_FACTOR_CHALLENGE_LOCKED'
          : 'TWO_FACTOR_CHALLENGE_INVALID',
      );
    }
    await this.d.db.transaction().execute(async (trx) => {
      await this.checkCode(trx, found.user_id, code);
      if (!(await repo.consumeChallenge(trx, hash))) throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
    });
    return { userId: found.user_id, remember: found.remember_me === 1, firstLogin: found.first_login === 1 };
  }

  /**
   * Checks a code for an account with two-factor on and uses it up: six digits are a TOTP code (its time step
   * accepted once: 40122 for a replay), anything else a recovery code (used once).
   */
  private async checkCode(db: Db, userId: number, code: string): Promise<void> {
    const row = await repo.findTwoFactor(db, userId);
    if (!row?.enabled_at) throw new AppError('TWO_FACTOR_NOT_ENABLED');
    const typed = code.replace(/\s/g, '');
    if (/^\d{6}$/.test(typed)) {
      const step = this.matchStep(row.secret_enc, userId, typed);
      if (step === null) throw new AppError('TWO_FACTOR_CODE_INVALID');
      if (!(await repo.useStep(db, userId, step))) throw new AppError('TWO_FACTOR_CODE_USED');
      return;
    }
    if (!(await repo.useRecoveryCode(db, userId, sha256(normaliseRecoveryCode(typed)))))
      throw new AppError('TWO_FACTOR_CODE_INVALID');
  }

  private matchStep(secretEnc: string, userId: number, code: string): number | null {
    const secret = this.d.box.open(secretEnc, String(userId));
    if (!secret)
      throw new Error(`two-factor secret of user ${userId} cannot be opened (was the app secret changed?)`);
    const step = verifyTotp(secret, code, Date.now() / 1000);
    return step === null ? null : Number(step);
  }
}
