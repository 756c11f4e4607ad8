import { sql } from 'kysely';
import { nowIso } from '../../db/time.js';
import type { Db, TwoFactorRow } from '../../db/types.js';

/** Two-factor state of accounts (tables of migration 0011); only modules/auth writes them. */

export function findTwoFactor(db: Db, userId: number): Promise<TwoFactorRow | undefined> {
  return db.selectFrom('two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** A new pending secret; false when two-factor is already on (an enabled secret is never replaced here). */
export async function savePendingSecret(db: Db, userId: number, secretEnc: string): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .insertInto('two_factor')
    .values({
      user_id: userId,
      secret_enc: secretEnc,
      enabled_at: null,
      last_step: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret_enc: secretEnc, last_step: null, updated_at: now })
        .where('two_factor.enabled_at', 'is', null),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Turns the pending secret on with the step of its first code; false when it was already on. */
export async function enableTwoFactor(db: Db, userId: number, step: number): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable('two_factor')
    .set({ enabled_at: now, last_step: step, updated_at: now })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Accepts a time step once: false when this step (or a later one) was already used. */
export async function useStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('two_factor')
    .set({ last_step: step, updated_at: nowIso() })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes an account's two-factor state (secret and recovery codes); false when there was none. */
export async function deleteTwoFactor(db: Db, userId: number): Promise<boolean> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor_challenges').where('user_id', '=', userId).execute();
  const result = await db.deleteFrom('two_factor').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  const now = nowIso();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null, created_at: now })))
    .execute();
}

/** Uses a recovery code once: false when it is not the account's or was used already. */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: nowIso() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countRecoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertChallenge(
  db: Db,
  challenge: { tokenHash: string; userId: number; remember: boolean; firstLogin: boolean; expiresAt: string },
): Promise<void> {
  // Expired challenges go as new ones come (indexed on expires_at).
  await db.deleteFrom('two_factor_challenges').where('expires_at', '<', nowIso()).execute();
  await db
    .insertInto('two_factor_challenges')
    .values({
      token_hash: challenge.tokenHash,
      user_id: challenge.userId,
      remember_me: challenge.remember ? 1 : 0,
      first_login: challenge.firstLogin ? 1 : 0,
      created_at: nowIso(),
      expires_at: challenge.expiresAt,
      used_at: null,
    })
    .execute();
}

export function findChallenge(db: Db, tokenHash: string) {
  return db
    .selectFrom('two_factor_challenges')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Counts one attempt on a live challenge; false when it is used, expired or out of attempts. */
export async function countChallengeAttempt(
  db: Db,
  tokenHash: string,
  maxAttempts: number,
): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_challenges')
    .set({ attempts: sql`attempts + 1` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Uses a challenge up; false when another request did first. */
export async function consumeChallenge(db: Db, tokenHash: string): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_challenges')
    .set({ used_at: nowIso() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
