import { defineConfig } from 'vitest/config';

/** Unit and API tests of every workspace; the browser tests in e2e/ run apart, after the build. */
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/server',
      'apps/web',
      'apps/rcu-sim',
      // The repository's own rules (no import circles).
      { test: { name: 'repo', include: ['scripts/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
