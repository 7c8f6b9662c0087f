import { type AirPolicy, DEMO_WORDS, LANGUAGE_COOKIE, seasonOf } from '@roompilot/contract';
import type { Fleet } from '@roompilot/rcu-sim';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, openBrowser, screenshot } from '../support/browser.js';
import { buttonName, dialogFooterButton, loginAs } from '../support/console.js';
import { quietRcus } from '../support/rcus.js';
import { waitForScreen } from '../support/screens.js';
import { type RunningServer, startServer } from '../support/server.js';

/**
 * Issue 12, the energy policy: the manager changes the policy on /aircondition (setback one minute
 * after the card goes out, the setback setpoints), a simulated guest takes the card out, and a
 * minute later the room's AC is at the setback setpoint — on the floor view's tile and room panel,
 * and in the event log (`/apis/eventlog`, type policy) with the rule. A simulated RCU on the
 * server's embedded broker, driven by hand; the server's timers poll every second.
 */
let server: RunningServer;
let fleet: Fleet;
let manager: Browser;
let phone: Browser;
let token: string;
let roomId: number;

interface DeviceState {
  devices: Record<string, { on?: boolean; mode?: string; set?: number }>;
}

const SETBACK_COOL = 27;
const SETBACK_HEAT = 19;

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

async function ac() {
  const answer = await server.api<DeviceState>('/redisdevicestate', { room_id: roomId }, token);
  return answer.data.devices.AC1 ?? {};
}

test('the policy screen shows the default policy, labelled with units, and fits a phone', async () => {
  await loginAs(phone.page, server.url, 'manager', 'manager123');
  await phone.page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await phone.page.goto(`${server.url}/roomsystem/aircondition`);
  await waitForScreen(phone.page);
  await phone.page.getByLabel('拔卡后节能延时（分钟）').waitFor();
  expect(await phone.page.getByLabel('拔卡后节能延时（分钟）').inputValue()).toBe('15');
  expect(await phone.page.getByLabel('制冷节能温度（°C）').inputValue()).toBe('28.0');
  const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(phone.page, 'airpolicy-390-zh');
});

test('a date that is not a day of the year is refused on the form; undo brings the saved value back', async () => {
  const { page } = phone;
  await page.getByLabel('制冷季开始（月-日）').fill('02-30');
  await page.getByRole('button', { name: buttonName('保存') }).click();
  await page.getByText('不是一年中的日期，格式为 MM-DD，例如 05-01').waitFor();
  await page.getByRole('button', { name: buttonName('还原') }).click();
  await page.getByText('不是一年中的日期，格式为 MM-DD，例如 05-01').waitFor({ state: 'detached' });
  expect(await page.getByLabel('制冷季开始（月-日）').inputValue()).toBe('05-01');
});

test('card out: after the configured minute the AC moves to the setback setpoint, on the floor view and in the event log with the rule', async () => {
  const { page } = manager;
  const rcu = fleet.rcus[0];
  if (!rcu) throw new Error('no simulated RCU');
  // A guest checks in: the policy pre-conditions the room and the welcome mode turns the AC on;
  // once both are done the AC runs in the season's mode, within its limits.
  rcu.setFlags({ rent: 'checked_in', card: true, occupied: true });
  let before = await ac();
  await expect
    .poll(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        const now = await ac();
        const settled = now.on === true && JSON.stringify(now) === JSON.stringify(before);
        before = now;
        return settled;
      },
      { timeout: 20_000, interval: 0 },
    )
    .toBe(true);
  const policy = (await server.api<AirPolicy>('/airpolicy', {}, token)).data;
  const season = seasonOf(policy.seasons, new Date());
  const limits = policy.limits[season].checked_in;
  expect(limits.modes).toContain(before.mode);
  expect(before.set).toBeGreaterThanOrEqual(limits.set_min);
  expect(before.set).toBeLessThanOrEqual(limits.set_max);
  const expected = before.mode === 'heat' ? SETBACK_HEAT : SETBACK_COOL;

  // The manager sets the policy: setback one minute after the card goes out, to 27 °C cooling, 19 °C heating.
  await loginAs(page, server.url, 'manager', 'manager123');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${server.url}/roomsystem/aircondition`);
  await waitForScreen(page);
  await page.getByText(`今天：${{ cooling: '制冷季', heating: '制热季', transition: '过渡季' }[season]}`).waitFor();
  await page.getByLabel('拔卡后节能延时（分钟）').fill('1');
  await page.getByLabel('制冷节能温度（°C）').fill(String(SETBACK_COOL));
  await page.getByLabel('制热节能温度（°C）').fill(String(SETBACK_HEAT));
  await screenshot(page, 'airpolicy-1440-zh');
  await page.getByRole('button', { name: buttonName('保存') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('将修改以下 3 项').waitFor();
  await dialog.getByText('拔卡后节能延时（分钟）: 15 分钟 → 1 分钟').waitFor();
  await dialog.getByText(`制冷节能温度（°C）: 28 °C → ${SETBACK_COOL} °C`).waitFor();
  await dialog.getByText(`制热节能温度（°C）: 17 °C → ${SETBACK_HEAT} °C`).waitFor();
  await screenshot(page, 'airpolicy-confirm-zh');
  await dialogFooterButton(page, '保存').click();
  await page.getByText('节能策略已保存').waitFor();
  const saved = (await server.api<AirPolicy>('/airpolicy', {}, token)).data;
  expect(saved).toMatchObject({ card_out_setback_min: 1, setback_cool: SETBACK_COOL, setback_heat: SETBACK_HEAT });

  // The guest takes the card out and leaves: nothing for the first minute, then the setback.
  await page.goto(`${server.url}/?floor=2`);
  const tile = page.locator(`button.rp-tile[data-room-id="${roomId}"]`);
  await tile.waitFor();
  const cardOut = Date.now();
  rcu.setFlags({ card: false, occupied: false });
  await new Promise((resolve) => setTimeout(resolve, 45_000));
  expect((await ac()).set).toBe(before.set);
  await expect.poll(() => ac().then((state) => state.set), { timeout: 40_000, interval: 500 }).toBe(expected);
  const waited = Date.now() - cardOut;
  expect(waited).toBeGreaterThanOrEqual(60_000);
  expect(waited).toBeLessThan(75_000);
  expect(rcu.room.devices.AC1?.set).toBe(expected);

  // The floor view: the tile and the room panel show the setback setpoint.
  await expect
    .poll(async () => (await tile.getAttribute('aria-label')) ?? (await tile.textContent()))
    .toContain(`${expected}℃`);
  await tile.click();
  const panel = page.locator('.rp-room-panel');
  await panel
    .locator('.rp-device-list li')
    .filter({ has: page.locator('.rp-device-list__key[title="AC1"]') })
    .filter({ hasText: `${expected}℃` })
    .waitFor();
  await screenshot(page, 'airpolicy-setback-panel-zh');

  // The event log: the policy's action with its rule, in words (the console's language, zh), the AC
  // by its name in the room type's template.
  const log = await server.api<{ records: { type: string; detail: string; text: string; room_num: string }[] }>(
    '/eventlog',
    { current: 1, size: 20, filter: { room_id: roomId, type: 'policy' } },
    token,
  );
  expect(log.code).toBe(0);
  expect(log.data.records.map((record) => record.text)).toContainEqual(
    `拔卡节能温度（1 分钟后）: ${DEMO_WORDS.zh.devices.airConditioner} 设定温度 ${before.set}→${expected} °C — 成功`,
  );
  expect(JSON.parse(log.data.records[0]?.detail ?? '{}')).toMatchObject({ rule: 'card_out_setback', minutes: 1 });
  expect(log.data.records[0]?.room_num).toBe('0201');
}, 150_000);

test('at 1440 px in English and Spanish the fields of a row keep their inputs on one line, though some labels wrap', async () => {
  const { page } = manager;
  await loginAs(page, server.url, 'manager', 'manager123');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  for (const language of ['en', 'es']) {
    await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: language, url: server.url }]);
    await page.goto(`${server.url}/roomsystem/aircondition`);
    await waitForScreen(page);
    const rows = await page.locator('.rp-airpolicy__grid').evaluateAll((grids) =>
      grids
        .filter((grid) => grid.getBoundingClientRect().height > 0)
        .map((grid) => {
          const fields = Array.from(grid.querySelectorAll(':scope > .ant-form-item'));
          // The label's words as laid out: one line or two.
          const labels = fields.map((field) => {
            const range = document.createRange();
            range.selectNodeContents(field.querySelector('label') ?? field);
            return range.getBoundingClientRect().height;
          });
          const inputs = fields.map((field) =>
            Math.round(field.querySelector('.ant-form-item-control')?.getBoundingClientRect().top ?? 0),
          );
          // One line of a label is under 30 px high.
          return { wraps: labels.some((height) => height > 30), inputTops: [...new Set(inputs)] };
        }),
    );
    await screenshot(page, `airpolicy-1440-${language}`);
    // Some label wraps, and every row's inputs start at one height.
    expect(rows.some((row) => row.wraps)).toBe(true);
    for (const row of rows) expect(row.inputTops).toHaveLength(1);
  }
  await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: 'zh', url: server.url }]);
});
