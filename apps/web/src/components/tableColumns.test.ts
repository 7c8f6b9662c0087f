import type { TableColumnsType } from 'antd';
import { describe, expect, it } from 'vitest';
import { arrangeColumns, FLEX_COLUMN_MIN, MOBILE_ACTIONS_WIDTH, MOBILE_NAME_WIDTH, tableWidth } from './tableColumns';

const columns: TableColumnsType<object> = [
  { key: 'name', width: 200, fixed: 'left' },
  { key: 'region', width: 150 },
  { key: 'address' },
];
const actions = { key: 'actions', width: 170, fixed: 'right' as const };
const keys = (list: TableColumnsType<object>) => list.map((column) => column.key);

describe('arrangeColumns', () => {
  it('puts the actions last on a desktop, pinned as asked', () => {
    const arranged = arrangeColumns(columns, actions, false);
    expect(keys(arranged)).toEqual(['name', 'region', 'address', 'actions']);
    expect(arranged.map((column) => column.fixed)).toEqual(['left', undefined, undefined, 'right']);
  });

  it('puts the actions right after the identifying column on a phone, both narrower, nothing pinned', () => {
    const arranged = arrangeColumns(columns, actions, true);
    expect(keys(arranged)).toEqual(['name', 'actions', 'region', 'address']);
    expect(arranged.map((column) => column.fixed)).toEqual([undefined, undefined, undefined, undefined]);
    expect(arranged.map((column) => column.width)).toEqual([MOBILE_NAME_WIDTH, MOBILE_ACTIONS_WIDTH, 150, undefined]);
    expect(arrangeColumns([{ key: 'room', width: 120 }], actions, true)[0]?.width).toBe(120);
  });

  it('leaves the columns alone when there are no actions', () => {
    expect(keys(arrangeColumns(columns, undefined, false))).toEqual(['name', 'region', 'address']);
    expect(keys(arrangeColumns(columns, undefined, true))).toEqual(['name', 'region', 'address']);
  });
});

describe('tableWidth', () => {
  it('adds the widths, a column without one counted at its minimum, grouped columns by their children', () => {
    expect(tableWidth(columns)).toBe(200 + 150 + FLEX_COLUMN_MIN);
    expect(tableWidth([...columns, { key: 'remark', minWidth: 132 }])).toBe(200 + 150 + FLEX_COLUMN_MIN + 132);
    expect(
      tableWidth([
        {
          key: 'group',
          children: [
            { key: 'a', width: 80 },
            { key: 'b', width: 90 },
          ],
        },
      ]),
    ).toBe(170);
  });
});
