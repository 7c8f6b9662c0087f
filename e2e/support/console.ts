import type { Page } from 'playwright-core';

/** antd writes a space between two Chinese characters on buttons ("登 录"). */
export function buttonName(text: string): RegExp {
  return new RegExp(`^\\s*${[...text].join('\\s*')}\\s*$`);
}

/** Logs in through the login page as a person would. */
export async function loginAs(page: Page, baseUrl: string, userName: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.locator('input#user_name, input[autocomplete="username"]').first().fill(userName);
  await page.locator('input[type="password"]').first().fill(password);
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
