import type { EventLogEntry, EventLogFilter } from '@roompilot/contract';
import { useQuery } from '@tanstack/react-query';
import { type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import {
  EVENT_LOG,
  type EventLogFilters,
  eventLogCountsQuery,
  eventLogFilter,
  eventLogStart,
} from '../../app/screenQueries';
import { SearchInput } from '../../components/SearchInput';
import { useListQuery } from '../../components/useListQuery';
import { formatDateTime } from '../../lib/format';
import { ExportMenu } from './ExportMenu';
import { LogChoiceSelect } from './LogChoiceSelect';
import { LogResults, TimeSpanSelect } from './LogResults';
import { DEFAULT_SPAN, type TimeSpan, utcOffset } from './logTime';

/**
 * The tone of the types that call for attention (logs.css gives each a colour pair that reads at
 * 4.5:1; antd's preset cyan, green and orange tags do not); the rest are plain.
 */
const TYPE_TONES: Partial<Record<string, string>> = {
  sos: 'danger',
  fault: 'danger',
  alert_raised: 'warning',
  alert_confirmed: 'ok',
  alert_cleared: 'ok',
  command: 'info',
  policy: 'policy',
  mode: 'mode',
};

type Filters = EventLogFilters;

/** The device event log: what the RCUs reported and what the server did to rooms, filtered, counted and exported. */
export function EventLogTab() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({});
  const [roomInput, setRoomInput] = useState('');
  const [span, setSpan] = useState<TimeSpan>(DEFAULT_SPAN);
  // The span is fixed when chosen, so that paging does not move it.
  const [now, setNow] = useState(eventLogStart);

  const filter: EventLogFilter = useMemo(() => eventLogFilter(filters, span, now), [filters, span, now]);
  const list = useListQuery<EventLogEntry, { filter: EventLogFilter }>({ ...EVENT_LOG, params: { filter } });
  const counts = useQuery(eventLogCountsQuery(filters, span, now));

  const change = (patch: Filters) => {
    setFilters((current) => ({ ...current, ...patch }));
    setNow(Date.now());
    list.firstPage();
  };

  const columns: TableColumnsType<EventLogEntry> = [
    {
      title: t('logs.column.at'),
      dataIndex: 'at',
      key: 'at',
      width: 210,
      render: (value: string) => formatDateTime(value, { seconds: true }),
    },
    { title: t('logs.column.room'), dataIndex: 'room_num', key: 'room_num', width: 90 },
    {
      title: t('logs.column.type'),
      dataIndex: 'type_text',
      key: 'type',
      width: 150,
      render: (value: string, row) => {
        const tone = TYPE_TONES[row.type];
        return <Tag className={tone && `rp-log-type rp-log-type--${tone}`}>{value}</Tag>;
      },
    },
    {
      title: t('logs.column.detail'),
      dataIndex: 'text',
      key: 'text',
      render: (value: string) => value || <span className="rp-muted">—</span>,
    },
  ];

  const hasFilters = filters.room_num !== undefined || filters.type !== undefined || span !== 'any';
  return (
    <>
      <div className="rp-toolbar rp-toolbar--filters">
        <SearchInput
          className="rp-filter rp-logs__search"
          hint={t('logs.room')}
          maxLength={16}
          value={roomInput}
          onChange={(event) => setRoomInput(event.target.value)}
          onSearch={(value) => change({ room_num: value.trim() || undefined })}
        />
        <LogChoiceSelect
          choices="types"
          placeholder={t('logs.anyType')}
          label={t('logs.type')}
          value={filters.type}
          onChange={(value) => change({ type: value })}
        />
        <TimeSpanSelect
          value={span}
          onChange={(value) => {
            setSpan(value);
            setNow(Date.now());
            list.firstPage();
          }}
        />
        <div className="rp-toolbar__actions">
          <ExportMenu
            call="logs.eventExport"
            fallbackName="events"
            download={(format) => api.logs.eventExport({ format, filter, utc_offset: utcOffset() })}
          />
        </div>
      </div>
      <LogResults<EventLogEntry>
        label={t('logs.tabEvents')}
        counts={counts}
        list={list}
        columns={columns}
        width={790}
        emptyText={t(hasFilters ? 'common.noMatch' : 'logs.emptyEvents')}
      />
    </>
  );
}
