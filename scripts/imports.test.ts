import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No import circles in the sources: a module that needs another at load time never needs itself
 * back. Type-only imports and lazy `import()` are not circles (they load nothing at run time).
 */
const root = join(import.meta.dirname, '..');
const FOLDERS = ['packages/contract/src', 'apps/server/src', 'apps/web/src', 'apps/rcu-sim/src'];

function* sources(path: string): Generator<string> {
  for (const entry of readdirSync(path)) {
    const full = join(path, entry);
    if (statSync(full).isDirectory()) yield* sources(full);
    else if (/\.tsx?$/.test(entry) && !/\.d\.ts$/.test(entry)) yield full;
  }
}

/** The relative modules a file loads at run time. */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^(import|export)\s+([^'";]*?)\s*from\s+['"](\.[^'"]+)['"]/gms)) {
    const [, keyword, clause = '', specifier = ''] = match;
    if (/^type\s/.test(clause)) continue;
    const names = /^\{([^}]*)\}$/.exec(clause.trim())?.[1];
    if (keyword === 'import' && names && names.split(',').every((name) => /^\s*(type\s|$)/.test(name))) continue;
    const target = resolveModule(dirname(file), specifier);
    if (target) found.push(target);
  }
  return found;
}

function resolveModule(from: string, specifier: string): string | undefined {
  const base = resolve(from, specifier.replace(/\.js$/, ''));
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(existsSync);
}

function circles(files: string[]): string[][] {
  const graph = new Map(files.map((file) => [file, runtimeImports(file)]));
  const found: string[][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'visiting') {
      found.push([...path.slice(path.indexOf(file)), file].map((each) => relative(root, each)));
      return;
    }
    state.set(file, 'visiting');
    path.push(file);
    for (const next of graph.get(file) ?? []) visit(next);
    path.pop();
    state.set(file, 'done');
  };
  for (const file of files) visit(file);
  return found;
}

describe('imports', () => {
  it('reads the run-time imports and finds a circle where there is one', () => {
    expect(runtimeImports(join(root, 'apps/server/src/app.ts')).length).toBeGreaterThan(5);
    const folder = mkdtempSync(join(tmpdir(), 'rp-imports-'));
    writeFileSync(join(folder, 'a.ts'), "import { b } from './b.js';\nexport const a = () => b;\n");
    writeFileSync(
      join(folder, 'b.ts'),
      "import type { T } from './c.js';\nimport { a } from './a.js';\nexport const b = a;\n",
    );
    writeFileSync(join(folder, 'c.ts'), "import { b } from './b.js';\nexport type T = typeof b;\n");
    const found = circles([...sources(folder)]).map((circle) => circle.map((file) => file.split('/').pop()));
    rmSync(folder, { recursive: true, force: true });
    expect(found).toEqual([['a.ts', 'b.ts', 'a.ts']]);
  });

  for (const folder of FOLDERS) {
    it(`has no import circle in ${folder}`, () => {
      expect(circles([...sources(join(root, folder))])).toEqual([]);
    });
  }
});
