import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isApiPath, sendApiNotFound } from './error-handler.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Serves the built web app: hashed files under /assets/ are cached for a year, everything else is revalidated.
 * Any other GET that looks like a page gets index.html (the SPA decides the route); /api/* never does.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | null): Promise<void> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : null;
  const hasWeb = indexFile !== null && existsSync(indexFile);
  if (hasWeb && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        const relative = path.relative(webDist, filePath).split(path.sep);
        res.header('cache-control', relative[0] === 'assets' ? IMMUTABLE : REVALIDATE);
      },
    });
  } else {
    app.log.warn({ webDist }, 'web app not built: only the API is served (run `npm run build`)');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (isApiPath(pathname)) return sendApiNotFound(request, reply);
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && path.extname(pathname) === '';
    if (hasWeb && wantsPage) {
      return reply
        .header('cache-control', REVALIDATE)
        .type('text/html; charset=utf-8')
        .sendFile('index.html');
    }
    return sendApiNotFound(request, reply);
  });
}
