import { DEMO_WORDS } from '@roompilot/contract';
import { expect, test } from 'vitest';
import { screenshot } from '../support/browser.js';
import { buttonName, loginAs, sessionToken } from '../support/console.js';
import { consoleSuite } from '../support/suite.js';

const suite = consoleSuite();

test('a session ended elsewhere asks to log in again', async () => {
  const { page } = suite.browser;
  await loginAs(page, suite.server.url, 'manager', 'manager123');
  await page.getByText(DEMO_WORDS.zh.hotel).first().waitFor();

  // The same session is ended from another place (an operator's tool logs it out).
  const token = await sessionToken(page);
  expect(token).not.toBe('');
  expect((await suite.server.api('/logout', {}, token)).code).toBe(0);

  // The server closes the console's live socket with 4433 at once; the console asks to log in again.
  const confirm = page.getByRole('dialog').filter({ hasText: '确认登出' });
  await confirm.getByText('确认登出').waitFor({ timeout: 20_000 });
  await confirm.getByText('您已被登出，可以取消以留在当前页面，或者重新登录').waitFor();
  await confirm.getByRole('button', { name: buttonName('取消') }).waitFor();
  await screenshot(page, 'session-ended-zh');
  await confirm.getByRole('button', { name: buttonName('重新登录') }).click();
  await page.waitForURL(/\/login/);
  expect(await sessionToken(page)).toBe('');
});
