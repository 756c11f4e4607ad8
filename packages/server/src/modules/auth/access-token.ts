import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { AppError } from '../../lib/app-error.js';

const ISSUER = 'proxy-portal';
const AUDIENCE = 'portal-api';
/** How far ahead of this server's clock another instance's `iat` may be (clock skew). */
const IAT_SKEW_SECONDS = 60;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/**
 * Short-lived HS256 JWT naming the user and the session; the session is checked on every request. Signing (at
 * sign-in and refresh) goes through jose; verifying, on every authenticated request, is done here, synchronously
 * with node:crypto's HMAC: jose verifies through WebCrypto, whose work waits for libuv's thread pool, the pool that
 * password hashing fills during a login storm.
 */
export class AccessTokens {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /**
   * 40107 when expired, 40106 for anything else wrong: not three base64url parts, a header that is not
   * `alg: HS256` (so neither "none" nor RS256 nor any other) or that names critical extensions, a signature that is
   * not this secret's HMAC of the first two parts (compared in constant time), then the claims as jose checks them:
   * a JSON object, the issuer and the audience, `exp` a number (required: every token here has one) not past,
   * `nbf` when present not ahead, `iat` when present a number not ahead of the clock (beyond a minute of skew).
   * The signature is checked before any claim, so an expired token is only reported as such when it is genuine.
   */
  verify(token: string, nowSeconds = Math.floor(Date.now() / 1000)): AccessClaims {
    const parts = token.split('.');
    if (parts.length !== 3 || !parts.every((p) => BASE64URL.test(p))) throw new AppError('TOKEN_INVALID');
    const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
    const header = decodeJson(headerPart);
    if (header?.alg !== 'HS256' || header.crit !== undefined || header.b64 !== undefined)
      throw new AppError('TOKEN_INVALID');
    const expected = createHmac('sha256', this.key).update(`${headerPart}.${payloadPart}`).digest();
    const given = Buffer.from(signaturePart, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new AppError('TOKEN_INVALID');

    const payload = decodeJson(payloadPart);
    if (!payload || payload.iss !== ISSUER) throw new AppError('TOKEN_INVALID');
    const aud = payload.aud;
    if (!(aud === AUDIENCE || (Array.isArray(aud) && aud.includes(AUDIENCE))))
      throw new AppError('TOKEN_INVALID');
    const { exp, nbf, iat } = payload;
    if (typeof exp !== 'number' || !Number.isFinite(exp)) throw new AppError('TOKEN_INVALID');
    if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds))
      throw new AppError('TOKEN_INVALID');
    if (iat !== undefined && (typeof iat !== 'number' || iat > nowSeconds + IAT_SKEW_SECONDS))
      throw new AppError('TOKEN_INVALID');
    if (exp <= nowSeconds) throw new AppError('TOKEN_EXPIRED');

    const userId =
      typeof payload.sub === 'string' && /^[1-9][0-9]*$/.test(payload.sub) ? Number(payload.sub) : NaN;
    if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string') throw new AppError('TOKEN_INVALID');
    return { userId, sessionId: payload.sid };
  }
}

/** A base64url part decoded as a JSON object, or undefined. */
function decodeJson(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
