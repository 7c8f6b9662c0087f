import { DEMO_WORDS } from '@roompilot/contract';
/**
 * What the server sends, as Chromium takes it: the console and the API's documentation work under
 * the Content-Security-Policy (no violation reported, the live WebSocket open), and the console's
 * scripts arrive precompressed and cached as immutable.
 */
import type { Page, Response } from 'playwright-core';
import { expect, test } from 'vitest';
import { loginAs } from '../support/console.js';
import { consoleSuite } from '../support/suite.js';

const suite = consoleSuite();

/**
 * CSP violations the page reports (the DOM event), and the console messages that name the policy or
 * the Permissions-Policy (a feature the browser does not know is reported on every page).
 */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.context().addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|CSP violation|Permissions-Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

test('the console renders, signs in and opens its live socket with no CSP violation; scripts come brotli-compressed', async () => {
  const { page } = suite.browser;
  const violations = await watchViolations(page);
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (/\/assets\/.+\.js$/.test(response.url())) scripts.push(response);
  });
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));

  const document = await page.goto(`${suite.server.url}/login`);
  const headers = (await document?.allHeaders()) ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['strict-transport-security']).toBeUndefined();

  await loginAs(page, suite.server.url, 'manager', 'manager123');
  await page.getByText(DEMO_WORDS.zh.hotel).first().waitFor();
  expect(headers['permissions-policy']).toContain('camera=()');
  // The floor view reads the live state and listens on the WebSocket.
  await page.locator('button.rp-tile').first().waitFor();
  await expect.poll(() => sockets.some((url) => url.includes('/apis/live'))).toBe(true);
  // A screen with tables, forms and dialogs (antd's run-time styles).
  await page.goto(`${suite.server.url}/roomsystem/room`);
  await page.locator('.ant-table-row').first().waitFor();

  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    const scriptHeaders = await script.allHeaders();
    expect(scriptHeaders['cache-control'], script.url()).toBe('public, max-age=31536000, immutable');
    expect(scriptHeaders['content-encoding'], script.url()).toBe('br');
  }
  expect(violations).toEqual([]);
});

test('the API documentation renders under its policy with no CSP violation', async () => {
  const { page } = suite.browser;
  const violations = await watchViolations(page);
  await page.goto(`${suite.server.url}/apis/docs`);
  await page.getByText('RoomPilot API').first().waitFor();
  await page.locator('.opblock').first().waitFor();
  expect(violations).toEqual([]);
});
