import { APP_VERSION } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import {
  createTestApp,
  createTestDatabase,
  testConfig,
  TEST_DIALECT,
  type TestApp,
} from '../../test/helpers.js';

describe(`GET /api/v1/portal/health (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports the database reachable', async () => {
    const res = await t.app.inject({ url: '/api/v1/portal/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      code: number;
      data: { status: string; database: { reachable: boolean; dialect: string }; version: string };
    }>();
    expect(body.code).toBe(20000);
    expect(body.data.status).toBe('ok');
    expect(body.data.database).toMatchObject({ reachable: true, dialect: TEST_DIALECT });
    expect(body.data.version).toBe(APP_VERSION);
  });
});

describe(`health when the database is gone (${TEST_DIALECT})`, () => {
  it('answers 503 with 50001', async () => {
    const database = await createTestDatabase();
    const app = await buildApp(testConfig(), { database: database.handle });
    await app.ready();
    await database.drop();
    const res = await app.inject({ url: '/api/v1/portal/health', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 50001,
      message: 'Database error, please try again later',
      data: { database: { reachable: false, dialect: TEST_DIALECT } },
    });
    await app.close();
  });
});
