import { SendOutlined } from '@ant-design/icons';
import {
  ALERT_POLL_MS,
  type ControlResult,
  type LiveRoomState,
  type RentState,
  ROOM_KEYWORD_MAX,
} from '@roompilot/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Popconfirm, Select, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { shouldPoll, useLiveMessages, useLiveReconnected, useLiveStatus } from '../../app/live';
import { useMayCall } from '../../app/permissions';
import { asQuery, roomStateControlQuery } from '../../app/screenQueries';
import { EmptyState } from '../../components/EmptyState';
import { OnlineTag } from '../../components/OnlineTag';
import { QueryFailed } from '../../components/QueryFailed';
import { SearchInput } from '../../components/SearchInput';
import { selectAllTitle } from '../../components/selectAllTitle';
import { byNaturalOrder } from '../../lib/natural';
import { timeAgo } from '../../lib/timeAgo';
import { RENT_STATES } from '../live/vocabulary';
import { ModeApply } from '../modes/ModeApply';
import { ControlResults, type Run, reasonOf } from './ControlResults';
import { CONTROL_PAGINATION, roomColumns } from './columns';
import { failedIds, mergeResults } from './targets';
import './control.css';

const STATES_KEY = roomStateControlQuery().queryKey;
type RentFilter = RentState | 'unknown' | 'all';

/** Room state control (pm_roomstatecontrl): the rent state of one or many rooms, pushed to their RCUs. */
export default function RoomStateControlPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canSend = useMayCall('control.rent').allowed;
  const status = useLiveStatus();
  const [selected, setSelected] = useState<number[]>([]);
  const [rent, setRent] = useState<RentState>();
  const [keyword, setKeyword] = useState('');
  const [rentFilter, setRentFilter] = useState<RentFilter>('all');
  const [run, setRun] = useState<Run>({ state: 'idle' });
  const [sent, setSent] = useState<RentState | null>(null);
  // What the results below are of: a rent change (a retry sends it again) or a mode.
  const [runCall, setRunCall] = useState<'control.rent' | 'modes.apply'>('control.rent');

  const states = useQuery({
    ...asQuery(roomStateControlQuery()),
    refetchInterval: shouldPoll(status) ? ALERT_POLL_MS : false,
  });
  useLiveMessages((message) => {
    if (message.type !== 'room') return;
    const change = message.data;
    if (change.rent === undefined && change.online === undefined && change.updated_at === undefined) return;
    queryClient.setQueryData<LiveRoomState[]>(STATES_KEY, (rows) =>
      rows?.map((row) =>
        row.room_id === change.room_id
          ? {
              ...row,
              rent: change.rent ?? row.rent,
              online: change.online ?? row.online,
              updated_at: change.updated_at ?? row.updated_at,
            }
          : row,
      ),
    );
  });
  useLiveReconnected(() => void states.refetch());

  const rows = states.data ?? [];
  const shown = useMemo(() => {
    const text = keyword.trim();
    return rows
      .filter((row) => !text || row.room_num.includes(text))
      .filter((row) => rentFilter === 'all' || (row.rent ?? 'unknown') === rentFilter)
      .sort((a, b) => byNaturalOrder(a.room_num, b.room_num));
  }, [rows, keyword, rentFilter]);
  const roomNum = (id: number) => rows.find((row) => row.room_id === id)?.room_num ?? String(id);

  const send = async (roomIds: number[], state: RentState, earlier: ControlResult[]) => {
    setRun({ state: 'running', count: roomIds.length });
    try {
      // Quiet: the screen shows the result of every room itself, and why the call failed.
      const results = await api.control.rent({ room_ids: roomIds, rent: state }, { quiet: true });
      setRun({ state: 'done', results: mergeResults(earlier, results) });
    } catch (error) {
      setRun({ state: 'failed', reason: reasonOf(error), results: earlier });
    }
    void states.refetch();
  };
  const apply = () => {
    if (!rent) return;
    setRunCall('control.rent');
    setSent(rent);
    void send(selected, rent, []);
  };
  const retryFailed = () => {
    if (run.state !== 'done' || !sent) return;
    const ids = failedIds(run.results);
    if (ids.length > 0) void send(ids, sent, run.results);
  };

  const rentLabel = (value: RentState | null) => t(value ? `live.rent.${value}` : 'live.rent.unknown');
  const columns: TableColumnsType<LiveRoomState> = [
    ...roomColumns<LiveRoomState>(t),
    {
      title: t('control.rent.current'),
      key: 'rent',
      width: 140,
      render: (_value, row) => (
        <span className="rp-rent" data-rent={row.rent ?? 'unknown'}>
          <span className={`rp-swatch rp-swatch--${row.rent ?? 'unknown'}`} aria-hidden />
          {rentLabel(row.rent)}
        </span>
      ),
    },
    {
      title: t('control.online'),
      key: 'online',
      width: 100,
      render: (_value, row) => <OnlineTag online={row.online} />,
    },
    {
      title: t('live.lastReport'),
      key: 'updated_at',
      render: (_value, row) => (row.updated_at ? timeAgo(row.updated_at, Date.now(), t) : t('live.neverReported')),
    },
  ];

  const running = run.state === 'running';
  const ready = canSend && rent !== undefined && selected.length > 0 && !running;
  const question =
    selected.length === 1
      ? t('control.rent.confirmOne', { room: roomNum(selected[0] ?? 0), rent: rentLabel(rent ?? null) })
      : t('control.rent.confirm', { count: selected.length, rent: rentLabel(rent ?? null) });

  return (
    <section className="rp-page rp-control">
      <div className="rp-toolbar">
        <h1 className="rp-page__title">{t('route.pm_roomstatecontrl')}</h1>
      </div>
      {!canSend && <Alert className="rp-page__alert" type="info" showIcon title={t('control.readOnly')} />}
      <fieldset className="rp-control__panel" disabled={!canSend}>
        <div className="rp-control__field">
          <span className="rp-control__label">{t('control.target')}</span>
          <span className="rp-control__hint" data-testid="control-target-count">
            {selected.length === 0 ? t('control.noSelection') : t('control.selected', { count: selected.length })}
          </span>
        </div>
        <label className="rp-control__field" htmlFor="rent-new">
          <span className="rp-control__label">{t('control.rent.new')}</span>
          <Select<RentState>
            id="rent-new"
            placeholder={t('control.rent.choose')}
            value={rent}
            onChange={setRent}
            options={RENT_STATES.map((value) => ({ value, label: t(`live.rent.${value}`) }))}
            className="rp-control__select"
          />
        </label>
        <div className="rp-control__field">
          {ready ? (
            <Popconfirm
              title={t('control.confirmTitle')}
              description={question}
              okText={t('control.apply')}
              cancelText={t('common.cancel')}
              onConfirm={apply}
            >
              <Button type="primary" icon={<SendOutlined />} data-call="control.rent">
                {t('control.rent.apply')}
              </Button>
            </Popconfirm>
          ) : (
            <Button type="primary" icon={<SendOutlined />} disabled loading={running} data-call="control.rent">
              {t('control.rent.apply')}
            </Button>
          )}
        </div>
      </fieldset>
      <div className="rp-control__panel">
        <div className="rp-control__field">
          <span className="rp-control__label">{t('modes.apply.label')}</span>
          <ModeApply
            roomIds={selected}
            roomNum={selected.length === 1 ? roomNum(selected[0] ?? 0) : undefined}
            onStart={() => {
              setRunCall('modes.apply');
              setRun({ state: 'running', count: selected.length });
            }}
            onResults={(results) => setRun({ state: 'done', results })}
            onFailed={(error) => setRun({ state: 'failed', reason: reasonOf(error), results: [] })}
          />
        </div>
      </div>
      <ControlResults
        run={run}
        call={runCall}
        onRetryFailed={canSend && runCall === 'control.rent' ? retryFailed : undefined}
      />
      <div className="rp-toolbar">
        <SearchInput
          hint={t('control.search')}
          maxLength={ROOM_KEYWORD_MAX}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          className="rp-control__search"
        />
        <Select<RentFilter>
          aria-label={t('control.rent.current')}
          value={rentFilter}
          onChange={setRentFilter}
          options={[
            { value: 'all', label: t('control.rent.allStates') },
            ...RENT_STATES.map((value) => ({ value, label: t(`live.rent.${value}`) })),
            { value: 'unknown', label: t('live.rent.unknown') },
          ]}
          className="rp-control__select"
          popupMatchSelectWidth={false}
        />
      </div>
      {states.isError && !states.data ? (
        <QueryFailed error={states.error} onRetry={() => void states.refetch()} retrying={states.isFetching} />
      ) : (
        <Table<LiveRoomState>
          size="small"
          rowKey="room_id"
          loading={states.isPending}
          scroll={{ x: 'max-content' }}
          columns={columns}
          dataSource={shown}
          rowSelection={{
            columnTitle: selectAllTitle,
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(Number)),
          }}
          pagination={CONTROL_PAGINATION}
          locale={{
            emptyText: states.isPending ? (
              ' '
            ) : (
              <EmptyState description={t(rows.length === 0 ? 'control.noRooms' : 'common.noMatch')} />
            ),
          }}
        />
      )}
    </section>
  );
}
