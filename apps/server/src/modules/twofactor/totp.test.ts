import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes, normalRecoveryCode } from './recovery.js';
import { base32Decode, base32Encode, hotp, matchStep, newTotpSecret, otpauthUrl, totp } from './totp.js';

// RFC 6238 appendix B: the seeds of each algorithm and the 8-digit codes at each time (seconds).
const SEEDS = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
};
const VECTORS: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at %i s gives the RFC codes for SHA-1, SHA-256 and SHA-512', (seconds, sha1, sha256, sha512) => {
    expect(totp(SEEDS.sha1, seconds * 1000, { digits: 8 })).toBe(sha1);
    expect(totp(SEEDS.sha256, seconds * 1000, { digits: 8, algorithm: 'sha256' })).toBe(sha256);
    expect(totp(SEEDS.sha512, seconds * 1000, { digits: 8, algorithm: 'sha512' })).toBe(sha512);
  });

  it("gives RFC 4226's HOTP codes (appendix D) with 6 digits", () => {
    const codes = Array.from({ length: 10 }, (_, counter) => hotp(SEEDS.sha1, counter));
    expect(codes).toEqual([
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
    ]);
  });

  it('takes a code of the step before or after, and answers which step; nothing further', () => {
    const at = 1_700_000_000_000;
    const step = Math.floor(at / 30_000);
    expect(matchStep(SEEDS.sha1, totp(SEEDS.sha1, at), at)).toBe(step);
    expect(matchStep(SEEDS.sha1, totp(SEEDS.sha1, at - 30_000), at)).toBe(step - 1);
    expect(matchStep(SEEDS.sha1, totp(SEEDS.sha1, at + 30_000), at)).toBe(step + 1);
    expect(matchStep(SEEDS.sha1, totp(SEEDS.sha1, at - 60_000), at)).toBeNull();
    expect(matchStep(SEEDS.sha1, totp(SEEDS.sha1, at + 60_000), at)).toBeNull();
    expect(matchStep(SEEDS.sha1, '12345', at)).toBeNull();
  });

  it('reads and writes base32 as RFC 4648 does (test vectors, no padding)', () => {
    const cases: [string, string][] = [
      ['', ''],
      ['f', 'MY'],
      ['fo', 'MZXQ'],
      ['foo', 'MZXW6'],
      ['foob', 'MZXW6YQ'],
      ['fooba', 'MZXW6YTB'],
      ['foobar', 'MZXW6YTBOI'],
    ];
    for (const [plain, encoded] of cases) {
      expect(base32Encode(Buffer.from(plain))).toBe(encoded);
      expect(base32Decode(encoded).toString()).toBe(plain);
    }
    expect(base32Decode('mzxw 6ytb oi==').toString()).toBe('foobar');
    expect(() => base32Decode('MZ1')).toThrow();
  });

  it('makes 160-bit secrets and the otpauth URL apps scan', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(otpauthUrl({ issuer: 'RoomPilot', account: 'front desk', secret: 'JBSWY3DPEHPK3PXP' })).toBe(
      'otpauth://totp/RoomPilot:front%20desk?secret=JBSWY3DPEHPK3PXP&issuer=RoomPilot&algorithm=SHA1&digits=6&period=30',
    );
  });
});

describe('recovery codes', () => {
  it('are 10 different codes of the shape xxxxx-xxxxx, hashed the same however typed', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(looksLikeRecoveryCode(code)).toBe(true);
      expect(hashRecoveryCode(` ${code.toUpperCase().replace('-', ' ')} `)).toBe(hashRecoveryCode(code));
    }
    expect(normalRecoveryCode('AbCdE-fGhJk')).toBe('abcdefghjk');
    expect(looksLikeRecoveryCode('123456')).toBe(false);
  });
});
