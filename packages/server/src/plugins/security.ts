import compress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

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

const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  crossOriginEmbedderPolicy: false,
  hsts: { maxAge: 15552000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
};

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, HELMET_OPTIONS);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
}

/**
 * The same headers as a fixed list, for answers written before any hook runs: requests the router refuses (a path
 * parameter over its limit, a malformed URL) and connections Node refuses (headers over 16 KB, a malformed request).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = (() => {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(HELMET_OPTIONS)({} as never, res as never, () => undefined);
  return Object.freeze(headers);
})();
