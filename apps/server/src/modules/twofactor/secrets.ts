import type { SealedTotpSecret } from '../../db/schema.js';
import { createSealer } from '../../device-keys.js';

/**
 * TOTP secrets at rest: sealed like the device keys (device-keys.ts), with the same secret kept
 * apart from the database but a key and a purpose of their own, so a copied database alone
 * reveals no one's second factor, and a sealed device key never opens as a TOTP secret.
 */
export interface TotpSecrets {
  seal(secret: string): SealedTotpSecret;
  /** Null when it does not open with this secret (restore the secret, or reset the user's two-factor). */
  open(sealed: SealedTotpSecret): string | null;
}

export function createTotpSecrets(secret: string): TotpSecrets {
  const sealer = createSealer(secret, { info: 'roompilot two-factor secrets', associated: 'roompilot totp secret v1' });
  return {
    seal: (plain) => sealer.seal(plain) as SealedTotpSecret,
    open: (sealed) => sealer.open(sealed),
  };
}
