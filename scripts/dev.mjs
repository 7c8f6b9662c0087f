#!/usr/bin/env node
// `npm run dev`: the developer's loop in one terminal, Ctrl-C stops it all:
// - `tsc -b --watch` rebuilds the contract, the server and the simulator as their sources change;
// - the server runs under `node --watch` and restarts when its build (or the contract's) changes;
// - the console is served by Vite with hot reload on DEV_PORT (default 5173), /apis proxied to the
//   server on PORT (default 8080);
// - unless SIMULATE=0, the simulator runs the demo hotel's RCUs, as with `npm start` (they
//   reconnect by themselves when the server restarts).
// The server reads the same variables as with `npm start` (README: Configuration).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { flag, processGroup, startDemoSimulator } from './lib/processes.mjs';

const root = join(import.meta.dirname, '..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');
flag(process.env, 'SIMULATE', '1');

// Once before the watchers: the server starts from its build, and Vite reads the built contract.
console.log('dev: TypeScript packages (tsc -b)');
const build = spawnSync(process.execPath, [tsc, '-b'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const group = processGroup('dev');
group.start(process.execPath, [tsc, '-b', '--watch', '--preserveWatchOutput'], { label: 'tsc', prefix: true });
group.start(process.execPath, ['--watch', '--watch-preserve-output', join(root, 'apps/server/dist/server.js')], {
  label: 'server',
});
group.start(process.execPath, [join(root, 'scripts/lib/vite-dev.mjs')], { label: 'web', prefix: true });
startDemoSimulator(group, root);
