import { defineConfig } from 'vitest/config';

/** Browser tests: the real built console and server, driven in Debian's Chromium. */
export default defineConfig({
  resolve: { conditions: ['source'] },
  // Tests run on Vite's SSR side: read the contract from its sources there too.
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['tests/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each file starts its own server and browser; two cores run them one after another.
    fileParallelism: false,
  },
});
