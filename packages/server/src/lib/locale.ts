import { localeFromAcceptLanguage, type Locale } from '@portal/contract';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language, from Accept-Language (zh-CN, zh-TW, en; default zh-CN). */
    locale: Locale;
  }
}

export function registerLocale(app: FastifyInstance): void {
  app.decorateRequest('locale', 'zh_CN');
  app.addHook('onRequest', async (request) => {
    request.locale = localeFromAcceptLanguage(request.headers['accept-language']);
  });
}
