import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page, type WebSocket } from 'playwright-core';

/** Screenshots the tests write for people to look at; the folder is git-ignored. */
export const SCREENSHOT_DIR = join(import.meta.dirname, '..', 'screenshots');

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Debian's Chromium, headless, with a fresh profile and no background traffic. */
export async function openBrowser(
  options: {
    width?: number;
    height?: number;
    bypassCSP?: boolean;
    /**
     * 'reduce': the page is told the reader asked for less motion (the console then draws charts
     * and opens dialogs without animation), for the tests that measure what is drawn.
     */
    reducedMotion?: 'reduce' | 'no-preference';
  } = {},
): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'roompilot-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    // Only for tests that put a script of their own into the page (axe-core, support/axe.ts).
    bypassCSP: options.bypassCSP ?? false,
    reducedMotion: options.reducedMotion ?? 'no-preference',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  watchTraffic(page);
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

/** A page's requests still waiting for their answer, and when one last began or ended (ms). */
interface Traffic {
  pending: number;
  changedAt: number;
}

const traffic = new WeakMap<Page, Traffic>();

/** Counts the page's requests (the console's calls, its chunks, its images; not the live socket). */
function watchTraffic(page: Page): void {
  const seen: Traffic = { pending: 0, changedAt: Date.now() };
  page.on('request', () => {
    seen.pending += 1;
    seen.changedAt = Date.now();
  });
  const ended = () => {
    seen.pending = Math.max(0, seen.pending - 1);
    seen.changedAt = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  traffic.set(page, seen);
  page.on('websocket', (socket) => {
    if (socket.url().includes('/apis/live')) liveSockets.set(page, socket);
  });
}

/** The page's latest live socket (the console's, to /apis/live). */
const liveSockets = new WeakMap<Page, WebSocket>();

/**
 * Whether a page opened here has had no request under way for `quietMs`; undefined for a page
 * this file does not watch. Playwright's own 'networkidle' waits for half a second of quiet after
 * the last answer, on every screen a walk opens.
 */
export function networkQuiet(page: Page, quietMs: number): (() => boolean) | undefined {
  const seen = traffic.get(page);
  return seen && (() => seen.pending === 0 && Date.now() - seen.changedAt >= quietMs);
}

/**
 * Resolves when the live socket the page has open now closes (the console's, to /apis/live), at once
 * if it has none open: what a test waits for after an action that ends the session.
 */
export function liveSocketClosed(page: Page): Promise<void> {
  const socket = liveSockets.get(page);
  if (!socket || socket.isClosed()) return Promise.resolve();
  return new Promise((resolve) => socket.once('close', () => resolve()));
}
