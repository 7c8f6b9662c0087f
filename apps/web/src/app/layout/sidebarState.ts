import { SIDEBAR_COOKIE } from '@roompilot/contract';
import { getCookie, setCookie } from '../../lib/cookies';

/** The desktop sidebar's state, remembered in a cookie: '1' opened, '0' closed. */
export function storedSidebarOpen(): boolean {
  return getCookie(SIDEBAR_COOKIE) !== '0';
}

export function storeSidebarOpen(open: boolean): void {
  setCookie(SIDEBAR_COOKIE, open ? '1' : '0', { path: '/', expires: 365, sameSite: 'Lax' });
}
