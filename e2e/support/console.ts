import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * A button's accessible name: antd writes a space between two Chinese characters ("登 录"), and
 * an icon before the text adds its own label ("plus 新增酒店").
 */
export function buttonName(text: string): RegExp {
  const escaped = [...text].map((char) => char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(^|\\s)${escaped.join('\\s*')}\\s*$`);
}

/** Logs in through the login page as a person would, after leaving any session this browser has. */
export async function loginAs(page: Page, baseUrl: string, userName: string, password: string): Promise<void> {
  await page.context().clearCookies({ name: 'Admin-Token' });
  await page.goto(`${baseUrl}/login`);
  await page.locator('#login_user_name').fill(userName);
  await page.locator('#login_password').fill(password);
  await page.getByRole('button', { name: /登\s*录|Log in|Iniciar sesión|ログイン/ }).click();
}

/** The token the console keeps in its cookie, as the server issued it. */
export async function sessionToken(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  const token = cookies.find((cookie) => cookie.name === 'Admin-Token')?.value ?? '';
  return decodeURIComponent(token).replace(/^"|"$/g, '');
}

/** The texts of the sidebar menu's top-level entries. */
export async function topMenuTitles(page: Page): Promise<string[]> {
  const items = page.locator('.ant-layout-sider .ant-menu-root > li');
  await items.first().waitFor();
  return (await items.allInnerTexts()).map((text) => text.trim().split('\n')[0] ?? '').filter(Boolean);
}

/** Picks an option of the antd Select labelled `label` (the dropdown renders apart from the field). */
export async function choose(
  page: Page,
  label: string,
  option: string | RegExp,
  scope: Page | Locator = page,
): Promise<void> {
  // Only the dropdown about to open may be visible, or the option could be picked from another.
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
  await scope.getByLabel(label, { exact: true }).and(scope.getByRole('combobox')).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

/** The footer button of the open dialog (the dialog's × is also named "关闭"). */
export function dialogFooterButton(page: Page, text: string) {
  return page.locator('.ant-modal-footer:visible').getByRole('button', { name: buttonName(text) });
}
