import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  // Tests run in Node (Vite's SSR side): read the contract from its sources there too, no build needed.
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // `npm run test:unit` (TEST_SCOPE=unit) runs the files of a worker in one module graph: each
    // file no longer imports the whole server afresh (about 4× faster). Every suite builds its own
    // app on its own database, so nothing is shared but the modules; `npm test` keeps files apart.
    isolate: process.env.TEST_SCOPE !== 'unit',
  },
});
