import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@roompilot/contract';

/**
 * Recovery codes: 10 characters from an alphabet without look-alikes (no 0/o, 1/l/i), shown as
 * `xxxxx-xxxxx`; some 49 bits each, so a plain SHA-256 of the normal form is enough to store them
 * (they are not passwords a person chose).
 */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 10;

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    let code = '';
    for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
    codes.add(`${code.slice(0, 5)}-${code.slice(5)}`);
  }
  return [...codes];
}

/** A code as typed, in its normal form: lower case, without spaces or dashes. */
export function normalRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** Whether a typed code has the shape of a recovery code (else it is taken for a TOTP code). */
export function looksLikeRecoveryCode(code: string): boolean {
  return new RegExp(`^[${ALPHABET}]{${LENGTH}}$`).test(normalRecoveryCode(code));
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalRecoveryCode(code)).digest('hex');
}
