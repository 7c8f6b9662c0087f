import type { Fleet } from '@roompilot/rcu-sim';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, openBrowser, screenshot } from '../support/browser.js';
import { buttonName, choose, loginAs } from '../support/console.js';
import { quietRcus } from '../support/rcus.js';
import { type RunningServer, startServer } from '../support/server.js';

/**
 * Issue 11, alerts: a non-SOS alert pops up once (not again after a reload) and closes by itself;
 * a window left open with the AC on raises its alert, which clears when the window closes; the
 * bell counts the open alerts up and down, and its list shows the alert with its end. Two
 * simulated RCUs on the server's embedded broker, driven by hand.
 */
let server: RunningServer;
let fleet: Fleet;
let manager: Browser;
let phone: Browser;
let token: string;
const roomIds = new Map<string, number>();

interface Record {
  id: number;
  type: number;
  room_num: string;
  state: string;
  cleared_reason: string | null;
  cleared_at: string | null;
}

beforeAll(async () => {
  // The alert rules look every second.
  server = await startServer({ SIMULATE: '0', ALERT_SWEEP_SECONDS: '1' });
  token = await server.login('manager', 'manager123');
  // The energy policy would end the alert's condition at once (a window open, or a room not sold,
  // turns the AC off): here the AC must keep running with the window open.
  const policy = await server.api('/airpolicyupdate', { window_off: false, unsold: 'setback' }, token, 'PUT');
  expect(policy.code).toBe(0);
  const rooms = await server.api<{ records: { id: number; room_num: string }[] }>('/basicroomlist', {}, token);
  for (const room of rooms.data.records) roomIds.set(room.room_num, room.id);
  fleet = await quietRcus(server, /x020[12]$/);
  expect(fleet.rcus).toHaveLength(2);
  manager = await openBrowser();
  phone = await openBrowser({ width: 390, height: 844 });
}, 120_000);

afterAll(async () => {
  await manager?.close();
  await phone?.close();
  await fleet?.stop();
  await server?.stop();
});

function rcu(roomNum: string) {
  const found = fleet.rcus.find((candidate) => candidate.rcuId.endsWith(`x${roomNum}`));
  if (!found) throw new Error(`no simulated RCU for room ${roomNum}`);
  return found;
}

async function windowAlerts(): Promise<Record[]> {
  const answer = await server.api<{ records: Record[] }>('/alertlist', { type: 4, room_num: '0201' }, token);
  return answer.data.records;
}

/** The bell's label says how many alerts are open. */
function bell(browser: Browser) {
  return browser.page.locator('.rp-alert-bell');
}
async function bellCount(browser: Browser): Promise<string> {
  return (await bell(browser).getAttribute('aria-label')) ?? '';
}

/** Opens the window of room 0201 with its AC on: the simulated RCU reports both. */
async function windowOpenWithAc(): Promise<void> {
  rcu('0201').setFlags({ window: true });
  const ack = await server.api('/roomctrl', { room_id: roomIds.get('0201'), devices: { AC1: { on: true } } }, token);
  expect(ack.code).toBe(0);
}

test('a window alert pops up once with the info sound, closes after 3 s, and not again after a reload; the bell counts it', async () => {
  const { page } = manager;
  await loginAs(page, server.url, 'manager', 'manager123');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.locator('button.rp-tile').first().waitFor();
  await expect.poll(() => bellCount(manager)).toBe('告警列表：0 条未处理');

  await windowOpenWithAc();
  const card = page.locator('.rp-alert-card').filter({ hasText: '房间 0201' });
  await card.getByText('开窗时空调运行', { exact: true }).waitFor({ timeout: 15_000 });
  await expect.poll(() => bellCount(manager)).toBe('告警列表：1 条未处理');
  expect(await page.locator('.rp-alert-bell .ant-badge-count').innerText()).toBe('1');
  // The info chime, once, not the looping SOS alarm.
  const info = page.locator('audio#rp-alert-sound-info');
  await expect.poll(() => info.evaluate((audio: HTMLAudioElement) => audio.played.length > 0)).toBe(true);
  expect(await info.evaluate((audio: HTMLAudioElement) => audio.loop)).toBe(false);
  expect(await page.locator('audio#rp-alert-sound-sos').evaluate((audio: HTMLAudioElement) => audio.paused)).toBe(true);
  // The card sits in a corner below the top bar, clear of it.
  const box = await card.boundingBox();
  const header = await page.locator('.rp-shell__header').boundingBox();
  expect(box && header && box.y >= header.y + header.height).toBe(true);
  await screenshot(page, 'alerts-popup-zh');
  await card.waitFor({ state: 'detached', timeout: 6_000 });
  await screenshot(page, 'alerts-bell-zh');

  // A reload: the console learns the alert is open again (the bell says so), but does not pop it up.
  await page.reload();
  await page.locator('button.rp-tile').first().waitFor();
  await expect.poll(() => bellCount(manager), { timeout: 15_000 }).toBe('告警列表：1 条未处理');
  expect(await page.locator('.rp-alert-card').count()).toBe(0);
  expect(await info.evaluate((audio: HTMLAudioElement) => audio.played.length)).toBe(0);
});

test('the alert clears when the window closes: the bell goes down and the list shows its end', async () => {
  const { page } = manager;
  await bell(manager).click();
  const drawer = page.locator('.rp-alert-drawer');
  const item = drawer.locator('.rp-alert-item').filter({ hasText: '房间 0201' }).first();
  await item.getByText('未处理', { exact: true }).waitFor();
  await item.getByText('开窗时空调运行', { exact: true }).waitFor();
  await item.getByRole('button', { name: buttonName('确认') }).waitFor();
  await drawer.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)));
  await screenshot(page, 'alerts-list-open-zh');

  rcu('0201').setFlags({ window: false });
  // Cleared by its condition at once, on the server and on this console, list open or not.
  await expect.poll(() => bellCount(manager), { timeout: 10_000 }).toBe('告警列表：0 条未处理');
  await item.getByText('已自动结束', { exact: true }).waitFor({ timeout: 10_000 });
  await item.getByText(/^窗户已关闭，于 .+ 自动结束$/).waitFor();
  expect(await item.getByRole('button', { name: buttonName('确认') }).count()).toBe(0);
  const [record] = await windowAlerts();
  expect(record).toMatchObject({ state: 'cleared', cleared_reason: 'window_closed' });
  expect(Date.now() - Date.parse(record?.cleared_at ?? '')).toBeLessThan(60_000);
  const open = await server.api<{ data: { id: number }[] }>('/redisroomspecialstate', {}, token);
  expect(open.data.data.map((alert) => alert.id)).not.toContain(record?.id);
  await screenshot(page, 'alerts-list-cleared-zh');

  // Filters: the open ones (none), then by type.
  await drawer.getByText('未处理', { exact: true }).first().click();
  await drawer.getByText('没有未处理的告警').waitFor();
  await drawer.getByText('全部', { exact: true }).click();
  await choose(page, '类型', 'SOS 紧急呼叫', drawer);
  await drawer.getByText('没有符合条件的告警').waitFor();
  await page.keyboard.press('Escape');
});

test('on a phone the list takes the whole width; the visitor sees an open alert and is offered no Confirm', async () => {
  const { page } = phone;
  await loginAs(page, server.url, 'visitor', 'visitor123');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await bell(phone).waitFor();

  // The window opens again with the AC on: a new occurrence, a new alert.
  await windowOpenWithAc();
  const card = page.locator('.rp-alert-card').filter({ hasText: '房间 0201' });
  await card.waitFor({ timeout: 15_000 });
  const box = await card.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await screenshot(page, 'alerts-popup-390-zh');
  await expect.poll(() => bellCount(phone), { timeout: 10_000 }).toBe('告警列表：1 条未处理');

  await bell(phone).click();
  const drawer = page.locator('.rp-alert-drawer .ant-drawer-content-wrapper');
  await drawer.waitFor();
  await drawer.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)));
  expect((await drawer.boundingBox())?.width).toBe(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await drawer.getByPlaceholder('房间号').fill('0201');
  await drawer.getByPlaceholder('房间号').press('Enter');
  const items = drawer.locator('.rp-alert-item');
  await expect.poll(() => items.count()).toBe(2);
  const openItem = items.first();
  await openItem.getByText('未处理', { exact: true }).waitFor();
  // The read-only visitor is offered no Confirm, in the list as in the popup.
  expect(await openItem.locator('button').count()).toBe(0);
  expect(await page.locator('[data-call="alerts.confirm"]').count()).toBe(0);
  await items.nth(1).getByText('已自动结束', { exact: true }).waitFor();
  await screenshot(page, 'alerts-list-390-zh');
  const records = await windowAlerts();
  expect(records.map((record) => record.state)).toEqual(['open', 'cleared']);
});
