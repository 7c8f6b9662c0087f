import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Checked when the user does not exist, so a wrong name costs the same time as a wrong password.
const UNKNOWN_USER_HASH = hashPassword('unknown user: no password matches');

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    const matches = await verify(passwordHash ?? (await UNKNOWN_USER_HASH), password);
    return passwordHash !== null && matches;
  } catch {
    return false;
  }
}
