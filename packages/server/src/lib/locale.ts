import { localeFromAcceptLanguage, type Locale } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { isLeanRoute } from './lean-route.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language, from Accept-Language (zh-CN, zh-TW, en; default zh-CN). */
    locale: Locale;
  }
}

export function registerLocale(app: FastifyInstance): void {
  app.decorateRequest('locale', 'zh_CN');
  // Lean routes read it only when they fail (the error handler).
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isLeanRoute(request)) request.locale = localeFromAcceptLanguage(request.headers['accept-language']);
    done();
  });
}
