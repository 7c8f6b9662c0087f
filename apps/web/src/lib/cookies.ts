import Cookies from 'js-cookie';

type CookieAttributes = Cookies.CookieAttributes;

/**
 * The page's cookies, read from `document.cookie` at most once per task. Each read of
 * `document.cookie` asks the browser process synchronously (js-cookie reads it twice per `get`),
 * and a full load of the console asks for the session and the language with every call it starts
 * and every render of the guard: a few ms of main thread on a busy machine (issue 11). What this
 * page writes goes through `setCookie`/`removeCookie` and is seen at once; a change made elsewhere
 * (another tab) is seen from the next task on.
 */
let jar: Record<string, string> | undefined;

function forget() {
  jar = undefined;
}

export function getCookie(name: string): string | undefined {
  if (!jar) {
    jar = Cookies.get();
    queueMicrotask(forget);
  }
  return jar[name];
}

export function setCookie(name: string, value: string, attributes: CookieAttributes): void {
  Cookies.set(name, value, attributes);
  forget();
}

export function removeCookie(name: string, attributes: CookieAttributes): void {
  Cookies.remove(name, attributes);
  forget();
}
