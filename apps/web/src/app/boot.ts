import { decide, type GuardUser, routeAt, routeGuess } from './guard';
import { preloadQuery, queryClient } from './queryClient';
import { preloadShell } from './routes';
import { preloadScreen, preloadScreenCode } from './screens';
import { getToken } from './session';
import { toGuardUser, userInfoQuery } from './user';

/**
 * The screen an address shows this user, with the query string it reads: the guard's decision,
 * following its redirect (`/` to the Administrator's home route) once.
 */
function screenAt(pathname: string, search: string, user: GuardUser) {
  const decision = decide(pathname, true, user, search);
  if (decision.kind === 'render') {
    const route = routeAt(pathname, user);
    return route && { route, search };
  }
  if (decision.kind !== 'redirect' || decision.noGoBack) return undefined;
  const target = new URL(decision.to, window.location.origin);
  if (decide(target.pathname, true, user, target.search).kind !== 'render') return undefined;
  const route = routeAt(target.pathname, user);
  return route && { route, search: target.search };
}

/**
 * The console's start, before React renders: with a session, the user info is asked for at once
 * (not after the first render), the shell's chunk loads meanwhile, and as soon as the user info
 * says which screen the address shows (the guard's own decision, so only a screen the user may
 * open), that screen's chunk and first queries start together. The guard and the screens then
 * find all of it in place; they decide and report as they always do.
 *
 * Settles (never rejects) when the user info, the shell, the screen's chunk and its first view's
 * data are in, or have failed: the first render then draws the shell and the screen with its data
 * in one go, with no lazy fallback. (Rendered before its data, a list screen was drawn twice: the
 * rooms screen's empty first draw cost as much as the one with its rows.)
 */
export function preloadStart({ pathname, search }: { pathname: string; search: string }): Promise<unknown> {
  const token = getToken();
  if (!token || decide(pathname, true, undefined, search).kind !== 'loadUser') return Promise.resolve();
  const shell = preloadShell().catch(() => {});
  // The address's screen code starts with the shell, not after the user info: the guard below
  // still decides whether it shows, and its queries wait for that.
  const guess = routeGuess(pathname);
  if (guess) preloadScreenCode(guess);
  const screen = preloadQuery(queryClient, userInfoQuery(token)).then((user) => {
    if (!user) return;
    const found = screenAt(pathname, search, toGuardUser(user));
    return found && preloadScreen(found.route, found.search);
  });
  return Promise.all([shell, screen]);
}

/** How long the first render waits for the preload at most: past it, the usual spinners show. */
export const BOOT_WAIT_MS = 2000;

/** `work`, or `ms` elapsed, whichever comes first; never rejects. */
export function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void work
      .catch(() => {})
      .finally(() => {
        clearTimeout(timer);
        resolve();
      });
  });
}
