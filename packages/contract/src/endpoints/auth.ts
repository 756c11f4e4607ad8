import { z } from 'zod';
import { vkey } from '../i18n/validation-messages.js';
import { lineText } from '../inputs.js';
import { defineEndpoint } from '../endpoint.js';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetConfirmSchema,
} from '../validation.js';

export const tokenPairData = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
});
export type TokenPair = z.infer<typeof tokenPairData>;

/**
 * An account with two-factor sign-in gets this instead of tokens after its password (or third-party sign-in): the
 * client sends the token back with a code to `POST /auth/2fa/login`. Single use, short-lived, a few attempts.
 */
export const twoFactorChallengeData = z.object({
  two_factor_required: z.literal(true),
  challenge_token: z.string(),
  /** Seconds until the challenge expires. */
  expires_in: z.number().int(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeData>;

/** A 6-digit code from the authenticator app, or a recovery code (letters and digits, dashes and spaces ignored). */
export const twoFactorCodeSchema = lineText({ error: vkey('two_factor_code') })
  .trim()
  .min(6, { error: vkey('two_factor_code') })
  .max(32, { error: vkey('two_factor_code') })
  .regex(/^[0-9A-Za-z\s-]+$/, { error: vkey('two_factor_code') });

export const register = defineEndpoint({
  method: 'POST',
  path: '/auth/register',
  summary: 'Create an account; a verification mail is sent and nobody is logged in',
  tags: ['auth'],
  auth: false,
  body: registerSchema,
  data: z.object({ id: z.number().int(), email: z.string(), email_verified: z.boolean() }),
});

export const login = defineEndpoint({
  method: 'POST',
  path: '/auth/login',
  summary: 'Log in with email and password (an account with two-factor sign-in gets a challenge instead)',
  tags: ['auth'],
  auth: false,
  body: loginSchema,
  data: z.union([tokenPairData, twoFactorChallengeData]),
});

export const twoFactorLogin = defineEndpoint({
  method: 'POST',
  path: '/auth/2fa/login',
  summary:
    'The second step of sign-in: the challenge and a current code (or a recovery code) give the tokens',
  tags: ['auth'],
  auth: false,
  body: z.object({ challenge_token: lineText().min(1).max(512), code: twoFactorCodeSchema }),
  data: tokenPairData.extend({ first_login: z.boolean() }),
});

export const twoFactorStatusData = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusData>;

export const twoFactorStatus = defineEndpoint({
  method: 'GET',
  path: '/auth/2fa',
  summary: "Whether the signed-in user's two-factor sign-in is on, and how many recovery codes are left",
  tags: ['auth'],
  auth: true,
  data: twoFactorStatusData,
});

export const twoFactorSetup = defineEndpoint({
  method: 'POST',
  path: '/auth/2fa/setup',
  summary: 'Start enrolment: a new secret, as an otpauth:// address for the QR code and as text to type',
  tags: ['auth'],
  auth: true,
  data: z.object({ secret: z.string(), otpauth_uri: z.string() }),
});

export const twoFactorEnable = defineEndpoint({
  method: 'POST',
  path: '/auth/2fa/enable',
  summary:
    'Finish enrolment with a current code: two-factor sign-in is on, this session counts as two-factor, and the recovery codes are shown this once',
  tags: ['auth'],
  auth: true,
  body: z.object({ code: twoFactorCodeSchema }),
  data: z.object({ recovery_codes: z.array(z.string()) }),
});

const passwordAndCode = z.object({
  password: lineText({ error: vkey('password_required') })
    .min(1, { error: vkey('password_required') })
    .max(128, { error: vkey('password_max128') }),
  code: twoFactorCodeSchema,
});

export const twoFactorDisable = defineEndpoint({
  method: 'POST',
  path: '/auth/2fa/disable',
  summary: 'Turn two-factor sign-in off: needs the password and a current code (or a recovery code)',
  tags: ['auth'],
  auth: true,
  body: passwordAndCode,
  data: z.null(),
});

export const twoFactorRecoveryCodes = defineEndpoint({
  method: 'POST',
  path: '/auth/2fa/recovery-codes',
  summary: 'New recovery codes (the old ones stop working): needs the password and a current code',
  tags: ['auth'],
  auth: true,
  body: passwordAndCode,
  data: z.object({ recovery_codes: z.array(z.string()) }),
});

export const refresh = defineEndpoint({
  method: 'POST',
  path: '/auth/refresh',
  summary: 'Rotate the refresh token and get a new access token',
  tags: ['auth'],
  auth: false,
  body: z.object({ refresh_token: lineText().min(1).max(512) }),
  data: tokenPairData,
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/auth/logout',
  summary: "End the session of the given refresh token, or without one the bearer token's session",
  tags: ['auth'],
  auth: false,
  body: z.object({ refresh_token: lineText().max(512).nullable().optional() }),
  data: z.null(),
});

export const requestPasswordReset = defineEndpoint({
  method: 'POST',
  path: '/auth/password/reset',
  summary: 'Mail a password reset link (same answer whether or not the address is registered)',
  tags: ['auth'],
  auth: false,
  body: forgotPasswordSchema,
  data: z.null(),
});

export const confirmPasswordReset = defineEndpoint({
  method: 'POST',
  path: '/auth/password/reset/confirm',
  summary: 'Set a new password with a reset token; every session ends',
  tags: ['auth'],
  auth: false,
  body: resetConfirmSchema,
  data: z.null(),
});

export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/auth/password/change',
  summary: 'Change the password; every session ends and the user logs in again',
  tags: ['auth'],
  auth: true,
  body: changePasswordSchema,
  data: z.null(),
});

export const verifyEmail = defineEndpoint({
  method: 'POST',
  path: '/auth/verify-email',
  summary: 'Verify the email address with the token from the mail',
  tags: ['auth'],
  auth: false,
  body: z.object({ token: lineText().min(1).max(512) }),
  data: z.object({ email: z.string() }),
});

export const resendVerification = defineEndpoint({
  method: 'POST',
  path: '/auth/verify-email/resend',
  summary: 'Send the verification mail again to the signed-in user',
  tags: ['auth'],
  auth: true,
  data: z.null(),
});

export const OAUTH_PROVIDERS = ['google', 'github'] as const;
export const oauthProviderSchema = z.enum(OAUTH_PROVIDERS);
export type OAuthProvider = z.infer<typeof oauthProviderSchema>;
const providerParams = z.object({ provider: lineText().max(32) });

export const oauthProviders = defineEndpoint({
  method: 'GET',
  path: '/auth/oauth/providers',
  summary: 'Third-party sign-in providers this portal offers',
  tags: ['oauth'],
  auth: false,
  data: z.array(oauthProviderSchema),
});

export const oauthAuthorize = defineEndpoint({
  method: 'GET',
  path: '/auth/oauth/:provider/authorize',
  summary:
    "The provider's authorization URL and the state to check on return (mode=bind for the signed-in user)",
  tags: ['oauth'],
  auth: false,
  params: providerParams,
  query: z.object({ mode: z.enum(['login', 'bind']).default('login') }),
  data: z.object({ authorization_url: z.string(), state: z.string() }),
});

const callbackBody = z.object({ code: lineText().min(1).max(2048), state: lineText().min(1).max(512) });

export const oauthCallback = defineEndpoint({
  method: 'POST',
  path: '/auth/oauth/:provider/callback',
  summary: 'Exchange the code for a session; the account is found, linked by verified email, or created',
  tags: ['oauth'],
  auth: false,
  params: providerParams,
  body: callbackBody,
  data: z.union([tokenPairData.extend({ first_login: z.boolean() }), twoFactorChallengeData]),
});

export const oauthBind = defineEndpoint({
  method: 'POST',
  path: '/auth/oauth/:provider/bind',
  summary: 'Link a third-party account to the signed-in user',
  tags: ['oauth'],
  auth: true,
  params: providerParams,
  body: callbackBody,
  data: z.object({ provider: oauthProviderSchema }),
});

export const oauthUnbind = defineEndpoint({
  method: 'DELETE',
  path: '/auth/oauth/:provider/unbind',
  summary: 'Unlink a third-party account (refused for the last way to sign in)',
  tags: ['oauth'],
  auth: true,
  params: providerParams,
  data: z.null(),
});

export const oauthAccountData = z.object({
  provider: oauthProviderSchema,
  email: z.string().nullable(),
  name: z.string().nullable(),
  bound_at: z.string(),
});
export type OAuthAccount = z.infer<typeof oauthAccountData>;

export const oauthAccounts = defineEndpoint({
  method: 'GET',
  path: '/auth/oauth/accounts',
  summary: "The signed-in user's third-party bindings",
  tags: ['oauth'],
  auth: true,
  data: z.array(oauthAccountData),
});
