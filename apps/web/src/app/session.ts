import { TOKEN_COOKIE } from '@roompilot/contract';
import { useSyncExternalStore } from 'react';
import { getCookie, removeCookie, setCookie } from '../lib/cookies';

/** The session is the token in the `Admin-Token` cookie (SPEC.md section 4). */
const listeners = new Set<() => void>();
/** Set when this page ended the session (quit, password change): the next stop is a plain /login. */
let endedHere = false;
const notify = () => {
  for (const listener of listeners) listener();
};

export function getToken(): string | undefined {
  return getCookie(TOKEN_COOKIE) || undefined;
}

/** The bearer value: the cookie may hold a quoted token, the header never does. */
export function bearer(token: string): string {
  return token.replace(/"/g, '');
}

export function setToken(token: string): void {
  endedHere = false;
  setCookie(TOKEN_COOKIE, token, { path: '/', sameSite: 'Lax', secure: location.protocol === 'https:' });
  notify();
}

export function clearToken(): void {
  endedHere = true;
  removeCookie(TOKEN_COOKIE, { path: '/' });
  notify();
}

export function sessionEndedHere(): boolean {
  return endedHere;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useToken(): string | undefined {
  return useSyncExternalStore(subscribe, getToken);
}
