import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { loginSchema } from '../validation.js';

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
