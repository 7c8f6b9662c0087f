import type { Fleet } from '@roompilot/rcu-sim';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, openBrowser, screenshot } from '../support/browser.js';
import { choose, loginAs } from '../support/console.js';
import { quietRcus } from '../support/rcus.js';
import { type RunningServer, startServer } from '../support/server.js';

/**
 * Log statistics end to end: two simulated rooms report events; the event log screen shows them,
 * filtered by room and type, in words; a room edit made through the API appears in the operation
 * log with the user who made it; the charts draw; the screen is usable at 390 px.
 */
let server: RunningServer;
let fleet: Fleet;
let browser: Browser;
let phone: Browser;
let token: string;

beforeAll(async () => {
  server = await startServer({ SIMULATE: '0' });
  token = await server.login('manager', 'manager123');
  fleet = await quietRcus(server, /x020[12]$/);
  expect(fleet.rcus).toHaveLength(2);
  browser = await openBrowser();
  phone = await openBrowser({ width: 390, height: 844 });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await phone?.close();
  await fleet?.stop();
  await server?.stop();
});

function rcu(roomNum: string) {
  const found = fleet.rcus.find((candidate) => candidate.rcuId.endsWith(`x${roomNum}`));
  if (!found) throw new Error(`no simulated RCU for room ${roomNum}`);
  return found;
}

/** The rows the event log table shows, as text. */
async function rows(browser: Browser): Promise<string[]> {
  return browser.page.locator('.ant-table-tbody tr.ant-table-row').allInnerTexts();
}

test("a simulated room's events appear in the event log, filtered by room and type", async () => {
  rcu('0201').setFlags({ door: true });
  rcu('0201').setFlags({ window: true });
  rcu('0202').setFlags({ door: true });
  // Stored once the server has them (the RCU gets its ack after that).
  await expect
    .poll(
      async () =>
        (await server.api<{ total: number }>('/eventlog', { filter: { type: 'door_open' } }, token)).data.total,
      { timeout: 15_000 },
    )
    .toBe(2);

  await loginAs(browser.page, server.url, 'manager', 'manager123');
  await browser.page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await browser.page.goto(`${server.url}/statistics/logstatistics`);
  await browser.page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 15_000 });
  const all = (await rows(browser)).join('\n');
  expect(all).toContain('0201');
  expect(all).toContain('0202');
  expect(all).toContain('开窗');
  // The charts draw the counts (ECharts renders SVG).
  await browser.page.locator('[data-testid="log-charts"] figure svg').first().waitFor({ timeout: 15_000 });

  const room = browser.page.getByLabel('房号', { exact: true });
  await room.fill('0201');
  await room.press('Enter');
  await expect.poll(async () => (await rows(browser)).join('\n')).not.toContain('0202');
  await choose(browser.page, '类型', '开门');
  await expect.poll(() => rows(browser)).toHaveLength(1);
  const [row] = await rows(browser);
  expect(row).toContain('0201');
  expect(row).toContain('开门');
  expect(row).not.toContain('{');
  await screenshot(browser.page, 'logstatistics-events');
});

test('a room edit appears in the operation log with its user', async () => {
  const rooms = await server.api<{ records: { id: number; room_num: string }[] }>(
    '/roomlist',
    { current: 1, size: 1, keyword: '0202' },
    token,
  );
  const roomId = rooms.data.records[0]?.id;
  const edit = await fetch(`${server.url}/apis/update`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ id: roomId, remark: 'lake view' }),
  });
  expect(((await edit.json()) as { code: number }).code).toBe(0);

  await browser.page.getByRole('tab', { name: '操作日志' }).click();
  await browser.page.waitForURL(/tab=operations/);
  // The actions are many (a virtual list): typed to narrow them, as a user would.
  const action = browser.page.getByLabel('操作', { exact: true }).and(browser.page.getByRole('combobox'));
  await action.click();
  await action.fill('修改房间');
  await browser.page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: '修改房间' })
    .click();
  await expect.poll(() => rows(browser)).toHaveLength(1);
  const [row] = await rows(browser);
  expect(row).toContain('manager');
  expect(row).toContain('修改房间');
  expect(row).toContain('lake view');
  await screenshot(browser.page, 'logstatistics-operations');
});

test('the log screen is usable at 390 px', async () => {
  await loginAs(phone.page, server.url, 'manager', 'manager123');
  await phone.page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await phone.page.goto(`${server.url}/statistics/logstatistics`);
  await phone.page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 15_000 });
  await phone.page.locator('[data-testid="log-charts"] figure svg').first().waitFor({ timeout: 15_000 });
  // Nothing wider than the screen but the table, which scrolls inside its own box.
  const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(phone.page, 'logstatistics-390');
});
