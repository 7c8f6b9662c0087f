import { defineConfig } from 'vitest/config';
import { callRoutes } from './build/callRoutes';

export default defineConfig({
  plugins: [callRoutes()],
  resolve: { conditions: ['source'] },
  // Tests run on Vite's SSR side: read the contract from its sources there too.
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: { name: 'web', environment: 'node', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] },
});
