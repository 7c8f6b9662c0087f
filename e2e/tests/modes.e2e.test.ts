import type { Fleet } from '@roompilot/rcu-sim';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, openBrowser, screenshot } from '../support/browser.js';
import { buttonName, choose, dialogFooterButton, loginAs } from '../support/console.js';
import { quietRcus } from '../support/rcus.js';
import { type RunningServer, startServer } from '../support/server.js';

/**
 * Issue 12, modes: the manager edits the welcome mode of the standard room type on the modes
 * screen; a simulated room of that type gets its card in, and its devices go to the mode's states
 * on the floor view's room panel; a mode applied by hand from device control does the same. One
 * simulated RCU on the server's embedded broker, driven by hand.
 */
let server: RunningServer;
let fleet: Fleet;
let manager: Browser;
let phone: Browser;
let token: string;
let roomId: number;

beforeAll(async () => {
  server = await startServer({ SIMULATE: '0' });
  token = await server.login('manager', 'manager123');
  const rooms = await server.api<{ records: { id: number; room_num: string }[] }>('/basicroomlist', {}, token);
  roomId = rooms.data.records.find((room) => room.room_num === '0201')?.id ?? 0;
  fleet = await quietRcus(server, /x0201$/);
  expect(fleet.rcus).toHaveLength(1);
  manager = await openBrowser();
  phone = await openBrowser({ width: 390, height: 844 });
}, 120_000);

afterAll(async () => {
  await manager?.close();
  await phone?.close();
  await fleet?.stop();
  await server?.stop();
});

/** What the room panel says a device of the room is doing now. */
async function panelState(browser: Browser, key: string): Promise<string> {
  // Each device shows as its room type names it, its key in the tooltip.
  const row = browser.page
    .locator('.rp-device-list li')
    .filter({ has: browser.page.locator(`.rp-device-list__key[title="${key}"]`) });
  if ((await row.count()) === 0) return '';
  return row.locator('.rp-device-list__state').innerText();
}

test('the welcome mode edited on the modes screen is what a room of the type gets on card in', async () => {
  const { page } = manager;
  await loginAs(page, server.url, 'manager', 'manager123');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${server.url}/roomsystem/model`);
  const welcome = page.locator('article.rp-mode[data-mode="welcome"]');
  await welcome.waitFor();
  // The standard type is shown first, with the built-in modes made from its template.
  expect(await page.locator('article.rp-mode').count()).toBe(5);
  expect(await welcome.innerText()).toContain('阅读灯: 开, 70%');

  await welcome.getByRole('button', { name: buttonName('编辑') }).click();
  const dialog = page.locator('.ant-modal:visible');
  await dialog.locator('[data-device-key="D1"]').getByRole('spinbutton').fill('35');
  await dialog.locator('[data-device-key="C1"]').getByRole('spinbutton').fill('40');
  await dialogFooterButton(page, '保存').click();
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => welcome.innerText()).toContain('阅读灯: 开, 35%');
  expect(await welcome.innerText()).toContain('窗帘: 40%');
  await screenshot(page, 'modes-1440-zh');

  // The room's panel on the floor view, open while the guest puts the card in.
  await page.goto(`${server.url}/dashboard`);
  await page.locator(`button.rp-tile[data-room-id="${roomId}"]`).click();
  await page.locator('.rp-device-list').waitFor();
  const [rcu] = fleet.rcus;
  rcu?.setFlags({ card: true });
  await expect.poll(() => panelState(manager, 'D1'), { timeout: 15_000 }).toBe('开 · 35%');
  expect(await panelState(manager, 'C1')).toBe('40%');
  expect(await panelState(manager, 'L1')).toBe('开');
  expect(rcu?.room.devices.D1).toMatchObject({ on: true, level: 35 });
  await screenshot(page, 'modes-card-in-panel-zh');

  // The panel applies a mode by hand too: sleep dims the reading lamp to a night light.
  const panel = page.locator('.rp-room-panel');
  await choose(page, '模式', '睡眠', panel);
  await panel.getByRole('button', { name: buttonName('应用模式') }).click();
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: buttonName('应用模式') })
    .click();
  await expect.poll(() => panelState(manager, 'D1'), { timeout: 15_000 }).toBe('开 · 10%');
  expect(await panelState(manager, 'C1')).toBe('0%');
});

test('a mode applied by hand from device control reaches the room', async () => {
  const { page } = manager;
  await page.goto(`${server.url}/roomsystem/roomctrl?room_id=${roomId}`);
  await page.locator('.rp-device').first().waitFor();
  await choose(page, '模式', '打扫');
  await page.getByRole('button', { name: buttonName('应用模式') }).click();
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: buttonName('应用模式') })
    .click();
  await page.getByText('已应用模式“打扫”').waitFor({ timeout: 15_000 });
  await expect.poll(() => fleet.rcus[0]?.room.devices.D1?.level).toBe(100);
  expect(fleet.rcus[0]?.room.devices.C1?.pos).toBe(100);
});

test('the modes screen at 390 px: every mode and the triggers fit the width', async () => {
  const { page } = phone;
  await loginAs(page, server.url, 'manager', 'manager123');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${server.url}/roomsystem/model`);
  await page.locator('article.rp-mode[data-mode="welcome"]').waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: buttonName('添加定时') }).click();
  await page.locator('[data-schedule="0"] input[type="time"]').fill('22:30');
  await choose(page, '模式 1', '睡眠');
  await page.getByRole('button', { name: buttonName('保存触发设置') }).click();
  await page.getByText('已保存触发设置').waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'modes-390-zh');
  const answer = await server.api<{ room_types: unknown; settings: { schedules: { time: string }[] } }>(
    '/modellist',
    { room_type_id: (await server.api<{ id: number }[]>('/modelroomtypes', {}, token)).data[0]?.id },
    token,
  );
  expect(answer.data.settings.schedules.map((schedule) => schedule.time)).toEqual(['22:30']);
});
