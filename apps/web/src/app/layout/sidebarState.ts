import { SIDEBAR_COOKIE } from '@roompilot/contract';
import Cookies from 'js-cookie';

/** The desktop sidebar's state, remembered in a cookie: '1' opened, '0' closed. */
export function storedSidebarOpen(): boolean {
  return Cookies.get(SIDEBAR_COOKIE) !== '0';
}

export function storeSidebarOpen(open: boolean): void {
  Cookies.set(SIDEBAR_COOKIE, open ? '1' : '0', { path: '/', expires: 365, sameSite: 'Lax' });
}
