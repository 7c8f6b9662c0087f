import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  test: { name: 'rcu-sim', environment: 'node', include: ['src/**/*.test.ts'] },
});
