import { ALERT_LIST_STATES, ALERT_TYPES, type AlertListState, type AlertRecord } from '@roompilot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Pagination, Segmented, Select, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { CallAction } from '../../components/CallAction';
import { EmptyState } from '../../components/EmptyState';
import { QueryFailed } from '../../components/QueryFailed';
import { SearchInput } from '../../components/SearchInput';
import { useListQuery } from '../../components/useListQuery';
import { formatDateTime, formatNumber } from '../../lib/format';
import { ALERT_LIST_KEY, alertTitle } from './alertText';

const TIME_RANGES = { any: 0, '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 };
type TimeRange = keyof typeof TIME_RANGES;

interface Filters {
  state: AlertListState;
  type?: number;
  room_num?: string;
  from?: string;
}

const formatTime = (value: string | null, language: string) => formatDateTime(value, { seconds: true, language });

/**
 * The alert list the bell opens: the hotel's open and recent alerts, newest first, filtered by
 * state, type, room and time; who confirmed each or what cleared it, and when; Confirm on the open
 * ones (none for the read-only visitor, as in the popup). Full width on a phone.
 */
export default function AlertListDrawer({
  open,
  onClose,
  onConfirmed,
}: {
  open: boolean;
  onClose: () => void;
  onConfirmed: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('alerts.list.title')}
      placement="right"
      size="min(560px, 100vw)"
      rootClassName="rp-alert-drawer"
      destroyOnHidden
    >
      {open && <AlertList onConfirmed={onConfirmed} />}
    </Drawer>
  );
}

function AlertList({ onConfirmed }: { onConfirmed: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<Filters>({ state: 'all' });
  const [range, setRange] = useState<TimeRange>('any');
  const [room, setRoom] = useState('');
  const list = useListQuery<AlertRecord, Filters>({
    key: ALERT_LIST_KEY,
    params: filters,
    fetch: (body) => api.alerts.history(body),
  });
  const change = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    list.firstPage();
  };
  const applyRoom = (value: string) => {
    const trimmed = value.trim();
    change({ room_num: trimmed === '' ? undefined : trimmed });
  };

  const confirm = useMutation({
    mutationFn: ({ id, type, room_id, room_num, event_content, event_time }: AlertRecord) =>
      api.alerts.confirm({ id, type, room_id, room_num, event_content, event_time }),
    onSuccess: (_data, record) => {
      onConfirmed(record.id);
      message.success(t('alerts.confirmed', { room: record.room_num }));
      void queryClient.invalidateQueries({ queryKey: [ALERT_LIST_KEY] });
    },
  });

  const { query, page, setPage } = list;
  const records = query.data?.records ?? [];
  const language = i18n.language;

  return (
    <div className="rp-alert-list">
      <div className="rp-alert-list__filters">
        <Segmented<AlertListState>
          aria-label={t('alerts.list.stateLabel')}
          value={filters.state}
          onChange={(state) => change({ state })}
          options={ALERT_LIST_STATES.map((state) => ({ value: state, label: t(`alerts.list.state.${state}`) }))}
          block
        />
        <Select<number>
          aria-label={t('alerts.list.typeLabel')}
          placeholder={t('alerts.list.anyType')}
          value={filters.type}
          onChange={(type) => change({ type })}
          allowClear
          options={Object.values(ALERT_TYPES).map((type) => ({ value: type, label: t(alertTitle(type)) }))}
        />
        <SearchInput
          hint={t('alerts.list.roomLabel')}
          value={room}
          maxLength={16}
          onChange={(event) => {
            setRoom(event.target.value);
            if (event.target.value === '' && filters.room_num !== undefined) change({ room_num: undefined });
          }}
          onSearch={applyRoom}
          onBlur={() => applyRoom(room)}
        />
        <Select<TimeRange>
          aria-label={t('alerts.list.timeLabel')}
          value={range}
          onChange={(next) => {
            setRange(next);
            change({ from: next === 'any' ? undefined : new Date(Date.now() - TIME_RANGES[next]).toISOString() });
          }}
          options={(Object.keys(TIME_RANGES) as TimeRange[]).map((value) => ({
            value,
            label: t(`alerts.list.time.${value}`),
          }))}
        />
      </div>
      {query.isError && !query.data ? (
        <QueryFailed error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.isPending ? (
        <div className="rp-alert-list__loading">
          <Spin />
        </div>
      ) : records.length === 0 ? (
        <EmptyState description={filters.state === 'open' ? t('alerts.list.emptyOpen') : t('alerts.list.empty')} />
      ) : (
        <Spin spinning={query.isFetching && query.isPlaceholderData}>
          <ul className="rp-alert-list__items" aria-label={t('alerts.list.title')}>
            {records.map((record) => (
              <AlertItem
                key={record.id}
                record={record}
                language={language}
                confirming={confirm.isPending && confirm.variables?.id === record.id}
                onConfirm={() => confirm.mutate(record)}
              />
            ))}
          </ul>
        </Spin>
      )}
      {(query.data?.total ?? 0) > page.size && (
        <Pagination
          className="rp-alert-list__pager"
          current={page.current}
          pageSize={page.size}
          total={query.data?.total ?? 0}
          showSizeChanger={false}
          showTotal={(total) => t('common.total', { total: formatNumber(total) })}
          onChange={(current) => setPage({ ...page, current })}
          size="small"
        />
      )}
    </div>
  );
}

function AlertItem({
  record,
  language,
  confirming,
  onConfirm,
}: {
  record: AlertRecord;
  language: string;
  confirming: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const sos = record.type === ALERT_TYPES.sos;
  const tagColor = { open: sos ? 'red' : 'orange', confirmed: 'green', cleared: 'blue' }[record.state];
  return (
    <li className={`rp-alert-item rp-alert-item--${record.state}`} data-alert-id={record.id}>
      <div className="rp-alert-item__head">
        <strong>{t(alertTitle(record.type))}</strong>
        <Tag color={tagColor} className="rp-alert-item__state">
          {t(`alerts.list.tag.${record.state}`)}
        </Tag>
      </div>
      <div className="rp-alert-item__room">{t('alerts.room', { room: record.room_num })}</div>
      {record.event_content && <div className="rp-alert-item__content">{record.event_content}</div>}
      <div className="rp-alert-item__time">
        {t('alerts.list.raised', { time: formatTime(record.event_time, language) })}
      </div>
      {record.state === 'confirmed' && (
        <div className="rp-alert-item__end">
          {t('alerts.list.confirmedBy', {
            name: record.confirmed_by ?? '',
            time: formatTime(record.confirmed_at, language),
          })}
        </div>
      )}
      {record.state === 'cleared' && (
        <div className="rp-alert-item__end">
          {t('alerts.list.clearedBy', {
            reason: record.cleared_text ?? '',
            time: formatTime(record.cleared_at, language),
          })}
        </div>
      )}
      {record.state === 'open' && (
        <div className="rp-alert-item__actions">
          <CallAction call="alerts.confirm" refused="hide">
            <Button
              size="small"
              type={sos ? 'primary' : 'default'}
              danger={sos}
              loading={confirming}
              onClick={onConfirm}
            >
              {t('alerts.confirm')}
            </Button>
          </CallAction>
        </div>
      )}
    </li>
  );
}
