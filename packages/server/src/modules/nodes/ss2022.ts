import { randomBytes } from 'node:crypto';

/** Shadowsocks 2022 ciphers and their key length in bytes. */
const KEY_BYTES: Record<string, number> = {
  '2022-blake3-aes-128-gcm': 16,
  '2022-blake3-aes-256-gcm': 32,
};

export function isSs2022(cipher: string): boolean {
  return cipher in KEY_BYTES;
}

/** A new server key for the cipher: random bytes of its key length, base64. */
export function newServerKey(cipher: string): string {
  return randomBytes(KEY_BYTES[cipher] ?? 32).toString('base64');
}

/** Whether a saved server key fits the cipher (a cipher change to another key length needs a new key). */
export function serverKeyFits(key: string | null, cipher: string): key is string {
  return key !== null && Buffer.from(key, 'base64').length === (KEY_BYTES[cipher] ?? -1);
}

/**
 * A user's key as the agents derive it (XrayR, V2bX and Xboard alike; docs/research/uniproxy-agents-and-clients.md):
 * the first 16 (AES-128) or 32 (AES-256) characters of the UUID string, hyphens included, as base64. The panel
 * cannot choose it, only compute the same.
 */
export function ss2022UserKey(uuid: string, cipher: string): string {
  return Buffer.from(uuid.slice(0, KEY_BYTES[cipher] ?? 32), 'utf8').toString('base64');
}
