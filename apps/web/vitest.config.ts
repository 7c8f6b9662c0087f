import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { callRoutes } from './build/callRoutes.ts';

export default defineConfig({
  plugins: [callRoutes()],
  resolve: {
    // The contract from its sources, no build needed. An alias rather than the `source` condition:
    // Vitest hands that condition to Node too, and some of antd's dependencies name sources under it
    // that they do not ship.
    alias: { '@roompilot/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)) },
  },
  test: {
    name: 'web',
    // Logic tests run in node; a component test asks for jsdom in its first line
    // (`// @vitest-environment jsdom`), and src/test/setup.ts prepares the page for it.
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // A component test's first render of antd takes seconds on a busy two-core machine.
    testTimeout: 20_000,
  },
});
