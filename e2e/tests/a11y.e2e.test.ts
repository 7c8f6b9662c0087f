import type { Fleet } from '@roompilot/rcu-sim';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { describeViolations, seriousViolations } from '../support/axe.js';
import { screenshot } from '../support/browser.js';
import { loginAs, sessionToken } from '../support/console.js';
import { liveFloor } from '../support/liveFloor.js';
import { BUILT_SCREENS, screenIds, screenUrl, waitForScreen } from '../support/screens.js';
import { ADMIN_PASSWORD } from '../support/server.js';
import { CALM_SERVER, consoleSuite } from '../support/suite.js';

/**
 * Issue 11, accessibility: axe-core finds no serious or critical violation on any built screen
 * (and on the login, 404 and 401 pages), in zh, at 1440 and 390 px; the floor
 * view works by keyboard. Each screen's picture at both widths goes to e2e/screenshots.
 */
const suite = consoleSuite({ bypassCSP: true, env: CALM_SERVER });
let fleet: Fleet | undefined;

beforeAll(async () => {
  fleet = await liveFloor(suite.server);
}, 60_000);

afterAll(async () => {
  await fleet?.stop();
});

/** Every page's findings, by page: one failure lists them all. */
async function findings(page: Page, what: string, found: Record<string, string[]>): Promise<void> {
  const violations = await seriousViolations(page);
  if (violations.length > 0) found[what] = describeViolations(violations);
}

async function logIn(page: Page, as: 'admin' | 'hotel'): Promise<void> {
  if (as === 'admin') await loginAs(page, suite.server.url, 'Administrator', ADMIN_PASSWORD);
  else await loginAs(page, suite.server.url, 'manager', 'manager123');
  await page.locator('.ant-breadcrumb').first().waitFor();
}

for (const width of [1440, 390]) {
  const viewport = { width, height: width < 1024 ? 844 : 900 };

  test(`at ${width} px every built screen passes axe-core (no serious or critical violation)`, async () => {
    const { page } = suite.browser;
    const found: Record<string, string[]> = {};
    await page.setViewportSize(viewport);
    for (const as of ['hotel', 'admin'] as const) {
      await logIn(page, as);
      const ids = as === 'hotel' ? await screenIds(suite.server.api, await sessionToken(page)) : undefined;
      for (const screen of BUILT_SCREENS.filter((built) => built.as === as)) {
        await page.goto(screenUrl(suite.server.url, screen, ids ?? { roomTypeId: 0, roomId: 0 }));
        await waitForScreen(page);
        await screenshot(page, `${width}-${screen.name}`);
        await findings(page, screen.name, found);
      }
    }
    expect(found).toEqual({});
  }, 180_000);

  test(`at ${width} px the login, 404 and 401 pages pass axe-core`, async () => {
    const { page } = suite.browser;
    const found: Record<string, string[]> = {};
    await page.setViewportSize(viewport);
    await page.context().clearCookies({ name: 'Admin-Token' });
    await page.goto(`${suite.server.url}/login`);
    await page.locator('#login_user_name').waitFor();
    await screenshot(page, `${width}-login`);
    await findings(page, 'login', found);

    await logIn(page, 'hotel');

    for (const status of ['404', '401']) {
      await page.goto(`${suite.server.url}/${status}`);
      await page.locator('.ant-result').waitFor();
      await screenshot(page, `${width}-${status}`);
      await findings(page, status, found);
    }
    expect(found).toEqual({});
  }, 60_000);
}

test('the floor view works by keyboard: Tab reaches a tile, the arrows move, Enter and Space open its room', async () => {
  const { page } = suite.browser;
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page, 'hotel');
  await page.goto(`${suite.server.url}/dashboard`);
  await waitForScreen(page);
  const tiles = page.locator('button.rp-tile');
  await tiles.first().waitFor();
  const focusedRoom = () => page.evaluate(() => document.activeElement?.getAttribute('data-room-id') ?? null);

  // Tab from the top of the page until a tile has the focus: the first one.
  let presses = 0;
  while ((await focusedRoom()) === null && presses < 60) {
    await page.keyboard.press('Tab');
    presses += 1;
  }
  const first = await tiles.nth(0).getAttribute('data-room-id');
  expect(await focusedRoom()).toBe(first);
  // A ring shows where the focus is.
  const ring = await page.evaluate(() => {
    const style = getComputedStyle(document.activeElement as Element);
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });
  expect(ring.style).toBe('solid');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  await screenshot(page, '1440-floor-keyboard-focus');

  // Right goes to the next tile, Down to the tile below it, Up back, Home to the first.
  await page.keyboard.press('ArrowRight');
  const second = await tiles.nth(1).getAttribute('data-room-id');
  expect(await focusedRoom()).toBe(second);
  const perLine = await page.evaluate(() => {
    const tops = Array.from(document.querySelectorAll('button.rp-tile')).map(
      (tile) => tile.getBoundingClientRect().top,
    );
    return tops.filter((top) => top === tops[0]).length;
  });
  await page.keyboard.press('ArrowDown');
  expect(await focusedRoom()).toBe(await tiles.nth(1 + perLine).getAttribute('data-room-id'));
  await page.keyboard.press('ArrowUp');
  expect(await focusedRoom()).toBe(second);

  // Enter opens the room's panel; Escape closes it and the focus is back on the tile.
  const secondNum = (await tiles.nth(1).locator('.rp-tile__num').textContent()) ?? '';
  await page.keyboard.press('Enter');
  const panel = page.locator('.rp-room-panel');
  await panel.getByText(secondNum, { exact: false }).first().waitFor();
  await page.keyboard.press('Escape');
  await expect.poll(() => panel.isVisible()).toBe(false);
  await expect.poll(focusedRoom).toBe(second);

  await page.keyboard.press('Home');
  expect(await focusedRoom()).toBe(first);
  await page.keyboard.press('Space');
  const firstNum = (await tiles.nth(0).locator('.rp-tile__num').textContent()) ?? '';
  await panel.getByText(firstNum, { exact: false }).first().waitFor();
  await screenshot(page, '1440-floor-keyboard-panel');
});
