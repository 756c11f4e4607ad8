import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP) as authenticator apps use them: HMAC-SHA1, a 30-second
 * step, six digits, secrets in base32 (RFC 4648). The building block of two-factor sign-in (issue 17).
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Base32 without padding, spaces or case (as apps show and users type secrets); null for anything else. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  if (!/^[A-Z2-7]*$/.test(clean)) return null;
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    value = (value << 5) | BASE32.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** HOTP (RFC 4226): the code for a counter. */
export function hotp(
  key: Buffer,
  counter: bigint,
  digits = TOTP_DIGITS,
  algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1',
): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(counter);
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

/** The time step of a moment (seconds since the epoch). */
export function totpStep(unixSeconds: number): bigint {
  return BigInt(Math.floor(unixSeconds / TOTP_STEP_SECONDS));
}

/** The TOTP code of a secret at a moment. */
export function totpAt(secret: string, unixSeconds: number): string {
  const key = base32Decode(secret);
  if (!key) throw new Error('not a base32 secret');
  return hotp(key, totpStep(unixSeconds));
}

/**
 * Checks a code typed now against the secret, one step either side for clock drift. Returns the step it matched
 * (so the caller can refuse the same step twice: a code is good once), or null.
 */
export function verifyTotp(secret: string, code: string, unixSeconds: number, window = 1): bigint | null {
  const key = base32Decode(secret);
  const typed = code.replace(/\s/g, '');
  if (!key || !new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(typed)) return null;
  const now = totpStep(unixSeconds);
  for (let delta = -window; delta <= window; delta += 1) {
    const step = now + BigInt(delta);
    if (step < 0n) continue;
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(typed))) return step;
  }
  return null;
}

/** The `otpauth://` address an authenticator app reads from the enrolment QR code. */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
