import { Space, Table, type TableColumnsType, type TablePaginationConfig, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../app/layout/useIsMobile';
import { formatNumber } from '../lib/format';
import { EmptyState } from './EmptyState';
import { QueryFailed } from './QueryFailed';
import { selectAllTitle } from './selectAllTitle';
import { arrangeColumns, tableWidth } from './tableColumns';
import type { ListQuery } from './useListQuery';

interface RowActions<Row> {
  width: number;
  fixed?: 'right';
  /** The row's links (RowAction, EditAction, DeleteAction), side by side. */
  render: (row: Row) => ReactNode;
}

interface Props<Row> extends Omit<TableProps<Row>, 'columns' | 'dataSource' | 'loading' | 'locale' | 'pagination'> {
  list: ListQuery<Row>;
  columns: TableColumnsType<Row>;
  /** The last column, "Actions"; left out when the user may take none. */
  rowActions?: RowActions<Row>;
  /** What an empty list would hold, and how to start it (the add button) when there are no filters. */
  emptyText: string;
  emptyAction?: ReactNode;
  pagination?: Pick<TablePaginationConfig, 'pageSizeOptions' | 'showTotal'>;
}

/** The selection column's width (antd's). */
const SELECTION_WIDTH = 32;

/**
 * A list page's table over `useListQuery`: a page of rows, the pager (a new page size starts
 * again from the first page), loading, empty and failed states. The row's actions wrap onto more
 * lines rather than widen the table. Under 1024 px (mobile) no column is pinned, the actions follow
 * the row's first column (`arrangeColumns`) and the table scrolls sideways inside its box. Unless
 * the page says otherwise (on a desktop), it scrolls sideways only when its columns' widths do not fit.
 */
export function ListTable<Row extends object>({
  list,
  columns,
  rowActions,
  emptyText,
  emptyAction,
  pagination,
  ...table
}: Props<Row>) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { query, page, setPage } = list;
  if (query.isError && !query.data) {
    return <QueryFailed error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const actionsColumn = rowActions && {
    title: t('common.actions'),
    key: 'actions',
    width: rowActions.width,
    fixed: rowActions.fixed,
    render: (_value: unknown, row: Row) => (
      <Space size={0} wrap className="rp-row-actions">
        {rowActions.render(row)}
      </Space>
    ),
  };
  const shownColumns = arrangeColumns(columns, actionsColumn, isMobile);
  const scrollX = tableWidth(shownColumns) + (table.rowSelection ? SELECTION_WIDTH : 0);
  return (
    <Table<Row>
      size="middle"
      {...table}
      rowSelection={
        table.rowSelection && {
          columnTitle: selectAllTitle,
          ...table.rowSelection,
          ...(isMobile && { fixed: false }),
        }
      }
      // A page's own width is for the desktop's columns: on a phone the actions column is narrower.
      scroll={{ ...table.scroll, x: isMobile ? scrollX : (table.scroll?.x ?? scrollX) }}
      columns={shownColumns}
      dataSource={query.data?.records}
      loading={query.isFetching}
      locale={{ emptyText: query.isPending ? ' ' : <EmptyState description={emptyText} action={emptyAction} /> }}
      pagination={{
        current: page.current,
        pageSize: page.size,
        total: query.data?.total ?? 0,
        showSizeChanger: true,
        showTotal: (total) => t('common.total', { total: formatNumber(total) }),
        onChange: (current, size) => setPage({ current: size === page.size ? current : 1, size }),
        ...pagination,
      }}
    />
  );
}
