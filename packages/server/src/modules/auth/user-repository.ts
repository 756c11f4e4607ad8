import { sql } from 'kysely';
import { nowIso } from '../../db/time.js';
import type { Db, UserRow } from '../../db/types.js';

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(
  db: Db,
  user: {
    email: string;
    passwordHash: string | null;
    nickname: string | null;
    avatarUrl?: string | null;
    locale: string;
    inviteCode?: string | null;
    verified: boolean;
  },
): Promise<UserRow> {
  const now = nowIso();
  return db
    .insertInto('users')
    .values({
      email: user.email,
      password_hash: user.passwordHash,
      nickname: user.nickname,
      avatar_url: user.avatarUrl ?? null,
      locale: user.locale,
      invite_code: user.inviteCode ?? null,
      email_verified_at: user.verified ? now : null,
      locked_until: null,
      last_login_at: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Counts a sign-in attempt as a failure before its password is checked, in one conditional UPDATE, so parallel
 * attempts cannot pass a check made before any of them failed: nothing (undefined) while the account is locked;
 * otherwise the attempt is counted, and the one that reaches `maxFailures` locks the account until `lockUntil` and
 * starts the count again. A right password then clears both (`recordLogin`). Returns the lock this attempt set.
 */
export async function claimLoginAttempt(
  db: Db,
  userId: number,
  maxFailures: number,
  now: string,
  lockUntil: string,
): Promise<{ locked_until: string | null } | undefined> {
  const reaches = sql<boolean>`failed_logins + 1 >= ${maxFailures}`;
  return db
    .updateTable('users')
    .set({
      failed_logins: sql<number>`case when ${reaches} then 0 else failed_logins + 1 end`,
      locked_until: sql<string | null>`case when ${reaches} then ${lockUntil} else null end`,
    })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning('locked_until')
    .executeTakeFirst();
}

/**
 * Takes back an attempt counted by `claimLoginAttempt` whose password was never checked (the server was too busy):
 * one failure fewer, and the lock it set (`lockedByIt`) lifted, if still the same, with the count just under the limit.
 */
export async function releaseLoginAttempt(
  db: Db,
  userId: number,
  maxFailures: number,
  lockedByIt: string | null,
): Promise<void> {
  if (lockedByIt) {
    await db
      .updateTable('users')
      .set({ locked_until: null, failed_logins: maxFailures - 1 })
      .where('id', '=', userId)
      .where('locked_until', '=', lockedByIt)
      .execute();
    return;
  }
  await db
    .updateTable('users')
    .set((eb) => ({ failed_logins: eb('failed_logins', '-', 1) }))
    .where('id', '=', userId)
    .where('failed_logins', '>', 0)
    .execute();
}

/** A right password (of a disabled account): the failures counted before it are forgotten, as on a sign-in. */
export async function clearLoginFailures(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ failed_logins: 0, locked_until: null })
    .where('id', '=', userId)
    .execute();
}

export async function recordLogin(db: Db, userId: number): Promise<void> {
  const now = nowIso();
  await db
    .updateTable('users')
    .set({ failed_logins: 0, locked_until: null, last_login_at: now })
    .where('id', '=', userId)
    .execute();
}

export async function setPassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, failed_logins: 0, locked_until: null, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
}

/** Marks the address verified; true when this call did (false: it already was). */
export async function markEmailVerified(db: Db, userId: number): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable('users')
    .set({ email_verified_at: now, updated_at: now })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateNickname(db: Db, userId: number, nickname: string | null): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ nickname, updated_at: nowIso() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Sets the role of the account of an address; false when there is none. */
export async function setRoleByEmail(db: Db, email: string, role: UserRow['role']): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ role, updated_at: nowIso() })
    .where('email', '=', email)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Disables or enables an account (staff); true when it changed. */
export async function setStatus(db: Db, userId: number, status: UserRow['status']): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ status, updated_at: nowIso() })
    .where('id', '=', userId)
    .where('status', '!=', status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
