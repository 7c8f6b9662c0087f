#!/usr/bin/env node
// Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside each compressible
// file of dist/assets, which the server sends as the browser accepts them (@fastify/static's
// preCompressed). Hashed names never change content, so a file whose `.br` and `.gz` are newer is
// skipped; one that compresses to no less than 90 % of its size is left alone.
//
//   node apps/web/scripts/compress.mjs            (run by `npm run build -w apps/web`)
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.html', '.txt', '.map', '.wasm']);
const MIN_BYTES = 1024;

export function compressAssets(assets) {
  let written = 0;
  let before = 0;
  let after = 0;
  if (!existsSync(assets)) return { written, before, after };
  for (const name of readdirSync(assets)) {
    const file = join(assets, name);
    if (!COMPRESSIBLE.has(extname(name)) || !statSync(file).isFile()) continue;
    const { size, mtimeMs } = statSync(file);
    if (size < MIN_BYTES) continue;
    const fresh = (suffix) => existsSync(file + suffix) && statSync(file + suffix).mtimeMs >= mtimeMs;
    if (fresh('.br') && fresh('.gz')) continue;
    const content = readFileSync(file);
    const br = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: size,
        [constants.BROTLI_PARAM_MODE]: name.endsWith('.wasm')
          ? constants.BROTLI_MODE_GENERIC
          : constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = gzipSync(content, { level: 9 });
    if (br.length < size * 0.9) writeFileSync(`${file}.br`, br);
    if (gz.length < size * 0.9) writeFileSync(`${file}.gz`, gz);
    written++;
    before += size;
    after += br.length;
  }
  return { written, before, after };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const assets = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'assets');
  const started = performance.now();
  const { written, before, after } = compressAssets(assets);
  const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(
    written === 0
      ? 'compress: every asset already has its .br and .gz'
      : `compress: ${written} assets, ${kb(before)} to ${kb(after)} brotli (and .gz) in ${(performance.now() - started).toFixed(0)} ms`,
  );
}
