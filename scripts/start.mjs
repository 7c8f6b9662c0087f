#!/usr/bin/env node
// `npm start`: build what changed, then run the server (which migrates, seeds on first start and
// serves the console and the API) and, unless SIMULATE=0, the RCU simulator beside it for the demo
// hotel (it waits for the server, logs in as the Administrator and connects one virtual RCU per
// room; no demo hotel, nothing to simulate). One terminal: the simulator's lines start with
// `sim │`; Ctrl-C stops both.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { flag, processGroup, startDemoSimulator } from './lib/processes.mjs';

const root = join(import.meta.dirname, '..');
flag(process.env, 'SIMULATE', '1');

const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const group = processGroup('start');
group.start(process.execPath, [join(root, 'apps/server/dist/server.js')], { label: 'server' });
startDemoSimulator(group, root);
