import { DEMO_WORDS } from '@roompilot/contract';
import { beforeEach, expect, test } from 'vitest';
import { buttonName, loginAs, topMenuTitles } from '../support/console.js';
import { ADMIN_PASSWORD } from '../support/server.js';
import { consoleSuite } from '../support/suite.js';

const suite = consoleSuite();

beforeEach(async () => {
  await suite.browser.context.clearCookies();
});

test('the waiter sees only its screens and lands on /401 for a route it lacks', async () => {
  const { page } = suite.browser;
  await loginAs(page, suite.server.url, 'waiter', 'waiter123');
  await page.getByText(DEMO_WORDS.zh.hotel).first().waitFor();
  // System settings has a single visible child for the waiter (room states), so it shows as a
  // direct link; the waiter has no room screens (SPEC.md roles: no room editing, no device keys).
  expect(await topMenuTitles(page)).toEqual(['控制台', '房态控制']);

  await page.goto(`${suite.server.url}/permission/user`);
  await page.waitForURL(/\/401/);
  await page.getByText('抱歉，您没有权限访问该页面。').waitFor();
  // Going back would only bounce here again, so the page offers the way home alone.
  await page.getByRole('button', { name: buttonName('返回首页') }).waitFor();
  expect(await page.getByRole('button', { name: buttonName('返回') }).count()).toBe(0);

  // The server refuses it too: the menu is convenience, not security.
  const token = await suite.server.login('waiter', 'waiter123');
  const answer = await suite.server.api('/rolelist', { current: 1, size: 20 }, token);
  expect(answer.code).toBe(4403);
});

test('the visitor passes everywhere in the console and changes nothing on the server', async () => {
  const { page } = suite.browser;
  await loginAs(page, suite.server.url, 'visitor', 'visitor123');
  await page.getByText(DEMO_WORDS.zh.hotel).first().waitFor();
  await page.goto(`${suite.server.url}/permission/user`);
  await page.locator('.ant-breadcrumb').getByText('用户').waitFor();
  expect(page.url()).toMatch(/\/permission\/user$/);

  const token = await suite.server.login('visitor', 'visitor123');
  expect((await suite.server.api('/rolelist', { current: 1, size: 20 }, token)).code).toBe(0);
  expect((await suite.server.api('/roleadd', { name: 'sneaky', perms: ['*'] }, token)).code).toBe(4403);
});

test('the Administrator gets the platform route set', async () => {
  const { page } = suite.browser;
  await loginAs(page, suite.server.url, 'Administrator', ADMIN_PASSWORD);
  await page.waitForURL(/\/system\/hotel$/);
  expect(await topMenuTitles(page)).toEqual(['系统设置', '权限管理']);
  await page.getByRole('menuitem', { name: '系统设置' }).click();
  await page.locator('.ant-menu-sub').getByText('酒店', { exact: false }).first().waitFor();
});
