import type { TableColumnsType } from 'antd';

/**
 * A column given no width is counted this wide when working out where a table starts to scroll,
 * unless it says its own `minWidth`.
 */
export const FLEX_COLUMN_MIN = 160;
/** On a phone, the column that names the row and the actions' (their links wrap onto lines of their own). */
export const MOBILE_NAME_WIDTH = 150;
export const MOBILE_ACTIONS_WIDTH = 150;

/** Columns without their pinning: on a phone a pinned column would cover most of the row. */
export function unpinned<Row>(columns: TableColumnsType<Row>): TableColumnsType<Row> {
  return columns.map((column) => {
    const { fixed: _fixed, ...rest } = column;
    return 'children' in rest && rest.children ? { ...rest, children: unpinned(rest.children) } : rest;
  });
}

/**
 * A list's columns with its row actions. On a desktop the actions come last (pinned at the right
 * edge when asked, so they stay in sight while a wide table scrolls). On a phone nothing is pinned,
 * since a pinned column would cover most of the row, so the actions come right after the column that
 * names the row (made no wider than `MOBILE_NAME_WIDTH`): in sight beside what they act on, not
 * behind five columns off to the right.
 */
export function arrangeColumns<Row>(
  columns: TableColumnsType<Row>,
  actions: TableColumnsType<Row>[number] | undefined,
  isMobile: boolean,
): TableColumnsType<Row> {
  if (!isMobile) return actions ? [...columns, actions] : columns;
  const shown = unpinned(columns);
  if (!actions) return shown;
  const [name, ...rest] = shown;
  if (!name) return shown;
  const { fixed: _fixed, ...phoneActions } = actions;
  // Both in sight at 390 px: a long name (a question) wraps.
  const nameWidth = typeof name.width === 'number' ? Math.min(name.width, MOBILE_NAME_WIDTH) : name.width;
  return [{ ...name, width: nameWidth }, { ...phoneActions, width: MOBILE_ACTIONS_WIDTH }, ...rest];
}

/**
 * How wide a table must be before it scrolls sideways: its columns' widths, a column without one
 * (it takes what is left) counted at its `minWidth`, or else at `FLEX_COLUMN_MIN`.
 */
export function tableWidth<Row>(columns: TableColumnsType<Row>): number {
  return columns.reduce(
    (sum, column) =>
      sum +
      ('children' in column && column.children
        ? tableWidth(column.children)
        : typeof column.width === 'number'
          ? column.width
          : (column.minWidth ?? FLEX_COLUMN_MIN)),
    0,
  );
}
