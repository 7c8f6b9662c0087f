import { expect, test } from 'vitest';
import { screenshot } from '../support/browser.js';
import { loginAs } from '../support/console.js';
import { consoleSuite } from '../support/suite.js';

const suite = consoleSuite({ viewport: { width: 800, height: 900 } });

test('under 1024 px the layout is mobile with the sidebar closed until opened', async () => {
  const { page } = suite.browser;
  await loginAs(page, suite.server.url, 'manager', 'manager123');
  await page.locator('.ant-breadcrumb').getByText('控制台').waitFor();
  await expect(page.getByRole('menuitem', { name: '房间设置' }).isVisible()).resolves.toBe(false);
  await screenshot(page, 'mobile-closed');

  await page.getByRole('button', { name: '切换菜单' }).click();
  const roomGroup = page.getByRole('menuitem', { name: '房间设置' });
  await roomGroup.waitFor();
  // The drawer slides in: the picture is taken once it has arrived.
  await expect.poll(async () => (await roomGroup.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(0);
  await page.waitForTimeout(300);
  await screenshot(page, 'mobile-open');
});
