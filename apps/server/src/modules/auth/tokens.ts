import { createHash, randomBytes } from 'node:crypto';

/** A session token: 32 random bytes, base64url. Only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The bearer token of an Authorization header; the console may wrap it in quotes (SPEC.md 4). */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+"?([^"\s]+)"?\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
