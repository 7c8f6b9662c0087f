import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { loginAs, sessionToken } from '../support/console.js';
import { BUILT_SCREENS, screenIds, screenUrl, waitForScreen } from '../support/screens.js';
import { ADMIN_PASSWORD } from '../support/server.js';
import { runtimeStyles } from '../support/styles.js';
import { CALM_SERVER, consoleSuite } from '../support/suite.js';

/**
 * Issue 11, speed: antd's styles come from the stylesheet made at build time
 * (apps/web/build/antdStyles.ts), and the built console tells antd to build none in the browser
 * (`zeroRuntime`, app/theme.ts), so a style missing from the sheet would be missing from the page.
 * These tests turn antd's runtime styles back on (ANTD_RUNTIME_STYLES_KEY) and check that it finds
 * nothing to add: on the login page, on every built screen and in the dialogs, drop-downs and
 * drawers and toasts they open, the only styles antd writes are CSS variables (its theme's and components'
 * tokens, keyed by the page's own React ids).
 */
const suite = consoleSuite({ env: CALM_SERVER });
/** Whether @ant-design/icons inserted its base styles: it does when antd's runtime styles are on. */
function iconStylesInserted(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('style')).some((style) => style.textContent?.includes('.anticon {')),
  );
}
/** app/theme.ts's ANTD_RUNTIME_STYLES_KEY. */
const RUNTIME_STYLES_KEY = 'roompilot.antdRuntimeStyles';

test('as built, antd builds no style in the page; its styles come from the sheet', async () => {
  const { page } = suite.browser;
  await page.goto(`${suite.server.url}/login`);
  await page.locator('#login_user_name').waitFor();
  await expect
    .poll(() => page.locator('button[type="submit"]').evaluate((button) => getComputedStyle(button).backgroundColor))
    .toBe('rgb(22, 104, 220)');
  // Not even the icons' base styles, which @ant-design/icons inserts unless antd runs without runtime styles.
  await page.locator('.anticon').first().waitFor();
  expect(await iconStylesInserted(page)).toBe(false);
  expect(await runtimeStyles(page)).toEqual([]);
  // Every test below: antd's runtime on, to find what the sheet misses.
  await page.addInitScript((key) => localStorage.setItem(key, '1'), RUNTIME_STYLES_KEY);
});

test('the login page has antd’s stylesheet from the build, and antd builds no style in the page', async () => {
  const { page } = suite.browser;
  await page.goto(`${suite.server.url}/login`);
  await page.locator('#login_user_name').waitFor();
  const sheet = await page.evaluate(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"][href*="/assets/antd-"]');
    return { rules: link?.sheet?.cssRules.length ?? 0 };
  });
  expect(sheet.rules).toBeGreaterThan(1000);
  // The theme's primary colour reaches the login button from the sheet (src/app/theme.ts).
  await expect
    .poll(() => page.locator('button[type="submit"]').evaluate((button) => getComputedStyle(button).backgroundColor))
    .toBe('rgb(22, 104, 220)');
  expect(await runtimeStyles(page)).toEqual([]);
});

test('no built screen makes antd build styles at run time', async () => {
  const { page } = suite.browser;
  const found: Record<string, string[]> = {};
  for (const as of ['hotel', 'admin'] as const) {
    await page.context().clearCookies();
    if (as === 'admin') await loginAs(page, suite.server.url, 'Administrator', ADMIN_PASSWORD);
    else await loginAs(page, suite.server.url, 'manager', 'manager123');
    await page.locator('.ant-breadcrumb').first().waitFor();
    const ids = as === 'hotel' ? await screenIds(suite.server.api, await sessionToken(page)) : undefined;
    for (const screen of BUILT_SCREENS.filter((built) => built.as === as)) {
      // A full load per screen: each starts from the stylesheet alone.
      await page.goto(screenUrl(suite.server.url, screen, ids ?? { roomTypeId: 0, roomId: 0 }));
      await waitForScreen(page);
      const rules = await runtimeStyles(page);
      if (rules.length > 0) found[screen.name] = rules;
    }
  }
  expect(found).toEqual({});
}, 180_000);

test('the dialogs, drop-downs, drawers and toasts the screens open make antd build no style', async () => {
  const { page } = suite.browser;
  await page.addInitScript((key) => localStorage.setItem(key, '1'), RUNTIME_STYLES_KEY);
  await page.context().clearCookies();
  await loginAs(page, suite.server.url, 'manager', 'manager123');
  await page.locator('.ant-breadcrumb').first().waitFor();
  const found: Record<string, string[]> = {};
  const check = async (what: string) => {
    const rules = await runtimeStyles(page);
    if (rules.length > 0) found[what] = rules;
  };
  // The rooms screen: the add dialog (a form of inputs and selects) with a select's options open,
  // then the export menu.
  await page.goto(`${suite.server.url}/roomsystem/room`);
  await waitForScreen(page);
  await page.locator('.rp-page button[data-call="rooms.add"]').first().click();
  await page.locator('.ant-modal:visible .ant-select:visible').first().click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item').first().waitFor();
  await check('rooms: add dialog, select open');
  await page.keyboard.press('Escape');
  await page.locator('.ant-modal:visible .ant-modal-close').click();
  await page.locator('.ant-modal:visible').waitFor({ state: 'hidden' });
  await page.locator('.rp-page .ant-dropdown-trigger').first().click();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').first().waitFor();
  await check('rooms: export menu');
  // The dashboard: a room's drawer.
  await page.goto(`${suite.server.url}/`);
  await page.locator('.rp-tile').first().click();
  await page.locator('.ant-drawer-title:visible').waitFor();
  await expect.poll(() => page.locator('.ant-drawer .ant-spin-spinning').count(), { timeout: 15_000 }).toBe(0);
  await page.waitForLoadState('networkidle');
  await check('dashboard: room drawer');
  // A toast (antd's message): the one a language switch shows after its reload.
  await page.evaluate(() => sessionStorage.setItem('roompilot.languageSwitched', '1'));
  await page.reload();
  await page.locator('.ant-message-notice').first().waitFor();
  await check('message toast');
  // The runtime was on: had the sheet missed a style, antd would have written it (and `check` seen it).
  expect(await iconStylesInserted(page)).toBe(true);
  expect(found).toEqual({});
}, 120_000);
