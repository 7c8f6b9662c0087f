import type { OplogEntry, OplogFilter } from '@roompilot/contract';
import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { SearchInput } from '../../components/SearchInput';
import { useListQuery } from '../../components/useListQuery';
import { formatDateTime } from '../../lib/format';
import { ExportMenu } from './ExportMenu';
import { LogChoiceSelect } from './LogChoiceSelect';
import { LogResults, TimeSpanSelect } from './LogResults';
import { chartFrom, DEFAULT_SPAN, listFrom, type TimeSpan, utcOffset } from './logTime';

interface Filters {
  user_name?: string;
  action?: string;
  keyword?: string;
}

/** The operation log: who changed what, when and from where, filtered, counted and exported. */
export function OperationLogTab() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({});
  const [userInput, setUserInput] = useState('');
  const [keywordInput, setKeywordInput] = useState('');
  const [span, setSpan] = useState<TimeSpan>(DEFAULT_SPAN);
  const [now, setNow] = useState(() => Date.now());

  const filter: OplogFilter = useMemo(
    () => ({ ...filters, ...(listFrom(span, now) && { from: listFrom(span, now) }) }),
    [filters, span, now],
  );
  const list = useListQuery<OplogEntry, { filter: OplogFilter }>({
    key: 'oplog',
    params: { filter },
    fetch: api.oplog.query,
  });
  const counts = useQuery({
    queryKey: ['oplog', 'counts', filters, span, now],
    queryFn: () =>
      api.logs.operationCounts({
        filter: { ...filters, from: chartFrom(span, now), to: new Date(now).toISOString() },
        utc_offset: utcOffset(),
      }),
  });

  const change = (patch: Filters) => {
    setFilters((current) => ({ ...current, ...patch }));
    setNow(Date.now());
    list.firstPage();
  };

  const columns: TableColumnsType<OplogEntry> = [
    {
      title: t('logs.column.at'),
      dataIndex: 'created_at',
      key: 'created_at',
      width: 210,
      render: (value: string) => formatDateTime(value, { seconds: true }),
    },
    { title: t('logs.column.user'), dataIndex: 'user_name', key: 'user_name', width: 130 },
    { title: t('logs.column.action'), dataIndex: 'action_text', key: 'action', width: 170 },
    {
      title: t('logs.column.target'),
      dataIndex: 'target',
      key: 'target',
      width: 130,
      render: (value: string) => value || <span className="rp-muted">—</span>,
    },
    {
      title: t('logs.column.detail'),
      dataIndex: 'text',
      key: 'text',
      ellipsis: { showTitle: true },
      render: (value: string) => value || <span className="rp-muted">—</span>,
    },
    { title: t('logs.column.ip'), dataIndex: 'ip', key: 'ip', width: 130 },
  ];

  const hasFilters = Object.values(filters).some((value) => value !== undefined) || span !== 'any';
  return (
    <>
      <div className="rp-toolbar rp-toolbar--filters">
        <SearchInput
          className="rp-filter rp-logs__search"
          hint={t('logs.user')}
          maxLength={64}
          value={userInput}
          onChange={(event) => setUserInput(event.target.value)}
          onSearch={(value) => change({ user_name: value.trim() || undefined })}
        />
        <LogChoiceSelect
          choices="actions"
          placeholder={t('logs.anyAction')}
          label={t('logs.action')}
          value={filters.action}
          onChange={(value) => change({ action: value })}
        />
        <SearchInput
          className="rp-filter rp-filter--keyword rp-logs__search rp-logs__search--keyword"
          hint={t('logs.keyword')}
          maxLength={128}
          value={keywordInput}
          onChange={(event) => setKeywordInput(event.target.value)}
          onSearch={(value) => change({ keyword: value.trim() || undefined })}
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
            call="logs.operationExport"
            fallbackName="operations"
            download={(format) => api.logs.operationExport({ format, filter, utc_offset: utcOffset() })}
          />
        </div>
      </div>
      <LogResults<OplogEntry>
        label={t('logs.tabOperations')}
        counts={counts}
        list={list}
        columns={columns}
        width={1010}
        emptyText={t(hasFilters ? 'common.noMatch' : 'logs.emptyOperations')}
      />
    </>
  );
}
