import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/** The user as the API returns it (spec §3). Money is a decimal string. */
export const userProfileData = z.object({
  id: z.number().int(),
  email: z.string(),
  nickname: z.string().nullable(),
  avatar: z.string().nullable(),
  email_verified: z.boolean(),
  status: z.enum(['normal', 'restricted', 'locked', 'disabled']),
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

export const balanceData = z.object({ balance: z.string() });

export const getBalance = defineEndpoint({
  method: 'GET',
  path: '/users/balance',
  summary: "The signed-in user's balance",
  tags: ['users'],
  auth: true,
  data: balanceData,
});
