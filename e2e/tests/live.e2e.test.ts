import { type Fleet, runFleet } from '@roompilot/rcu-sim';
import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, openBrowser, screenshot } from '../support/browser.js';
import { buttonName, loginAs } from '../support/console.js';
import { demoRooms } from '../support/rcus.js';
import { type RunningServer, startServer } from '../support/server.js';

/**
 * Issue 4 end to end: 200 simulated RCUs on the server's embedded broker; the floor view follows
 * them live, an SOS raises the popup with its looping sound on two consoles and confirming it on
 * one closes it on the other, a device command succeeds, a command to an offline RCU fails clearly.
 */
let server: RunningServer;
let hotel: Fleet;
let watched: Fleet;
let manager: Browser;
let waiter: Browser;
const roomIds = new Map<string, number>();
let rawRoom: { rcu_id: string; device_key: string } | undefined;

beforeAll(async () => {
  // The alert rules look every second: the last test waits for one.
  server = await startServer({ SIMULATE: '0', ALERT_SWEEP_SECONDS: '1' });
  const token = await server.login('manager', 'manager123');
  const types = await server.api<{ records: { id: number }[] }>('/roomtype', { current: 1, size: 10 }, token);
  // The demo hotel has 100 rooms on floors 2–6; floors 7–10 bring it to 200.
  const added = await server.api<{ created: number }>(
    '/roomsadd',
    { floors: [7, 10], rooms: [1, 25], room_type_id: types.data.records[0]?.id },
    token,
  );
  expect(added.data.created).toBe(100);
  const rooms = await server.api<{ records: { id: number; room_num: string }[] }>('/basicroomlist', {}, token);
  for (const room of rooms.data.records) roomIds.set(room.room_num, room.id);
  expect(roomIds.size).toBe(200);

  const credentials = await demoRooms(server);
  const isWatched = (rcuId: string) => /x020[12]$/.test(rcuId);
  // Room 0203 is left to an RCU written from PROTOCOL.md alone (the last test).
  const isRaw = (rcuId: string) => /x0203$/.test(rcuId);
  rawRoom = credentials.find((r) => isRaw(r.rcu_id));
  // Two rooms the test drives by hand; the other 198 live their simulated life (no random SOS).
  watched = await runFleet({
    url: server.mqttUrl,
    rooms: credentials.filter((r) => isWatched(r.rcu_id)),
    behave: false,
  });
  hotel = await runFleet({
    url: server.mqttUrl,
    rooms: credentials.filter((r) => !isWatched(r.rcu_id) && !isRaw(r.rcu_id)),
    speed: 120,
    rates: { sos: 0, drop: 0, fail: 0 },
  });
  expect(watched.rcus.length + hotel.rcus.length).toBe(199);
  manager = await openBrowser();
  waiter = await openBrowser();
}, 120_000);

afterAll(async () => {
  await manager?.close();
  await waiter?.close();
  await hotel?.stop();
  await watched?.stop();
  await server?.stop();
});

function rcu(roomNum: string) {
  const found = watched.rcus.find((candidate) => candidate.rcuId.endsWith(`x${roomNum}`));
  if (!found) throw new Error(`no simulated RCU for room ${roomNum}`);
  return found;
}

function tile(browser: Browser, roomNum: string) {
  return browser.page.locator(`button.rp-tile[data-room-id="${roomIds.get(roomNum)}"]`);
}

/** What a tile says: its words are its accessible name (a compact tile carries them in aria-label). */
async function tileText(browser: Browser, roomNum: string): Promise<string> {
  const button = tile(browser, roomNum);
  return (await button.getAttribute('aria-label')) ?? (await button.textContent()) ?? '';
}

test('the floor view shows the simulated rooms and follows a change live', async () => {
  await loginAs(manager.page, server.url, 'manager', 'manager123');
  await manager.page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await manager.page.goto(`${server.url}/?floor=2`);
  await expect.poll(() => manager.page.locator('button.rp-tile').count(), { timeout: 15_000 }).toBe(20);
  await expect.poll(() => tileText(manager, '0201')).toContain('在线');
  expect(await tileText(manager, '0201')).not.toContain('免打扰');

  rcu('0201').setFlags({ dnd: true });
  await expect.poll(() => tileText(manager, '0201')).toContain('免打扰');
  await expect(tile(manager, '0201').getAttribute('class')).resolves.toContain('rp-tile--dnd');
  await screenshot(manager.page, 'floor-view-zh');
});

test('an SOS raises the popup with its looping sound on two consoles; confirming on one closes both', async () => {
  await loginAs(waiter.page, server.url, 'waiter', 'waiter123');
  await waiter.page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await waiter.page.goto(`${server.url}/`);
  await waiter.page.locator('button.rp-tile').first().waitFor();

  rcu('0202').raiseSos('guest pressed the SOS button');
  for (const browser of [manager, waiter]) {
    const card = browser.page.locator('.rp-alert-card--sos').filter({ hasText: '房间 0202' });
    await card.waitFor({ timeout: 15_000 });
    await card.getByText('SOS 紧急呼叫', { exact: true }).waitFor();
    // The RCU's words, in the console's language.
    await card.getByText('SOS 紧急呼叫: guest pressed the SOS button').waitFor();
    const sound = browser.page.locator('audio#rp-alert-sound-sos');
    await expect.poll(() => sound.evaluate((audio: HTMLAudioElement) => !audio.paused)).toBe(true);
    await expect(sound.evaluate((audio: HTMLAudioElement) => audio.loop)).resolves.toBe(true);
    await expect(sound.evaluate((audio: HTMLAudioElement) => audio.currentSrc)).resolves.toContain('/sounds/sos.wav');
  }
  // The RCU stops repeating once the server has stored and acknowledged the event.
  await expect.poll(() => rcu('0202').pendingSos.length).toBe(0);
  await screenshot(waiter.page, 'sos-popup-zh');

  await manager.page
    .locator('.rp-alert-card--sos')
    .filter({ hasText: '房间 0202' })
    .getByRole('button', { name: buttonName('确认') })
    .click();
  await manager.page.getByText('已确认房间 0202 的告警').waitFor();
  for (const browser of [manager, waiter]) {
    await browser.page.locator('.rp-alert-card--sos').filter({ hasText: '房间 0202' }).waitFor({ state: 'detached' });
    await expect
      .poll(() => browser.page.locator('audio#rp-alert-sound-sos').evaluate((audio: HTMLAudioElement) => audio.paused))
      .toBe(true);
  }
  // The SOS is not left open on the server either (the simulated hotel may raise other alerts
  // meanwhile, such as a window opened with the AC on: the rules look every second here).
  const token = await server.login('waiter', 'waiter123');
  const open = await server.api<{ data: { type: number }[] }>('/redisroomspecialstate', {}, token);
  expect(open.data.data.filter((alert) => alert.type === 1)).toEqual([]);
});

test('a device command succeeds; a command to an offline RCU fails with a clear message', async () => {
  const { page } = manager;
  await page.goto(`${server.url}/roomsystem/roomctrl?room_id=${roomIds.get('0201')}`);
  await page.getByText('房间 0201 设备控制').waitFor();
  const light = page.locator('article.rp-device[data-device-key="L1"]');
  const before = Boolean(rcu('0201').room.devices.L1?.on);
  await light.getByRole('switch').click();
  await light.getByText(/已执行/).waitFor();
  expect(Boolean(rcu('0201').room.devices.L1?.on)).toBe(!before);
  await screenshot(page, 'room-control-zh');

  await rcu('0202').stop();
  await page.goto(`${server.url}/roomsystem/roomctrl?room_id=${roomIds.get('0202')}`);
  await page.getByText('RCU 离线：指令将无法执行').waitFor();
  const offlineLight = page.locator('article.rp-device[data-device-key="L1"]');
  await offlineLight.getByRole('switch').click();
  await offlineLight.getByText('未执行：房间 0202 的RCU离线,命令未发送').waitFor();
});

test('an RCU written from PROTOCOL.md alone reports state and raises an SOS that the console shows', async () => {
  // Nothing of the project here: a plain MQTT client speaking docs/rcu-protocol.md.
  if (!rawRoom) throw new Error('room 0203 has no credentials');
  const id = rawRoom.rcu_id;
  const client = await mqtt.connectAsync(server.mqttUrl, {
    clientId: id,
    username: id,
    password: rawRoom.device_key,
    protocolVersion: 4,
    will: { topic: `rcu/${id}/up/status`, payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
  });
  const commands: { id: string; op: string; event?: string }[] = [];
  client.on('message', (_topic, payload) => {
    const command = JSON.parse(payload.toString());
    commands.push(command);
    client.publish(`rcu/${id}/up/ack`, JSON.stringify({ id: command.id, ok: true, error: null, result: {} }), {
      qos: 1,
    });
  });
  await client.subscribeAsync(`rcu/${id}/down/cmd`, { qos: 1 });
  await client.publishAsync(`rcu/${id}/up/status`, '{"online":true}', { qos: 1, retain: true });
  await client.publishAsync(`rcu/${id}/up/hello`, JSON.stringify({ fw: '9.9.9', hw: 'RAW-1', cfg: 'c1', ir: 'i1' }), {
    qos: 1,
  });
  await client.publishAsync(
    `rcu/${id}/up/state`,
    JSON.stringify({ ts: Date.now(), card: true, occupied: true, mur: true, devices: { L1: { on: true } } }),
  );

  const { page } = manager;
  await page.goto(`${server.url}/?floor=2`);
  await expect.poll(() => tileText(manager, '0203')).toContain('请清理');

  await client.publishAsync(
    `rcu/${id}/up/event`,
    JSON.stringify({ id: 'e-raw-1', ts: Date.now(), type: 'sos', detail: 'raw client' }),
    { qos: 1 },
  );
  const card = page.locator('.rp-alert-card--sos').filter({ hasText: '房间 0203' });
  await card.waitFor({ timeout: 15_000 });
  // The server stored the event and acknowledged it with the `ack` command.
  await expect.poll(() => commands.some((command) => command.op === 'ack' && command.event === 'e-raw-1')).toBe(true);
  await card.getByRole('button', { name: buttonName('确认') }).click();
  await card.waitFor({ state: 'detached' });
  await client.endAsync();
});

test('the manager sets the door alert to 0 minutes; a door left open then raises its alert, and a waiter cannot change it', async () => {
  // The waiter's console has no such button (no pm_config).
  await waiter.page.goto(`${server.url}/?floor=2`);
  await waiter.page.locator('button.rp-tile').first().waitFor();
  expect(await waiter.page.getByRole('button', { name: buttonName('告警设置') }).count()).toBe(0);

  const { page } = manager;
  await page.goto(`${server.url}/?floor=2`);
  await page.getByRole('button', { name: buttonName('告警设置') }).click();
  const dialog = page.getByRole('dialog', { name: '告警设置' });
  const door = dialog.getByLabel('门未关告警', { exact: true });
  const offline = dialog.getByLabel('RCU 离线告警', { exact: true });
  // The defaults while the hotel has saved none.
  await expect.poll(() => door.inputValue()).toBe('10');
  expect(await offline.inputValue()).toBe('5');
  // The dialog's opening transition over, for the picture.
  await dialog.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)));
  await screenshot(page, 'alert-settings-zh');
  await door.fill('');
  await dialog.getByRole('button', { name: buttonName('保存') }).click();
  await dialog.getByText('请输入 0 到 1440 之间的整数').waitFor();
  await door.fill('0');
  await dialog.getByRole('button', { name: buttonName('保存') }).click();
  await page.getByText('告警设置已保存，下一次巡检起生效').waitFor();
  await dialog.waitFor({ state: 'hidden' });

  // Saved on the server, and what the next opening shows.
  const token = await server.login('manager', 'manager123');
  const saved = await server.api<{ door_open_alert_minutes: number }>('/hotelsettings', {}, token);
  expect(saved.data).toEqual({ door_open_alert_minutes: 0, offline_alert_minutes: 5 });
  await page.getByRole('button', { name: buttonName('告警设置') }).click();
  await expect.poll(() => door.inputValue()).toBe('0');
  await dialog.getByRole('button', { name: buttonName('取消') }).click();

  rcu('0201').setFlags({ door: true });
  // The rule raises it at its next look (every second here) and the console pops it up. Other
  // simulated guests' doors may be raised too, so the card is looked for among all of them.
  await expect
    .poll(
      async () => {
        const open = await server.api<{ data: { type: number; room_num: string }[] }>(
          '/redisroomspecialstate',
          {},
          token,
        );
        return open.data.data.some((alert) => alert.type === 2 && alert.room_num === '0201');
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await page.locator('.rp-alert-card').filter({ hasText: '门长时间未关' }).first().waitFor({ timeout: 15_000 });
  await screenshot(page, 'door-alert-zh');
});
