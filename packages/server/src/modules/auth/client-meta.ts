import type { FastifyRequest } from 'fastify';
import { UAParser } from 'ua-parser-js';

/** Where a session was opened from: parsed User-Agent, IP, and a location where one is known. */
export interface ClientMeta {
  userAgent: string | null;
  device: string;
  browser: string | null;
  os: string | null;
  ip: string | null;
  location: string | null;
}

function isLocalAddress(ip: string): boolean {
  return (
    ip === '::1' ||
    ip.startsWith('127.') ||
    ip.startsWith('::ffff:127.') ||
    /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|fc|fd|fe80)/i.test(ip.replace(/^::ffff:/, ''))
  );
}

export function clientMeta(request: FastifyRequest, trustProxy: boolean): ClientMeta {
  const ua = request.headers['user-agent'] ?? null;
  const parsed = ua ? UAParser(ua) : null;
  const join = (name?: string, version?: string) =>
    name ? [name, version?.split('.')[0]].filter(Boolean).join(' ') : null;
  const ip = request.ip || null;
  // Behind a proxy that reports the visitor's country (for example Cloudflare), show it; otherwise only what we know.
  const country = trustProxy ? request.headers['cf-ipcountry'] : undefined;
  const location =
    typeof country === 'string' && /^[A-Z]{2}$/.test(country)
      ? country
      : ip && isLocalAddress(ip)
        ? 'LAN'
        : null;
  return {
    userAgent: ua ? ua.slice(0, 500) : null,
    device: parsed?.device.type ?? 'desktop',
    browser: join(parsed?.browser.name, parsed?.browser.version),
    os: join(parsed?.os.name, parsed?.os.version),
    ip,
    location,
  };
}
