import type { LogCounts } from '@roompilot/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Select, type TableColumnsType } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../components/ListTable';
import type { ListQuery } from '../../components/useListQuery';
import { formatNumber } from '../../lib/format';
import { LogCharts } from './LogCharts';
import { TIME_SPAN_KEYS, type TimeSpan } from './logTime';
import { useScrollRegion } from './useScrollRegion';

const PAGE_SIZES = [20, 50, 100, 500];

/** The log's span of time ("last 7 days"), one of the filters. */
export function TimeSpanSelect({ value, onChange }: { value: TimeSpan; onChange: (span: TimeSpan) => void }) {
  const { t } = useTranslation();
  return (
    <Select<TimeSpan>
      className="rp-filter"
      aria-label={t('logs.time')}
      value={value}
      onChange={onChange}
      options={TIME_SPAN_KEYS.map((span) => ({ value: span, label: t(`logs.time.${span}`) }))}
    />
  );
}

interface Props<Row> {
  /** The tab's name: the table's scrolling box says what it holds. */
  label: string;
  counts: UseQueryResult<LogCounts>;
  list: ListQuery<Row>;
  columns: TableColumnsType<Row>;
  /** The table's width before it scrolls sideways. */
  width: number;
  emptyText: string;
}

/** Under a log's filters: its counts as charts, then its page of lines with the total. */
export function LogResults<Row extends { id: number }>({ label, counts, list, columns, width, emptyText }: Props<Row>) {
  const { t } = useTranslation();
  const tableBox = useRef<HTMLDivElement>(null);
  useScrollRegion(tableBox, label);
  return (
    <>
      <LogCharts counts={counts} />
      <div ref={tableBox}>
        <ListTable<Row>
          rowKey="id"
          list={list}
          columns={columns}
          scroll={{ x: width }}
          emptyText={emptyText}
          pagination={{
            pageSizeOptions: PAGE_SIZES,
            showTotal: (total) => t('logs.total', { total: formatNumber(total) }),
          }}
        />
      </div>
    </>
  );
}
