import { z } from 'zod';
import { lineText } from '../inputs.js';
import { defineEndpoint } from '../endpoint.js';
import { profileUpdateSchema } from '../validation.js';

/** The user as the API returns it (product rules §3). Money is a decimal string. */
export const userProfileData = z.object({
  id: z.number().int(),
  email: z.string(),
  nickname: z.string().nullable(),
  avatar: z.string().nullable(),
  email_verified: z.boolean(),
  /** normal, or restricted until the email is verified */
  status: z.enum(['normal', 'restricted']),
  level: z.string(),
  has_password: z.boolean(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserProfile = z.infer<typeof userProfileData>;

export const getProfile = defineEndpoint({
  method: 'GET',
  path: '/users/profile',
  summary: 'The signed-in user',
  tags: ['users'],
  auth: true,
  data: userProfileData,
});

export const updateProfile = defineEndpoint({
  method: 'PATCH',
  path: '/users/profile',
  summary: "Change the signed-in user's nickname (the email address cannot be changed)",
  tags: ['users'],
  auth: true,
  body: profileUpdateSchema,
  data: userProfileData,
});

export const balanceData = z.object({ balance: z.string() });

export const getBalance = defineEndpoint({
  method: 'GET',
  path: '/users/balance',
  summary: "The signed-in user's balance",
  tags: ['users'],
  auth: true,
  data: balanceData,
});

export const sessionData = z.object({
  id: z.string(),
  device: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  ip: z.string().nullable(),
  location: z.string().nullable(),
  last_active_at: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionData>;

export const listSessions = defineEndpoint({
  method: 'GET',
  path: '/users/sessions',
  summary: "The signed-in user's active sessions, the current one flagged",
  tags: ['users'],
  auth: true,
  data: z.array(sessionData),
});

export const revokeSession = defineEndpoint({
  method: 'DELETE',
  path: '/users/sessions/:id',
  summary: 'End another session (the current one cannot be revoked here; log out instead)',
  tags: ['users'],
  auth: true,
  params: z.object({ id: lineText().max(64) }),
  data: z.null(),
});

export const revokeOtherSessions = defineEndpoint({
  method: 'POST',
  path: '/users/sessions/revoke-others',
  summary: 'End every session but the current one',
  tags: ['users'],
  auth: true,
  data: z.object({ revoked: z.number().int() }),
});
