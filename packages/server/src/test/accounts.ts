import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { isStaffRole, type TokenPair, type UserRole } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { totpAt } from '../lib/totp.js';
import { linkFrom, type SmtpSink } from './smtp-sink.js';

/** Factories for account tests: a distinct client address per call keeps the per-IP limits out of the way. */
export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export function uniqueEmail(tag = 'user'): string {
  return `${tag}-${randomBytes(4).toString('hex')}@example.com`;
}

export const PASSWORD = 'Secret-pass1';

export interface Reply<T = unknown> {
  status: number;
  code: number;
  message: string;
  data: T;
}

export async function call<T = unknown>(
  app: FastifyInstance,
  options: InjectOptions & { token?: string },
): Promise<Reply<T>> {
  const { token, headers, ...rest } = options;
  const res = await app.inject({
    remoteAddress: randomIp(),
    ...rest,
    headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const body = res.json<{ code: number; message: string; data: T }>();
  return { status: res.statusCode, ...body };
}

export async function registerUser(
  app: FastifyInstance,
  email = uniqueEmail(),
  password = PASSWORD,
): Promise<string> {
  const r = await call(app, {
    method: 'POST',
    url: '/api/v1/portal/auth/register',
    payload: { email, password, confirm_password: password },
  });
  if (r.code !== 20000) throw new Error(`register failed: ${r.code} ${r.message}`);
  return email;
}

export async function login(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
  extra: Partial<InjectOptions> = {},
): Promise<TokenPair> {
  const r = await call<TokenPair>(app, {
    method: 'POST',
    url: '/api/v1/portal/auth/login',
    payload: { email, password, remember_me: true },
    ...extra,
  });
  if (r.code !== 20000) throw new Error(`login failed: ${r.code} ${r.message}`);
  return r.data;
}

/** Registers, follows the link of the verification mail, and logs in. */
export async function verifiedUser(
  app: FastifyInstance,
  sink: SmtpSink,
  email = uniqueEmail(),
): Promise<{ email: string; tokens: TokenPair }> {
  await registerUser(app, email);
  const mail = await sink.waitFor((m) => m.to.includes(email) && m.text.includes('/verify-email'));
  const { token } = linkFrom(mail, '/verify-email');
  const r = await call(app, { method: 'POST', url: '/api/v1/portal/auth/verify-email', payload: { token } });
  if (r.code !== 20000) throw new Error(`verify failed: ${r.code}`);
  return { email, tokens: await login(app, email) };
}

/**
 * Turns two-factor sign-in on for the account of `token` as a user does at /security (setup, then a current code);
 * the session of `token` counts as two-factor from then on, as staff endpoints require. Returns the secret (to
 * compute later codes with `totpAt`) and the recovery codes.
 */
export async function enrolTwoFactor(
  app: FastifyInstance,
  token: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await call<{ secret: string }>(app, {
    method: 'POST',
    url: '/api/v1/portal/auth/2fa/setup',
    token,
  });
  if (setup.code !== 20000) throw new Error(`2fa setup failed: ${setup.code} ${setup.message}`);
  const enable = await call<{ recovery_codes: string[] }>(app, {
    method: 'POST',
    url: '/api/v1/portal/auth/2fa/enable',
    token,
    payload: { code: totpAt(setup.data.secret, Date.now() / 1000) },
  });
  if (enable.code !== 20000) throw new Error(`2fa enable failed: ${enable.code} ${enable.message}`);
  return { secret: setup.data.secret, recoveryCodes: enable.data.recovery_codes };
}

/**
 * A verified account with a role (a customer or a staff role, as an owner or the CLI gives it), signed in. Staff
 * enrol two-factor (`enrolTwoFactor`) unless `twoFactor: false`: staff endpoints answer only two-factor sessions.
 */
export async function accountWithRole(
  app: FastifyInstance,
  db: Kysely<Database>,
  role: UserRole,
  options: { twoFactor?: boolean } = {},
): Promise<{ id: number; email: string; token: string; totpSecret: string | null }> {
  const email = await registerUser(app, uniqueEmail(`role-${role}`));
  const row = await db
    .updateTable('users')
    .set({ role, email_verified_at: new Date().toISOString() })
    .where('email', '=', email)
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = (await login(app, email)).access_token;
  const enrol = (options.twoFactor ?? isStaffRole(role)) ? await enrolTwoFactor(app, token) : null;
  return { id: row.id, email, token, totpSecret: enrol?.secret ?? null };
}
