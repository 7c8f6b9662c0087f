import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, openBrowser, screenshot } from '../support/browser.js';
import { buttonName, choose, dialogFooterButton, loginAs, sessionToken, topMenuTitles } from '../support/console.js';
import { type RunningServer, startServer } from '../support/server.js';
import { CALM_SERVER } from '../support/suite.js';

/**
 * Issue 14, roles and permissions: the manager creates a role with three permissions in the
 * console; a user holding it sees only those menus, another route gives /401 in the console and
 * 4403 from the API; the manager takes one permission away and the user's open console loses that
 * menu (and the screen it was on) without logging in again.
 */
let server: RunningServer;
let manager: Browser;
let night: Browser;
let phone: Browser;

beforeAll(async () => {
  server = await startServer({ SIMULATE: '0', ...CALM_SERVER });
  manager = await openBrowser();
  night = await openBrowser();
  phone = await openBrowser({ width: 390, height: 844 });
}, 120_000);

afterAll(async () => {
  await manager?.close();
  await night?.close();
  await phone?.close();
  await server?.stop();
});

/**
 * Waits for the page's animations (a dialog opening) to end, for a screenshot. An animation
 * cancelled meanwhile (its `finished` rejects with AbortError) has ended too.
 */
function settled(page: Page): Promise<unknown> {
  return page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

/**
 * The manager adds a department and, in it, a user holding the role: through the console's
 * departments and users screens, as the walk goes.
 */
async function addUserWithRole(page: Page, userName: string, password: string, roleName: string): Promise<void> {
  await page.goto(`${server.url}/permission/dept`);
  await page
    .getByRole('button', { name: buttonName('新增部门') })
    .first()
    .click();
  await page.getByRole('dialog').filter({ hasText: '新增部门' }).getByLabel('部门名称').fill('夜班组');
  await dialogFooterButton(page, '保存').click();
  await page.getByText('部门“夜班组”已创建').waitFor();

  await page.goto(`${server.url}/permission/user`);
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  await page.getByRole('button', { name: buttonName('新增用户') }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '新增用户' });
  await dialog.getByLabel('用户名').fill(userName);
  await dialog.getByLabel('密码', { exact: true }).fill(password);
  await dialog.getByLabel('确认密码').fill(password);
  await dialog.getByLabel('部门').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper')
    .filter({ hasText: '夜班组' })
    .click();
  await choose(page, '角色', roleName, dialog);
  await page.keyboard.press('Escape');
  await dialogFooterButton(page, '保存').click();
  await page.getByText(`用户“${userName}”已创建`).waitFor();
  await page.goto(`${server.url}/permission/role`);
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
}

test('a role made in the console decides what its user sees, and a change reaches an open console at once', async () => {
  const { page } = manager;
  await loginAs(page, server.url, 'manager', 'manager123');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));

  // The role screen is in the People menu.
  const sider = page.locator('.ant-layout-sider');
  await sider.getByText('权限管理', { exact: true }).click();
  await sider.getByRole('menuitem', { name: '角色权限' }).click();
  await page.waitForURL(`${server.url}/permission/role`);
  const table = page.locator('.ant-table-tbody');
  // The presets: the manager's role holds every hotel key.
  await table.locator('tr').filter({ hasText: 'manager' }).getByText('共 19 项').waitFor();

  // A new role with three permissions.
  await page.getByRole('button', { name: buttonName('新增角色') }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '新增角色' });
  await dialog.getByLabel('角色名称').fill('夜班前台');
  await dialog.getByText('访客，可以查看所有页面').waitFor();
  for (const name of ['控制台', '商品设置', '日志']) await dialog.getByRole('checkbox', { name, exact: true }).check();
  await dialog.getByText('已选 3 项').waitFor();
  await settled(page);
  await screenshot(page, 'roles-picker-1440');
  await dialogFooterButton(page, '保存').click();
  await page.getByText('角色“夜班前台”已创建').waitFor();
  await dialog.waitFor({ state: 'hidden' });
  const nightRow = table.locator('tr').filter({ hasText: '夜班前台' });
  expect(await nightRow.innerText()).toMatch(/夜班前台[\s\S]*控制台[\s\S]*商品设置[\s\S]*日志[\s\S]*共 3 项[\s\S]*0/);
  await screenshot(page, 'roles-list-1440');

  // A department and its user holding the role; the user signs in and sees only those menus.
  await addUserWithRole(page, 'night', 'night-desk-1', '夜班前台');
  const user = night.page;
  await loginAs(user, server.url, 'night', 'night-desk-1');
  await user.waitForURL(`${server.url}/`);
  // The system and statistics groups have one entry each: shown as direct links (SPEC.md "Layout").
  await expect.poll(() => topMenuTitles(user)).toEqual(['控制台', '商品设置', '日志']);
  // Another route: /401 in the console, 4403 from the API.
  await user.goto(`${server.url}/roomsystem/room`);
  await user.waitForURL(/\/401/);
  await user.getByText('抱歉，您没有权限访问该页面。').waitFor();
  const token = await sessionToken(user);
  expect((await server.api('/roomlist', {}, token)).code).toBe(4403);
  expect((await server.api('/goodslist', {}, token)).code).toBe(0);
  // Two consoles of the user stay open: one on the log screen, one on the goods screen.
  await user.goto(`${server.url}/statistics/logstatistics`);
  await user.locator('.ant-breadcrumb').getByText('日志').waitFor();
  const goods = await night.context.newPage();
  await goods.goto(`${server.url}/system/goods`);
  await goods.locator('.ant-breadcrumb').getByText('商品设置').waitFor();

  // The permission list: what each key opens and who holds it.
  await page.getByRole('tab', { name: '权限列表' }).click();
  const goodsRow = page.locator('.ant-table-tbody tr[data-row-key="pm_goods"]');
  await goodsRow.getByText('夜班前台').waitFor();
  expect(await goodsRow.innerText()).toMatch(/商品设置[\s\S]*管理客房电视上展示的商品[\s\S]*manager[\s\S]*夜班前台/);
  await settled(page);
  await screenshot(page, 'roles-perms-1440');

  // The manager takes the goods away.
  await page.getByRole('tab', { name: '角色' }).click();
  await nightRow.getByRole('button', { name: buttonName('编辑') }).click();
  const editDialog = page.getByRole('dialog').filter({ hasText: '编辑角色' });
  await editDialog.getByRole('checkbox', { name: '商品设置', exact: true }).uncheck();
  await dialogFooterButton(page, '保存').click();
  await page.getByText('角色“夜班前台”已保存').waitFor();

  // The user's open consoles follow without logging in again: the menu loses the goods, and the
  // console that showed them goes to /401.
  await expect.poll(() => topMenuTitles(user), { timeout: 15_000 }).toEqual(['控制台', '日志']);
  await goods.waitForURL(/\/401/, { timeout: 15_000 });
  await goods.getByText('抱歉，您没有权限访问该页面。').waitFor();
  expect(await sessionToken(user)).toBe(token);
  expect((await server.api('/goodslist', {}, token)).code).toBe(4403);
  await screenshot(user, 'roles-user-after-1440');
});

test('a role still held cannot be deleted, a free one can, and nobody takes away its own user management', async () => {
  const { page } = manager;
  await page.goto(`${server.url}/permission/role`);
  const table = page.locator('.ant-table-tbody');
  const nightRow = table.locator('tr').filter({ hasText: '夜班前台' });
  await nightRow.waitFor();
  expect(await nightRow.locator('[data-call="roles.remove"]').isDisabled()).toBe(true);

  await page.getByRole('button', { name: buttonName('新增角色') }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '新增角色' });
  await dialog.getByLabel('角色名称').fill('临时');
  await dialog.getByRole('checkbox', { name: '全部权限' }).check();
  await dialogFooterButton(page, '保存').click();
  await page.getByText('角色“临时”已创建').waitFor();
  const tempRow = table.locator('tr').filter({ hasText: '临时' });
  await tempRow.getByRole('button', { name: buttonName('删除') }).click();
  await page.getByText('确定删除角色“临时”吗？').waitFor();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: buttonName('删除') })
    .click();
  await page.getByText('已删除角色“临时”').waitFor();
  await expect.poll(() => tempRow.count()).toBe(0);

  // The manager's own role without user management: refused, said why, nothing changed.
  const managerRow = table.locator('tr').filter({ hasText: 'manager' });
  await managerRow.getByRole('button', { name: buttonName('编辑') }).click();
  const edit = page.getByRole('dialog').filter({ hasText: '编辑角色' });
  await edit.getByText('这是你自己的角色').waitFor();
  await edit.getByRole('checkbox', { name: '用户', exact: true }).uncheck();
  await dialogFooterButton(page, '保存').click();
  await page.getByText('修改后你将不再拥有用户管理权限：不能移除自己最后的用户管理权限').waitFor();
  await expect.poll(() => edit.isVisible()).toBe(true);
  await page
    .locator('.ant-modal-footer:visible')
    .getByRole('button', { name: buttonName('取消') })
    .click();
  const token = await server.login('manager', 'manager123');
  const info = await server.api<{ perms: { val: string }[] }>('/userinfo', {}, token);
  expect(info.data.perms.map((perm) => perm.val)).toContain('pm_user');
});

test('on a phone the role screen and its dialog fit the width', async () => {
  const { page } = phone;
  await loginAs(page, server.url, 'manager', 'manager123');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${server.url}/permission/role`);
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await screenshot(page, 'roles-list-390');
  await page.getByRole('button', { name: buttonName('新增角色') }).click();
  await page.getByRole('dialog').getByRole('checkbox', { name: '控制台', exact: true }).waitFor();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await settled(page);
  await screenshot(page, 'roles-picker-390');
  await page
    .locator('.ant-modal-footer:visible')
    .getByRole('button', { name: buttonName('取消') })
    .click();
  await page.getByRole('tab', { name: '权限列表' }).click();
  const goodsRow = page.locator('.ant-table-tbody tr[data-row-key="pm_goods"]');
  await goodsRow.getByText('manager').waitFor();
  await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await settled(page);
  await screenshot(page, 'roles-perms-390');
});
