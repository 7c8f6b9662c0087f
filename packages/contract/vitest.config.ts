import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  test: { environment: 'node', include: ['src/**/*.test.ts'] },
});
