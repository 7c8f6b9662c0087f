#!/usr/bin/env node
// `npm run test:unit`: the quick tests, with no browser and no outside server: the pure tests of
// every workspace, the console's component tests (jsdom) and the server's API tests on SQLite.
// TEST_SCOPE=unit leaves out (does not declare) the PostgreSQL run of each database suite and
// the suites that need Redis or Mosquitto; the browser tests (e2e/) are not part of it. `npm test`
// runs everything. Extra arguments go to Vitest: `npm run test:unit -- apps/server/src/modules/rooms`.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const LEFT_OUT =
  'test:unit leaves out: the PostgreSQL run of the database suites, the Redis and Mosquitto suites and the browser tests; npm test runs them all';

console.log(LEFT_OUT);
const started = Date.now();
const vitest = join(root, 'node_modules/vitest/vitest.mjs');
// Files named *.integration.test.ts need an outside server throughout; mixed files leave their
// suites out themselves (apps/server/src/test-support/scope.ts).
const run = spawnSync(
  process.execPath,
  [vitest, 'run', '--exclude', '**/*.integration.test.ts', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TEST_SCOPE: 'unit' },
  },
);
console.log(`\n${LEFT_OUT}\ntest:unit took ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(run.status ?? 1);
