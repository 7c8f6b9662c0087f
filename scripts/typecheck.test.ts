import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * `npm run typecheck` checks every TypeScript file of the repository, tests included: the built
 * projects (`tsc -b`) leave test files out, so `tsconfig.test.json` (the Node side: contract,
 * server, simulator, scripts), `apps/web/tsconfig.json` and `e2e/tsconfig.json` take them. A file
 * none of these names (a new folder, a new workspace) would go unchecked: this test says which.
 */
const root = join(import.meta.dirname, '..');
const CONFIGS = ['tsconfig.test.json', 'apps/web/tsconfig.json', 'e2e/tsconfig.json'];

function filesOf(config: string): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(root, config),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`${config} could not be read`);
  return parsed.fileNames.map((file) => file.slice(root.length + 1));
}

describe('the type check', () => {
  it('covers every TypeScript file in the repository, tests included', () => {
    const checked = new Set(CONFIGS.flatMap(filesOf));
    const tracked = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mts', '*.cts'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);
    expect(tracked.length).toBeGreaterThan(100);
    expect(tracked.filter((file) => !checked.has(file))).toEqual([]);
  });

  it('is what `npm run typecheck` runs', () => {
    const script = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
      .scripts.typecheck;
    expect(script).toContain('tsc -b');
    expect(script).toContain('tsc -p tsconfig.test.json');
    expect(script).toContain('npm run typecheck -w apps/web');
    expect(script).toContain('tsc -p e2e/tsconfig.json');
  });
});
