import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderSheet } from './antdSheet.tsx';
import { antdImports } from './antdStyles.ts';

describe('antd styles made at build time', () => {
  const dir = mkdtempSync(join(tmpdir(), 'antd-imports-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds the components the sources import from antd, not their types nor the tests', () => {
    mkdirSync(join(dir, 'feature'));
    writeFileSync(join(dir, 'a.tsx'), "import { Button, Input as Field, type TableProps } from 'antd';\n");
    writeFileSync(
      join(dir, 'feature', 'b.ts'),
      "import type { FormInstance } from 'antd';\nimport {\n  Table,\n  Tag,\n} from 'antd';\n",
    );
    writeFileSync(join(dir, 'feature', 'c.test.tsx'), "import { Drawer } from 'antd';\n");
    expect(antdImports(dir)).toEqual(['Button', 'Input', 'Table', 'Tag']);
  });

  it('renders them with the console theme into CSS that ends with the map the runtime reads', () => {
    const sheet = renderSheet(['Button', 'Input', 'message']);
    expect(sheet.rendered).toEqual(['Button', 'Input']);
    expect(sheet.failed).toEqual([]);
    expect(sheet.css).toContain('.ant-btn');
    expect(sheet.css).toContain('.ant-input-password');
    // The theme's primary colour (src/app/theme.ts) reaches the styles through its CSS variable.
    expect(sheet.css).toContain('var(--ant-color-primary)');
    expect(sheet.css).toMatch(/\.data-ant-cssinjs-cache-path\{content:"[^"]*Button[^"]*"/);
  });
});
