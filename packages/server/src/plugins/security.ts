import compress from '@fastify/compress';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { isLeanRoute } from '../lib/lean-route.js';

/**
 * Security headers with a real Content-Security-Policy (no inline scripts; Mantine needs inline styles) and
 * response compression. The API docs page sets its own CSP for its bundled assets.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * Helmet's options. HSTS only when the site is announced over https (PUBLIC_URL): sent over plain HTTP it is
 * ignored by browsers at best and, behind a proxy that later gains TLS on another name, a promise nobody made.
 */
function helmetOptions(https: boolean) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    crossOriginEmbedderPolicy: false,
    hsts: https ? { maxAge: 15552000, includeSubDomains: true } : (false as const),
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  };
}

/** Whether the site's public address is https (the only case where HSTS is sent). */
export function isHttpsUrl(publicUrl: string): boolean {
  return publicUrl.toLowerCase().startsWith('https://');
}

/**
 * Helmet's headers on every answer but a lean route's (which sends its own), and response compression. The headers
 * depend on nothing in the request, so they are computed once (`securityHeaders`) and set by one hook, instead of
 * helmet's middleware building them again for every request (and its plugin's two hooks running even where a route
 * turns it off).
 */
export async function registerSecurity(app: FastifyInstance, publicUrl: string): Promise<void> {
  const headers = securityHeaders(publicUrl);
  app.addHook('onRequest', (request, reply, done) => {
    if (!isLeanRoute(request)) reply.headers(headers);
    done();
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
}

function headersOf(https: boolean): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(helmetOptions(https))({} as never, res as never, () => undefined);
  return Object.freeze(headers);
}

const FIXED_HEADERS = { http: headersOf(false), https: headersOf(true) };

/**
 * The same headers as a fixed list, for answers written before any hook runs: requests the router refuses (a path
 * parameter over its limit, a malformed URL) and connections Node refuses (headers over 16 KB, a malformed request).
 */
export function securityHeaders(publicUrl: string): Readonly<Record<string, string>> {
  return isHttpsUrl(publicUrl) ? FIXED_HEADERS.https : FIXED_HEADERS.http;
}
