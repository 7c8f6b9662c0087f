import { type ConsoleRoute, canVisit, homePath, routesFor } from '@roompilot/contract';

/** What the guard needs to know about the signed-in user. */
export interface GuardUser {
  isAdmin: boolean;
  perms: readonly string[];
}

export type GuardDecision =
  | { kind: 'render' }
  | { kind: 'loadUser' }
  | { kind: 'redirect'; to: string; noGoBack?: boolean };

export const LOGIN_PATH = '/login';
export const AUTH_REDIRECT_PATH = '/authredirect';
export const NOT_FOUND_PATH = '/404';
export const UNAUTHORIZED_PATH = '/401';
/** SPEC.md: with a token, a request for /dashboard goes to /, where the dashboard is shown. */
export const DASHBOARD_PATH = '/dashboard';

const OPEN_WITHOUT_TOKEN = [LOGIN_PATH, AUTH_REDIRECT_PATH];
const OPEN_WITH_TOKEN = [AUTH_REDIRECT_PATH, NOT_FOUND_PATH, UNAUTHORIZED_PATH];

export function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The routes added for this user: their route set, filtered by permission. */
export function allowedRoutes(user: GuardUser): ConsoleRoute[] {
  return routesFor(user.isAdmin).filter((route) => canVisit(route, user.perms));
}

/**
 * The screen behind '': the user's home route (the dashboard, or the Administrator's hotel list);
 * a user who may not see it gets the first menu entry they may see instead.
 */
export function homeRoute(user: GuardUser): ConsoleRoute | undefined {
  const allowed = allowedRoutes(user);
  const home = homePath(user.isAdmin);
  return allowed.find((route) => route.path === home) ?? allowed.find((route) => !route.hidden);
}

/** The route a path shows; '/' shows the home route when that is the dashboard. */
export function routeAt(path: string, user: GuardUser): ConsoleRoute | undefined {
  const normalized = normalizePath(path);
  if (normalized === '/') {
    const home = homeRoute(user);
    return home?.path === DASHBOARD_PATH ? home : undefined;
  }
  return routesFor(user.isAdmin).find((route) => route.path === normalized);
}

/**
 * The route a path would show a hotel user or else the Administrator, before anyone is known:
 * what the console's start may load ahead (code only: the guard still decides what is shown).
 */
export function routeGuess(path: string): ConsoleRoute | undefined {
  const normalized = normalizePath(path);
  const target = normalized === '/' ? DASHBOARD_PATH : normalized;
  return [...routesFor(false), ...routesFor(true)].find((route) => route.path === target);
}

/** Where a console link to this route points: the dashboard lives at '/'. */
export function linkTo(route: ConsoleRoute): string {
  return route.path === DASHBOARD_PATH ? '/' : route.path;
}

/** A redirect target from the query string, kept inside the console. */
export function safeRedirect(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}

/** The login page, told where to go back to: the path with its query (a deep link keeps its room). */
export function loginRedirect(path: string, search = ''): string {
  const target = normalizePath(path) + search;
  return target === '/' ? LOGIN_PATH : `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}`;
}

/**
 * The navigation guard of SPEC.md section 2, as a pure decision. `search` is the query string:
 * a signed-in visit to /login (as right after logging in) goes on to its `?redirect=`, else to /.
 */
export function decide(path: string, hasToken: boolean, user: GuardUser | undefined, search = ''): GuardDecision {
  const normalized = normalizePath(path);
  if (!hasToken) {
    return OPEN_WITHOUT_TOKEN.includes(normalized)
      ? { kind: 'render' }
      : { kind: 'redirect', to: loginRedirect(path, search) };
  }
  if (normalized === LOGIN_PATH) {
    return { kind: 'redirect', to: safeRedirect(new URLSearchParams(search).get('redirect')) };
  }
  if (normalized === DASHBOARD_PATH) return { kind: 'redirect', to: `/${search}` };
  if (OPEN_WITH_TOKEN.includes(normalized)) return { kind: 'render' };
  if (!user) return { kind: 'loadUser' };

  if (normalized === '/') {
    const home = homeRoute(user);
    if (!home) return { kind: 'redirect', to: UNAUTHORIZED_PATH, noGoBack: true };
    return home.path === DASHBOARD_PATH ? { kind: 'render' } : { kind: 'redirect', to: home.path };
  }
  const route = routesFor(user.isAdmin).find((candidate) => candidate.path === normalized);
  if (!route) return { kind: 'redirect', to: NOT_FOUND_PATH };
  if (!canVisit(route, user.perms)) return { kind: 'redirect', to: UNAUTHORIZED_PATH, noGoBack: true };
  return { kind: 'render' };
}
