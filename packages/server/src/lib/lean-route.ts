import { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A lean route (`LEAN_ROUTE`). */
    lean?: boolean;
  }
  interface FastifyRequest {
    /** Whether the request's route is lean, once asked (`isLeanRoute`); null before. */
    leanRoute: boolean | null;
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

/** Every request starts with `leanRoute` unknown (one shape for all requests). */
export function registerLeanRoutes(app: FastifyInstance): void {
  app.decorateRequest('leanRoute', null);
}

/**
 * Read once per request: `request.routeOptions` builds a new object on every read, and four hooks ask.
 */
export function isLeanRoute(request: FastifyRequest): boolean {
  return (request.leanRoute ??= request.routeOptions.config.lean === true);
}

/**
 * Fastify's access log (its "incoming request" and "request completed" lines) skips lean routes. (A route's own
 * `logLevel` would do it too, but pino then builds a logger with every log method anew for each request.)
 */
export function leanRoutesUnlogged(): LogController {
  return new LogController({
    // Fastify may hand over the raw request (no decoration: not lean).
    disableRequestLogging: (request) =>
      (request as Partial<FastifyRequest>).leanRoute !== undefined && isLeanRoute(request as FastifyRequest),
  });
}
