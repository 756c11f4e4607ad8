import { authApi } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/route.js';
import type { AuthService } from './auth-service.js';
import { clientMeta } from './client-meta.js';

export function authRoutes(app: FastifyInstance, service: AuthService, trustProxy: boolean): void {
  const auth = () => service;

  registerEndpoint(app, authApi.register, async ({ body, request }) => {
    const user = await auth().register(body, request.locale, request.ip);
    return { id: user.id, email: user.email, email_verified: false };
  });
  registerEndpoint(app, authApi.login, ({ body, request }) =>
    auth().login(body, clientMeta(request, trustProxy)),
  );
  registerEndpoint(app, authApi.refresh, ({ body }) => auth().refresh(body.refresh_token));
  registerEndpoint(app, authApi.logout, async ({ body }) => {
    await auth().logout(body.refresh_token);
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
}
