import { createHmac } from 'node:crypto';
import { DEMO_WORDS } from '@roompilot/contract';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { screenshot } from '../support/browser.js';
import { buttonName, loginAs } from '../support/console.js';
import { ADMIN_PASSWORD } from '../support/server.js';
import { runtimeStyles } from '../support/styles.js';
import { CALM_SERVER, consoleSuite } from '../support/suite.js';

const suite = consoleSuite({ env: CALM_SERVER });

/** What an authenticator app shows for a base32 secret at a moment (RFC 6238: SHA-1, 6 digits, 30 s). */
function appCode(secret: string, atMs = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/\s/g, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac.at(-1) as number) & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * The code of the next 30 s step: the server takes one step either side, and a code is good once,
 * so the test never has to wait for the clock after using the current one.
 */
const nextCode = (secret: string) => appCode(secret, Date.now() + 30_000);

/** The secret the set-up step shows as text (what a person types when it cannot scan). */
async function shownSecret(page: Page): Promise<string> {
  const secret = page.locator('.rp-totp__secret');
  await secret.waitFor();
  const text = (await secret.innerText()).replace(/\s/g, '');
  expect(text).toMatch(/^[A-Z2-7]{32}$/);
  return text;
}

async function shownRecoveryCodes(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: '保存恢复码' });
  await list.waitFor();
  const codes = (await list.locator('code').allInnerTexts()).map((code) => code.trim());
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  return codes;
}

async function quit(page: Page): Promise<void> {
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.waitForURL(/\/login/);
}

/** antd styles built in the page, the toasts' aside (they are built at run time everywhere). */
async function builtInPage(page: Page): Promise<string[]> {
  return (await runtimeStyles(page)).filter((rule) => !rule.includes('.ant-message'));
}

async function noSideScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a user turns two-factor sign-in on, then signs in with a code and with a recovery code', async () => {
  const { page } = suite.browser;
  await loginAs(page, suite.server.url, 'waiter', 'waiter123');
  await page.getByText(DEMO_WORDS.zh.hotel).first().waitFor();

  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '两步验证' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('未开启').waitFor();
  await dialog.getByRole('button', { name: buttonName('开启两步验证') }).click();

  await dialog.getByRole('img', { name: '供验证器应用扫描的二维码' }).waitFor();
  await dialog.getByText('waiter', { exact: false }).first().waitFor();
  const secret = await shownSecret(page);
  await screenshot(page, 'two-factor-setup');

  // A wrong code is told beside the field, and nothing is turned on.
  const wrong = appCode(secret) === '000000' ? '111111' : '000000';
  await dialog.getByLabel('6 位验证码').fill(wrong);
  await dialog.getByRole('button', { name: buttonName('确认开启') }).click();
  await dialog.getByText('验证码错误,请重新输入').waitFor();

  await dialog.getByLabel('6 位验证码').fill(appCode(secret));
  await dialog.getByRole('button', { name: buttonName('确认开启') }).click();
  const first = await shownRecoveryCodes(page);
  await dialog.getByRole('button', { name: buttonName('下载') }).waitFor();
  await screenshot(page, 'two-factor-recovery-codes');
  await dialog.getByRole('button', { name: buttonName('我已保存恢复码') }).click();
  await dialog.getByText('已开启').waitFor();
  await dialog.getByText('剩余恢复码').waitFor();
  await screenshot(page, 'two-factor-on');
  // New recovery codes, after proving it is the user (a code or the password): the first ones go.
  await dialog.getByRole('button', { name: buttonName('重新生成恢复码') }).click();
  await dialog.getByText('旧的恢复码将全部失效').waitFor();
  await dialog.locator('.ant-segmented-item').filter({ hasText: '登录密码' }).click();
  // antd's styles of the dialog's parts come from the build's stylesheet.
  expect(await builtInPage(page)).toEqual([]);
  await dialog.getByRole('textbox', { name: '登录密码' }).fill('wrong-password');
  await dialog.getByRole('button', { name: buttonName('重新生成恢复码') }).click();
  await dialog.getByText('密码错误,请重新输入').waitFor();
  await dialog.getByRole('textbox', { name: '登录密码' }).fill('waiter123');
  await dialog.getByRole('button', { name: buttonName('重新生成恢复码') }).click();
  const codes = await shownRecoveryCodes(page);
  expect(codes.some((code) => first.includes(code))).toBe(false);
  await dialog.getByRole('button', { name: buttonName('我已保存恢复码') }).click();
  await dialog.getByText('已开启').waitFor();
  await page.keyboard.press('Escape');

  // Out, and in again: the password, then a code from the app.
  await quit(page);
  await loginAs(page, suite.server.url, 'waiter', 'waiter123');
  await page.getByRole('heading', { name: '两步验证' }).waitFor();
  expect(page.url()).toMatch(/\/login/);
  await screenshot(page, 'two-factor-login-code');
  await page.getByLabel('验证码或恢复码').fill('123 456 7');
  await page.getByRole('button', { name: buttonName('验证') }).click();
  await page.getByText('验证码错误,请重新输入').waitFor();
  await page.getByLabel('验证码或恢复码').fill(nextCode(secret));
  await page.getByRole('button', { name: buttonName('验证') }).click();
  await page.getByText(DEMO_WORDS.zh.hotel).first().waitFor();

  // And with a recovery code instead: it works once.
  await quit(page);
  await loginAs(page, suite.server.url, 'waiter', 'waiter123');
  await page.getByLabel('验证码或恢复码').fill(codes[0] as string);
  await page.getByRole('button', { name: buttonName('验证') }).click();
  await page.getByText(DEMO_WORDS.zh.hotel).first().waitFor();
  // The console says how many are left.
  await page.getByText('已使用恢复码登录,还剩 9 个恢复码。').waitFor();
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '两步验证' }).click();
  await page.getByRole('dialog').getByText('剩余恢复码').waitFor();
  await expect.poll(() => page.locator('.rp-twofactor__facts dd').last().innerText()).toBe('9');
  await page.keyboard.press('Escape');

  await quit(page);
  await loginAs(page, suite.server.url, 'waiter', 'waiter123');
  await page.getByLabel('验证码或恢复码').fill(codes[0] as string);
  await page.getByRole('button', { name: buttonName('验证') }).click();
  await page.getByText('此恢复码已用过,请换一个未用过的恢复码').waitFor();
  // Back to the password: a fresh start.
  await page.getByRole('button', { name: buttonName('返回重新登录') }).click();
  await page.locator('#login_password').waitFor();
});

test("the manager resets a user's lost two-factor sign-in on the users screen", async () => {
  const { page } = suite.browser;
  await loginAs(page, suite.server.url, 'manager', 'manager123');
  await page.getByText(DEMO_WORDS.zh.hotel).first().waitFor();
  await page.goto(`${suite.server.url}/permission/user`);
  const row = page.locator('tr.ant-table-row').filter({ hasText: 'waiter' });
  // The waiter turned it on above: the list says so.
  await row.getByLabel('已开启两步验证').waitFor();
  await row.getByRole('button', { name: buttonName('重置两步验证') }).click();
  await page.getByRole('tooltip').getByText('确定重置用户“waiter”的两步验证吗？', { exact: false }).waitFor();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: buttonName('确定') })
    .click();
  await page.getByText('已重置用户“waiter”的两步验证').waitFor();
  await expect.poll(() => row.getByLabel('已开启两步验证').count()).toBe(0);
  expect(await row.getByRole('button', { name: buttonName('重置两步验证') }).count()).toBe(0);

  // The waiter signs in with its password alone again.
  await quit(page);
  await loginAs(page, suite.server.url, 'waiter', 'waiter123');
  await page.getByText(DEMO_WORDS.zh.hotel).first().waitFor();
  expect(await page.getByLabel('验证码或恢复码').count()).toBe(0);
  await quit(page);
});

test('the Administrator requires it for the hotel, and a user without it is led through setting it up at login (390 px)', async () => {
  const { page } = suite.browser;
  await loginAs(page, suite.server.url, 'Administrator', ADMIN_PASSWORD);
  await page.getByRole('button', { name: '用户菜单' }).waitFor();
  await page.goto(`${suite.server.url}/system/hotel`);
  const row = page.locator('.ant-table-row').filter({ hasText: DEMO_WORDS.zh.hotel });
  await row.getByRole('button', { name: buttonName('编辑') }).click();
  const form = page.getByRole('dialog');
  await form.getByRole('switch', { name: '要求两步验证' }).click();
  await screenshot(page, 'two-factor-hotel-form');
  await form.getByRole('button', { name: buttonName('保存') }).click();
  await row.getByText('必须').waitFor();
  expect(await builtInPage(page)).toEqual([]);
  await quit(page);

  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await page.goto(`${suite.server.url}/login`);
    await page.locator('#login_user_name').waitFor();
    await noSideScroll(page);
    await screenshot(page, 'two-factor-login-390');
    // The visitor has no two-factor sign-in: the password alone no longer gives it a session.
    await loginAs(page, suite.server.url, 'visitor', 'visitor123');
    await page.getByRole('heading', { name: '设置两步验证' }).waitFor();
    await page.getByText('您所在的酒店要求两步验证').waitFor();
    const secret = await shownSecret(page);
    await page.getByRole('img', { name: '供验证器应用扫描的二维码' }).waitFor();
    await noSideScroll(page);
    await screenshot(page, 'two-factor-enrol-390');
    expect(page.url()).toMatch(/\/login/);

    await page.getByLabel('6 位验证码').fill(appCode(secret));
    await page.getByRole('button', { name: buttonName('确认开启') }).click();
    await shownRecoveryCodes(page);
    await noSideScroll(page);
    await screenshot(page, 'two-factor-enrol-codes-390');
    await page.getByRole('button', { name: buttonName('我已保存恢复码') }).click();
    // In the console (at 390 px the sidebar with the hotel's name is closed).
    await page.getByRole('button', { name: '用户菜单' }).waitFor();
    expect(page.url()).not.toMatch(/\/login/);

    // Required: the dialog offers no way to turn it off.
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '两步验证' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('所在酒店要求两步验证,不能关闭').waitFor();
    expect(await dialog.getByRole('button', { name: buttonName('关闭两步验证') }).count()).toBe(0);
    await noSideScroll(page);
    await screenshot(page, 'two-factor-dialog-390');
    await page.keyboard.press('Escape');

    // The next login asks for a code.
    await quit(page);
    await loginAs(page, suite.server.url, 'visitor', 'visitor123');
    await page.getByLabel('验证码或恢复码').fill(nextCode(secret));
    await page.getByRole('button', { name: buttonName('验证') }).click();
    await page.getByRole('button', { name: '用户菜单' }).waitFor();
  } finally {
    await page.setViewportSize({ width: 1440, height: 900 });
  }
});
