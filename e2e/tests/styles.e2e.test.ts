import { expect, test } from 'vitest';
import { loginAs, sessionToken } from '../support/console.js';
import { BUILT_SCREENS, screenIds, screenUrl, waitForScreen } from '../support/screens.js';
import { ADMIN_PASSWORD } from '../support/server.js';
import { runtimeStyles } from '../support/styles.js';
import { CALM_SERVER, consoleSuite } from '../support/suite.js';

/**
 * Issue 11, speed: antd's styles come from the stylesheet made at build time
 * (apps/web/build/antdStyles.ts), so that no screen spends its first render building them. On the
 * login page and on every built screen, the only styles antd still writes into the page are CSS
 * variables (its theme's and its components' tokens, keyed by the page's own React ids).
 */
const suite = consoleSuite({ env: CALM_SERVER });

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
