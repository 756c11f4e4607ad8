import { authApi } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/route.js';
import { clientMeta } from '../auth/client-meta.js';
import { authenticateRequest } from '../../lib/auth-guard.js';
import type { OAuthService } from './oauth-service.js';

export function oauthRoutes(app: FastifyInstance, service: OAuthService, trustProxy: boolean): void {
  const oauth = () => service;

  registerEndpoint(app, authApi.oauthProviders, async () => oauth().providers());
  registerEndpoint(app, authApi.oauthAccounts, ({ auth }) => oauth().accounts(auth.user.id));
  registerEndpoint(app, authApi.oauthAuthorize, async ({ params, query, request, reply }) => {
    if (query.mode === 'bind') {
      await authenticateRequest(request, reply);
      return oauth().authorize(params.provider, 'bind', request.auth?.user.id ?? null);
    }
    return oauth().authorize(params.provider, 'login', null);
  });
  registerEndpoint(app, authApi.oauthCallback, ({ params, body, request }) =>
    oauth().callback(params.provider, body.code, body.state, clientMeta(request, trustProxy), request.locale),
  );
  registerEndpoint(app, authApi.oauthBind, async ({ params, body, auth }) => {
    await oauth().bind(params.provider, body.code, body.state, auth.user);
    return { provider: params.provider as 'google' | 'github' };
  });
  registerEndpoint(app, authApi.oauthUnbind, async ({ params, auth }) => {
    await oauth().unbind(params.provider, auth.user);
    return null;
  });
}
