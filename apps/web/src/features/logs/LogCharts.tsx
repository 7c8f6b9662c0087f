import type { LogCounts } from '@roompilot/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartOption } from '../../components/Chart';
import { formatDate, formatDayOf, formatNumber } from '../../lib/format';
import { daysBetween } from './logTime';

/** Types drawn on their own; the rest are summed as "Other" so the legend stays readable at 390 px. */
const SHOWN_TYPES = 6;
const OTHER = '__other__';
/**
 * One line at the foot of each chart, paged when the names do not fit: a plain legend wraps onto
 * as many lines as the language needs (Spanish or Japanese at 390 px) and covers the plot, whose
 * room below (`grid.bottom`, the pie's centre) is sized for one line.
 */
const LEGEND = { type: 'scroll', bottom: 0 } as const;

interface Series {
  key: string;
  name: string;
  count: number;
}

/** The most frequent types, then "Other" for the rest. */
export function shownSeries(counts: LogCounts, otherName: string): Series[] {
  const top = counts.by_type.slice(0, SHOWN_TYPES).map((row) => ({ key: row.type, name: row.name, count: row.count }));
  const rest = counts.by_type.slice(SHOWN_TYPES).reduce((sum, row) => sum + row.count, 0);
  return rest > 0 ? [...top, { key: OTHER, name: otherName, count: rest }] : top;
}

/** Counts per day for each shown series, every day of the span included (0 when none). */
export function dailyCounts(counts: LogCounts, series: readonly Series[]): { days: string[]; values: number[][] } {
  const days = daysBetween(counts.from, counts.to);
  const index = new Map(days.map((day, position) => [day, position]));
  const shown = new Map(series.map((item, position) => [item.key, position]));
  const other = shown.get(OTHER);
  const values = series.map(() => days.map(() => 0));
  for (const row of counts.by_day) {
    const day = index.get(row.day);
    const at = shown.get(row.type) ?? other;
    if (day === undefined || at === undefined) continue;
    const line = values[at] as number[];
    line[day] = (line[day] ?? 0) + row.count;
  }
  return { days, values };
}

interface Props {
  counts: UseQueryResult<LogCounts>;
}

/** The counts of the filtered log by day (stacked by type) and by type, for the span chosen. */
export function LogCharts({ counts }: Props) {
  const { t } = useTranslation();
  const data = counts.data;
  const charts = useMemo(() => {
    if (!data || data.total === 0) return null;
    const series = shownSeries(data, t('logs.chart.other'));
    const { days, values } = dailyCounts(data, series);
    const byDay: ChartOption = {
      tooltip: { trigger: 'axis' },
      legend: LEGEND,
      grid: { left: 8, right: 8, top: 16, bottom: 40, containLabel: true },
      xAxis: { type: 'category', data: days.map((day) => formatDate(day)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: series.map((item, position) => ({
        type: 'bar',
        name: item.name,
        stack: 'count',
        data: values[position],
      })),
    } as ChartOption;
    const byType: ChartOption = {
      tooltip: { trigger: 'item' },
      legend: LEGEND,
      series: [
        {
          type: 'pie',
          radius: ['35%', '65%'],
          center: ['50%', '45%'],
          label: { show: false },
          data: series.map((item) => ({ name: item.name, value: item.count })),
        },
      ],
    };
    const summary = series.map((item) => `${item.name} ${formatNumber(item.count)}`).join(', ');
    return { byDay, byType, summary };
  }, [data, t]);

  const title = data
    ? t('logs.chart.span', {
        from: formatDayOf(data.from),
        to: formatDayOf(data.to),
        total: formatNumber(data.total),
      })
    : ' ';
  if (counts.isError && !data) {
    return (
      <Alert
        className="rp-logs__charts-alert"
        type="warning"
        showIcon
        message={t('common.loadFailed')}
        description={counts.error.message}
        action={
          <Button size="small" onClick={() => void counts.refetch()} loading={counts.isFetching}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  return (
    <div className="rp-logs__charts" data-testid="log-charts">
      <Card size="small" title={t('logs.chart.byDay')}>
        <div className="rp-muted rp-logs__span">{title}</div>
        {!data ? (
          <Skeleton active paragraph={{ rows: 5 }} />
        ) : charts ? (
          <Chart option={charts.byDay} label={t('logs.chart.byDay')} summary={charts.summary} height={240} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('logs.chart.empty')} />
        )}
      </Card>
      <Card size="small" title={t('logs.chart.byType')}>
        {!data ? (
          <Skeleton active paragraph={{ rows: 5 }} />
        ) : charts ? (
          <Chart option={charts.byType} label={t('logs.chart.byType')} summary={charts.summary} height={240} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('logs.chart.empty')} />
        )}
      </Card>
    </div>
  );
}
