import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
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

describe('the in-process limiter keeps its map small without walking it at every new key', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('sweeps ended windows once over its threshold, then only when the map has doubled', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T00:00:00Z'));
    const limiter = memoryRateLimiter({ sweepAbove: 100 });
    // Each sweep walks the map once: count the walks.
    const walk = vi.spyOn(Map.prototype, Symbol.iterator);
    for (let i = 0; i < 100; i++) await limiter.hit(`a${i}`, 1, 60_000);
    expect(walk).toHaveBeenCalledTimes(0);
    // Past the threshold with every window still running: one walk, not one per new key.
    for (let i = 0; i < 100; i++) await limiter.hit(`b${i}`, 1, 60_000);
    expect(walk).toHaveBeenCalledTimes(1);
    expect(await limiter.peek('a0')).toBe(1);
    // The next walk comes past twice the size it found (101 keys, so at 203): the ended windows then go.
    vi.setSystemTime(new Date('2026-11-28T00:02:00Z'));
    for (let i = 0; i < 3; i++) await limiter.hit(`c${i}`, 1, 60_000);
    expect(walk).toHaveBeenCalledTimes(2);
    expect(await limiter.peek('a0')).toBe(0);
    expect(await limiter.peek('c0')).toBe(1);
    // Swept down to the 3 live windows: the next walk is at the threshold again.
    for (let i = 0; i < 97; i++) await limiter.hit(`d${i}`, 1, 60_000);
    expect(walk).toHaveBeenCalledTimes(2);
    await limiter.hit('d97', 1, 60_000);
    expect(walk).toHaveBeenCalledTimes(3);
  });
});
