import { DownloadOutlined } from '@ant-design/icons';
import type { PowerGroup, PowerInterval, PowerStatistics, PowerTopRoom } from '@roompilot/contract';
import { POWER_GROUPS, POWER_INTERVALS } from '@roompilot/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Segmented,
  Select,
  Skeleton,
  Space,
  Statistic,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../app/api';
import { CallAction } from '../../components/CallAction';
import { Chart, type ChartOption } from '../../components/Chart';
import { EmptyState } from '../../components/EmptyState';
import { QueryFailed } from '../../components/QueryFailed';
import { formatKwh, formatNumber } from '../../lib/format';
import { saveFile } from '../../lib/saveFile';
import { axisLabel, PERIOD_OF, type PowerView, paramsOf, periodLabel, periodOf, viewOf } from './period';
import './power.css';

/** A card's title wraps on a phone rather than being cut ("Estimated saving of the air-con…"). */
const CARD_STYLES = { header: { paddingBlock: 8 }, title: { whiteSpace: 'normal' } } as const;
const PICKER: Record<PowerInterval, 'date' | 'month' | 'year'> = { hour: 'date', day: 'month', month: 'year' };

/** Power statistics (pm_powerstatistics): the hotel's consumption by hour, day or month, the top rooms, the policy's saving. */
export default function PowerStatisticsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = viewOf(params);
  const period = periodOf(view);
  const show = (patch: Partial<PowerView>) => setParams(paramsOf({ ...view, ...patch }), { replace: true });

  const statistics = useQuery({
    queryKey: ['power', 'statistics', view.interval, view.group, period.from, period.to],
    queryFn: () => api.power.statistics({ ...period, interval: view.interval, group: view.group }),
  });

  return (
    <section className="rp-page rp-power">
      <div className="rp-toolbar rp-power__toolbar">
        <h1 className="rp-page__title">{t('route.pm_powerstatistics')}</h1>
        <Segmented<PowerInterval>
          aria-label={t('power.view.label')}
          value={view.interval}
          onChange={(interval) => show({ interval })}
          options={POWER_INTERVALS.map((interval) => ({ value: interval, label: t(`power.view.${interval}`) }))}
        />
        <DatePicker
          aria-label={t('power.period.label')}
          picker={PICKER[view.interval]}
          value={view.at}
          allowClear={false}
          onChange={(at: Dayjs | null) => at && show({ at })}
          format={(at: Dayjs) => periodLabel(view.interval, at)}
        />
        <Select<PowerGroup>
          aria-label={t('power.group.label')}
          className="rp-power__group"
          value={view.group}
          onChange={(group) => show({ group })}
          options={POWER_GROUPS.map((group) => ({ value: group, label: t(`power.group.${group}`) }))}
        />
        <ExportButtons view={view} />
      </div>
      <Card className="rp-power__card" styles={CARD_STYLES} title={t('power.chart.title')} size="small">
        {statistics.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : statistics.isError ? (
          <QueryFailed error={statistics.error} onRetry={() => statistics.refetch()} retrying={statistics.isFetching} />
        ) : statistics.data.total_kwh === 0 ? (
          <EmptyState description={t('power.empty')} />
        ) : (
          <ConsumptionChart view={view} data={statistics.data} />
        )}
      </Card>
      <div className="rp-power__cards">
        <TopRooms from={period.from} to={period.to} />
        <Saving view={view} from={period.from} to={period.to} />
      </div>
    </section>
  );
}

function ConsumptionChart({ view, data }: { view: PowerView; data: PowerStatistics }) {
  const { t } = useTranslation();
  const labels = useMemo(
    () => (data.series[0]?.points ?? []).map((point) => axisLabel(view.interval, point.at)),
    [data, view.interval],
  );
  const grouped = data.series.length > 1;
  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis', valueFormatter: (value) => `${formatKwh(Number(value))} kWh` },
      legend: grouped ? { type: 'scroll', bottom: 0 } : { show: false },
      grid: { left: 8, right: 8, top: 24, bottom: grouped ? 36 : 8 },
      xAxis: { type: 'category', data: labels },
      yAxis: { type: 'value', name: 'kWh' },
      series: data.series.map((series) => ({
        type: 'bar',
        name: series.name,
        stack: 'kwh',
        data: series.points.map((point) => point.kwh),
      })),
    }),
    [data, labels, grouped],
  );
  const totals =
    data.series[0]?.points.map((_, i) => data.series.reduce((sum, s) => sum + (s.points[i]?.kwh ?? 0), 0)) ?? [];
  const peak = totals.reduce((best, kwh, i) => (kwh > (totals[best] ?? 0) ? i : best), 0);
  const parts = [
    t('power.chart.peak', { at: labels[peak] ?? '', kwh: formatKwh(totals[peak] ?? 0) }),
    ...(grouped
      ? data.series.map((s) => `${s.name}: ${formatKwh(s.points.reduce((sum, p) => sum + p.kwh, 0))} kWh`)
      : []),
  ].join(' ');
  const periodText = periodLabel(view.interval, view.at);
  return (
    <>
      <Statistic className="rp-power__total" title={t('power.total')} value={formatKwh(data.total_kwh)} suffix="kWh" />
      <Chart
        option={option}
        height={320}
        label={t('power.chart.label', {
          period: periodText,
          view: t(`power.view.${view.interval}`),
          group: t(`power.group.${view.group}`),
        })}
        summary={t('power.chart.summary', { total: formatKwh(data.total_kwh), parts })}
      />
    </>
  );
}

function ExportButtons({ view }: { view: PowerView }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const download = async (format: 'csv' | 'xlsx') => {
    setBusy(format);
    try {
      const file = await api.power.export({ ...periodOf(view), interval: view.interval, group: view.group, format });
      saveFile(file.blob, file.fileName || `power.${format}`);
    } catch {
      // The http client has shown the server's message.
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space wrap className="rp-toolbar__actions">
      {(['csv', 'xlsx'] as const).map((format) => (
        <CallAction key={format} call="power.export">
          <Button icon={<DownloadOutlined />} loading={busy === format} onClick={() => download(format)}>
            {t(`power.export.${format}`)}
          </Button>
        </CallAction>
      ))}
    </Space>
  );
}

function TopRooms({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation();
  const top = useQuery({ queryKey: ['power', 'top', from, to], queryFn: () => api.power.top({ from, to, limit: 10 }) });
  const columns: TableColumnsType<PowerTopRoom> = [
    { title: t('power.top.room'), dataIndex: 'room_num' },
    { title: t('power.top.floor'), dataIndex: 'floor_num', responsive: ['sm'] },
    { title: t('power.top.type'), dataIndex: 'room_type', responsive: ['sm'] },
    { title: t('power.top.kwh'), dataIndex: 'kwh', align: 'right', render: (kwh: number) => formatKwh(kwh) },
  ];
  return (
    <Card className="rp-power__card" styles={CARD_STYLES} title={t('power.top.title')} size="small">
      {top.isError ? (
        <QueryFailed error={top.error} onRetry={() => top.refetch()} retrying={top.isFetching} />
      ) : (
        <Table<PowerTopRoom>
          size="small"
          rowKey="room_id"
          loading={top.isPending}
          dataSource={top.data?.rooms}
          columns={columns}
          pagination={false}
          locale={{ emptyText: <EmptyState description={t('power.top.empty')} /> }}
        />
      )}
    </Card>
  );
}

function Saving({ view, from, to }: { view: PowerView; from: string; to: string }) {
  const { t } = useTranslation();
  // A year is more than the 92 days the saving is estimated over.
  const fits = PERIOD_OF[view.interval] !== 'year';
  const saving = useQuery({
    queryKey: ['power', 'saving', from, to],
    queryFn: () => api.power.saving({ from, to }),
    enabled: fits,
  });
  const data = saving.data;
  return (
    <Card className="rp-power__card" styles={CARD_STYLES} title={t('power.saving.title')} size="small">
      {!fits ? (
        <Alert type="info" showIcon title={t('power.saving.tooLong')} />
      ) : saving.isPending ? (
        <Skeleton active />
      ) : saving.isError ? (
        <QueryFailed error={saving.error} onRetry={() => saving.refetch()} retrying={saving.isFetching} />
      ) : data && data.actions > 0 ? (
        <div className="rp-power__saving">
          <Statistic title={t('power.saving.saved')} value={formatKwh(data.saved_kwh)} suffix="kWh" />
          <Statistic title={t('power.saving.baseline')} value={formatKwh(data.baseline_kwh)} suffix="kWh" />
          <Statistic title={t('power.saving.actual')} value={formatKwh(data.actual_kwh)} suffix="kWh" />
          <Statistic title={t('power.saving.actions')} value={formatNumber(data.actions)} />
          <Statistic title={t('power.saving.hours')} value={formatNumber(data.hours)} />
          {data.total_kwh + data.saved_kwh > 0 && (
            <Typography.Text type="secondary" className="rp-power__share">
              {t('power.saving.share', {
                percent: `${formatNumber(Math.round((1000 * data.saved_kwh) / (data.total_kwh + data.saved_kwh)) / 10)} %`,
              })}
            </Typography.Text>
          )}
        </div>
      ) : data && data.unestimated_actions > 0 ? (
        // The policy did act, but no action has a metered hour before it to go by (a new server's first hour).
        <Alert
          type="info"
          showIcon
          title={t('power.saving.notYet')}
          description={t('power.saving.notYetDetail', {
            count: data.unestimated_actions,
            n: formatNumber(data.unestimated_actions),
          })}
        />
      ) : (
        <EmptyState description={t('power.saving.none')} />
      )}
      <Typography.Paragraph type="secondary" className="rp-power__method">
        {t('power.saving.method')}
      </Typography.Paragraph>
    </Card>
  );
}
