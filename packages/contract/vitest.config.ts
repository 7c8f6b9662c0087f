import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  // Tests run on Vite's SSR side: read the contract from its sources there too.
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: { name: 'contract', environment: 'node', include: ['src/**/*.test.ts'] },
});
