import { createHmac, generateKeyPairSync, createSign } from 'node:crypto';
import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { AccessTokens } from './access-token.js';

const SECRET = 'a-test-secret-of-enough-length-0123456789';
const tokens = new AccessTokens(SECRET, 900);
const now = () => Math.floor(Date.now() / 1000);

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token built by hand: any header, any claims, signed with HMAC-SHA256 under `secret`. */
function forge(header: object, claims: object, secret = SECRET): string {
  const head = `${part(header)}.${part(claims)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}
const good = () => ({
  sub: '42',
  sid: 'session-1',
  iss: 'proxy-portal',
  aud: 'portal-api',
  iat: now(),
  exp: now() + 600,
});
const HS256 = { alg: 'HS256', typ: 'JWT' };

/** The code our verification answers, or 'ok'. */
function ours(token: string): number | 'ok' {
  try {
    tokens.verify(token);
    return 'ok';
  } catch (err) {
    return (err as { code: number }).code;
  }
}

/** Whether jose, as the server used it before, accepts the token. */
async function jose(token: string): Promise<boolean> {
  try {
    await jwtVerify(token, new TextEncoder().encode(SECRET), {
      issuer: 'proxy-portal',
      audience: 'portal-api',
      algorithms: ['HS256'],
    });
    return true;
  } catch {
    return false;
  }
}

describe('access tokens, verified without the thread pool', () => {
  it('reads back what it signed', async () => {
    const token = await tokens.sign({ userId: 42, sessionId: 'session-1' });
    expect(tokens.verify(token)).toEqual({ userId: 42, sessionId: 'session-1' });
    expect(ours(forge(HS256, good()))).toBe('ok');
  });

  it('refuses a token tampered with: payload, header or signature', async () => {
    const token = await tokens.sign({ userId: 42, sessionId: 'session-1' });
    const [h, p, s] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    expect(ours(`${h}.${part({ ...claims, sub: '1' })}.${s}`)).toBe(40106);
    expect(ours(`${h}.${part({ ...claims, exp: now() + 86_400 })}.${s}`)).toBe(40106);
    expect(ours(`${part({ alg: 'HS256' })}.${p}.${s}`)).toBe(40106);
    expect(ours(`${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`)).toBe(40106);
    expect(ours(`${h}.${p}.`)).toBe(40106);
    expect(ours(`${h}.${p}`)).toBe(40106);
    expect(ours(`${h}.${p}.${s}.x`)).toBe(40106);
    expect(ours(`${h}.${p}.${s}=`)).toBe(40106);
    expect(ours('')).toBe(40106);
    expect(ours('not a token')).toBe(40106);
  });

  it('answers 40107 for an expired genuine token, 40106 for an expired forged one', () => {
    const expired = { ...good(), iat: now() - 1000, exp: now() - 1 };
    expect(ours(forge(HS256, expired))).toBe(40107);
    expect(ours(forge(HS256, { ...expired, exp: now() }))).toBe(40107);
    expect(ours(forge(HS256, expired, 'another-secret-of-enough-length-012345'))).toBe(40106);
  });

  it('refuses another algorithm: none, RS256 (also when HMAC-signed with the secret), HS512', () => {
    const claims = good();
    expect(ours(`${part({ alg: 'none' })}.${part(claims)}.`)).toBe(40106);
    expect(ours(forge({ alg: 'none' }, claims))).toBe(40106);
    expect(ours(forge({ alg: 'RS256', typ: 'JWT' }, claims))).toBe(40106);
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const head = `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}`;
    const rs = createSign('RSA-SHA256').update(head).sign(privateKey).toString('base64url');
    expect(ours(`${head}.${rs}`)).toBe(40106);
    const hs512 = `${part({ alg: 'HS512' })}.${part(claims)}`;
    expect(ours(`${hs512}.${createHmac('sha512', SECRET).update(hs512).digest('base64url')}`)).toBe(40106);
  });

  it('refuses a token signed with another secret', async () => {
    const other = new AccessTokens('another-secret-of-enough-length-012345', 900);
    expect(ours(await other.sign({ userId: 42, sessionId: 'session-1' }))).toBe(40106);
  });

  it('checks the claims: issuer, audience, exp required, nbf and iat not ahead, subject and session', () => {
    const bad: object[] = [
      { ...good(), iss: 'someone-else' },
      { ...good(), aud: 'another-api' },
      { ...good(), aud: ['another-api'] },
      { ...good(), exp: undefined },
      { ...good(), exp: String(now() + 600) },
      { ...good(), nbf: now() + 120 },
      { ...good(), nbf: 'soon' },
      { ...good(), iat: now() + 3600 },
      { ...good(), iat: 'now' },
      { ...good(), sub: 'admin' },
      { ...good(), sub: 42 },
      { ...good(), sid: undefined },
    ];
    for (const claims of bad) expect(ours(forge(HS256, claims)), JSON.stringify(claims)).toBe(40106);
    expect(ours(forge(HS256, { ...good(), aud: ['x', 'portal-api'], nbf: now() - 5 }))).toBe('ok');
    expect(ours(forge({ ...HS256, crit: ['exp'] }, good()))).toBe(40106);
    expect(ours(`${part(HS256)}.${Buffer.from('[1]').toString('base64url')}.x`)).toBe(40106);
  });

  it('accepts exactly the tokens jose accepted', async () => {
    const cases = [
      forge(HS256, good()),
      forge({ alg: 'HS256' }, good()),
      forge(HS256, { ...good(), aud: ['x', 'portal-api'] }),
      forge(HS256, { ...good(), exp: now() - 1 }),
      forge(HS256, { ...good(), nbf: now() + 120 }),
      forge(HS256, { ...good(), iss: 'x' }),
      forge(HS256, good(), 'another-secret-of-enough-length-012345'),
      forge({ alg: 'none' }, good()),
      forge({ alg: 'HS384' }, good()),
      forge({ ...HS256, crit: ['x'] }, good()),
      `${part({ alg: 'none' })}.${part(good())}.`,
    ];
    for (const token of cases) expect(ours(token) === 'ok', token).toBe(await jose(token));
  });
});
