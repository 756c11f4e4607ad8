import type { Redis } from 'ioredis';

/**
 * Fixed-window counters for limits the route-level rate limit cannot express (per account, per e-mail address,
 * per code). In process by default; in Redis when one is configured so every instance shares the count.
 */
export interface RateLimiter {
  /** Counts one hit on `key`; false when the limit for the window was already used up. */
  hit(key: string, max: number, windowMs: number): Promise<{ allowed: boolean; retryAfterMs: number }>;
  /** Hits counted on `key` in its current window, without counting one. */
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export function memoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, max, windowMs) {
      const now = Date.now();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
        if (windows.size > 100_000) {
          for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
        }
      }
      w.count += 1;
      return { allowed: w.count <= max, retryAfterMs: Math.max(0, w.resetAt - now) };
    },
    async peek(key) {
      const w = windows.get(key);
      return w && w.resetAt > Date.now() ? w.count : 0;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

export function redisRateLimiter(redis: Redis, prefix: string): RateLimiter {
  return {
    async hit(key, max, windowMs) {
      const k = `${prefix}limit:${key}`;
      const results = await redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      const ttl = Number(results?.[2]?.[1] ?? windowMs);
      return { allowed: count <= max, retryAfterMs: ttl > 0 ? ttl : windowMs };
    },
    async peek(key) {
      return Number((await redis.get(`${prefix}limit:${key}`)) ?? 0);
    },
    async reset(key) {
      await redis.del(`${prefix}limit:${key}`);
    },
  };
}
