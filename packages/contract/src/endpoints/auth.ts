import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { loginSchema, registerSchema } from '../validation.js';

export const tokenPairData = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer').optional(),
  expires_in: z.number().int().optional(),
});
export type TokenPair = z.infer<typeof tokenPairData>;

export const login = defineEndpoint({
  method: 'POST',
  path: '/auth/login',
  summary: 'Log in with e-mail and password',
  tags: ['auth'],
  auth: false,
  body: loginSchema,
  data: tokenPairData,
});

export const refresh = defineEndpoint({
  method: 'POST',
  path: '/auth/refresh',
  summary: 'Rotate the refresh token and get a new access token',
  tags: ['auth'],
  auth: false,
  body: z.object({ refresh_token: z.string().min(1) }),
  data: tokenPairData,
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/auth/logout',
  summary: 'End the session of the given refresh token',
  tags: ['auth'],
  auth: false,
  body: z.object({ refresh_token: z.string().nullable() }),
  data: z.null(),
});

export const register = defineEndpoint({
  method: 'POST',
  path: '/auth/register',
  summary: 'Create an account; a verification mail is sent and nobody is logged in',
  tags: ['auth'],
  auth: false,
  body: registerSchema,
  data: z.object({ id: z.number().int(), email: z.string(), email_verified: z.boolean() }),
});
