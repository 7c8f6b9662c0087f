import TableMeasureRowContext from 'antd/es/table/TableMeasureRowContext';
import { type ReactNode, useContext } from 'react';

/**
 * antd draws every column title a second time, in a hidden row that measures the columns
 * (`aria-hidden`); a select-all checkbox there is a focusable control hidden from screen readers.
 * The selection column has its own width, so that copy is left out.
 */
function OutsideMeasureRow({ children }: { children: ReactNode }) {
  return useContext(TableMeasureRowContext) ? null : children;
}

/** A table's `rowSelection.columnTitle`: the select-all checkbox, once. */
export const selectAllTitle = (checkbox: ReactNode) => <OutsideMeasureRow>{checkbox}</OutsideMeasureRow>;
