import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { createQueryClient, PAGE_QUERY_OPTIONS, retryDelay, shouldRetry } from './query';

const business = new ApiError({ kind: 'business', code: 40003, status: 404, message: 'nope' });
const server = new ApiError({ kind: 'business', code: 50000, status: 500, message: 'boom' });
const network = new ApiError({ kind: 'network', code: 0, status: 0, message: 'offline' });

describe('query defaults', () => {
  it('retry up to 3 times, never for 4xxxx business answers', () => {
    expect(shouldRetry(0, business)).toBe(false);
    expect(shouldRetry(0, server)).toBe(true);
    expect(shouldRetry(2, network)).toBe(true);
    expect(shouldRetry(3, network)).toBe(false);
  });

  it('page queries retry once', () => {
    expect(PAGE_QUERY_OPTIONS.retry(0, network)).toBe(true);
    expect(PAGE_QUERY_OPTIONS.retry(1, network)).toBe(false);
    expect(PAGE_QUERY_OPTIONS.staleTime).toBe(300_000);
  });

  it('delay doubles from 1 s and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('the client has the defaults of product rules §9', () => {
    const options = createQueryClient().getDefaultOptions().queries;
    expect(options?.gcTime).toBe(300_000);
    expect(options?.staleTime).toBe(300_000);
    expect(options?.refetchOnWindowFocus).toBe(false);
  });
});
