import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  test: { name: 'contract', environment: 'node', include: ['src/**/*.test.ts'] },
});
