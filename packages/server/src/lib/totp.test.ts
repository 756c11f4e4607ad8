import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, newTotpSecret, otpauthUri, totpAt, verifyTotp } from './totp.js';

describe('one-time passwords', () => {
  it('computes RFC 4226 HOTP values (Appendix D)', () => {
    const key = Buffer.from('12345678901234567890');
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, i) => hotp(key, BigInt(i)))).toEqual(expected);
  });

  it('computes RFC 6238 TOTP values (Appendix B, 8 digits, all three hashes)', () => {
    const keys = {
      sha1: Buffer.from('12345678901234567890'),
      sha256: Buffer.from('12345678901234567890123456789012'),
      sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
    } as const;
    const vectors: [number, string, string, string][] = [
      [59, '94287082', '46119246', '90693936'],
      [1111111109, '07081804', '68084774', '25091201'],
      [1111111111, '14050471', '67062674', '99943326'],
      [1234567890, '89005924', '91819424', '93441116'],
      [2000000000, '69279037', '90698825', '38618901'],
      [20000000000, '65353130', '77737706', '47863826'],
    ];
    for (const [time, sha1, sha256, sha512] of vectors) {
      const step = BigInt(Math.floor(time / 30));
      expect(hotp(keys.sha1, step, 8, 'sha1'), `${time}`).toBe(sha1);
      expect(hotp(keys.sha256, step, 8, 'sha256'), `${time}`).toBe(sha256);
      expect(hotp(keys.sha512, step, 8, 'sha512'), `${time}`).toBe(sha512);
    }
  });

  it('round-trips base32 as apps write it (RFC 4648 vectors, any case, spaces, padding)', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'MY'],
      ['fo', 'MZXQ'],
      ['foo', 'MZXW6'],
      ['foob', 'MZXW6YQ'],
      ['fooba', 'MZXW6YTB'],
      ['foobar', 'MZXW6YTBOI'],
    ];
    for (const [plain, encoded] of vectors) {
      expect(base32Encode(Buffer.from(plain))).toBe(encoded);
      expect(base32Decode(encoded)?.toString()).toBe(plain);
    }
    expect(base32Decode('mzxw 6ytb oi======')?.toString()).toBe('foobar');
    expect(base32Decode('MZXW1')).toBeNull();
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
  });

  it('accepts the code of now and of one step either side, and says which step matched', () => {
    const secret = base32Encode(Buffer.from('12345678901234567890'));
    const now = 1_111_111_111;
    expect(totpAt(secret, 59)).toBe('287082');
    expect(verifyTotp(secret, totpAt(secret, now), now)).toBe(BigInt(Math.floor(now / 30)));
    expect(verifyTotp(secret, totpAt(secret, now - 30), now)).toBe(BigInt(Math.floor(now / 30) - 1));
    expect(verifyTotp(secret, totpAt(secret, now + 30), now)).toBe(BigInt(Math.floor(now / 30) + 1));
    expect(verifyTotp(secret, totpAt(secret, now - 90), now)).toBeNull();
    expect(
      verifyTotp(secret, ` ${totpAt(secret, now).slice(0, 3)} ${totpAt(secret, now).slice(3)} `, now),
    ).not.toBeNull();
    for (const bad of ['', '12345', '1234567', 'abcdef', '12 34 5'])
      expect(verifyTotp(secret, bad, now), bad).toBeNull();
    expect(verifyTotp('not base32!', '123456', now)).toBeNull();
  });

  it('writes the otpauth address authenticator apps read', () => {
    const uri = otpauthUri('Proxy Portal', 'ann@example.com', 'JBSWY3DPEHPK3PXP');
    expect(uri).toBe(
      'otpauth://totp/Proxy%20Portal:ann%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Proxy+Portal&algorithm=SHA1&digits=6&period=30',
    );
  });
});
