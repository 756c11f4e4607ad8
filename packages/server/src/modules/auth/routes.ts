import { authApi } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../../lib/auth-guard.js';
import { registerEndpoint } from '../../lib/route.js';
import type { AuthService } from './auth-service.js';
import { clientMeta } from './client-meta.js';
import type { TwoFactorService } from './two-factor-service.js';

export function authRoutes(
  app: FastifyInstance,
  service: AuthService,
  twoFactor: TwoFactorService,
  trustProxy: boolean,
): void {
  const auth = () => service;

  registerEndpoint(app, authApi.register, async ({ body, request }) => {
    const user = await auth().register(body, request.locale, request.ip);
    return { id: user.id, email: user.email, email_verified: false };
  });
  registerEndpoint(app, authApi.login, ({ body, request }) =>
    auth().login(body, clientMeta(request, trustProxy)),
  );
  registerEndpoint(app, authApi.refresh, ({ body }) => auth().refresh(body.refresh_token));
  registerEndpoint(app, authApi.logout, async ({ body, request }) => {
    await auth().logout(body.refresh_token, bearerToken(request));
    return null;
  });
  registerEndpoint(app, authApi.verifyEmail, ({ body }) => auth().verifyEmail(body.token));
  registerEndpoint(app, authApi.resendVerification, async ({ auth: a }) => {
    await auth().resendVerification(a.user);
    return null;
  });
  registerEndpoint(app, authApi.requestPasswordReset, async ({ body, request }) => {
    await auth().requestPasswordReset(body.email, request.ip);
    return null;
  });
  registerEndpoint(app, authApi.confirmPasswordReset, async ({ body }) => {
    await auth().confirmPasswordReset(body.token, body.password);
    return null;
  });
  registerEndpoint(app, authApi.changePassword, async ({ body, auth: a }) => {
    await auth().changePassword(a.user, body.old_password, body.new_password);
    return null;
  });

  registerEndpoint(app, authApi.twoFactorLogin, ({ body, request }) =>
    auth().completeTwoFactorLogin(body.challenge_token, body.code, clientMeta(request, trustProxy)),
  );
  registerEndpoint(app, authApi.twoFactorStatus, ({ auth: a }) => twoFactor.status(a.user.id));
  registerEndpoint(app, authApi.twoFactorSetup, ({ auth: a }) => twoFactor.setup(a.user));
  registerEndpoint(app, authApi.twoFactorEnable, ({ body, auth: a }) =>
    twoFactor.enable(a.user, a.session.id, body.code),
  );
  registerEndpoint(app, authApi.twoFactorDisable, async ({ body, auth: a }) => {
    await twoFactor.disable(a.user, body.password, body.code);
    return null;
  });
  registerEndpoint(app, authApi.twoFactorRecoveryCodes, async ({ body, auth: a }) => ({
    recovery_codes: await twoFactor.regenerateRecoveryCodes(a.user, body.password, body.code),
  }));
}
