import { readFileSync } from 'node:fs';
import { type Fleet, runFleet } from '@roompilot/rcu-sim';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { screenshot } from '../support/browser.js';
import { loginAs } from '../support/console.js';
import { demoRooms } from '../support/rcus.js';
import { waitForScreen } from '../support/screens.js';
import { CALM_SERVER, consoleSuite } from '../support/suite.js';

/**
 * Issue 12, power statistics: a simulated day of twenty rooms (the simulator on its simulated
 * clock, a day in 30 s) reaches the server as meter readings; the power screen charts it by hour,
 * by day and by month, by floor, lists the top rooms and exports it; it fits a phone.
 */
// The rollups are written every second here (the live state's flush setting).
const suite = consoleSuite({ env: { ...CALM_SERVER, LIVE_STATE_FLUSH_SECONDS: '1' } });
let fleet: Fleet;
/** Yesterday, local midnight: the simulated day. */
const dayStart = new Date();
dayStart.setDate(dayStart.getDate() - 1);
dayStart.setHours(0, 0, 0, 0);
const pad = (n: number) => String(n).padStart(2, '0');
const day = `${dayStart.getFullYear()}-${pad(dayStart.getMonth() + 1)}-${pad(dayStart.getDate())}`;
let token: string;

beforeAll(async () => {
  const { server } = suite;
  token = await server.login('manager', 'manager123');
  const credentials = await demoRooms(server);
  // Floors 2 and 3 of the demo hotel; on the simulated clock a day passes in 30 s (2,880 simulated
  // seconds a second), the RCUs stamping their readings with it.
  const rooms = credentials.filter((room) => /x0[23]0[1-9]$/.test(room.rcu_id));
  fleet = await runFleet({
    url: server.mqttUrl,
    rooms,
    speed: 2880,
    clock: 'simulated',
    start: dayStart,
    rates: { sos: 0, drop: 0, fail: 0 },
  });
  expect(fleet.rcus.length).toBe(18);
  await new Promise((resolve) => setTimeout(resolve, 31_000));
  await fleet.stop();
  // The last readings reach the rollups with the next flush.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
}, 90_000);

afterAll(async () => {
  await fleet?.stop();
});

async function openPower(page: Page, query: string) {
  await page.goto(`${suite.server.url}/statistics/powerstatistics?${query}`);
  await waitForScreen(page);
}

/** The chart's drawn bars (SVG paths of the series) and its text summary. */
async function chartOf(page: Page) {
  const figure = page.locator('figure[role="img"]');
  await figure.locator('svg').waitFor();
  return {
    label: (await figure.getAttribute('aria-label')) ?? '',
    summary: (await figure.locator('figcaption').textContent()) ?? '',
    bars: await figure.locator('svg path').count(),
  };
}

test('a simulated day is consumption in every hour of it, as the API answers', async () => {
  const from = dayStart.toISOString();
  const to = new Date(dayStart.getTime() + 24 * 3_600_000).toISOString();
  const answer = await suite.server.api<{ total_kwh: number; series: { points: { kwh: number }[] }[] }>(
    '/powerstatistics',
    { from, to, interval: 'hour' },
    token,
  );
  expect(answer.code).toBe(0);
  const hours = answer.data.series[0]?.points ?? [];
  expect(hours).toHaveLength(24);
  expect(answer.data.total_kwh).toBeGreaterThan(0);
  // The rooms' lights, fans and air conditioners drew power all day long.
  expect(hours.filter((point) => point.kwh > 0).length).toBeGreaterThanOrEqual(20);
});

test('the power screen charts the day by hour, the month by day and the year by month', async () => {
  const { page } = suite.browser;
  await loginAs(page, suite.server.url, 'manager', 'manager123');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));

  await openPower(page, `interval=hour&at=${day}`);
  const hourly = await chartOf(page);
  // The period, the axis and the picker in the reader's language (2026年11月27日, 11月1日), not 2026-11-27.
  const [year, month, date] = day.split('-').map(Number);
  expect(hourly.label).toContain(`${year}年${month}月${date}日`);
  await expect(page.getByLabel('时间段').inputValue()).resolves.toBe(`${year}年${month}月${date}日`);
  expect(hourly.summary).toMatch(/共 [\d,.]+ kWh/);
  expect(hourly.bars).toBeGreaterThan(20);
  const total = await page.locator('.rp-power__total .ant-statistic-content').textContent();
  expect(Number((total ?? '').replace(/[^\d.]/g, ''))).toBeGreaterThan(0);
  // The top rooms of the day: the simulated ones.
  const topRows = page.locator('.rp-power__cards .ant-table-row');
  await expect.poll(() => topRows.count()).toBe(10);
  expect(await topRows.first().textContent()).toMatch(/0[23]0[1-9]/);
  // Every room's kWh with two decimals, trailing zeros kept (5.10, not 5.1 beside 5.232).
  const kwh = await topRows.locator('td:last-child').allTextContents();
  expect(kwh.filter((text) => !/^\d[\d,]*\.\d{2}$/.test(text))).toEqual([]);
  await screenshot(page, 'power-hour');

  await openPower(page, `interval=day&at=${day.slice(0, 7)}`);
  expect((await chartOf(page)).bars).toBeGreaterThan(0);
  expect(await page.locator('figure svg').textContent()).toContain(`${month}月1日`);
  await expect(page.getByLabel('时间段').inputValue()).resolves.toBe(`${year}年${month}月`);
  await openPower(page, `interval=month&at=${day.slice(0, 4)}`);
  expect((await chartOf(page)).bars).toBeGreaterThan(0);
  // A year is more than the saving is estimated over: the screen says so instead.
  await page.getByText('节电估算最多覆盖 92 天').waitFor();
});

test('by floor: one series per floor, named in the legend and the summary', async () => {
  const { page } = suite.browser;
  await openPower(page, `interval=hour&at=${day}&group=floor`);
  const chart = await chartOf(page);
  expect(chart.summary).toContain('2 层');
  expect(chart.summary).toContain('3 层');
  expect(await page.locator('figure svg').textContent()).toContain('2 层');
  await screenshot(page, 'power-floor');
});

test('exports the figures as CSV and Excel', async () => {
  const { page } = suite.browser;
  await openPower(page, `interval=hour&at=${day}&group=floor`);
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('[data-call="power.export"]').first().click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^power-\d+-hour-.*\.csv$/);
  const lines = readFileSync((await csv.path()) as string, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  // The floor that used more comes first.
  const header = (lines[0] ?? '').split(',');
  expect([header[0], header.at(-1), header.slice(1, -1).sort()]).toEqual(['时间', '合计', ['2 层', '3 层']]);
  expect(lines).toHaveLength(25);
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('[data-call="power.export"]').nth(1).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
});

test('fits a phone: 390 px, nothing wider than the screen', async () => {
  const { page } = suite.browser;
  await page.setViewportSize({ width: 390, height: 844 });
  await openPower(page, `interval=hour&at=${day}&group=floor`);
  await chartOf(page);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const box = await page.locator('figure[role="img"] svg').boundingBox();
  expect(box?.width).toBeGreaterThan(250);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  await screenshot(page, 'power-390');
  await page.setViewportSize({ width: 1440, height: 900 });
});
