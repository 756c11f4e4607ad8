import { fenToString, usersApi, type SessionInfo, type UserProfile } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { SessionRow, UserRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { registerEndpoint } from '../../lib/route.js';
import type { AuthService } from '../auth/auth-service.js';

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

export function userRoutes(app: FastifyInstance, auth: AuthService): void {
  registerEndpoint(app, usersApi.getProfile, async ({ auth: a }) => toProfile(a.user));
  registerEndpoint(app, usersApi.updateProfile, async ({ auth: a, body }) =>
    toProfile(await auth.updateNickname(a.user.id, body.nickname === '' ? null : body.nickname)),
  );
  registerEndpoint(app, usersApi.getBalance, async ({ auth: a }) => ({
    balance: fenToString(a.user.balance_fen),
  }));
  registerEndpoint(app, usersApi.listSessions, async ({ auth: a }) =>
    (await auth.liveSessions(a.user.id)).map((s) => toSessionInfo(s, a.session.id)),
  );
  registerEndpoint(app, usersApi.revokeSession, async ({ auth: a, params }) => {
    if (params.id === a.session.id) throw new AppError('FORBIDDEN', { reason: 'current_session' });
    await auth.revokeOwnSession(a.user.id, params.id);
    return null;
  });
  registerEndpoint(app, usersApi.revokeOtherSessions, async ({ auth: a }) => ({
    revoked: await auth.revokeOtherSessions(a.user.id, a.session.id),
  }));
}
