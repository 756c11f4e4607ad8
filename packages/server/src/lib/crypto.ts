import { createHash, randomBytes } from 'node:crypto';

/** A random token for links and refresh tokens: 32 bytes from the CSPRNG, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored hashed: a database leak gives nothing usable. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
