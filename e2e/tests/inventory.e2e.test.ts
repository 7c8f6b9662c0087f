import { readFileSync } from 'node:fs';
import { DEMO_WORDS } from '@roompilot/contract';
import { roomsFromCsv } from '@roompilot/rcu-sim';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { screenshot } from '../support/browser.js';
import { buttonName, choose, dialogFooterButton, loginAs } from '../support/console.js';
import { ADMIN_PASSWORD } from '../support/server.js';
import { consoleSuite } from '../support/suite.js';

/**
 * Issue 3 end to end: the Administrator opens a hotel with its manager; the manager builds the
 * inventory (building, room type with 6 devices, 570 rooms), filters, edits, deletes, exports,
 * re-imports into another building; another hotel's staff see none of it.
 */
const suite = consoleSuite();

const HOTEL = 'E2E Grand Hotel';
const MANAGER = { user: 'grandmgr', password: 'grand-pass-1' };

/** Opens a toolbar dropdown and waits until its items can be clicked. */
async function openMenu(page: Page, button: RegExp): Promise<void> {
  await expect.poll(() => page.locator('.ant-dropdown:visible').count()).toBe(0);
  await page.getByRole('button', { name: button }).click();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').first().waitFor();
}

function footerTotal(total: number): RegExp {
  return new RegExp(`共 ${total.toLocaleString('zh-CN')} 个房间`);
}

test('the Administrator creates a hotel with a validity date and its first manager', async () => {
  const { page } = suite.browser;
  await loginAs(page, suite.server.url, 'Administrator', ADMIN_PASSWORD);
  await page.waitForURL(/\/system\/hotel$/);
  await page
    .getByRole('button', { name: buttonName('新增酒店') })
    .first()
    .click();
  const dialog = page.getByRole('dialog').filter({ hasText: '新增酒店' });
  await dialog.getByLabel('酒店名称').fill(HOTEL);
  await dialog.getByLabel('城市').fill('Shanghai');
  // The validity date defaults to a year ahead; the manager part is ticked by default.
  await expect(dialog.getByLabel('有效期至').inputValue()).resolves.not.toBe('');
  await dialog.getByLabel('管理员用户名').fill(MANAGER.user);
  await dialog.getByLabel('管理员密码').fill(MANAGER.password);
  await dialog.getByRole('button', { name: buttonName('保存') }).click();
  await page.getByText('酒店已创建').waitFor();
  await page.getByRole('cell', { name: HOTEL }).waitFor();
  await screenshot(page, 'hotels-zh');
  await suite.browser.context.clearCookies();
});

test('the manager creates a building and a room type with 6 devices', async () => {
  const { page } = suite.browser;
  await loginAs(page, suite.server.url, MANAGER.user, MANAGER.password);
  await page.getByText(HOTEL).first().waitFor();

  await page.goto(`${suite.server.url}/roomsystem/room?tab=buildings`);
  for (const name of ['Tower A', 'Tower B']) {
    await page
      .getByRole('button', { name: buttonName('新增楼栋') })
      .first()
      .click();
    const dialog = page.getByRole('dialog').filter({ hasText: '新增楼栋' });
    await dialog.getByLabel('楼栋名称').fill(name);
    await dialog.getByLabel('最低楼层').fill('1');
    await dialog.getByLabel('最高楼层').fill('30');
    await dialog.getByRole('button', { name: buttonName('保存') }).click();
    await page.getByRole('cell', { name, exact: true }).waitFor();
  }

  await page.goto(`${suite.server.url}/roomsystem/roomtype`);
  await page
    .getByRole('button', { name: buttonName('新增房型') })
    .first()
    .click();
  const typeDialog = page.getByRole('dialog').filter({ hasText: '新增房型' });
  await typeDialog.getByLabel('房型名称').fill('E2E King');
  await typeDialog.getByRole('button', { name: buttonName('保存') }).click();
  // Saving a new type leads straight to its device template.
  await page.waitForURL(/\/roomsystem\/roomtypedevice\?id=\d+/);
  for (let i = 0; i < 6; i++) {
    await page
      .getByRole('button', { name: buttonName('添加设备') })
      .first()
      .click();
  }
  await choose(page, 'L2 类型', '调光灯');
  await choose(page, 'L3 类型', '窗帘');
  await choose(page, 'L4 类型', '空调');
  await choose(page, 'L5 类型', '新风');
  await choose(page, 'L6 类型', '插座');
  await page.getByLabel('AC1 名称').fill('Room AC');
  await page.getByRole('button', { name: buttonName('保存') }).click();
  await page.getByText('“E2E King”的设备已保存').waitFor();
  await page.getByText('共 6 / 64 个设备').waitFor();
  await screenshot(page, 'roomtype-devices-zh');
});

test('the manager bulk-adds 570 rooms, filters floor 12, edits one and deletes two', async () => {
  const { page } = suite.browser;
  await page.goto(`${suite.server.url}/roomsystem/room`);
  await page
    .getByRole('button', { name: buttonName('批量新增') })
    .first()
    .click();
  const bulk = page.getByRole('dialog').filter({ hasText: '批量新增房间' });
  await choose(page, '楼栋', /Tower A/, bulk);
  await choose(page, '房型', 'E2E King', bulk);
  await bulk.getByLabel('起始楼层').fill('2');
  await bulk.getByLabel('结束楼层').fill('20');
  await bulk.getByLabel('起始房间').fill('1');
  await bulk.getByLabel('结束房间').fill('30');
  await bulk.getByText('将创建 570 个房间：0201 … 2030').waitFor();
  await bulk.getByRole('button', { name: buttonName('创建 570 个房间') }).click();
  await bulk.getByText('已创建 570 个房间，跳过 0 个').waitFor();
  await dialogFooterButton(page, '关闭').click();
  await page.getByText(footerTotal(570)).waitFor();
  // Opened again, it starts empty, not with the last floors and rooms.
  await page
    .getByRole('button', { name: buttonName('批量新增') })
    .first()
    .click();
  await expect.poll(() => bulk.getByLabel('起始楼层').inputValue()).toBe('');
  expect(await bulk.getByLabel('结束房间').inputValue()).toBe('');
  await dialogFooterButton(page, '取消').click();
  await bulk.waitFor({ state: 'hidden' });

  await page.getByRole('tabpanel', { name: '房间' }).getByRole('spinbutton', { name: '楼层', exact: true }).fill('12');
  await page.getByText(footerTotal(30)).waitFor();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect.poll(() => rows.count()).toBe(20);
  expect(await rows.first().innerText()).toContain('1201');

  await rows
    .filter({ hasText: '1201' })
    .getByRole('button', { name: buttonName('编辑') })
    .click();
  const edit = page.getByRole('dialog').filter({ hasText: '编辑房间' });
  await edit.getByLabel('备注').fill('Sea view');
  await edit.getByRole('button', { name: buttonName('保存') }).click();
  await page.getByText('房间 1201 已保存').waitFor();
  await rows.filter({ hasText: 'Sea view' }).waitFor();

  await rows.nth(1).locator('input[type="checkbox"]').check();
  await rows.nth(2).locator('input[type="checkbox"]').check();
  await page.getByRole('button', { name: buttonName('删除所选（2）') }).click();
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: buttonName('删除') })
    .click();
  await page.getByText('已删除 2 个房间').waitFor();
  await page.getByText(footerTotal(28)).waitFor();
  await screenshot(page, 'rooms-zh');
});

test('exports CSV and Excel, then re-imports the CSV into another building', async () => {
  const { page } = suite.browser;
  // Floor 12 is still filtered: the exports hold its 28 rooms.
  await openMenu(page, /导出/);
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: '导出 CSV' }).click(),
  ]);
  const csvPath = await csv.path();
  const csvText = readFileSync(csvPath, 'utf8').replace(/^\uFEFF/, '');
  const lines = csvText.trim().split(/\r?\n/);
  // The headers as the rooms screen labels the fields, in the user's language.
  expect(lines[0]).toBe('房号,楼层,楼栋,房型,RCU ID,MAC 地址,备注,有效期');
  expect(lines).toHaveLength(29);
  expect(csvText).toContain('Sea view');

  await openMenu(page, /导出/);
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: '导出 Excel' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  expect(
    readFileSync(await xlsx.path())
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');

  // The device keys, as the simulator and RCU provisioning read them.
  await openMenu(page, /导出/);
  const [keys] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: '导出设备密钥（CSV）' }).click(),
  ]);
  const keyRooms = roomsFromCsv(readFileSync(await keys.path(), 'utf8'));
  expect(keyRooms).toHaveLength(28);
  expect(keyRooms[0]?.device_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(keyRooms[0]?.devices).toEqual(['L1', 'D1', 'C1', 'AC1', 'V1', 'S1']);

  // While the rooms exist, importing them again is refused row by row and imports nothing.
  await page.getByRole('button', { name: buttonName('导入') }).click();
  const importDialog = page.getByRole('dialog').filter({ hasText: '导入房间' });
  await importDialog.locator('input[type="file"]').setInputFiles({
    name: 'floor12.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csvText),
  });
  await importDialog.getByRole('button', { name: buttonName('开始导入') }).click();
  await importDialog.getByText('28 行有错误').waitFor();
  await importDialog.getByText('没有导入任何房间。请按下表修改文件后重新导入。').waitFor();
  // Each error names its column as the template's header does, not by the column's key.
  const errorTable = importDialog.getByRole('table');
  await errorTable.getByRole('cell', { name: '房号', exact: true }).first().waitFor();
  expect(await errorTable.innerText()).not.toMatch(/\b[a-z]+(_[a-z0-9]+)+\b/);
  await page.getByText(footerTotal(28)).waitFor();
  await screenshot(page, 'rooms-import-errors-zh');
  await page.keyboard.press('Escape');

  // Move floor 12 to Tower B: delete its rooms here, import the export there.
  await page.locator('.ant-table-thead input[type="checkbox"]').check();
  await page.getByRole('button', { name: buttonName('删除所选（20）') }).click();
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: buttonName('删除') })
    .click();
  await page.getByText(footerTotal(8)).waitFor();
  await page.locator('.ant-table-thead input[type="checkbox"]').check();
  await page.getByRole('button', { name: buttonName('删除所选（8）') }).click();
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: buttonName('删除') })
    .click();
  await page.getByText('没有符合条件的记录，请调整筛选条件').waitFor();

  await page
    .getByRole('button', { name: buttonName('导入') })
    .first()
    .click();
  await importDialog.locator('input[type="file"]').setInputFiles({
    name: 'floor12.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csvText),
  });
  await choose(page, '目标楼栋（可选）', 'Tower B', importDialog);
  await importDialog.getByRole('button', { name: buttonName('开始导入') }).click();
  await page.getByText('已导入 28 个房间').waitFor();
  await page.keyboard.press('Escape');
  await choose(page, '楼栋', 'Tower B', page.getByRole('tabpanel', { name: '房间' }));
  await page.getByText(footerTotal(28)).waitFor();
  await page.locator('.ant-table-tbody').getByText('Sea view').waitFor();
  await suite.browser.context.clearCookies();
});

test("another hotel's staff see none of it, in the console and in the API", async () => {
  const { page } = suite.browser;
  await loginAs(page, suite.server.url, 'manager', 'manager123');
  await page.getByText(DEMO_WORDS.zh.hotel).first().waitFor();
  await page.goto(`${suite.server.url}/roomsystem/room`);
  await page.getByText(/共 \d+ 个房间/).waitFor();
  await page.getByLabel('房号 / RCU ID / MAC / 备注').fill('Sea view');
  await page.getByLabel('房号 / RCU ID / MAC / 备注').press('Enter');
  await page.getByText('没有符合条件的记录，请调整筛选条件').waitFor();
  const roomsTab = page.getByRole('tabpanel', { name: '房间' });
  await roomsTab.getByLabel('楼栋', { exact: true }).and(roomsTab.getByRole('combobox')).click();
  const options = await page.locator('.ant-select-dropdown:visible .ant-select-item-option').allInnerTexts();
  expect(options.join(' ')).not.toContain('Tower');
  await page.keyboard.press('Escape');
  await page.goto(`${suite.server.url}/roomsystem/roomtype`);
  await page.getByRole('cell').first().waitFor();
  expect(await page.getByText('E2E King').count()).toBe(0);

  const grand = await suite.server.login(MANAGER.user, MANAGER.password);
  const grandRooms = await suite.server.api<{ records: { id: number; room_num: string }[]; total: number }>(
    '/roomlist',
    { current: 1, size: 500 },
    grand,
  );
  expect(grandRooms.data.total).toBe(568 - 0);
  const target = grandRooms.data.records[0];
  expect(target).toBeDefined();

  const demo = await suite.server.login('manager', 'manager123');
  const seen = await suite.server.api<{ records: { remark: string; room_num: string }[]; total: number }>(
    '/roomlist',
    { current: 1, size: 20, keyword: 'Sea view' },
    demo,
  );
  expect(seen.code).toBe(0);
  expect(seen.data.total).toBe(0);
  const buildings = await suite.server.api<{ records: { name: string }[] }>(
    '/buildinglist',
    { current: 1, size: 100 },
    demo,
  );
  expect(buildings.data.records.map((building) => building.name)).not.toContain('Tower A');
  const change = await suite.server.api('/roomdel', { ids: [target?.id] }, demo);
  expect(change.code).toBe(4404);
  const after = await suite.server.api<{ total: number }>('/roomlist', { current: 1, size: 1 }, grand);
  expect(after.data.total).toBe(568);
});
