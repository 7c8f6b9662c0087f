import { DEMO_WORDS } from '@roompilot/contract';
import { expect, test } from 'vitest';
import { liveSocketClosed, screenshot } from '../support/browser.js';
import { buttonName, loginAs, sessionToken } from '../support/console.js';
import { waitForQuiet } from '../support/screens.js';
import { ADMIN_PASSWORD } from '../support/server.js';
import { consoleSuite } from '../support/suite.js';

const suite = consoleSuite();

test('a session ended elsewhere asks to log in again', async () => {
  const { page } = suite.browser;
  await loginAs(page, suite.server.url, 'manager', 'manager123');
  await page.getByText(DEMO_WORDS.zh.hotel).first().waitFor();

  // The same session is ended from another place (an operator's tool logs it out).
  const token = await sessionToken(page);
  expect(token).not.toBe('');
  expect((await suite.server.api('/logout', {}, token)).code).toBe(0);

  // The server closes the console's live socket with 4433 at once; the console asks to log in again.
  const confirm = page.getByRole('dialog').filter({ hasText: '确认登出' });
  await confirm.getByText('确认登出').waitFor({ timeout: 20_000 });
  await confirm.getByText('您已被登出，可以取消以留在当前页面，或者重新登录').waitFor();
  await confirm.getByRole('button', { name: buttonName('取消') }).waitFor();
  await screenshot(page, 'session-ended-zh');
  await confirm.getByRole('button', { name: buttonName('重新登录') }).click();
  await page.waitForURL(/\/login/);
  expect(await sessionToken(page)).toBe('');
});

test('logging out from the user menu goes to the login page, never to the "session ended elsewhere" dialog', async () => {
  const { page } = suite.browser;
  // Each logout closes the live socket from the server's side (4433) while the console leaves: the
  // console must take it for its own logout, every time.
  for (let round = 0; round < 4; round += 1) {
    await loginAs(page, suite.server.url, 'manager', 'manager123');
    await page.getByText(DEMO_WORDS.zh.hotel).first().waitFor();
    const token = await sessionToken(page);
    const closed = liveSocketClosed(page);
    await page.locator('.rp-usermenu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL(/\/login$/);
    await page.locator('#login_user_name').waitFor();
    // The server heard of it: the session is over there too.
    expect((await suite.server.api('/userinfo', {}, token)).code).not.toBe(0);
    // The live socket was closed (by the server, or the console leaving), and any call its close
    // set off has come back.
    await closed;
    await waitForQuiet(page);
    expect(await page.getByRole('dialog').filter({ hasText: '确认登出' }).count()).toBe(0);
    expect(await sessionToken(page)).toBe('');
  }
});

test('a hotel whose validity the Administrator ends: its open console says so once and goes to the login', async () => {
  const { page } = suite.browser;
  const { server } = suite;
  await loginAs(page, server.url, 'manager', 'manager123');
  await page.getByText(DEMO_WORDS.zh.hotel).first().waitFor();
  const hotelId = (await server.api<{ hotel_id: number }>('/userinfo', {}, await sessionToken(page))).data.hotel_id;
  const admin = await server.login('Administrator', ADMIN_PASSWORD);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const closed = liveSocketClosed(page);
  const set = await server.api('/validdateupdate', { hotel_id: hotelId, validdate: yesterday }, admin, 'PUT');
  expect(set.code).toBe(0);
  // The server closes the console's live socket at once (4410); the console asks why, says it, and
  // leaves for the login.
  await closed;
  // The date as the console writes dates: '2026年11月26日'.
  const [year, month, day] = yesterday.split('-').map(Number);
  const told = `酒店有效期已过(${year}年${month}月${day}日),请联系平台管理员续期`;
  await page.getByText(told).first().waitFor();
  await page.waitForURL(/\/login$/);
  await waitForQuiet(page);
  expect(await page.getByText(told).count()).toBe(1);
  expect(await page.getByRole('dialog').filter({ hasText: '确认登出' }).count()).toBe(0);
  await screenshot(page, 'session-hotel-expired-zh');
  // Logging in again is refused with the same words.
  await loginAs(page, server.url, 'manager', 'manager123');
  await expect.poll(() => page.getByText(told).count()).toBeGreaterThan(0);
  expect(page.url()).toMatch(/\/login/);
});
