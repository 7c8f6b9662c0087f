import { DEMO_WORDS, LANGUAGE_COOKIE, LANGUAGES } from '@roompilot/contract';
import { expect, test } from 'vitest';
import { screenshot } from '../support/browser.js';
import { loginAs, topMenuTitles } from '../support/console.js';
import { consoleSuite } from '../support/suite.js';

const suite = consoleSuite();

test('a wrong password is refused with the suite.server message, then the manager sees the hotel menu', async () => {
  const { page } = suite.browser;
  await page.goto(`${suite.server.url}/`);
  await page.waitForURL(/\/login/);
  await expect(page.getByText('客房控制管理后台')).toBeTruthy();
  await page.getByPlaceholder('用户名').waitFor();
  await screenshot(page, 'login-zh');

  await loginAs(page, suite.server.url, 'manager', 'wrong-password');
  await page.getByText('密码错误,请重新输入!').waitFor();
  expect(page.url()).toContain('/login');

  await loginAs(page, suite.server.url, 'manager', 'manager123');
  await page.getByText(DEMO_WORDS.zh.hotel).first().waitFor();
  expect(await topMenuTitles(page)).toEqual(['控制台', '房间设置', '系统设置', '权限管理', '统计分析']);
  // Home is the dashboard's floor view.
  await page.getByRole('radio', { name: '楼层视图' }).waitFor();
  await page.locator('button.rp-tile').first().waitFor();
  await screenshot(page, 'shell-zh');
});

test('switching to English reloads with the success message and English titles', async () => {
  const { page } = suite.browser;
  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.getByText('switch language success, Please refresh').waitFor();
  expect(await topMenuTitles(page)).toEqual(['Desktop', 'Room', 'System', 'Role', 'Statistics']);

  // The Room group by its own title ("Room State" of the open System group also contains "Room").
  await page
    .locator('.ant-menu-root > li > .ant-menu-submenu-title')
    .filter({ hasText: /^Room$/ })
    .click();
  for (const title of ['RoomType', 'Room', 'Air Energy', 'Model']) {
    await page.locator('.ant-menu-sub').getByText(title, { exact: true }).waitFor();
  }
  await page.getByRole('menuitem', { name: 'Statistics' }).click();
  await page.locator('.ant-menu-sub').getByText('Energy Analyse', { exact: true }).click();
  await page.waitForURL(/\/statistics\/powerstatistics$/);
  await page.locator('.ant-breadcrumb').getByText('Energy Analyse').waitFor();
  await page.mouse.move(900, 600);
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
  await screenshot(page, 'shell-en');

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: /Quit|Log out/ }).click();
  await page.waitForURL(/\/login/);
  await page.getByPlaceholder('User name').waitFor();
  await screenshot(page, 'login-en');
});

test('at 1440 px every menu title reads whole in every language, none cut to an ellipsis, and the floor view’s tiles hold their words', async () => {
  const { page } = suite.browser;
  const { url } = suite.server;
  await loginAs(page, url, 'manager', 'manager123');
  await page.waitForURL((at) => !at.pathname.startsWith('/login'));
  const cut: Record<string, string[]> = {};
  const spilt: Record<string, string[]> = {};
  for (const language of LANGUAGES) {
    await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: language, url }]);
    await page.goto(`${url}/dashboard`);
    const groups = page.locator('.ant-layout-sider .ant-menu-submenu-title');
    await groups.first().waitFor();
    for (const group of await groups.all()) {
      await group.click();
      await page.waitForTimeout(300);
    }
    cut[language] = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.ant-layout-sider .ant-menu-title-content'))
        .filter((title) => (title as HTMLElement).offsetParent !== null && title.scrollWidth > title.clientWidth)
        .map((title) => title.textContent ?? ''),
    );
    // The floor view beside the open menu: no word of a tile (every RCU offline here) past its edge.
    await page.locator('button.rp-tile').first().waitFor();
    spilt[language] = await page.evaluate(() =>
      Array.from(document.querySelectorAll('button.rp-tile')).flatMap((tile) => {
        const edge = tile.getBoundingClientRect().right;
        return Array.from(tile.querySelectorAll('span'))
          .filter((part) => part.getBoundingClientRect().right > edge + 0.5)
          .map((part) => part.textContent ?? '');
      }),
    );
    if (language === 'es') await screenshot(page, 'shell-menu-es');
  }
  expect(cut).toEqual({ zh: [], en: [], es: [], ja: [] });
  expect(spilt).toEqual({ zh: [], en: [], es: [], ja: [] });
});
