#!/usr/bin/env node
// Checks the budgets of the console (gzip, as a browser downloads it): JavaScript for the login
// page ≤ 200 KB and the shell with the dashboard route ≤ 350 KB; the linked stylesheets ≤ 100 KB.
// Reads dist/.vite/manifest.json (build.manifest) and follows the static imports of each chunk.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run "npm run build -w apps/web" first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const KB = 1024;

/** The manifest key of a source file, by the end of its path (node_modules keys start with ../). */
function chunkKey(suffix) {
  const key = Object.keys(manifest).find((candidate) => candidate === suffix || candidate.endsWith(`/${suffix}`));
  if (!key) throw new Error(`No chunk for ${suffix} in the manifest`);
  return key;
}

/** The first of several possible sources that was built: the dashboard screen replaces the planned page. */
function firstChunkKey(...suffixes) {
  for (const suffix of suffixes) {
    try {
      return chunkKey(suffix);
    } catch {}
  }
  throw new Error(`None of ${suffixes.join(', ')} in the manifest`);
}

function withStaticImports(keys, files = new Set()) {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) continue;
    files.add(chunk.file);
    withStaticImports(chunk.imports ?? [], files);
  }
  return files;
}

const gzipped = (file) => gzipSync(readFileSync(join(dist, file))).length;

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entry) throw new Error('No entry chunk in the manifest');
// The default language (zh) is loaded before the first render: its strings, antd's and dayjs's locale.
const language = ['src/locales/zh/index.ts', 'antd/es/locale/zh_CN.js', 'dayjs/locale/zh-cn.js'].map(chunkKey);

const budgets = [
  { name: 'login page', budget: 200 * KB, keys: [entry, ...language, chunkKey('src/features/auth/LoginPage.tsx')] },
  {
    name: 'shell + dashboard',
    budget: 350 * KB,
    keys: [
      entry,
      ...language,
      chunkKey('src/app/layout/MainLayout.tsx'),
      firstChunkKey('src/features/dashboard/DashboardPage.tsx', 'src/features/planned/PlannedPage.tsx'),
    ],
  },
];

let over = false;
for (const { name, budget, keys } of budgets) {
  const files = [...withStaticImports(keys)].filter((file) => file.endsWith('.js'));
  const size = files.reduce((sum, file) => sum + gzipped(file), 0);
  const ok = size <= budget;
  over ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${name}: ${(size / KB).toFixed(1)} KB gzip of ${budget / KB} KB in ${files.length} chunks`,
  );
  if (process.argv.includes('--verbose')) {
    for (const file of files) console.log(`       ${(gzipped(file) / KB).toFixed(1).padStart(6)} KB  ${file}`);
  }
}

// The stylesheets index.html links (the console's own and antd's, made at build time by
// build/antdStyles.ts): render-blocking on every first load, so they have a budget of their own.
const CSS_BUDGET = 100 * KB;
const sheets = [
  ...readFileSync(join(dist, 'index.html'), 'utf8').matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g),
].map((match) => match[1]);
const cssSize = sheets.reduce((sum, file) => sum + gzipped(file), 0);
const cssOk = cssSize <= CSS_BUDGET && sheets.some((file) => /antd-/.test(file));
over ||= !cssOk;
console.log(
  `${cssOk ? 'ok  ' : 'OVER'} stylesheets: ${(cssSize / KB).toFixed(1)} KB gzip of ${CSS_BUDGET / KB} KB in ${sheets.length} files${sheets.some((file) => /antd-/.test(file)) ? '' : ' (no antd stylesheet: build/antdStyles.ts did not run)'}`,
);
if (process.argv.includes('--verbose')) {
  for (const file of sheets) console.log(`       ${(gzipped(file) / KB).toFixed(1).padStart(6)} KB  ${file}`);
}
process.exit(over ? 1 : 0);
