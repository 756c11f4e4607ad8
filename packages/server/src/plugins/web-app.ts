import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  isLocale,
  LANGUAGE_COOKIE,
  LEGAL_PATHS,
  LOCALES,
  localeFromAcceptLanguage,
  normalizePagePath,
} from '@portal/contract';
import type { Locale } from '@portal/contract';
import { acceptsEncoding } from '../lib/accept-encoding.js';
import { isApiPath, sendApiNotFound } from './error-handler.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** The visitor's interface language as the web app will pick it: the `lang` cookie it keeps, else Accept-Language. */
function pageLocale(request: FastifyRequest): Locale {
  const cookie = request.headers.cookie ?? '';
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(cookie);
  const stored = match?.[1];
  if (isLocale(stored)) return stored;
  return localeFromAcceptLanguage(request.headers['accept-language']);
}

interface PageBody {
  mtimeMs: number;
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** The operators' console's page (the web build's second entry), sent at ADMIN_PATH and under it. */
const ADMIN_PAGE = 'admin.html';

/** Whether a page path is a path or under it. */
function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** Where the console's frame starts and ends in the landing page's HTML (scripts/prerender.mjs writes both). */
const FRAME_START = '<!--console-frame-->';
const FRAME_END = '<!--/console-frame-->';

/**
 * The console's frame of each page, per language (`console-frames.<locale>.json`, path -> HTML, written by the
 * build): the landing page's HTML carries the frame with an empty main area; at a console page's address it
 * carries that page's, so a signed-in customer's first paint is the page itself in its loading state.
 */
function consoleFrames(webDist: string): Map<string, Record<string, string>> {
  const frames = new Map<string, Record<string, string>>();
  for (const locale of LOCALES) {
    const file = path.join(webDist, `console-frames.${locale}.json`);
    if (existsSync(file))
      frames.set(locale, JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
  }
  return frames;
}

/**
 * The app's pages (a few tens of kB each with the prerendered landing page), compressed once and kept until the
 * file changes (a rebuild): sent compressed, as the not-found route does not pass through the compression plugin.
 * With a frame, the page is the file with that frame in place of the one it carries.
 */
function pageCache(webDist: string) {
  const cache = new Map<string, PageBody>();
  return (file: string, variant: PageVariant | null = null): PageBody => {
    const full = path.join(webDist, file);
    const { mtimeMs } = statSync(full);
    const key = variant === null ? file : `${file}\0${variant.key}`;
    const cached = cache.get(key);
    if (cached && cached.mtimeMs === mtimeMs) return cached;
    const stored = readFileSync(full);
    const raw = variant === null ? stored : Buffer.from(variant.apply(stored.toString('utf8')), 'utf8');
    const body: PageBody = {
      mtimeMs,
      raw,
      br: brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(raw, { level: 9 }),
    };
    cache.set(key, body);
    return body;
  };
}

/** A page as sent, made from its file: cached under the file and `key` (a few per file, from the build's own data). */
interface PageVariant {
  key: string;
  apply(html: string): string;
}

/** The landing page with a console page's frame in place of the empty one. */
function withFrame(route: string, frame: string): PageVariant {
  return {
    key: route,
    apply(html) {
      const start = html.indexOf(FRAME_START);
      const end = html.indexOf(FRAME_END);
      return start >= 0 && end > start
        ? html.slice(0, start + FRAME_START.length) + frame + html.slice(end)
        : html;
    },
  };
}

/** The console's page told where it lives (config has validated the path). */
function atAdminPath(adminPath: string): PageVariant {
  return { key: 'admin', apply: (html) => html.replace('<html ', `<html data-admin-path="${adminPath}" `) };
}

/** br, else gzip, else none, by the request's Accept-Encoding (`lib/accept-encoding.ts`). */
function pageEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (acceptsEncoding(header, 'br')) return 'br';
  if (acceptsEncoding(header, 'gzip')) return 'gzip';
  return null;
}

/**
 * The pages the build prerenders besides the landing page: the legal documents, in dist/<path without />.<locale>.html.
 * Every other page path gets the landing page (index.<locale>.html), which the app replaces where it is not the
 * route's.
 */
const PRERENDERED_PAGES = Object.values(LEGAL_PATHS).map((route) => route.slice(1));

/** The prerendered page for a path, as the router matches it. */
function pageName(pathname: string): string {
  const name = normalizePagePath(pathname).slice(1);
  return PRERENDERED_PAGES.includes(name) ? name : 'index';
}

/**
 * Serves the built web app: hashed files under /assets/ are cached for a year (sent precompressed where the build
 * wrote .br / .gz copies), everything else is revalidated.
 * Any other GET that looks like a page gets the app's page (the SPA decides the route); /api/* never does. The
 * build prerenders the landing page and the legal pages once per language (<page>.<locale>.html): the visitor gets
 * the path's page in their language, so it hydrates without a second render; index.html is the fallback.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string | null,
  adminPath = '/admin',
): Promise<void> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : null;
  const hasWeb = indexFile !== null && existsSync(indexFile);
  const hasAdmin = hasWeb && webDist !== null && existsSync(path.join(webDist, ADMIN_PAGE));
  /** `<page>.<locale>` -> the file, for the prerendered pages the build wrote. */
  const localized = new Map<string, string>();
  if (hasWeb && webDist) {
    for (const name of ['index', ...PRERENDERED_PAGES]) {
      for (const locale of LOCALES) {
        const file = `${name}.${locale}.html`;
        if (existsSync(path.join(webDist, file))) localized.set(`${name}.${locale}`, file);
      }
    }
  }
  const pages = webDist ? pageCache(webDist) : null;
  const frames = hasWeb && webDist ? consoleFrames(webDist) : new Map<string, Record<string, string>>();
  if (hasWeb && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes <file>.br and <file>.gz beside each script and style sheet (scripts/compress.mjs): the
      // one the browser accepts goes out as it is, at Brotli's best rather than the compression plugin's quick one.
      preCompressed: true,
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
    if (hasAdmin && pages && wantsPage && isUnder(normalizePagePath(pathname), adminPath)) {
      // The operators' console: its own page and code, told where it lives; never indexed.
      const body = pages(ADMIN_PAGE, atAdminPath(adminPath));
      const encoding = pageEncoding(request.headers['accept-encoding']);
      reply
        .header('cache-control', REVALIDATE)
        .header('vary', 'Accept-Encoding')
        .header('x-robots-tag', 'noindex, nofollow')
        .type('text/html; charset=utf-8');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding ? body[encoding] : body.raw);
    }
    if (hasWeb && pages && wantsPage) {
      const locale = pageLocale(request);
      const name = pageName(pathname);
      const file = localized.get(`${name}.${locale}`) ?? localized.get(`index.${locale}`) ?? 'index.html';
      const route = normalizePagePath(pathname);
      const pageFrames = name === 'index' ? frames.get(locale) : undefined;
      const frame =
        pageFrames && Object.hasOwn(pageFrames, route) ? withFrame(route, pageFrames[route]!) : null;
      const body = pages(file, frame);
      const encoding = pageEncoding(request.headers['accept-encoding']);
      reply
        .header('cache-control', REVALIDATE)
        .header('vary', localized.size > 0 ? 'Accept-Encoding, Cookie, Accept-Language' : 'Accept-Encoding')
        .type('text/html; charset=utf-8');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding ? body[encoding] : body.raw);
    }
    return sendApiNotFound(request, reply);
  });
}
