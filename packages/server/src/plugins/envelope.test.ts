import { ERRORS, loginSchema } from '@portal/contract';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { assertStaffOnly, registerEndpoint, registerStaffEndpoint } from '../lib/route.js';
import { AppError } from '../lib/app-error.js';
import { login, registerUser } from '../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../test/helpers.js';

describe(`envelope on every answer (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      setup: (app) => {
        registerEndpoint(
          app,
          {
            method: 'POST',
            path: '/api/v1/portal/__test/login-shape',
            summary: 'test',
            tags: [],
            auth: false,
            body: loginSchema,
            data: z.string(),
          },
          async ({ body }) => body.email,
        );
        // A handler whose answer does not fit the endpoint's schema (a balance as a number, not money text).
        registerEndpoint(
          app,
          {
            method: 'GET',
            path: '/api/v1/portal/__test/misshapen',
            summary: 'test',
            tags: [],
            auth: false,
            data: z.object({ balance: z.string() }),
          },
          async () => ({ balance: 12 }) as unknown as { balance: string },
        );
        app.get('/api/v1/portal/__test/boom', async () => {
          throw new Error('secret internals: connection string postgres://user:pw@db');
        });
        app.get('/api/v1/portal/__test/conflict', async () => {
          throw new AppError('INSUFFICIENT_BALANCE', { needed: '12.00' });
        });
      },
    });
  });
  afterAll(() => t.close());

  it('answers unknown API paths with 404 and code 40003 in the envelope', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/v1/portal/no/such/thing' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({
        code: 40003,
        message: ERRORS.NOT_FOUND.message.zh_CN,
        data: { path: '/api/v1/portal/no/such/thing' },
      });
    }
  });

  it('wraps success in {code: 20000, message, data}', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/portal/__test/login-shape',
      payload: { email: ' Someone@Example.COM ', password: 'secret1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 20000, message: '操作成功', data: 'someone@example.com' });
  });

  it('answers validation failures with 40004 naming the field, in the caller language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/portal/__test/login-shape',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
      payload: { email: 'not-an-email', password: '123' },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json<{
      code: number;
      message: string;
      data: { field: string; errors: { field: string; message: string }[] };
    }>();
    expect(body.code).toBe(40004);
    expect(body.message).toBe(ERRORS.VALIDATION.message.en);
    expect(body.data.field).toBe('body.email');
    expect(body.data.errors).toEqual([
      { field: 'body.email', message: 'Please enter a valid email address' },
      { field: 'body.password', message: 'The password needs at least 6 characters' },
    ]);

    const zhTw = await t.app.inject({
      method: 'POST',
      url: '/api/v1/portal/__test/login-shape',
      headers: { 'accept-language': 'zh-TW' },
      payload: { password: 'secret1' },
    });
    const tw = zhTw.json<{ message: string; data: { errors: { field: string; message: string }[] } }>();
    expect(tw.message).toBe('資料驗證失敗，請檢查輸入');
    expect(tw.data.errors).toEqual([{ field: 'body.email', message: '請輸入電子郵件地址' }]);
  });

  it('answers a catalogue error with its status, code, localized message and data', async () => {
    const res = await t.app.inject({
      url: '/api/v1/portal/__test/conflict',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      code: 40203,
      message: 'Insufficient balance, please top up first',
      data: { needed: '12.00' },
    });
  });

  it('answers unexpected errors with 50000, no internals, and logs them with the request id', async () => {
    const res = await t.app.inject({
      url: '/api/v1/portal/__test/boom',
      headers: { 'x-request-id': 'req-boom-1' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 50000, message: ERRORS.INTERNAL.message.zh_CN, data: null });
    expect(res.body).not.toMatch(/secret internals|stack|postgres:\/\//);
    expect(res.headers['x-request-id']).toBe('req-boom-1');
    const logged = t.logs.lines.find((l) => l.reqId === 'req-boom-1' && l.level === 50);
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toMatch(/secret internals/);
  });

  // The browser takes `data` as the server sends it (lib/api-client.ts): this is the check it relies on.
  it('never sends data that does not fit the endpoint schema: 50000 instead, logged', async () => {
    const res = await t.app.inject({
      url: '/api/v1/portal/__test/misshapen',
      headers: { 'x-request-id': 'req-shape-1' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 50000, message: ERRORS.INTERNAL.message.zh_CN, data: null });
    expect(t.logs.lines.some((l) => l.reqId === 'req-shape-1' && l.level === 50)).toBe(true);
  });

  it('answers malformed JSON with 400 and 40000', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/portal/__test/login-shape',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ code: number; message: string }>()).toMatchObject({
      code: 40000,
      message: ERRORS.BAD_REQUEST.message.en,
    });
  });

  it('picks the message language from Accept-Language, default zh-CN', async () => {
    const cases: [string | undefined, string][] = [
      [undefined, ERRORS.NOT_FOUND.message.zh_CN],
      ['zh-CN', ERRORS.NOT_FOUND.message.zh_CN],
      ['zh-TW', ERRORS.NOT_FOUND.message.zh_TW],
      ['zh-Hant-HK', ERRORS.NOT_FOUND.message.zh_TW],
      ['en', ERRORS.NOT_FOUND.message.en],
      ['fr-FR, en-GB;q=0.8', ERRORS.NOT_FOUND.message.en],
      ['de-DE', ERRORS.NOT_FOUND.message.zh_CN],
      ['en;q=0.3, zh-TW;q=0.9', ERRORS.NOT_FOUND.message.zh_TW],
    ];
    for (const [header, message] of cases) {
      const res = await t.app.inject({
        url: '/api/v1/portal/missing',
        headers: header ? { 'accept-language': header } : {},
      });
      expect(res.json<{ message: string }>().message, `Accept-Language: ${header}`).toBe(message);
    }
  });

  it('sends security headers with a real CSP and a request id', async () => {
    const res = await t.app.inject({ url: '/api/v1/portal/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('compresses large answers', async () => {
    const res = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe(`requests refused before any route runs (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t?.close());

  /** The raw answer to bytes written on a fresh connection (what Node's HTTP parser sees, not app.inject). */
  function raw(request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(request));
      let text = '';
      socket.on('data', (d: Buffer) => (text += d.toString('utf8')));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head = '', body = ''] = text.split('\r\n\r\n');
        const [statusLine = '', ...lines] = head.split('\r\n');
        const headers = Object.fromEntries(
          lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
        );
        resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
      });
    });
  }

  function expectUsualHeaders(headers: Record<string, string | string[] | number | undefined>) {
    expect(String(headers['content-type'])).toMatch(/^application\/json/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(String(headers['content-security-policy'])).toContain("default-src 'self'");
    expect(String(headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
  }

  it('answers a path parameter over the router limit with 414 in the envelope, not a dump of the URL', async () => {
    const res = await t.app.inject({
      url: `/api/v1/portal/subscriptions/packages/${'1'.repeat(150)}`,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({
      code: ERRORS.BAD_REQUEST.code,
      message: ERRORS.BAD_REQUEST.message.en,
      data: { reason: 'FST_ERR_MAX_PARAM_LENGTH' },
    });
    expect(res.body).not.toContain('1111111111');
    expectUsualHeaders(res.headers);
  });

  it('answers headers over 16 KB with 431 in the envelope', async () => {
    const res = await raw(
      `GET /api/v1/portal/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toMatchObject({
      code: ERRORS.BAD_REQUEST.code,
      data: { reason: 'HPE_HEADER_OVERFLOW' },
    });
    expectUsualHeaders(res.headers);
  });

  it('answers a malformed request with 400 in the envelope and keeps serving', async () => {
    const res = await raw('GET /api/v1/portal/health HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: ERRORS.BAD_REQUEST.code });
    expectUsualHeaders(res.headers);
    const health = await fetch(`http://127.0.0.1:${port}/api/v1/portal/health`);
    expect(health.status).toBe(200);
  });

  it('answers a wrong content type and an empty JSON body in the envelope with their status', async () => {
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/v1/portal/auth/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<login/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({
      code: ERRORS.BAD_REQUEST.code,
      data: { reason: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' },
    });
    expectUsualHeaders(xml.headers);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/portal/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: ERRORS.BAD_REQUEST.code });
  });

  it('checks who is calling before it reads the body: no field names for an anonymous caller, 40002 for a customer on the staff API', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/portal/tickets', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      code: ERRORS.UNAUTHORIZED.code,
      message: ERRORS.UNAUTHORIZED.message.zh_CN,
      data: null,
    });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/announcements',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(malformed.json()).toMatchObject({ code: ERRORS.UNAUTHORIZED.code });
    const email = await registerUser(t.app);
    const { access_token } = await login(t.app, email);
    const customer = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/site/contact',
      headers: { authorization: `Bearer ${access_token}` },
      payload: { nothing: 'valid' },
    });
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toMatchObject({ code: ERRORS.FORBIDDEN.code, data: null });
  });
});

describe(`rate limits (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '3' } });
  });
  afterAll(() => t.close());

  it('answers 429 with 40005 once the window is used up', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await t.app.inject({ url: '/api/v1/portal/health' })).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    const res = await t.app.inject({ url: '/api/v1/portal/health', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 40005, message: ERRORS.RATE_LIMIT.message.en, data: null });
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('the staff API scope', () => {
  /** An app with the staff scope's guard and one endpoint registered in it. */
  async function staffScopeWith(permission: 'content.read' | undefined) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(
      async (admin) => {
        admin.addHook('onRoute', assertStaffOnly);
        const endpoint = {
          method: 'GET',
          path: '/report',
          summary: 'test',
          tags: [],
          auth: true,
          data: z.string(),
        } as const;
        if (permission) registerStaffEndpoint(admin, { ...endpoint, permission }, async () => 'staff');
        else registerEndpoint(admin, endpoint, async () => 'staff');
      },
      { prefix: '/api/v1/admin' },
    );
    await app.ready();
    return app;
  }

  it('refuses to start with an endpoint in it that is not staff-only', async () => {
    await expect(staffScopeWith(undefined)).rejects.toThrow(
      '/api/v1/admin/report is in the staff API but is not staff-only',
    );
  });

  it('refuses a staff endpoint registered as an ordinary one, and an ordinary one registered as staff', () => {
    const app = Fastify();
    const base = {
      method: 'GET',
      path: '/x',
      summary: 'test',
      tags: [],
      auth: true,
      data: z.string(),
    } as const;
    expect(() => registerEndpoint(app, { ...base, permission: 'content.read' }, async () => 'x')).toThrow(
      'needs a staff permission',
    );
    expect(() => registerStaffEndpoint(app, base, async () => 'x')).toThrow('has no permission');
  });

  it('accepts an endpoint with a permission', async () => {
    const app = await staffScopeWith('content.read');
    expect((await app.inject({ url: '/api/v1/admin/report' })).statusCode).toBe(401);
    await app.close();
  });
});
