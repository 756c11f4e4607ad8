import { describe, expect, it } from 'vitest';
import { acceptsEncoding } from './accept-encoding.js';

describe('Accept-Encoding', () => {
  it('takes a coding that is named, or matched by *, unless its weight is zero', () => {
    const gzip = (h: string | undefined) => acceptsEncoding(h, 'gzip');
    expect(gzip('gzip')).toBe(true);
    expect(gzip('gzip, deflate, br')).toBe(true);
    expect(gzip('deflate, GZIP ;q=0.5')).toBe(true);
    expect(gzip('x-gzip')).toBe(true);
    expect(gzip('*')).toBe(true);
    expect(gzip(undefined)).toBe(false);
    expect(gzip('')).toBe(false);
    expect(gzip('identity')).toBe(false);
    expect(gzip('br, deflate')).toBe(false);
    expect(gzip('gzip;q=0')).toBe(false);
    expect(gzip('gzip; Q=0.0')).toBe(false);
    expect(gzip('gzip;level=1;q=0')).toBe(false);
    expect(gzip('gzip;q=0, *')).toBe(false);
    expect(gzip('*;q=0')).toBe(false);
    expect(acceptsEncoding('gzip, br;q=0', 'br')).toBe(false);
    expect(acceptsEncoding('br;q=1.0, gzip', 'br')).toBe(true);
  });
});
