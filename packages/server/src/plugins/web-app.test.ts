import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DIALECT, testConfig, type TestApp } from '../test/helpers.js';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/app-3f9a1c.js"></script></head><body><div id="root"></div></body></html>';

const STYLES = '.card { color: red; }\n'.repeat(200);

describe(`serving the web app (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'assets', 'app-3f9a1c.js'), 'console.log("app");'.repeat(200));
    // A style sheet with the copies the build writes beside it (scripts/compress.mjs).
    writeFileSync(path.join(dist, 'assets', 'app-3f9a1c.css'), STYLES);
    // (marked, to tell them from what the server would compress on the fly)
    writeFileSync(path.join(dist, 'assets', 'app-3f9a1c.css.br'), brotliCompressSync(`${STYLES}/* br */`));
    writeFileSync(path.join(dist, 'assets', 'app-3f9a1c.css.gz'), gzipSync(`${STYLES}/* gz */`));
    writeFileSync(path.join(dist, 'theme-init.js'), 'void 0;');
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(() => t.close());

  it('serves index.html at / without long caching', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX);
  });

  it('falls back to index.html for client routes', async () => {
    for (const url of [
      '/subscription/link',
      '/recharge/codes?tab=1',
      '/reset-password?token=abc',
      '/any/unknown/page',
    ]) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('caches hashed assets for a year and revalidates other files', async () => {
    const asset = await t.app.inject({ url: '/assets/app-3f9a1c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    const other = await t.app.inject({ url: '/theme-init.js' });
    expect(other.headers['cache-control']).toBe('no-cache');
  });

  it("sends the build's precompressed copy of an asset the browser can take, else the file itself", async () => {
    const br = await t.app.inject({
      url: '/assets/app-3f9a1c.css',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/text\/css/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${STYLES}/* br */`);
    const gzip = await t.app.inject({
      url: '/assets/app-3f9a1c.css',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(`${STYLES}/* gz */`);
    const plain = await t.app.inject({
      url: '/assets/app-3f9a1c.css',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(STYLES);
  });

  it('never answers /api/* with the web app', async () => {
    for (const url of ['/api/v1/portal/does-not-exist', '/api/v2/anything', '/api']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.json<{ code: number }>().code, url).toBe(40003);
    }
  });

  it('answers a missing file with 404 instead of the page', async () => {
    const res = await t.app.inject({ url: '/assets/missing-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('serves the API docs and the OpenAPI document built from the contract', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
    const html = page.statusCode === 302 ? await t.app.inject({ url: String(page.headers.location) }) : page;
    expect(html.statusCode).toBe(200);
    const spec = await t.app.inject({ url: '/api/docs/json' });
    const doc = spec.json<{
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/v1/portal/health']?.get?.responses['200']).toBeDefined();
  });
});

describe(`the prerendered landing page in the visitor's language (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let dist: string;
  const page = (locale: string, name = 'index') =>
    `<!doctype html><html lang="${locale}"><body><div id="root">${name} ${locale}</div></body></html>`;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
    writeFileSync(path.join(dist, 'index.html'), page('default'));
    for (const locale of ['zh_CN', 'zh_TW', 'en']) {
      writeFileSync(path.join(dist, `index.${locale}.html`), page(locale));
      writeFileSync(path.join(dist, `terms-of-service.${locale}.html`), page(locale, 'terms'));
    }
    // privacy-policy.<locale>.html is missing (an older build): that path gets the landing page.
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(() => t.close());

  it('follows Accept-Language, with q-values, and zh_CN when nothing matches', async () => {
    const cases: [string | undefined, string][] = [
      ['en-US,en;q=0.9', 'en'],
      ['zh-TW', 'zh_TW'],
      ['zh-HK;q=0.9, en;q=0.5', 'zh_TW'],
      ['fr-FR, de', 'zh_CN'],
      [undefined, 'zh_CN'],
    ];
    for (const [language, expected] of cases) {
      const res = await t.app.inject({ url: '/', headers: language ? { 'accept-language': language } : {} });
      expect(res.statusCode, language).toBe(200);
      expect(res.body, language).toBe(page(expected));
      expect(res.headers.vary, language).toMatch(/Cookie, Accept-Language/);
    }
  });

  it('prefers the language the visitor chose (the lang cookie) on every page route; ignores a bad cookie', async () => {
    const chosen = await t.app.inject({
      url: '/subscription/link',
      headers: { 'accept-language': 'en', cookie: 'theme=dark; lang=zh_TW' },
    });
    expect(chosen.body).toBe(page('zh_TW'));
    const bad = await t.app.inject({ url: '/', headers: { 'accept-language': 'en', cookie: 'lang=fr' } });
    expect(bad.body).toBe(page('en'));
  });

  it('sends a legal page its own prerendered page, in the visitor language, whatever the spelling of its path', async () => {
    for (const url of [
      '/terms-of-service',
      '/Terms-Of-Service/',
      '/terms-of-service?from=footer#terms-refunds',
    ]) {
      const res = await t.app.inject({ url, headers: { 'accept-language': 'zh-TW' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(page('zh_TW', 'terms'));
    }
    const other = await t.app.inject({ url: '/terms', headers: { 'accept-language': 'en' } });
    expect(other.body).toBe(page('en'));
    const missing = await t.app.inject({ url: '/privacy-policy', headers: { cookie: 'lang=en' } });
    expect(missing.body).toBe(page('en'));
  });

  it('sends the page compressed (br, else gzip) and a rebuilt page at once', async () => {
    const headers = { 'accept-language': 'en' };
    const br = await t.app.inject({
      url: '/',
      headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(page('en'));
    const gz = await t.app.inject({ url: '/', headers: { ...headers, 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(page('en'));
    const plain = await t.app.inject({ url: '/', headers: { ...headers, 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page('en'));

    const rebuilt = page('en').replace('<body>', '<body><!-- rebuilt -->');
    writeFileSync(path.join(dist, 'index.en.html'), rebuilt);
    utimesSync(path.join(dist, 'index.en.html'), new Date(), new Date(Date.now() + 5000));
    const after = await t.app.inject({ url: '/', headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(gunzipSync(after.rawPayload).toString()).toBe(rebuilt);
  });
});

describe(`the console's frame of the page opened (${TEST_DIALECT})`, () => {
  let t: TestApp;
  const frame = (inner: string) =>
    `<div id="console-frame"><!--console-frame-->${inner}<!--/console-frame--></div>`;
  const page = (locale: string, inner = 'empty frame') =>
    `<!doctype html><html lang="${locale}"><body>${frame(inner)}<div id="root">landing ${locale}</div></body></html>`;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
    writeFileSync(path.join(dist, 'index.html'), page('zh_CN'));
    for (const locale of ['zh_CN', 'zh_TW', 'en']) {
      writeFileSync(path.join(dist, `index.${locale}.html`), page(locale));
      writeFileSync(path.join(dist, `terms-of-service.${locale}.html`), `terms ${locale}`);
    }
    for (const locale of ['zh_CN', 'en'])
      writeFileSync(
        path.join(dist, `console-frames.${locale}.json`),
        JSON.stringify({ '/': `dashboard ${locale}`, '/finance': `finance ${locale}` }),
      );
    // No console-frames.zh_TW.json (an older build): the frame stays empty in that language.
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(() => t.close());

  const get = (url: string, lang: string, encoding = 'identity') =>
    t.app.inject({ url, headers: { cookie: `lang=${lang}`, 'accept-encoding': encoding } });

  it("carries the page's frame at a console page's address, whatever its spelling, in the visitor's language", async () => {
    expect((await get('/', 'en')).body).toBe(page('en', 'dashboard en'));
    for (const url of ['/finance', '/Finance/', '/finance?tab=ledger'])
      expect((await get(url, 'zh_CN')).body, url).toBe(page('zh_CN', 'finance zh_CN'));
    const br = await get('/finance', 'en', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(page('en', 'finance en'));
    // The plain page is still the file itself.
    expect((await get('/', 'en')).body).toBe(page('en', 'dashboard en'));
  });

  it('keeps the empty frame elsewhere, and never takes a frame from outside the build', async () => {
    for (const url of ['/support/12', '/any/unknown', '/__proto__', '/constructor', '/toString'])
      expect((await get(url, 'en')).body, url).toBe(page('en'));
    expect((await get('/finance', 'zh_TW')).body).toBe(page('zh_TW'));
    expect((await get('/terms-of-service', 'en')).body).toBe('terms en');
  });
});

describe(`the operators' console at ADMIN_PATH (${TEST_DIALECT})`, () => {
  const ADMIN = '<!doctype html><html lang="zh-CN"><body><div id="admin-root"></div></body></html>';
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'admin.html'), ADMIN);
    t = await createTestApp({ env: { WEB_DIST: dist, ADMIN_PATH: '/ops/desk' } });
  });
  afterAll(() => t.close());

  it('serves its own page at the path and under it, told where it lives, never indexed', async () => {
    for (const url of ['/ops/desk', '/ops/desk/', '/OPS/Desk/audit?actor_id=3', '/ops/desk/staff']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(ADMIN.replace('<html ', '<html data-admin-path="/ops/desk" '));
      expect(res.headers['x-robots-tag'], url).toBe('noindex, nofollow');
    }
  });

  it('leaves every other path to the customer app, the default /admin included', async () => {
    for (const url of ['/admin', '/ops', '/ops/desktop', '/'])
      expect((await t.app.inject({ url })).body, url).toBe(INDEX);
    expect((await t.app.inject({ url: '/api/v1/admin/me' })).statusCode).toBe(401);
  });

  it('refuses a path that is not one, or is the API’s or the assets’', () => {
    for (const bad of ['admin', '/Admin', '/api/admin', '/assets', '/a b', '/', '/ops/'])
      expect(() => testConfig({ ADMIN_PATH: bad }), bad).toThrow(/ADMIN_PATH/);
    expect(testConfig({ ADMIN_PATH: '/staff-7f3a' }).adminPath).toBe('/staff-7f3a');
  });
});
