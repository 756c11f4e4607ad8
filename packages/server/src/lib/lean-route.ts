import { LogController, type FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A lean route (`LEAN_ROUTE`). */
    lean?: boolean;
  }
}

/**
 * Route options of a hot route that sends the headers it needs itself (subscription links): compression (and the
 * request-body decompression a GET never needs) is off through its own options, the app-wide security-header,
 * locale and x-request-id hooks let it pass (`isLeanRoute`), and it is not access-logged. Errors still leave as the
 * envelope, in the caller's language.
 */
export const LEAN_ROUTE = {
  config: { lean: true },
  compress: false as const,
  decompress: false as const,
};

export function isLeanRoute(request: FastifyRequest): boolean {
  return request.routeOptions.config.lean === true;
}

/**
 * Fastify's access log (its "incoming request" and "request completed" lines) skips lean routes. (A route's own
 * `logLevel` would do it too, but pino then builds a logger with every log method anew for each request.)
 */
export function leanRoutesUnlogged(): LogController {
  return new LogController({
    disableRequestLogging: (request) =>
      (request as Partial<FastifyRequest>).routeOptions?.config.lean === true,
  });
}
