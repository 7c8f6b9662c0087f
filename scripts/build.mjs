#!/usr/bin/env node
// Builds what needs building and skips what has not changed:
// - the TypeScript packages (contract, server, simulator) with `tsc -b`, which is incremental;
// - the console with Vite, only when its sources or the contract changed since the last build, and
//   its hashed assets precompressed (.br and .gz beside each, apps/web/scripts/compress.mjs).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const webDist = join(root, 'apps/web/dist');
const stampFile = join(webDist, '.build-hash');

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`build: ${command} ${args.join(' ')} failed`);
    process.exit(result.status ?? 1);
  }
}

function* files(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isFile()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path).sort()) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    yield* files(join(path, entry));
  }
}

/** A hash of everything the console build reads: its sources, configs and the contract. */
function consoleSourceHash() {
  const hash = createHash('sha256');
  const inputs = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/build',
    'apps/web/package.json',
    'packages/contract/src',
    'package-lock.json',
  ];
  for (const input of inputs) {
    for (const file of files(join(root, input))) {
      hash.update(relative(root, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

console.log('build: TypeScript packages (tsc -b, incremental)');
run('npx', ['tsc', '-b']);

const hash = consoleSourceHash();
const built =
  existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash && existsSync(join(webDist, 'index.html'));
if (built) {
  console.log('build: console unchanged, skipping the Vite build');
  // A console built before its assets were precompressed gets its .br and .gz (a no-op otherwise).
  run('node', ['apps/web/scripts/compress.mjs']);
} else {
  console.log('build: console (Vite)');
  run('npm', ['run', 'build', '-w', 'apps/web']);
  writeFileSync(stampFile, hash);
}
