#!/usr/bin/env node
// `npm start`: build what changed, then run the server (which migrates, seeds on first start and
// serves the console and the API). Ctrl-C reaches the server, which closes cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
});

// The terminal sends Ctrl-C to the whole process group; the server handles it. A signal sent to
// this process alone is passed on.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.kill(signal);
  });
}

server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 0 : 1));
});
