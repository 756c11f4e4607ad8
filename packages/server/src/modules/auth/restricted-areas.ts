import type { FastifyInstance } from 'fastify';
import { sendApiNotFound } from '../../plugins/error-handler.js';
import { requireVerifiedEmail } from '../../lib/auth-guard.js';

/**
 * Top-up and subscription calls need a verified email address (product rules §4.1: restricted accounts). Their
 * routes are registered inside these scopes, so the guard covers every one of them, including the ones added later.
 */
export const RESTRICTED_PREFIXES = ['/recharge', '/subscriptions'] as const;
export type RestrictedPrefix = (typeof RESTRICTED_PREFIXES)[number];

export function restrictedAreas(
  app: FastifyInstance,
  register: Partial<Record<RestrictedPrefix, (scope: FastifyInstance) => void>> = {},
): void {
  for (const prefix of RESTRICTED_PREFIXES) {
    void app.register(
      async (scope) => {
        scope.addHook('onRequest', requireVerifiedEmail);
        scope.setNotFoundHandler((request, reply) => sendApiNotFound(request, reply));
        register[prefix]?.(scope);
      },
      { prefix },
    );
  }
}
