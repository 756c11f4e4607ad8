import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestDatabase, testConfig, TEST_DIALECT, type TestDatabase } from '../test/helpers.js';

/** Several instances behind a load balancer share one limit through Redis (REDIS_URL). Needs a real Redis. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe(`rate limits shared through Redis (${TEST_DIALECT})`, () => {
  let database: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { REDIS_URL, REDIS_PREFIX: `test-${randomBytes(4).toString('hex')}:`, RATE_LIMIT_MAX: '4' };
    a = await buildApp(testConfig(env), { database: database.handle });
    b = await buildApp(testConfig(env), { database: database.handle });
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.drop();
  });

  it('counts requests to either instance against one limit', async () => {
    const statuses: number[] = [];
    for (const app of [a, b, a, b, a, b]) {
      statuses.push(
        (await app.inject({ url: '/api/v1/portal/health', remoteAddress: '10.9.8.7' })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const other = await b.inject({ url: '/api/v1/portal/health', remoteAddress: '10.9.8.6' });
    expect(other.statusCode).toBe(200);
  });
});
