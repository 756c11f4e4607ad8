import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './rate-limiter.js';
import { openRedis } from './redis.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Both limiters: a hit counts first and refuses over the limit; `release` gives one back, never below zero. */
describe('rate limiters: hit and release', () => {
  let redis: Redis | undefined;
  afterAll(async () => {
    await redis?.quit();
  });
  const limiters: [string, () => RateLimiter][] = [
    ['in process', () => memoryRateLimiter()],
    [
      'in Redis',
      () => {
        redis ??= openRedis(REDIS_URL);
        return redisRateLimiter(redis, `test-${randomBytes(4).toString('hex')}:`);
      },
    ],
  ];

  it.each(limiters)('%s', async (_, make) => {
    const limiter = make();
    const results = await Promise.all(Array.from({ length: 30 }, () => limiter.hit('k', 10, 60_000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(await limiter.peek('k')).toBe(30);
    for (let i = 0; i < 20; i++) await limiter.release('k');
    expect(await limiter.peek('k')).toBe(10);
    expect((await limiter.hit('k', 10, 60_000)).allowed).toBe(false);
    await limiter.release('k');
    for (let i = 0; i < 12; i++) await limiter.release('k');
    expect(await limiter.peek('k')).toBe(0);
    // Releasing a key with no window does not open one below zero.
    await limiter.release('other');
    expect(await limiter.peek('other')).toBe(0);
    expect((await limiter.hit('other', 1, 60_000)).allowed).toBe(true);
    expect((await limiter.hit('other', 1, 60_000)).allowed).toBe(false);
  });
});
