import { fenToString, usersApi, type SessionInfo, type UserProfile } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { SessionRow, UserRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { registerEndpoint } from '../../lib/route.js';
import * as sessions from '../auth/session-repository.js';
import { updateNickname } from '../auth/user-repository.js';

export function toProfile(user: UserRow): UserProfile {
  return {
    id: user.id,
    email: user.email,
    nickname: user.nickname,
    avatar: user.avatar_url,
    email_verified: user.email_verified_at !== null,
    status: user.email_verified_at ? 'normal' : 'restricted',
    level: 'regular',
    has_password: user.password_hash !== null,
    last_login_at: user.last_login_at,
    created_at: user.created_at,
    updated_at: user.updated_at,
  };
}

function toSessionInfo(s: SessionRow, currentId: string): SessionInfo {
  return {
    id: s.id,
    device: s.device,
    browser: s.browser,
    os: s.os,
    ip: s.ip,
    location: s.location,
    last_active_at: s.last_active_at,
    created_at: s.created_at,
    expires_at: s.expires_at,
    current: s.id === currentId,
  };
}

export function userRoutes(app: FastifyInstance): void {
  const db = () => app.ctx.database.db;

  registerEndpoint(app, usersApi.getProfile, async ({ auth }) => toProfile(auth.user));
  registerEndpoint(app, usersApi.updateProfile, async ({ auth, body }) =>
    toProfile(await updateNickname(db(), auth.user.id, body.nickname === '' ? null : body.nickname)),
  );
  registerEndpoint(app, usersApi.getBalance, async ({ auth }) => ({
    balance: fenToString(auth.user.balance_fen),
  }));
  registerEndpoint(app, usersApi.listSessions, async ({ auth }) =>
    (await sessions.listLiveSessions(db(), auth.user.id)).map((s) => toSessionInfo(s, auth.session.id)),
  );
  registerEndpoint(app, usersApi.revokeSession, async ({ auth, params }) => {
    if (params.id === auth.session.id) throw new AppError('FORBIDDEN', { reason: 'current_session' });
    const found = await sessions.findUserSession(db(), auth.user.id, params.id);
    if (!found) throw new AppError('SESSION_NOT_FOUND');
    await sessions.revokeSession(db(), found.id, 'revoked_by_user');
    return null;
  });
  registerEndpoint(app, usersApi.revokeOtherSessions, async ({ auth }) => ({
    revoked: await sessions.revokeUserSessions(db(), auth.user.id, 'revoked_by_user', auth.session.id),
  }));
}
