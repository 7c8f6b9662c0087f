import { DEMO_WORDS } from '@roompilot/contract';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { openBrowser, screenshot } from '../support/browser.js';
import { buttonName, choose, dialogFooterButton, loginAs, sessionToken, topMenuTitles } from '../support/console.js';
import { ADMIN_PASSWORD } from '../support/server.js';
import { consoleSuite } from '../support/suite.js';

/**
 * Issue 14, people: the manager creates a department, then a user in it with a demo role (the
 * form shows what is wrong with bad input first); that user logs in and sees the menus of its role;
 * the manager disables it and its open console is sent back to the login at once.
 */
/**
 * Waits for a save's toast; if it does not come, fails with what the page shows instead (a
 * refusal's toast, a field's error, whether the dialog is still open), so that a failure says why.
 */
async function savedToast(page: Page, text: string): Promise<void> {
  try {
    await page.getByText(text).waitFor({ timeout: 15_000 });
  } catch (error) {
    const shown = await page
      .locator('.ant-message-notice, .ant-form-item-explain-error, .ant-modal-title')
      .allInnerTexts();
    await screenshot(page, 'people-save-missing');
    throw new Error(`no "${text}" after saving; the page shows: ${JSON.stringify(shown)}`, { cause: error });
  }
}

const suite = consoleSuite({ env: { SIMULATE: '0', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0' } });

test('a department, a user in it with a role, its menus, and disabling it ends its session', async () => {
  const { page } = suite.browser;
  const { url } = suite.server;
  await loginAs(page, url, 'manager', 'manager123');
  await page.waitForURL((address) => !address.pathname.startsWith('/login'));

  // The department.
  await page.goto(`${url}/permission/dept`);
  await page
    .getByRole('button', { name: buttonName('新增部门') })
    .first()
    .click();
  const deptDialog = page.getByRole('dialog').filter({ hasText: '新增部门' });
  await deptDialog.getByLabel('部门名称').fill('前厅部');
  await dialogFooterButton(page, '保存').click();
  await page.getByText('部门“前厅部”已创建').waitFor();
  const front = page.locator('.rp-dept').filter({ hasText: '前厅部' });
  await front.waitFor();
  expect(await front.locator('.rp-dept__count').innerText()).toBe('0 人');
  await screenshot(page, 'people-departments-1440');

  // The user: bad input first, each field saying what is wrong; nothing is sent.
  await page.goto(`${url}/permission/user`);
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  await page.getByRole('button', { name: buttonName('新增用户') }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '新增用户' });
  await dialog.getByLabel('用户名').fill('li ly');
  await dialog.getByLabel('密码', { exact: true }).fill('onlyletters');
  await dialog.getByLabel('确认密码').fill('onlyletter');
  await dialogFooterButton(page, '保存').click();
  const errors = dialog.locator('.ant-form-item-explain-error');
  await expect
    .poll(() => errors.allInnerTexts())
    .toEqual(['用户名不符合下方要求', '密码强度不够，请按下方要求设置', '两次输入密码不一致!']);
  // Below each field, the rule it must follow.
  expect(await dialog.locator('.ant-form-item-extra').allInnerTexts()).toEqual(
    expect.arrayContaining([
      '2–64 个字符，只能包含字母、数字和 _ . @ -',
      '8–128 个字符，至少包含字母、数字、符号中的两类',
    ]),
  );
  await screenshot(page, 'people-user-form-errors-1440');

  await dialog.getByLabel('用户名').fill('lily');
  await dialog.getByLabel('密码', { exact: true }).fill('lily-pass-1');
  await dialog.getByLabel('确认密码').fill('lily-pass-1');
  await dialog.getByLabel('昵称').fill('Lily Chen');
  await dialog.getByLabel('部门').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper')
    .filter({ hasText: '前厅部' })
    .click();
  await choose(page, '角色', 'waiter', dialog);
  await page.keyboard.press('Escape');
  await expect.poll(() => errors.count()).toBe(0);
  await dialogFooterButton(page, '保存').click();
  await page.getByText('用户“lily”已创建').waitFor();
  const row = page.locator('tr.ant-table-row').filter({ hasText: 'lily' });
  await row.waitFor();
  expect(await row.innerText()).toMatch(/lily[\s\S]*Lily Chen[\s\S]*前厅部[\s\S]*waiter/);
  await screenshot(page, 'people-users-1440');

  // The department counts it.
  await page.goto(`${url}/permission/dept`);
  await expect.poll(() => front.locator('.rp-dept__count').innerText()).toBe('1 人');

  // Lily logs in elsewhere and sees its role's menus.
  const lily = await openBrowser();
  try {
    await loginAs(lily.page, url, 'lily', 'lily-pass-1');
    await lily.page.waitForURL((address) => !address.pathname.startsWith('/login'));
    expect(await topMenuTitles(lily.page)).toEqual(['控制台', '房态控制']);
    const token = await sessionToken(lily.page);

    // The manager disables it: its open console asks to log in again, and the login refuses it.
    await page.goto(`${url}/permission/user`);
    await row.getByRole('switch').click();
    await page.getByText('已停用用户“lily”，其登录已立即失效').waitFor();
    expect((await suite.server.api('/userinfo', {}, token)).code).toBe(4433);
    // At once: the server closes its live socket as it disables it, not at the socket's next
    // check of its session (every 30 s).
    const confirm = lily.page.getByRole('dialog').filter({ hasText: '确认登出' });
    await confirm.waitFor({ timeout: 15_000 });
    await confirm.getByRole('button', { name: buttonName('重新登录') }).click();
    await lily.page.waitForURL(/\/login/);
    await loginAs(lily.page, url, 'lily', 'lily-pass-1');
    await lily.page.getByText('该账号已停用,请联系管理员').waitFor();
  } finally {
    await lily.close();
  }
});

test('the manager cannot disable or delete itself; a phone shows the users and the tree', async () => {
  const { page } = suite.browser;
  const { url } = suite.server;
  await page.goto(`${url}/permission/user`);
  const me = page.locator('tr.ant-table-row').filter({ has: page.locator('.ant-tag', { hasText: '我' }) });
  await me.waitFor();
  expect(await me.getByRole('switch').isDisabled()).toBe(true);
  expect(await me.getByRole('button', { name: buttonName('删除') }).count()).toBe(0);

  const phone = await openBrowser({ width: 390, height: 844 });
  try {
    await loginAs(phone.page, url, 'manager', 'manager123');
    await phone.page.waitForURL((address) => !address.pathname.startsWith('/login'));
    for (const [path, name] of [
      ['/permission/user', 'people-users-390'],
      ['/permission/dept', 'people-departments-390'],
    ] as const) {
      await phone.page.goto(`${url}${path}`);
      await phone.page.locator('tr.ant-table-row, .rp-dept, .ant-empty').first().waitFor();
      const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(390);
      await screenshot(phone.page, name);
    }
  } finally {
    await phone.close();
  }
});

test("the Administrator picks a hotel and manages its departments and users; the other hotel's stay apart", async () => {
  const { url } = suite.server;
  const admin = await suite.server.login('Administrator', ADMIN_PASSWORD);
  const added = await suite.server.api<{ hotel_id: number }>(
    '/hoteladd',
    { hotel_name: '海湾酒店', validdate: null, manager: { user_name: 'baymgr', password: 'bay-pass-1' } },
    admin,
  );
  expect(added.code).toBe(0);
  const bay = added.data.hotel_id;

  const browser = await openBrowser();
  const { page } = browser;
  try {
    await loginAs(page, url, 'Administrator', ADMIN_PASSWORD);
    await page.waitForURL(/\/system\/hotel$/);

    // The departments of the hotel picked: the bay hotel's tree starts empty.
    await page.goto(`${url}/permission/dept`);
    await choose(page, '酒店', '海湾酒店');
    await page.waitForURL(new RegExp(`[?&]hotel=${bay}$`));
    // The bay hotel's own (empty) tree, not a state before it.
    await page.getByText('还没有部门，新增后可为用户选择部门').waitFor();
    await page
      .getByRole('button', { name: buttonName('新增部门') })
      .first()
      .click();
    await page.getByRole('dialog').filter({ hasText: '新增部门' }).getByLabel('部门名称').fill('客房部');
    await dialogFooterButton(page, '保存').click();
    await savedToast(page, '部门“客房部”已创建');
    const housekeeping = page.locator('.rp-dept').filter({ hasText: '客房部' });
    expect(await housekeeping.locator('.rp-dept__count').innerText()).toBe('0 人');

    // Its users, from the menu: the hotel stays picked; a user in the department with one of its roles.
    await page.getByRole('menuitem', { name: '用户' }).click();
    await page.waitForURL(/\/permission\/user/);
    await page.locator('.ant-select').filter({ hasText: '海湾酒店' }).waitFor();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringContaining('baymgr')]);
    await page.getByRole('button', { name: buttonName('新增用户') }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '新增用户' });
    await dialog.getByLabel('用户名').fill('bayclerk');
    await dialog.getByLabel('密码', { exact: true }).fill('bay-clerk-1');
    await dialog.getByLabel('确认密码').fill('bay-clerk-1');
    await dialog.getByLabel('部门').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper')
      .filter({ hasText: '客房部' })
      .click();
    await choose(page, '角色', 'worker', dialog);
    await page.keyboard.press('Escape');
    await dialogFooterButton(page, '保存').click();
    await page.getByText('用户“bayclerk”已创建').waitFor();
    const clerk = rows.filter({ hasText: 'bayclerk' });
    await clerk.waitFor();
    expect(await clerk.innerText()).toMatch(/bayclerk[\s\S]*客房部[\s\S]*worker/);
    await screenshot(page, 'people-admin-users-1440');

    // The user belongs to that hotel and signs in there.
    const token = await suite.server.login('bayclerk', 'bay-clerk-1');
    const info = await suite.server.api<{ hotel_id: number; roles: string[] }>('/userinfo', {}, token);
    expect(info.data).toMatchObject({ hotel_id: bay, roles: ['worker'] });
    await page.getByRole('menuitem', { name: '部门' }).click();
    await page.waitForURL(/\/permission\/dept/);
    await expect.poll(() => housekeeping.locator('.rp-dept__count').innerText()).toBe('1 人');

    // The demo hotel's lists show none of it.
    await choose(page, '酒店', DEMO_WORDS.zh.hotel);
    await page.locator('.rp-dept').filter({ hasText: '前厅部' }).waitFor();
    expect(await housekeeping.count()).toBe(0);
    await page.getByRole('menuitem', { name: '用户' }).click();
    await rows.filter({ hasText: 'manager' }).first().waitFor();
    expect(await rows.filter({ hasText: 'bayclerk' }).count()).toBe(0);
  } finally {
    await browser.close();
  }
});
