import { nowIso } from '../../db/time.js';
import type { Db, SessionRow, UserRow } from '../../db/types.js';
import type { ClientMeta } from './client-meta.js';

export async function insertSession(
  db: Db,
  session: {
    id: string;
    userId: number;
    remember: boolean;
    expiresAt: string;
    meta: ClientMeta;
    refreshHash: string;
    /** The second factor was proven for this session (two-factor sign-in). */
    twoFactor?: boolean;
  },
): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      remember_me: session.remember ? 1 : 0,
      user_agent: session.meta.userAgent,
      device: session.meta.device,
      browser: session.meta.browser,
      os: session.meta.os,
      ip: session.meta.ip,
      location: session.meta.location,
      created_at: now,
      last_active_at: now,
      expires_at: session.expiresAt,
      revoked_at: null,
      revoked_reason: null,
      two_factor_at: session.twoFactor ? now : null,
    })
    .execute();
  await db
    .insertInto('refresh_tokens')
    .values({ token_hash: session.refreshHash, session_id: session.id, created_at: now, rotated_at: null })
    .execute();
}

export interface RefreshLookup {
  tokenHash: string;
  rotatedAt: string | null;
  session: SessionRow;
  userStatus: UserRow['status'];
}

export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshLookup | undefined> {
  const row = await db
    .selectFrom('refresh_tokens as r')
    .innerJoin('sessions as s', 's.id', 'r.session_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('s')
    .select(['r.token_hash', 'r.rotated_at', 'u.status as user_status'])
    .where('r.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const { token_hash, rotated_at, user_status, ...session } = row;
  return { tokenHash: token_hash, rotatedAt: rotated_at, session, userStatus: user_status };
}

/** Marks a refresh token used; false when another request used it first. */
export async function rotateRefreshToken(
  db: Db,
  tokenHash: string,
  nextHash: string,
  sessionId: string,
): Promise<boolean> {
  const now = nowIso();
  const used = await db
    .updateTable('refresh_tokens')
    .set({ rotated_at: now })
    .where('token_hash', '=', tokenHash)
    .where('rotated_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) return false;
  await db
    .insertInto('refresh_tokens')
    .values({ token_hash: nextHash, session_id: sessionId, created_at: now, rotated_at: null })
    .execute();
  return true;
}

export async function touchSession(db: Db, sessionId: string, expiresAt?: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_active_at: nowIso(), ...(expiresAt ? { expires_at: expiresAt } : {}) })
    .where('id', '=', sessionId)
    .execute();
}

export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: nowIso(), revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes every live session of a user except `keep`; returns how many. */
/** Ends the live sessions of several accounts in one statement; how many ended per account. */
export async function revokeSessionsOf(
  db: Db,
  userIds: readonly number[],
  reason: string,
): Promise<Map<number, number>> {
  const ended = new Map<number, number>();
  if (userIds.length === 0) return ended;
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: nowIso(), revoked_reason: reason })
    .where('user_id', 'in', userIds)
    .where('revoked_at', 'is', null)
    .returning('user_id')
    .execute();
  for (const { user_id } of rows) ended.set(user_id, (ended.get(user_id) ?? 0) + 1);
  return ended;
}

export async function revokeUserSessions(
  db: Db,
  userId: number,
  reason: string,
  keep?: string,
): Promise<number> {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: nowIso(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keep) q = q.where('id', '!=', keep);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface AuthenticatedRow {
  session: SessionRow;
  user: UserRow;
}

/** The session of an access token with its user, in one query. */
export async function findLiveSession(
  db: Db,
  sessionId: string,
  userId: number,
): Promise<AuthenticatedRow | undefined> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('u')
    .select([
      's.id as s_id',
      's.remember_me as s_remember_me',
      's.user_agent as s_user_agent',
      's.device as s_device',
      's.browser as s_browser',
      's.os as s_os',
      's.ip as s_ip',
      's.location as s_location',
      's.created_at as s_created_at',
      's.last_active_at as s_last_active_at',
      's.expires_at as s_expires_at',
      's.revoked_at as s_revoked_at',
      's.revoked_reason as s_revoked_reason',
      's.two_factor_at as s_two_factor_at',
    ])
    .where('s.id', '=', sessionId)
    .where('s.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    s_id,
    s_remember_me,
    s_user_agent,
    s_device,
    s_browser,
    s_os,
    s_ip,
    s_location,
    s_created_at,
    s_last_active_at,
    s_expires_at,
    s_revoked_at,
    s_revoked_reason,
    s_two_factor_at,
    ...user
  } = row;
  return {
    user,
    session: {
      id: s_id,
      user_id: user.id,
      remember_me: s_remember_me,
      user_agent: s_user_agent,
      device: s_device,
      browser: s_browser,
      os: s_os,
      ip: s_ip,
      location: s_location,
      created_at: s_created_at,
      last_active_at: s_last_active_at,
      expires_at: s_expires_at,
      revoked_at: s_revoked_at,
      revoked_reason: s_revoked_reason,
      two_factor_at: s_two_factor_at,
    },
  };
}

export function listLiveSessions(db: Db, userId: number): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .orderBy('last_active_at', 'desc')
    .execute();
}

export function findUserSession(db: Db, userId: number, sessionId: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Records on a session that its second factor was proven (enrolment in it, or two-factor sign-in). */
export async function markSessionTwoFactor(db: Db, sessionId: string): Promise<void> {
  await db.updateTable('sessions').set({ two_factor_at: nowIso() }).where('id', '=', sessionId).execute();
}

/** Takes the two-factor mark off every session of a user (two-factor turned off or reset). */
export async function clearTwoFactorSessions(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ two_factor_at: null })
    .where('user_id', '=', userId)
    .where('two_factor_at', 'is not', null)
    .execute();
}
