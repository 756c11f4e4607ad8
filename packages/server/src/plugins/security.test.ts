import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.js';

/** HSTS only when the public address is https (issue 20 §8); the other security headers always. */
describe('security headers', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** The headers of an answer, of a request the router refuses and of one Node's parser refuses. */
  async function headersOf(publicUrl: string) {
    t = await createTestApp({ env: { PUBLIC_URL: publicUrl } });
    const normal = await t.app.inject({ url: '/api/v1/portal/site/content' });
    const refused = await t.app.inject({ url: '/api/v1/portal/help/documents/%E0%A4%A' });
    // The subscription route sends its own headers (a lean route without helmet).
    const sub = await t.app.inject({ url: '/sub/no-such-token-1234' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost x\r\n\r\n'));
      let text = '';
      socket.on('data', (d: Buffer) => (text += d.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    return { normal: normal.headers, refused: refused.headers, sub: sub.headers, raw: raw.toLowerCase() };
  }

  it('sends Strict-Transport-Security for an https PUBLIC_URL', async () => {
    const h = await headersOf('https://portal.example.com');
    expect(h.normal['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(h.refused['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(h.sub['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(h.raw).toContain('strict-transport-security: max-age=15552000; includesubdomains');
  });

  it('never over plain HTTP, with the rest of the headers unchanged', async () => {
    const h = await headersOf('http://127.0.0.1:8080');
    expect(h.sub['strict-transport-security']).toBeUndefined();
    expect(h.sub['x-content-type-options']).toBe('nosniff');
    for (const headers of [h.normal, h.refused]) {
      expect(headers['strict-transport-security']).toBeUndefined();
      expect(headers['content-security-policy']).toContain("default-src 'self'");
      expect(headers['x-content-type-options']).toBe('nosniff');
    }
    expect(h.raw).not.toContain('strict-transport-security');
    expect(h.raw).toContain('content-security-policy');
  });
});
