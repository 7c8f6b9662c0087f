/**
 * Ant Design's styles as a CSS file, made at build time.
 *
 * antd writes its styles in JavaScript (CSS-in-JS): on a page's first render every component builds
 * its style objects, serialises them and inserts `<style>` tags, about a quarter of a second of main
 * thread on a full load of the console (docs/benchmarks.md, "Screen load"). This plugin renders, at
 * build time and with the console's own theme (src/app/theme.ts), every antd component that `src/`
 * imports, and ships what they register as one hashed stylesheet linked from index.html. The built
 * console runs antd with `zeroRuntime` (src/app/theme.ts, `runtimeTheme()`): its components skip
 * their style hooks altogether, so a style the sheet misses is missing from the page.
 * e2e/tests/styles turns the runtime back on and checks that it finds nothing to add. The sheet
 * still ends with antd's cache map (`.data-ant-cssinjs-cache-path`), from which a runtime turned
 * back on learns which styles are there.
 *
 * Build only: the dev server keeps antd's runtime styles.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, runnerImport } from 'vite';
import type { renderSheet } from './antdSheet.tsx';

const SHEET_MODULE = fileURLToPath(new URL('./antdSheet.tsx', import.meta.url));

/** The names imported from 'antd' (values, not types) by the sources under `dir`. */
export function antdImports(dir: string): string[] {
  const names = new Set<string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder)) {
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) {
        for (const match of readFileSync(path, 'utf8').matchAll(/import\s*(type\s*)?\{([^}]*)\}\s*from\s*'antd'/g)) {
          if (match[1]) continue;
          for (const item of match[2]?.split(',') ?? []) {
            const name = item
              .trim()
              .split(/\s+as\s+/)[0]
              ?.trim();
            if (name && !name.startsWith('type ')) names.add(name);
          }
        }
      }
    }
  };
  walk(dir);
  return [...names].sort();
}

export function antdStyles(): Plugin {
  let fileName = '';
  let css = '';
  return {
    name: 'roompilot:antd-styles',
    apply: 'build',
    async buildStart() {
      const { module } = await runnerImport<{ renderSheet: typeof renderSheet }>(SHEET_MODULE, {
        configFile: false,
        logLevel: 'error',
      });
      const sheet = module.renderSheet(antdImports(fileURLToPath(new URL('../src', import.meta.url))));
      if (sheet.failed.length > 0) this.warn(`antd styles left to the runtime: ${sheet.failed.join(', ')}`);
      css = sheet.css;
      fileName = `assets/antd-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: css });
    },
    transformIndexHtml: {
      order: 'post',
      // Before the console's own stylesheet, which overrides antd where it must (as antd's runtime
      // styles, inserted at the top of <head>, were).
      handler: (html) => {
        const link = `<link rel="stylesheet" href="/${fileName}">`;
        const at = html.search(/<link rel="stylesheet"|<\/head>/);
        return `${html.slice(0, at)}${link}\n    ${html.slice(at)}`;
      },
    },
  };
}
