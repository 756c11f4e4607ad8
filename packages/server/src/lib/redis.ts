import { Redis } from 'ioredis';

/**
 * A Redis connection for state shared by several server instances. Short timeouts: a rate limit must not hang a
 * request when Redis is slow.
 */
export function openRedis(url: string): Redis {
  return new Redis(url, {
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
}
