import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS, TOTP_WINDOW_STEPS } from '@roompilot/contract';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) with node:crypto, and the base32
 * of RFC 4648 that authenticator apps read secrets in. The platform's codes are HMAC-SHA-1, 6
 * digits, 30 s; the algorithm and the digits are parameters for the RFC's test vectors.
 */

export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';

export interface TotpOptions {
  algorithm?: TotpAlgorithm;
  digits?: number;
  periodSeconds?: number;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Base32 without padding (RFC 4648 section 6), as otpauth URLs carry secrets. */
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

/** The bytes of a base32 text (case, spaces and padding ignored); throws on another character. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), in base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** HOTP (RFC 4226): the code of one counter value. */
export function hotp(key: Uint8Array, counter: number, { algorithm = 'sha1', digits = TOTP_DIGITS }: TotpOptions = {}) {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = (mac[mac.length - 1] as number) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step of a moment (milliseconds since the epoch). */
export function timeStep(atMs: number, periodSeconds = TOTP_PERIOD_SECONDS): number {
  return Math.floor(atMs / 1000 / periodSeconds);
}

/** The TOTP code at a moment. */
export function totp(key: Uint8Array, atMs: number, options: TotpOptions = {}): string {
  return hotp(key, timeStep(atMs, options.periodSeconds), options);
}

/**
 * The time step whose code `code` is, within `window` steps of now; null if none. Every step of
 * the window is compared (in constant time), so the answer takes as long whichever matches.
 */
export function matchStep(
  key: Uint8Array,
  code: string,
  atMs: number,
  { window = TOTP_WINDOW_STEPS, ...options }: TotpOptions & { window?: number } = {},
): number | null {
  const now = timeStep(atMs, options.periodSeconds);
  const given = Buffer.from(code);
  let found: number | null = null;
  for (let step = now - window; step <= now + window; step++) {
    const expected = Buffer.from(hotp(key, step, options));
    if (given.length === expected.length && timingSafeEqual(given, expected) && found === null) found = step;
  }
  return found;
}

/** The `otpauth://` URL an authenticator app scans (Key Uri Format). */
export function otpauthUrl({ issuer, account, secret }: { issuer: string; account: string; secret: string }): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${query}`;
}
