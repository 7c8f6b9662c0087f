import { createHash, randomBytes } from 'node:crypto';
import { LANGUAGE_COOKIE } from '@roompilot/contract';
import type { Fleet, VirtualRcu } from '@roompilot/rcu-sim';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { describeViolations, seriousViolations } from '../support/axe.js';
import { type Browser, openBrowser, screenshot } from '../support/browser.js';
import { buttonName, choose, loginAs } from '../support/console.js';
import { quietRcus } from '../support/rcus.js';
import { waitForScreen } from '../support/screens.js';
import { type RunningServer, startServer } from '../support/server.js';
import { runtimeStyles } from '../support/styles.js';

/**
 * Issue 13, upgrades from the console: the manager uploads a firmware on Bin Update, starts a job
 * for 50 simulated rooms (every online one, picked with "select all matching") in batches of 10
 * with a short pause, watches the bars move, sees the failures injected on three RCUs, retries them
 * to success, and the picker's room list shows the new version. Then a parameter set is made in
 * the Parameter screen's form (a value out of range refused first) and sent to three rooms. Fifty
 * simulated RCUs on the server's embedded broker.
 */
let server: RunningServer;
let fleet: Fleet;
let manager: Browser;
let phone: Browser;
let token: string;

const FIRMWARE = randomBytes(300 * 1024);
const FIRMWARE_SHA = createHash('sha256').update(FIRMWARE).digest('hex');

beforeAll(async () => {
  server = await startServer({ SIMULATE: '0' });
  token = await server.login('manager', 'manager123');
  // Floors 2..6, rooms 01..10 of each: fifty RCUs; the demo's other fifty rooms stay offline.
  fleet = await quietRcus(server, /x0[2-6](0[1-9]|10)$/);
  expect(fleet.rcus).toHaveLength(50);
  // With axe-core let into the page (support/axe.ts): the dialogs and the drawer are checked too.
  manager = await openBrowser({ bypassCSP: true });
  phone = await openBrowser({ width: 390, height: 844 });
}, 120_000);

afterAll(async () => {
  await manager?.close();
  await phone?.close();
  await fleet?.stop();
  await server?.stop();
});

const rcuOf = (roomNum: string): VirtualRcu => {
  const rcu = fleet.rcus.find((candidate) => candidate.rcuId.endsWith(`x${roomNum}`));
  if (!rcu) throw new Error(`no simulated RCU for ${roomNum}`);
  return rcu;
};

/** The open drawer's job bar: its `done/total` text and its counts in words. */
async function jobBar(page: Page): Promise<{ text: string; counts: string }> {
  const drawer = page.locator('.rp-upgrades__drawer .rp-upgrades__progress').first();
  return {
    text: (await drawer.locator('.ant-progress-indicator').innerText()).trim(),
    counts: (await drawer.locator('.rp-upgrades__counts').innerText()).trim(),
  };
}

/**
 * axe-core's serious and critical findings on the page at rest, by what it shows. A choice's
 * dropdown that is still fading out is waited for first: its list has no name of its own while
 * it is leaving, and a check in that instant failed a clean-clone run.
 */
const axeFound: Record<string, string[]> = {};
async function axe(page: Page, what: string): Promise<void> {
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
  const violations = await seriousViolations(page);
  if (violations.length > 0) axeFound[what] = describeViolations(violations);
}

async function noSideScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test('a new job with no file to send yet says so and offers the upload', async () => {
  const { page } = manager;
  await loginAs(page, server.url, 'manager', 'manager123');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${server.url}/system/binupdate?tab=jobs`);
  await waitForScreen(page);
  await page
    .getByRole('button', { name: buttonName('新建任务') })
    .first()
    .click();
  const dialog = page.locator('.ant-modal:visible');
  await dialog.getByText('还没有可发送的文件').waitFor();
  await screenshot(page, 'upgrades-new-job-no-file');
  await dialog.getByRole('button', { name: buttonName('上传文件') }).click();
  await page.locator('.ant-modal:visible').getByLabel('版本').waitFor();
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(1);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
});

test('a firmware uploaded on Bin Update: its size and SHA-256 shown, listed with them', async () => {
  const { page } = manager;
  await loginAs(page, server.url, 'manager', 'manager123');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${server.url}/system/binupdate`);
  await waitForScreen(page);
  await page.getByText('单个文件不超过 16 MB').waitFor();
  await page.getByText('还没有文件').waitFor();
  await page
    .getByRole('button', { name: buttonName('上传文件') })
    .first()
    .click();
  const dialog = page.locator('.ant-modal:visible');
  await dialog.getByText('文件不超过 16 MB；上传后显示其大小和 SHA-256。').waitFor();
  await dialog.getByLabel('版本').fill('3.0.0');
  await dialog.getByLabel('备注').fill('夏季固件');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'rcu-3.0.0.bin',
    mimeType: 'application/octet-stream',
    buffer: FIRMWARE,
  });
  await dialog.getByRole('button', { name: buttonName('上传') }).click();
  await dialog.getByText('版本 3.0.0 已上传').waitFor();
  await dialog.getByText('300 KB').waitFor();
  expect(await dialog.locator('.rp-upgrades__hash').getAttribute('title')).toBe(FIRMWARE_SHA);
  await screenshot(page, 'upgrades-upload-1440-zh');
  await axe(page, 'upload dialog');
  await page
    .locator('.ant-modal-footer:visible')
    .getByRole('button', { name: buttonName('关闭') })
    .click();
  await dialog.waitFor({ state: 'hidden' });
  const row = page.locator('.ant-table-row').filter({ hasText: '3.0.0' });
  await row.waitFor();
  expect(await row.innerText()).toContain('夏季固件');
  expect(await row.innerText()).toContain(`${FIRMWARE_SHA.slice(0, 8)}…${FIRMWARE_SHA.slice(-8)}`);
  expect(await row.innerText()).toContain('未使用');
  await screenshot(page, 'upgrades-files-1440-zh');
});

test('a job for the 50 online rooms in batches of 10: the bars move, three injected failures, retried to success', async () => {
  const { page } = manager;
  const failing = ['0203', '0405', '0610'];
  for (const room of failing) rcuOf(room).failUpgrades('checksum');

  await page.getByRole('tab', { name: '升级任务' }).click();
  await page.getByText('还没有升级任务').waitFor();
  await page
    .getByRole('button', { name: buttonName('新建任务') })
    .first()
    .click();
  const dialog = page.locator('.ant-modal:visible');
  await choose(page, '要发送的文件', '3.0.0', dialog);
  await dialog.getByRole('button', { name: buttonName('下一步') }).click();

  // The rooms: every online one, all pages at once.
  await dialog.getByText('符合条件 100 间').waitFor();
  await choose(page, '在线状态', '在线', dialog);
  await dialog.getByText('已选 0 间（符合条件 50 间）').waitFor();
  await dialog.getByRole('button', { name: buttonName('全选符合条件的 50 间') }).click();
  await dialog.getByText('已选 50 间（符合条件 50 间）').waitFor();
  await screenshot(page, 'upgrades-pick-1440-zh');
  await axe(page, 'new job: rooms');
  await dialog.getByRole('button', { name: buttonName('下一步') }).click();

  // The settings, each with its unit and a help line.
  await dialog.getByText('先行批之后，每次同时升级的房间数。').waitFor();
  await dialog.getByLabel('每批房间数').fill('10');
  await dialog.getByLabel('批间隔（秒）').fill('1');
  await dialog.getByLabel('时间窗口开始（时:分）').fill('22:00');
  await dialog.getByRole('button', { name: buttonName('下一步') }).click();
  await dialog.getByText('开始和结束要一起填写').waitFor();
  await dialog.getByLabel('时间窗口开始（时:分）').fill('');
  // The window's error message has faded out before the check.
  await dialog.getByText('开始和结束要一起填写').waitFor({ state: 'detached' });
  await expect.poll(() => dialog.locator('.ant-form-show-help-item-leave').count()).toBe(0);
  await screenshot(page, 'upgrades-settings-1440-zh');
  await axe(page, 'new job: settings');
  await dialog.getByRole('button', { name: buttonName('下一步') }).click();

  await dialog.getByText('将把版本 3.0.0 发送到 50 间房。').waitFor();
  await dialog.getByText('每批 10 间，批间隔 1 秒').waitFor();
  await screenshot(page, 'upgrades-summary-1440-zh');
  await dialog.getByRole('button', { name: buttonName('开始任务') }).click();

  // The drawer follows the job live: the bar goes through several values before 50/50.
  const drawer = page.locator('.rp-upgrades__drawer');
  await drawer.getByText('升级任务 #1').waitFor();
  const seen = new Set<string>();
  let shot = false;
  await expect
    .poll(
      async () => {
        const bar = await jobBar(page);
        seen.add(bar.text);
        // A picture of the bars on the way (once).
        if (!shot && bar.text !== '0/50' && bar.text !== '50/50') {
          shot = true;
          await screenshot(page, 'upgrades-running-1440-zh');
        }
        return bar.text;
      },
      { timeout: 60_000, interval: 100 },
    )
    .toBe('50/50');
  expect(seen.size).toBeGreaterThanOrEqual(3);
  await expect.poll(async () => (await jobBar(page)).counts).toBe('完成 47 · 失败 3');
  await drawer.getByText('已结束').first().waitFor();

  // The failures, filtered, in words.
  await drawer.getByText('失败 3', { exact: true }).click();
  const rows = drawer.locator('.ant-table-row');
  await expect.poll(() => rows.count()).toBe(3);
  expect(await rows.allInnerTexts()).toEqual(
    failing.map((room) =>
      expect.stringMatching(new RegExp(`${room}[\\s\\S]*失败[\\s\\S]*文件校验失败（SHA-256 不符）`)),
    ),
  );
  await screenshot(page, 'upgrades-failed-1440-zh');
  await axe(page, 'job drawer with failures');

  // The list's bar says the same.
  const jobRow = page.locator('.rp-upgrades .ant-table-row').filter({ hasText: '#1' });
  expect(await jobRow.innerText()).toContain('完成 47 · 失败 3');

  for (const room of failing) rcuOf(room).failUpgrades(null);
  await drawer.getByRole('button', { name: buttonName('重试失败的 3 间') }).click();
  await expect.poll(async () => (await jobBar(page)).counts, { timeout: 30_000 }).toBe('完成 50');
  await drawer.locator('.ant-descriptions').getByText('已结束').waitFor();
  await drawer.getByText('全部 50').click();
  await screenshot(page, 'upgrades-job-1440-zh');
  for (const rcu of fleet.rcus) expect(rcu.firmware.fw).toBe('3.0.0');
  await expect.poll(() => jobRow.innerText()).toContain('完成 50');
  await page.locator('.ant-drawer-close').click();

  // The picker's room list shows the new version on every one of the fifty.
  await page
    .getByRole('button', { name: buttonName('新建任务') })
    .first()
    .click();
  await choose(page, '要发送的文件', '3.0.0', dialog);
  await dialog.getByRole('button', { name: buttonName('下一步') }).click();
  await dialog.getByLabel('当前版本').fill('3.0.0');
  await dialog.getByText('已选 0 间（符合条件 50 间）').waitFor();
  expect(await dialog.locator('.ant-table-row').first().innerText()).toContain('3.0.0');
  const answer = await server.api<{ total: number }>('/upgraderoomlist', { fw: '3.0.0' }, token);
  expect(answer.data.total).toBe(50);
  // Every antd part these dialogs and the drawer showed came from the build's stylesheet (the
  // toasts' styles, the shell's, are built when the first one shows: not this screen's).
  expect((await runtimeStyles(page)).filter((rule) => !rule.includes('.ant-message'))).toEqual([]);
  await page
    .locator('.ant-modal-footer:visible')
    .getByRole('button', { name: buttonName('取消') })
    .click();
}, 150_000);

test('a parameter set made in the form (a value out of range refused) and sent to three rooms', async () => {
  const { page } = manager;
  await page.goto(`${server.url}/system/parameter`);
  await waitForScreen(page);
  await page
    .getByRole('button', { name: buttonName('新建参数集') })
    .first()
    .click();
  const dialog = page.locator('.ant-modal:visible');
  await dialog.getByText('范围 0–600 秒').waitFor();
  await dialog.getByLabel('版本').fill('p-1');
  await dialog.getByLabel('夜灯亮度').fill('150');
  await dialog.getByLabel('拔卡断电延时').fill('45');
  await page
    .locator('.ant-modal-footer:visible')
    .getByRole('button', { name: buttonName('保存') })
    .click();
  await dialog.getByText('超出允许范围').waitFor();
  await dialog.getByLabel('夜灯亮度').fill('30');
  await choose(page, '退房场景', '只关灯', dialog);
  await axe(page, 'parameter set form');
  await screenshot(page, 'upgrades-paramset-1440-zh');
  await page
    .locator('.ant-modal-footer:visible')
    .getByRole('button', { name: buttonName('保存') })
    .click();
  await page.getByText('参数集 p-1 已保存').waitFor();

  // Read-only afterwards.
  const row = page.locator('.ant-table-row').filter({ hasText: 'p-1' });
  await row.getByRole('button', { name: buttonName('查看') }).click();
  const view = page.locator('.ant-modal:visible');
  await view.getByText('30 %').waitFor();
  expect(await view.innerText()).toContain('45 秒');
  expect(await view.innerText()).toContain('只关灯');
  expect(await view.locator('input').count()).toBe(0);

  // Copied into a new set: the form starts from p-1's values; one changed, saved as p-2.
  await view.getByRole('button', { name: buttonName('复制为新参数集') }).click();
  const copy = page.locator('.ant-modal:visible');
  await copy.getByLabel('版本').waitFor();
  expect(await copy.getByLabel('夜灯亮度').inputValue()).toBe('30');
  expect(await copy.getByLabel('拔卡断电延时').inputValue()).toBe('45');
  await copy.getByLabel('版本').fill('p-2');
  await copy.getByLabel('夜灯亮度').fill('40');
  await page
    .locator('.ant-modal-footer:visible')
    .getByRole('button', { name: buttonName('保存') })
    .click();
  await page.getByText('参数集 p-2 已保存').waitFor();
  const saved = await server.api<{ records: { id: number; version: string }[] }>(
    '/upgradefilelist',
    { kind: 'param' },
    token,
  );
  const copied = saved.data.records.find((file) => file.version === 'p-2');
  const params = await server.api<{ params: Record<string, unknown> }>('/upgradefileparams', { id: copied?.id }, token);
  expect(params.data.params).toEqual({ night_light: 40, card_delay_s: 45, checkout_scene: 'lights_off' });

  await page.getByRole('tab', { name: '升级任务' }).click();
  await page
    .getByRole('button', { name: buttonName('新建任务') })
    .first()
    .click();
  await choose(page, '要发送的文件', 'p-1', dialog);
  await dialog.getByRole('button', { name: buttonName('下一步') }).click();
  await dialog.getByLabel('楼层').fill('3');
  await dialog.getByText('已选 0 间（符合条件 20 间）').waitFor();
  const checks = dialog.locator('.ant-table-row .ant-checkbox-input');
  for (const index of [0, 1, 2]) await checks.nth(index).check();
  await dialog.getByText('已选 3 间（符合条件 20 间）').waitFor();
  await dialog.getByRole('button', { name: buttonName('下一步') }).click();
  await dialog.getByRole('button', { name: buttonName('下一步') }).click();
  await dialog.getByText('将把版本 p-1 发送到 3 间房。').waitFor();
  await dialog.getByRole('button', { name: buttonName('开始任务') }).click();
  await expect.poll(async () => (await jobBar(page)).counts, { timeout: 30_000 }).toBe('完成 3');
  for (const room of ['0301', '0302', '0303']) {
    expect(rcuOf(room).params).toMatchObject({ night_light: 30, card_delay_s: 45, checkout_scene: 'lights_off' });
  }
  expect(rcuOf('0304').params).toMatchObject({ night_light: 10, card_delay_s: 15 });
  const answer = await server.api<{ records: { room_num: string }[] }>(
    '/upgraderoomlist',
    { params_version: 'p-1' },
    token,
  );
  expect(answer.data.records.map((room) => room.room_num)).toEqual(['0301', '0302', '0303']);
  await page.locator('.ant-drawer-close').click();
  await expect.poll(() => page.locator('.rp-upgrades__drawer .ant-drawer-section:visible').count()).toBe(0);
  await axe(page, 'jobs list');
  expect(axeFound).toEqual({});
}, 90_000);

test('a job that fails past its rate pauses itself; the engineer resumes it, pauses it and cancels the rest', async () => {
  const { page } = manager;
  const files = await server.api<{ records: { id: number; version: string }[] }>(
    '/upgradefilelist',
    { kind: 'bin' },
    token,
  );
  const fileId = files.data.records.find((candidate) => candidate.version === '3.0.0')?.id;
  const rooms = await server.api<{ records: { id: number; room_num: string }[] }>(
    '/upgraderoomlist',
    { floor_num: 6, size: 10 },
    token,
  );
  // Batches of 2, a long pause between them, past 40 % of a batch failed the job pauses itself:
  // the first batch (0601, 0602) fails whole.
  for (const room of ['0601', '0602']) rcuOf(room).failUpgrades('checksum');
  const started = await server.api<{ id: number }>(
    '/upgradejobadd',
    {
      file_id: fileId,
      room_ids: rooms.data.records.map((room) => room.id),
      batch_size: 2,
      batch_pause_s: 600,
      max_failure_pct: 40,
    },
    token,
  );
  expect(started.code).toBe(0);
  await page.goto(`${server.url}/system/binupdate?tab=jobs&job=${started.data.id}`);
  const drawer = page.locator('.rp-upgrades__drawer');
  const state = drawer.locator('.ant-descriptions');
  await state.getByText('失败率超过上限，自动暂停').waitFor({ timeout: 30_000 });
  await state.getByText('已暂停').waitFor();
  await expect.poll(async () => (await jobBar(page)).counts).toBe('完成 0 · 失败 2 · 等待 8');
  await screenshot(page, 'upgrades-paused-1440-zh');

  // Resumed: that batch's failures are accepted and the next batch (0603, 0604) runs.
  for (const room of ['0601', '0602']) rcuOf(room).failUpgrades(null);
  await drawer.getByRole('button', { name: buttonName('继续') }).click();
  await page.locator('.ant-message').getByText('任务已继续').waitFor();
  await expect.poll(async () => (await jobBar(page)).counts, { timeout: 30_000 }).toBe('完成 2 · 失败 2 · 等待 6');
  await state.getByText('进行中').waitFor();

  // Paused by hand in the pause between batches, then the rest cancelled (confirmed first).
  await drawer.getByRole('button', { name: buttonName('暂停') }).click();
  await state.getByText('手动暂停').waitFor();
  await drawer.getByRole('button', { name: buttonName('取消其余') }).click();
  const confirm = page.locator('.ant-popconfirm:visible');
  await confirm.getByText('尚未完成的 6 间房将不再升级（正在下载的会被中止）。确定取消？').waitFor();
  await axe(page, 'cancel confirmation');
  await confirm.getByRole('button', { name: buttonName('取消其余') }).click();
  await page.locator('.ant-message').getByText('任务已取消').waitFor();
  await state.getByText('已取消').waitFor();
  await expect.poll(async () => (await jobBar(page)).counts).toBe('完成 2 · 失败 2 · 取消 6');
  await drawer.getByText('已取消 6').click();
  const rows = drawer.locator('.ant-table-row');
  await expect.poll(() => rows.count()).toBe(6);
  expect((await rows.allInnerTexts()).every((text) => text.includes('任务已取消'))).toBe(true);
  // The confirmed actions left their trace in the operation log.
  const oplog = await server.api<{ records: { action: string }[] }>('/oplog/query', { current: 1, size: 10 }, token);
  expect(oplog.code).toBe(0);
  expect(oplog.data.records.map((entry) => entry.action)).toEqual(
    expect.arrayContaining(['upgrade_job_resume', 'upgrade_job_pause', 'upgrade_job_cancel']),
  );
  await screenshot(page, 'upgrades-cancelled-1440-zh');
  await page.locator('.ant-drawer-close').click();
  expect(axeFound).toEqual({});
}, 90_000);

test('on a phone: the screens fit 390 px, tables scroll in their box; a visitor sees no upload, new job or retry', async () => {
  const { page } = phone;
  await loginAs(page, server.url, 'manager', 'manager123');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${server.url}/system/binupdate`);
  await waitForScreen(page);
  await page.locator('.ant-table-row').first().waitFor();
  expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
  await screenshot(page, 'upgrades-files-390-zh');
  await page.goto(`${server.url}/system/binupdate?tab=jobs&job=1`);
  await page.locator('.rp-upgrades__drawer .rp-upgrades__progress').waitFor();
  expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
  await screenshot(page, 'upgrades-job-390-zh');
  await page.locator('.ant-drawer-close').click();
  await page
    .getByRole('button', { name: buttonName('新建任务') })
    .first()
    .click();
  const dialog = page.locator('.ant-modal:visible');
  await choose(page, '要发送的文件', '3.0.0', dialog);
  await dialog.getByRole('button', { name: buttonName('下一步') }).click();
  await dialog.locator('.ant-table-row').first().waitFor();
  expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
  await screenshot(page, 'upgrades-pick-390-zh');
  await dialog.locator('.ant-table-row .ant-checkbox-input').first().check();
  await dialog.getByRole('button', { name: buttonName('下一步') }).click();
  await screenshot(page, 'upgrades-settings-390-zh');
  await page
    .locator('.ant-modal-footer:visible')
    .getByRole('button', { name: buttonName('取消') })
    .click();

  await loginAs(page, server.url, 'visitor', 'visitor123');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${server.url}/system/binupdate?tab=jobs&job=1`);
  await page.locator('.rp-upgrades__drawer .rp-upgrades__progress').waitFor();
  await page.locator('.rp-upgrades__drawer .rp-upgrades__counts').getByText('完成 50', { exact: true }).waitFor();
  expect(await page.locator('[data-call="upgrades.jobRetry"], [data-call="upgrades.jobCancel"]').count()).toBe(0);
  await page.locator('.ant-drawer-close').click();
  expect(await page.locator('[data-call="upgrades.jobAdd"]').count()).toBe(0);
  await page.getByRole('tab', { name: '升级文件' }).click();
  await page.locator('.ant-table-row').first().waitFor();
  expect(await page.locator('[data-call="upgrades.fileAdd"], [data-call="upgrades.fileRemove"]').count()).toBe(0);
}, 90_000);

test('in ja and es a job’s states, counts and reasons read in the language (no raw key)', async () => {
  const { page } = manager;
  rcuOf('0501').failUpgrades('checksum');
  const files = await server.api<{ records: { id: number; version: string }[] }>(
    '/upgradefilelist',
    { kind: 'bin' },
    token,
  );
  const fileId = files.data.records.find((candidate) => candidate.version === '3.0.0')?.id;
  const rooms = await server.api<{ records: { id: number; room_num: string }[] }>(
    '/upgraderoomlist',
    { floor_num: 5, size: 3 },
    token,
  );
  const started = await server.api<{ id: number }>(
    '/upgradejobadd',
    { file_id: fileId, room_ids: rooms.data.records.map((room) => room.id) },
    token,
  );
  expect(started.code).toBe(0);
  const words = {
    ja: { done: '完了 2 · 失敗 1', reason: 'ファイル検証に失敗（SHA-256 不一致）', state: '終了' },
    es: {
      done: 'Hechas: 2 · Fallidas: 1',
      reason: 'Falló la comprobación (el SHA-256 no coincide)',
      state: 'Terminada',
    },
  };
  for (const language of ['ja', 'es'] as const) {
    await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: language, url: server.url }]);
    await page.goto(`${server.url}/system/binupdate?tab=jobs&job=${started.data.id}`);
    const drawer = page.locator('.rp-upgrades__drawer');
    await expect.poll(async () => (await jobBar(page)).counts, { timeout: 30_000 }).toBe(words[language].done);
    await drawer.getByText(words[language].reason).waitFor();
    await drawer.locator('.ant-descriptions .ant-tag').getByText(words[language].state).waitFor();
    const text = await page.locator('body').innerText();
    expect(text.match(/\b[a-z]+(?:_[a-z0-9]+)+\b/g)).toBeNull();
    await screenshot(page, `upgrades-job-1440-${language}`);
  }
  rcuOf('0501').failUpgrades(null);
  await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: 'zh', url: server.url }]);
}, 60_000);
