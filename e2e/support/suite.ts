import { afterAll, beforeAll } from 'vitest';
import { type Browser, openBrowser } from './browser.js';
import { type RunningServer, startServer } from './server.js';

/**
 * For the tests that look at screens (layout, accessibility), not at the server under load: no
 * refusals (4429) because the event loop was late, which on a busy test machine happens for
 * reasons of its own and would fail a screen at random.
 */
export const CALM_SERVER: Record<string, string> = { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0' };

export interface ConsoleSuite {
  /** The server the file's tests run against, started before the first test. */
  readonly server: RunningServer;
  /** One Chromium with the console, opened before the first test. */
  readonly browser: Browser;
}

/**
 * A test file's server and browser: started before its first test, closed after its last. Read
 * `suite.server` and `suite.browser` inside tests and hooks, not at import time.
 */
export function consoleSuite(
  options: {
    env?: Record<string, string>;
    viewport?: { width: number; height: number };
    /** For the tests that put axe-core into the page (support/axe.ts). */
    bypassCSP?: boolean;
    /** For the tests that measure what is drawn: no animation to wait for (support/browser.ts). */
    reducedMotion?: 'reduce';
  } = {},
): ConsoleSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(options.env);
    browser = await openBrowser({
      ...options.viewport,
      bypassCSP: options.bypassCSP,
      reducedMotion: options.reducedMotion,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} is not started yet: read it inside a test`);
    return value;
  };
  return {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
  };
}
