import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { networkQuiet } from './browser.js';
import { loginAs, sessionToken } from './console.js';
import { ADMIN_PASSWORD, type RunningServer } from './server.js';

/**
 * The console's built screens, for the tests that walk all of them (phones, words, permissions,
 * accessibility, screenshots). A screen a later issue builds is added here when it is built.
 * `path` may use the demo hotel's first room type (`{roomTypeId}`) and room (`{roomId}`).
 */
export interface BuiltScreen {
  /** The route's name in the contract (`route.<name>` is its title). */
  name: string;
  path: string;
  /** Who opens it: the screens of the Administrator's route set, or of a hotel user. */
  as: 'admin' | 'hotel';
}

export const BUILT_SCREENS: readonly BuiltScreen[] = [
  { name: 'pm_dashboard', path: '/dashboard', as: 'hotel' },
  { name: 'pm_roomtype', path: '/roomsystem/roomtype', as: 'hotel' },
  { name: 'pm_roomtypedevice', path: '/roomsystem/roomtypedevice?id={roomTypeId}', as: 'hotel' },
  { name: 'pm_roomdetail', path: '/roomsystem/room', as: 'hotel' },
  { name: 'pm_roomdetail_buildings', path: '/roomsystem/room?tab=buildings', as: 'hotel' },
  { name: 'pm_roomctrl', path: '/roomsystem/roomctrl?room_id={roomId}', as: 'hotel' },
  { name: 'pm_aircontrl', path: '/system/aircontrl', as: 'hotel' },
  { name: 'pm_roomstatecontrl', path: '/system/roomstatecontrl', as: 'hotel' },
  { name: 'pm_checkquanxian', path: '/system/checkquanxian', as: 'hotel' },
  { name: 'pm_model', path: '/roomsystem/model', as: 'hotel' },
  { name: 'pm_logstatistics', path: '/statistics/logstatistics', as: 'hotel' },
  { name: 'pm_logstatistics_operations', path: '/statistics/logstatistics?tab=operations', as: 'hotel' },
  { name: 'pm_powerstatistics', path: '/statistics/powerstatistics', as: 'hotel' },
  { name: 'pm_config', path: '/roomsystem/aircondition', as: 'hotel' },
  { name: 'pm_upgradebinfile', path: '/system/binupdate', as: 'hotel' },
  { name: 'pm_upgradebinfile_jobs', path: '/system/binupdate?tab=jobs', as: 'hotel' },
  { name: 'pm_upgradeconfigfile', path: '/system/configupdate', as: 'hotel' },
  { name: 'pm_infrared', path: '/system/infrared', as: 'hotel' },
  { name: 'pm_upgradepara', path: '/system/parameter', as: 'hotel' },
  { name: 'pm_goods', path: '/system/goods', as: 'hotel' },
  { name: 'pm_question', path: '/system/question', as: 'hotel' },
  { name: 'pm_welcome', path: '/system/welcome', as: 'hotel' },
  { name: 'pm_user', path: '/permission/user', as: 'hotel' },
  { name: 'pm_dept', path: '/permission/dept', as: 'hotel' },
  { name: 'pm_role', path: '/permission/role', as: 'hotel' },
  { name: 'pm_role_perms', path: '/permission/role?tab=perms', as: 'hotel' },
  { name: 'pm_hotel', path: '/system/hotel', as: 'admin' },
  { name: 'pm_validdate', path: '/system/validdate', as: 'admin' },
  { name: 'pm_user_admin', path: '/permission/user', as: 'admin' },
  { name: 'pm_dept_admin', path: '/permission/dept', as: 'admin' },
];

/** The demo ids a screen's path needs, read through the API as the given user. */
export async function screenIds(
  api: <T>(path: string, body?: unknown, token?: string) => Promise<{ code: number; data: T }>,
  token: string,
): Promise<{ roomTypeId: number; roomId: number }> {
  const types = await api<{ records: { id: number }[] }>('/roomtype', { current: 1, size: 1 }, token);
  const rooms = await api<{ records: { id: number }[] }>('/roomlist', { current: 1, size: 1 }, token);
  const roomTypeId = types.data.records[0]?.id;
  const roomId = rooms.data.records[0]?.id;
  if (!roomTypeId || !roomId) throw new Error('the demo hotel has no room type or room');
  return { roomTypeId, roomId };
}

/**
 * Signs in as who opens a set of screens (the demo manager, or the Administrator) and answers the
 * demo ids the hotel's screens' paths need (none for the Administrator's).
 */
export async function signInFor(
  page: Page,
  server: RunningServer,
  as: BuiltScreen['as'],
): Promise<{ roomTypeId: number; roomId: number }> {
  if (as === 'admin') await loginAs(page, server.url, 'Administrator', ADMIN_PASSWORD);
  else await loginAs(page, server.url, 'manager', 'manager123');
  await page.locator('.rp-shell__breadcrumb').waitFor();
  return as === 'hotel' ? screenIds(server.api, await sessionToken(page)) : { roomTypeId: 0, roomId: 0 };
}

export function screenUrl(baseUrl: string, screen: BuiltScreen, ids: { roomTypeId: number; roomId: number }) {
  return baseUrl + screen.path.replace('{roomTypeId}', String(ids.roomTypeId)).replace('{roomId}', String(ids.roomId));
}

/** How long no request may be under way before a screen counts as loaded (ms). */
const QUIET_MS = 250;

/**
 * Waits until a screen shows its data: the breadcrumb is there, no spinner or skeleton is left,
 * and nothing is still loading for a moment (no request under way for QUIET_MS; a page this
 * suite did not open: Playwright's 'networkidle', half a second).
 */
export async function waitForScreen(page: Page): Promise<void> {
  await page.locator('.ant-breadcrumb').first().waitFor();
  await expect
    .poll(() => page.locator('.ant-spin-spinning:visible, .ant-skeleton:visible').count(), { timeout: 15_000 })
    .toBe(0);
  await waitForQuiet(page);
}

/** Until the page has had no request under way for a while: what a call it just made set off has come back. */
export async function waitForQuiet(page: Page): Promise<void> {
  const quiet = networkQuiet(page, QUIET_MS);
  if (quiet) await expect.poll(quiet, { timeout: 15_000, interval: 50 }).toBe(true);
  else await page.waitForLoadState('networkidle');
}
