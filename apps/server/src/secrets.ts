/**
 * Secrets kept out of what the server prints and what `ps` shows: the password of a URL
 * (DATABASE_URL, REDIS_URL, MQTT_URL) in a log line, an error, the startup summary or a child's
 * command line. docs/operations.md says what is masked.
 */

/** What a hidden secret reads as. */
export const MASK = '***';

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * A URL cut as text: its scheme (`mqtt://`, empty without one), its user info (everything before the
 * last `@`, null without an `@`) and the rest. Text, not a parser, so that a URL that does not parse
 * (a password with an unencoded `#` or `/`) is cut where its writer meant the login to end.
 */
function cut(url: string): { scheme: string; userInfo: string | null; rest: string } {
  const scheme = SCHEME.exec(url)?.[0] ?? '';
  const after = url.slice(scheme.length);
  const at = after.lastIndexOf('@');
  if (at < 0) return { scheme, userInfo: null, rest: after };
  return { scheme, userInfo: after.slice(0, at), rest: after.slice(at + 1) };
}

/**
 * The URL with its password as `***` (`mqtt://roompilot:***@broker:1883`), the user name kept: it
 * says which login is used. A `password=` query parameter (libpq's) is masked too. Without an `@`
 * there is no login, but a URL whose `@` and host were forgotten (`mqtt://roompilot:pass#word`)
 * still holds a password: a port that is not a number and a fragment are masked.
 */
export function redactUrl(url: string): string {
  const { scheme, userInfo, rest } = cut(url);
  const shown = userInfo === null ? maskedWithoutLogin(rest) : `${maskedUserInfo(userInfo)}@${rest}`;
  return `${scheme}${shown}`.replace(/([?&]password=)[^&#]*/gi, `$1${MASK}`);
}

function maskedUserInfo(userInfo: string): string {
  const colon = userInfo.indexOf(':');
  const user = colon < 0 ? userInfo : userInfo.slice(0, colon);
  // A user name holding `/`, `?` or `#` is a login cut in the wrong place: all of it may be password.
  if (/[/?#]/.test(user)) return MASK;
  return colon < 0 || colon === userInfo.length - 1 ? userInfo : `${user}:${MASK}`;
}

function maskedWithoutLogin(rest: string): string {
  const hash = rest.indexOf('#');
  const body = hash < 0 ? rest : `${rest.slice(0, hash)}#${MASK}`;
  return body.replace(/^(\[[^\]]*\]|[^/?#:]*):([^/?#]*)/, (whole, host: string, port: string) =>
    /^\d*$/.test(port) ? whole : `${host}:${MASK}`,
  );
}

/**
 * A URL's login taken out of it: the URL without user name and password, and both decoded (null
 * when absent), for a client that takes them apart: as options (mqtt.js reads a URL's login
 * splitting it at the last `:`, so a `:` in the password, even encoded, gave it a wrong user name),
 * or in a child's environment (PGUSER, PGPASSWORD), where `ps` does not show them.
 */
export function splitLogin(url: string): { url: string; username: string | null; password: string | null } {
  const { scheme, userInfo, rest } = cut(url);
  if (userInfo === null) return { url, username: null, password: null };
  const colon = userInfo.indexOf(':');
  const username = decoded(colon < 0 ? userInfo : userInfo.slice(0, colon));
  const password = colon < 0 ? '' : decoded(userInfo.slice(colon + 1));
  return { url: `${scheme}${rest}`, username: username || null, password: password || null };
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** host:port of a URL, never its user or password. */
export function urlHost(url: string): string {
  try {
    return new URL(url).host || url.replace(/^.*@/, '');
  } catch {
    return '(a URL that does not parse)';
  }
}
