import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';

/** PKCS#8 DER up to the 32 key bytes of an X25519 private key (RFC 8410). */
const X25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b656e04220420', 'hex');

/**
 * A Reality key pair as Xray writes it (`xray x25519`): 32 bytes each, base64url without padding. Given a private
 * key (an operator's own), its public key; otherwise a new pair.
 */
export function realityKeyPair(privateKey?: string | null): { privateKey: string; publicKey: string } {
  const key = privateKey
    ? createPrivateKey({
        key: Buffer.concat([X25519_PKCS8_PREFIX, Buffer.from(privateKey, 'base64url')]),
        format: 'der',
        type: 'pkcs8',
      })
    : generateKeyPairSync('x25519').privateKey;
  const jwk = key.export({ format: 'jwk' });
  const publicKey = createPublicKey(key).export({ format: 'jwk' }).x;
  if (!jwk.d || !publicKey) throw new Error('X25519 key without its parts');
  return { privateKey: jwk.d, publicKey };
}

/** A Reality short id: 8 bytes of hex. */
export function newShortId(): string {
  return randomBytes(8).toString('hex');
}
