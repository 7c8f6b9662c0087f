import { DEMO_WORDS } from '@roompilot/contract';
import { expect, test } from 'vitest';
import { liveSocketClosed } from '../support/browser.js';
import { buttonName, loginAs } from '../support/console.js';
import { waitForQuiet } from '../support/screens.js';
import { consoleSuite } from '../support/suite.js';

const suite = consoleSuite();

test('changing the password: the mismatch message, then success, back to login, and the new one works', async () => {
  const { page } = suite.browser;
  await loginAs(page, suite.server.url, 'manager', 'manager123');
  await page.getByText(DEMO_WORDS.zh.hotel).first().waitFor();

  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  // SPEC.md: the dialog is 20 % of the window wide.
  // (measured once the opening animation has run)
  const modal = page.locator('.rp-password-dialog');
  await expect
    .poll(async () => Math.round((((await modal.boundingBox())?.width ?? 0) / 1440) * 100), { timeout: 5_000 })
    .toBe(20);

  await dialog.getByRole('button', { name: buttonName('确定') }).click();
  await dialog.getByText('请输入密码').waitFor();
  await dialog.getByText('请再次输入密码').waitFor();

  await dialog.getByLabel('原密码').fill('manager123');
  // The strength rule, explained below the field and checked before anything is sent.
  await dialog.getByText('8–128 个字符，至少包含字母、数字、符号中的两类').waitFor();
  await dialog.getByLabel('新密码').fill('onlyletters');
  await dialog.getByRole('button', { name: buttonName('确定') }).click();
  await dialog.getByText('密码强度不够，请按下方要求设置').waitFor();
  await dialog.getByLabel('新密码').fill('new-secret-1');
  await dialog.getByLabel('确认密码').fill('new-secret-2');
  await dialog.getByRole('button', { name: buttonName('确定') }).click();
  await dialog.getByText('两次输入密码不一致!').waitFor();

  await dialog.getByLabel('确认密码').fill('new-secret-1');
  const closed = liveSocketClosed(page);
  await dialog.getByRole('button', { name: buttonName('确定') }).click();
  await page.getByText('更新密码成功').waitFor();
  await page.waitForURL(/\/login/);
  // The server ended the session (and closed the live socket): the console knows it did that
  // itself, and does not ask to log in again as if it had been ended elsewhere.
  await page.locator('#login_user_name').waitFor();
  await closed;
  await waitForQuiet(page);
  expect(await page.getByRole('dialog').filter({ hasText: '确认登出' }).count()).toBe(0);

  await loginAs(page, suite.server.url, 'manager', 'manager123');
  await page.getByText('密码错误,请重新输入!').waitFor();
  await loginAs(page, suite.server.url, 'manager', 'new-secret-1');
  await page.getByText(DEMO_WORDS.zh.hotel).first().waitFor();
});
