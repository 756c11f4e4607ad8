import type { Redis } from 'ioredis';

/**
 * Fixed-window counters for limits the route-level rate limit cannot express (per account, per email address,
 * per code). In process by default; in Redis when one is configured so every instance shares the count.
 */
export interface RateLimiter {
  /** Counts one hit on `key`; false when the limit for the window was already used up. */
  hit(key: string, max: number, windowMs: number): Promise<{ allowed: boolean; retryAfterMs: number }>;
  /** Hits counted on `key` in its current window, without counting one. */
  peek(key: string): Promise<number>;
  /**
   * Takes back one hit of the current window (never below zero, never in a window that has ended). With `hit` it
   * makes a limit on outcomes exact under parallel requests: count the attempt first (`hit`, refused over the limit),
   * then give the hit back when the attempt did not turn out to be what the limit counts.
   */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/**
 * In process. Windows that ended are swept out once the map holds `sweepAbove` of them, and again only once it has
 * doubled since (amortised: a sweep that finds every window still running is not redone at the next new key, which
 * made each new key walk the whole map once more keys than that were live, e.g. 100,000 subscription links polled
 * within a minute).
 */
export function memoryRateLimiter({ sweepAbove = 100_000 }: { sweepAbove?: number } = {}): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweepAt = sweepAbove;
  return {
    async hit(key, max, windowMs) {
      const now = Date.now();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
        if (windows.size > sweepAt) {
          for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
          sweepAt = Math.max(sweepAbove, windows.size * 2);
        }
      }
      w.count += 1;
      return { allowed: w.count <= max, retryAfterMs: Math.max(0, w.resetAt - now) };
    },
    async peek(key) {
      const w = windows.get(key);
      return w && w.resetAt > Date.now() ? w.count : 0;
    },
    async release(key) {
      const w = windows.get(key);
      if (w && w.resetAt > Date.now() && w.count > 0) w.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

const RELEASE_SCRIPT =
  "local n = tonumber(redis.call('get', KEYS[1]) or '0') if n > 0 then redis.call('decr', KEYS[1]) end return 0";

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
    async release(key) {
      // Only an existing (so still running) window with hits in it: a window that ended is not recreated at -1.
      await redis.eval(RELEASE_SCRIPT, 1, `${prefix}limit:${key}`);
    },
    async reset(key) {
      await redis.del(`${prefix}limit:${key}`);
    },
  };
}
