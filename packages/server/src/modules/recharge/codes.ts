import { randomInt } from 'node:crypto';
import { LIMITS, RECHARGE_CODE_ALPHABET, RECHARGE_CODE_PREFIX } from '@portal/contract';

/** A recharge code: the fixed prefix and random characters from the CSPRNG, 70 in all (about 330 bits). */
export function newRechargeCode(): string {
  let body = '';
  for (let i = RECHARGE_CODE_PREFIX.length; i < LIMITS.rechargeCodeLength; i++) {
    body += RECHARGE_CODE_ALPHABET[randomInt(RECHARGE_CODE_ALPHABET.length)];
  }
  return `${RECHARGE_CODE_PREFIX}${body}`;
}

/** Order and batch numbers: a time prefix for people, random characters for uniqueness. */
export function newOrderNo(prefix: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 14);
  let tail = '';
  for (let i = 0; i < 6; i++) tail += RECHARGE_CODE_ALPHABET[randomInt(RECHARGE_CODE_ALPHABET.length)];
  return `${prefix}${stamp}${tail}`;
}

/** al***@example.com */
export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 2)}***@${domain}`;
}
