import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../lib/app-error.js';

const ISSUER = 'proxy-portal';
const AUDIENCE = 'portal-api';

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/** Short-lived HS256 JWT naming the user and the session; the session is checked on every request. */
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

  /** 40107 when expired, 40106 for anything else wrong. */
  async verify(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string')
        throw new AppError('TOKEN_INVALID');
      return { userId, sessionId: payload.sid };
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof errors.JWTExpired) throw new AppError('TOKEN_EXPIRED');
      throw new AppError('TOKEN_INVALID');
    }
  }
}
