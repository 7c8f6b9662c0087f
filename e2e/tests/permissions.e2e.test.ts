import { CALLS, type Call, canVisit, HOTEL_ROUTES, mayCall } from '@roompilot/contract';
import { type Fleet, runFleet } from '@roompilot/rcu-sim';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { screenshot } from '../support/browser.js';
import { buttonName, loginAs, topMenuTitles } from '../support/console.js';
import { demoRooms } from '../support/rcus.js';
import { BUILT_SCREENS, screenIds, screenUrl, waitForScreen } from '../support/screens.js';
import { consoleSuite } from '../support/suite.js';

/**
 * Issue 11, permissions in the console: the visitor and the waiter see no action the server would
 * refuse them. Every action that makes a call carries `data-call="<domain>.<name>"`; on every
 * screen they may open, each such action they see enabled is one the server lets them make.
 */
const suite = consoleSuite({ env: { SIMULATE: '0' } });
let fleet: Fleet | undefined;
let ids: { roomTypeId: number; roomId: number };

const PASSWORDS = { visitor: 'visitor123', waiter: 'waiter123' } as const;
type Who = keyof typeof PASSWORDS;

/** Every call of the table by `domain.name`. */
const TABLE = new Map<string, Call>(
  Object.entries(CALLS).flatMap(([domain, group]) =>
    Object.entries(group.calls).map(([name, call]) => [`${domain}.${name}`, call as Call] as const),
  ),
);

beforeAll(async () => {
  const { server } = suite;
  const manager = await server.login('manager', 'manager123');
  ids = await screenIds(server.api, manager);
  // One RCU, driven by hand: its SOS is the open alert the visitor looks at.
  const credentials = await demoRooms(server);
  fleet = await runFleet({ url: server.mqttUrl, rooms: credentials.slice(0, 1), behave: false });
}, 120_000);

afterAll(async () => {
  await fleet?.stop();
});

/**
 * What the server answers this user for a call, without changing anything: the access check runs
 * before the body is read, so a body no call accepts is refused with 4403 when the user may not make
 * the call, and answered 4400 (bad input) when it may.
 */
async function serverAnswer(token: string, call: Call): Promise<number> {
  const response = await fetch(`${suite.server.url}/apis${call.path}${call.method === 'GET' ? '?rp_probe=1' : ''}`, {
    method: call.method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: call.method === 'GET' ? undefined : JSON.stringify({ rp_probe: 1 }),
  });
  return ((await response.json()) as { code: number }).code;
}

/** The calls of the actions a user sees on the page, and whether each may be used (not disabled). */
function shownCalls(page: Page): Promise<{ call: string; enabled: boolean }[]> {
  return page.evaluate(() => {
    const enabled = (element: Element) =>
      !element.matches(':disabled') &&
      element.getAttribute('aria-disabled') !== 'true' &&
      !/-disabled\b/.test(element.className) &&
      !element.closest('fieldset:disabled, [class*="-disabled"]');
    return Array.from(document.querySelectorAll('[data-call]'))
      .filter((element) => (element as HTMLElement).checkVisibility())
      .map((element) => ({ call: element.getAttribute('data-call') ?? '', enabled: enabled(element) }));
  });
}

async function walk(who: Who) {
  const { page } = suite.browser;
  const { server } = suite;
  await page.context().clearCookies();
  await loginAs(page, server.url, who, PASSWORDS[who]);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  const token = await server.login(who, PASSWORDS[who]);
  const info = await server.api<{ perms: { val: string }[] }>('/userinfo', {}, token);
  const user = { isAdmin: false, perms: info.data.perms.map((perm) => perm.val) };

  const seen = new Map<string, string[]>();
  const shown = new Set<string>();
  // What the console asked for and the server refused: nothing, or the browser logs each refusal.
  const refused: string[] = [];
  const onResponse = (response: Response) => {
    if (response.status() === 403) refused.push(`${new URL(response.url()).pathname} on ${page.url()}`);
  };
  page.on('response', onResponse);
  let opened = 0;
  for (const screen of BUILT_SCREENS) {
    if (screen.as === 'admin') continue;
    const route = HOTEL_ROUTES.find((candidate) => candidate.path === screen.path.split('?')[0]);
    if (!route || !canVisit(route, user.perms)) continue;
    await page.goto(screenUrl(server.url, screen, ids));
    await waitForScreen(page);
    opened += 1;
    await screenshot(page, `permissions-${who}-${screen.name}`);
    for (const { call, enabled } of await shownCalls(page)) {
      shown.add(call);
      if (enabled) seen.set(call, [...(seen.get(call) ?? []), screen.name]);
    }
  }
  page.off('response', onResponse);
  expect(refused, `${who}: calls the server refused`).toEqual([]);
  for (const [id, screens] of seen) {
    const call = TABLE.get(id);
    expect(call, `data-call="${id}" is a call of the table`).toBeDefined();
    if (!call) continue;
    expect(mayCall(user, call), `${who} sees ${id} on ${screens.join(', ')}`).toEqual({ allowed: true });
    // The server agrees: it does not refuse the user that call.
    expect(await serverAnswer(token, call), `${who} ${id}`).not.toBe(4403);
  }
  return { token, seen, shown, opened };
}

// Every built screen, one after the other: minutes on a busy machine, as the other walks allow.
test('the visitor sees no action the server would refuse on any screen, nor Confirm or Alert settings', async () => {
  const { page } = suite.browser;
  const { token, seen, opened } = await walk('visitor');
  // The visitor opens every built screen of a hotel user and may use only reads there.
  expect(opened).toBe(BUILT_SCREENS.filter((screen) => screen.as === 'hotel').length);
  for (const id of seen.keys()) expect(TABLE.get(id)?.write, id).toBe(false);
  // The server refuses what the console no longer offers.
  expect(await serverAnswer(token, CALLS.rooms.calls.update)).toBe(4403);
  expect(await serverAnswer(token, CALLS.alerts.calls.updateSettings)).toBe(4403);
  expect(await serverAnswer(token, CALLS.alerts.calls.confirm)).toBe(4403);

  // Adding rooms stays in sight, disabled, with the reason.
  await page.goto(`${suite.server.url}/roomsystem/room`);
  await waitForScreen(page);
  const add = page.locator('[data-call="rooms.add"]');
  await expect.poll(() => add.isDisabled()).toBe(true);
  await add.locator('xpath=..').hover();
  await page.getByRole('tooltip').getByText('访客只能查看，不能修改').waitFor();

  // An open SOS: the visitor sees it, without Confirm; the floor view has no Alert settings.
  await page.goto(`${suite.server.url}/`);
  await waitForScreen(page);
  fleet?.rcus[0]?.raiseSos('permissions e2e');
  await page.locator('.rp-alert-card').first().waitFor({ timeout: 15_000 });
  expect(
    await page
      .locator('.rp-alert-card')
      .getByRole('button', { name: buttonName('确认') })
      .count(),
  ).toBe(0);
  expect(await page.locator('[data-call="alerts.confirm"]').count()).toBe(0);
  expect(await page.getByRole('button', { name: buttonName('告警设置') }).count()).toBe(0);
  await screenshot(page, 'permissions-visitor-sos');
}, 180_000);

test('the waiter works the floor view, alerts and room states: no room screens, no device keys', async () => {
  const { page } = suite.browser;
  const { token, shown } = await walk('waiter');
  // Its work: room states (applied once rooms and a state are chosen); no room editing and no
  // device keys, on any screen, not even disabled.
  expect([...shown]).toContain('control.rent');
  for (const id of ['rooms.update', 'rooms.exportKeys', 'rooms.regenerateKey', 'rooms.add']) {
    expect(shown.has(id), id).toBe(false);
  }
  expect(await serverAnswer(token, CALLS.rooms.calls.update)).toBe(4403);
  expect(await serverAnswer(token, CALLS.rooms.calls.exportKeys)).toBe(4403);
  expect(await serverAnswer(token, CALLS.rooms.calls.list)).toBe(4403);
  expect(await serverAnswer(token, CALLS.control.calls.rent)).not.toBe(4403);

  // The menu: the floor view and room state control, no Rooms.
  await page.goto(`${suite.server.url}/`);
  await waitForScreen(page);
  expect(await topMenuTitles(page)).toEqual(['控制台', '房态控制']);
  expect(await page.locator('[data-call="alerts.updateSettings"]').count()).toBe(0);

  // The room panel opens with the room's devices, without a way to control them.
  await page.locator('button.rp-tile').first().click();
  await page.locator('.rp-room-panel .rp-device-list, .rp-room-panel .rp-muted').first().waitFor();
  expect(await page.locator('.rp-room-panel .ant-alert-warning').count()).toBe(0);
  expect(
    await page
      .locator('.rp-room-panel')
      .getByRole('button', { name: buttonName('设备控制') })
      .count(),
  ).toBe(0);
  await screenshot(page, 'permissions-waiter-room-panel');
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('.rp-room-panel:visible').count()).toBe(0);

  // An SOS (the visitor's may still be open): the waiter confirms them.
  fleet?.rcus[0]?.raiseSos('permissions e2e');
  const confirm = page.locator('.rp-alert-card [data-call="alerts.confirm"]');
  await confirm.first().waitFor({ timeout: 15_000 });
  while ((await confirm.count()) > 0) {
    await confirm.first().click();
    await page.waitForTimeout(300);
  }
  await expect.poll(() => page.locator('.rp-alert-card').count(), { timeout: 10_000 }).toBe(0);
});
