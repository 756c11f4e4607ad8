import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionRow, UserRow } from '../db/types.js';
import { AppError } from './app-error.js';

/** The signed-in user and session of a request (AuthService.authenticate resolves them from the bearer token). */
export interface Authenticated {
  user: UserRow;
  session: SessionRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by authenticateRequest for endpoints that need a signed-in user. */
    auth: Authenticated | null;
  }
}

/** Bearer token -> user and session (40001 without a token; 40106/40107 for a bad or expired one). */
export async function authenticateRequest(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (request.auth) return; // already done by an enclosing scope's guard
  const token = bearerToken(request);
  if (!token) throw new AppError('UNAUTHORIZED');
  request.auth = await request.server.ctx.services.auth.authenticate(token);
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** Restricted accounts (email not verified) may not top up or buy: 40105 (product rules §4.1, §6). */
export async function requireVerifiedEmail(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await authenticateRequest(request, reply);
  if (!request.auth?.user.email_verified_at) throw new AppError('EMAIL_NOT_VERIFIED');
}
