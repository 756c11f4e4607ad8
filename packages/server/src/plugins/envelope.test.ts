import { ERRORS, loginSchema } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerEndpoint } from '../lib/route.js';
import { AppError } from '../lib/app-error.js';
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
      { field: 'body.email', message: 'Please enter a valid e-mail address' },
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
