import { SendOutlined } from '@ant-design/icons';
import {
  type AcChange,
  type AcMode,
  ALERT_POLL_MS,
  type ControlResult,
  type FanSpeed,
  type RoomAirState,
  SETPOINT_MAX,
  SETPOINT_MIN,
  SETPOINT_STEP,
} from '@roompilot/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, InputNumber, Popconfirm, Segmented, Select, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { shouldPoll, useLiveMessages, useLiveReconnected, useLiveStatus } from '../../app/live';
import { useMayCall } from '../../app/permissions';
import { airControlQuery, asQuery } from '../../app/screenQueries';
import { EmptyState } from '../../components/EmptyState';
import { OnlineTag } from '../../components/OnlineTag';
import { QueryFailed } from '../../components/QueryFailed';
import { selectAllTitle } from '../../components/selectAllTitle';
import { deviceText, formatTemp } from '../live/deviceText';
import { AC_MODES, FAN_SPEEDS } from '../live/vocabulary';
import { ControlResults, type Run, reasonOf } from './ControlResults';
import { CONTROL_PAGINATION, roomColumns } from './columns';
import { TargetPicker } from './TargetPicker';
import {
  failedIds,
  isComplete,
  mergeResults,
  needsConfirmation,
  type Target,
  targetBody,
  targetRoomIds,
} from './targets';
import { toTargetRoom, useControlRooms } from './useControlRooms';
import './control.css';

const AIR_KEY = airControlQuery().queryKey;
type Power = 'keep' | 'on' | 'off';

/** The AC change the form describes: only what the user chose to change. */
export function acChangeOf(
  power: Power,
  mode: AcMode | undefined,
  set: number | null,
  fan: FanSpeed | undefined,
): AcChange {
  return {
    ...(power === 'keep' ? {} : { on: power === 'on' }),
    ...(mode ? { mode } : {}),
    ...(set !== null ? { set } : {}),
    ...(fan ? { fan } : {}),
  };
}

const firstAc = (row: RoomAirState) => Object.entries(row.ac).sort(([a], [b]) => a.localeCompare(b))[0];

/** Air control (pm_aircontrl): one AC change to many rooms, with the result of each. */
export default function AirControlPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canSend = useMayCall('control.air').allowed;
  const status = useLiveStatus();
  const [target, setTarget] = useState<Target>({ kind: 'selection', ids: [] });
  const [power, setPower] = useState<Power>('keep');
  const [mode, setMode] = useState<AcMode>();
  const [set, setSet] = useState<number | null>(null);
  const [fan, setFan] = useState<FanSpeed>();
  const [run, setRun] = useState<Run>({ state: 'idle' });
  const [sent, setSent] = useState<AcChange | null>(null);

  const air = useQuery({
    ...asQuery(airControlQuery()),
    refetchInterval: shouldPoll(status) ? ALERT_POLL_MS : false,
  });
  useLiveMessages((message) => {
    if (message.type !== 'room') return;
    const change = message.data;
    const acs = Object.entries(change.devices ?? {}).filter(([key]) => key.startsWith('AC'));
    if (acs.length === 0 && change.online === undefined) return;
    queryClient.setQueryData<RoomAirState[]>(AIR_KEY, (rows) =>
      rows?.map((row) =>
        row.room_id === change.room_id
          ? {
              ...row,
              online: change.online ?? row.online,
              updated_at: change.updated_at ?? row.updated_at,
              ac: { ...row.ac, ...Object.fromEntries(acs.map(([key, state]) => [key, { ...row.ac[key], ...state }])) },
            }
          : row,
      ),
    );
  });
  useLiveReconnected(() => void air.refetch());

  const rooms = useControlRooms();
  const rows = air.data ?? [];
  const floors = useMemo(() => [...new Set(rows.map((row) => row.floor_num))].sort((a, b) => a - b), [rows]);
  const targetRooms = useMemo(() => rows.map((row) => toTargetRoom(row, rooms.byId)), [rows, rooms.byId]);
  const reached = useMemo(() => targetRoomIds(target, targetRooms), [target, targetRooms]);
  const change = acChangeOf(power, mode, set, fan);
  const hasChange = Object.keys(change).length > 0;

  const send = async (body: Parameters<typeof api.control.air>[0], count: number | null, earlier: ControlResult[]) => {
    setRun({ state: 'running', count });
    try {
      // Quiet: the screen shows the result of every room itself, and why the call failed.
      const results = await api.control.air(body, { quiet: true });
      setRun({ state: 'done', results: mergeResults(earlier, results) });
    } catch (error) {
      setRun({ state: 'failed', reason: reasonOf(error), results: earlier });
    }
    void air.refetch();
  };
  const apply = () => {
    setSent(change);
    void send({ ...targetBody(target), ac: change }, reached?.length ?? null, []);
  };
  const retryFailed = () => {
    if (run.state !== 'done' || !sent) return;
    const ids = failedIds(run.results);
    if (ids.length > 0) void send({ room_ids: ids, ac: sent }, ids.length, run.results);
  };

  const columns: TableColumnsType<RoomAirState> = [
    ...roomColumns<RoomAirState>(t),
    {
      title: t('control.online'),
      key: 'online',
      width: 100,
      render: (_value, row) => <OnlineTag online={row.online} />,
    },
    {
      title: t('control.air.ac'),
      key: 'ac',
      render: (_value, row) => {
        const entry = firstAc(row);
        // Nothing reported yet says nothing of the room's air conditioners.
        if (!entry) {
          return (
            <span className="rp-muted">{t(row.updated_at === null ? 'live.neverReported' : 'control.air.noAc')}</span>
          );
        }
        const { temp: _temp, ...state } = entry[1];
        return deviceText('ac', state, t) || <span className="rp-muted">{t('control.air.notReported')}</span>;
      },
    },
    {
      title: t('control.air.roomTemp'),
      key: 'temp',
      width: 110,
      render: (_value, row) => {
        const temp = firstAc(row)?.[1].temp;
        return temp === undefined ? '' : t('live.temp', { value: formatTemp(temp) });
      },
    },
  ];

  const running = run.state === 'running';
  const ready = canSend && hasChange && isComplete(target) && reached?.length !== 0 && !running;
  const confirm = needsConfirmation(reached?.length ?? null);
  const applyButton = (
    <Button
      type="primary"
      icon={<SendOutlined />}
      disabled={!ready}
      loading={running}
      onClick={confirm ? undefined : apply}
      data-call="control.air"
    >
      {t('control.air.apply')}
    </Button>
  );

  return (
    <section className="rp-page rp-control">
      <div className="rp-toolbar">
        <h1 className="rp-page__title">{t('route.pm_aircontrl')}</h1>
      </div>
      {!canSend && <Alert className="rp-page__alert" type="info" showIcon title={t('control.readOnly')} />}
      <div className="rp-control__panel">
        <TargetPicker
          target={target}
          onChange={setTarget}
          floors={floors}
          types={rooms.types}
          buildings={rooms.buildings}
          count={reached?.length ?? null}
        />
      </div>
      <fieldset className="rp-control__panel" aria-label={t('control.air.change')} disabled={!canSend}>
        <div className="rp-control__field">
          <span className="rp-control__label">{t('control.air.power')}</span>
          <Segmented<Power>
            value={power}
            onChange={setPower}
            options={[
              { value: 'keep', label: t('control.air.unchanged') },
              { value: 'on', label: t('live.on') },
              { value: 'off', label: t('live.off') },
            ]}
          />
        </div>
        <label className="rp-control__field" htmlFor="air-mode">
          <span className="rp-control__label">{t('control.air.mode')}</span>
          <Select<AcMode>
            id="air-mode"
            allowClear
            placeholder={t('control.air.unchanged')}
            value={mode}
            onChange={setMode}
            options={AC_MODES.map((value) => ({ value, label: t(`live.mode.${value}`) }))}
            className="rp-control__select"
          />
        </label>
        <label className="rp-control__field" htmlFor="air-setpoint">
          <span className="rp-control__label">{t('control.air.setpoint')}</span>
          <InputNumber
            id="air-setpoint"
            min={SETPOINT_MIN}
            max={SETPOINT_MAX}
            step={SETPOINT_STEP}
            precision={1}
            placeholder={t('control.air.unchanged')}
            value={set}
            onChange={(value) => setSet(value ?? null)}
            suffix="°C"
            className="rp-control__select"
          />
        </label>
        <label className="rp-control__field" htmlFor="air-fan">
          <span className="rp-control__label">{t('control.air.fan')}</span>
          <Select<FanSpeed>
            id="air-fan"
            allowClear
            placeholder={t('control.air.unchanged')}
            value={fan}
            onChange={setFan}
            options={FAN_SPEEDS.map((value) => ({ value, label: t(`live.fan.${value}`) }))}
            className="rp-control__select"
          />
        </label>
        <div className="rp-control__field">
          {confirm && ready ? (
            <Popconfirm
              title={t('control.confirmTitle')}
              description={
                reached === null ? t('control.confirmUnknown') : t('control.confirmRooms', { count: reached.length })
              }
              okText={t('control.apply')}
              cancelText={t('common.cancel')}
              onConfirm={apply}
            >
              {applyButton}
            </Popconfirm>
          ) : (
            applyButton
          )}
        </div>
        {canSend && !hasChange && <span className="rp-control__hint">{t('control.air.nothing')}</span>}
      </fieldset>
      <ControlResults run={run} call="control.air" onRetryFailed={canSend ? retryFailed : undefined} />
      {air.isError && !air.data ? (
        <QueryFailed error={air.error} onRetry={() => void air.refetch()} retrying={air.isFetching} />
      ) : (
        <Table<RoomAirState>
          size="small"
          rowKey="room_id"
          loading={air.isPending}
          scroll={{ x: 'max-content' }}
          columns={columns}
          dataSource={rows}
          rowSelection={{
            columnTitle: selectAllTitle,
            selectedRowKeys: target.kind === 'selection' ? [...target.ids] : [],
            onChange: (keys) => setTarget({ kind: 'selection', ids: keys.map(Number) }),
          }}
          pagination={CONTROL_PAGINATION}
          locale={{ emptyText: air.isPending ? ' ' : <EmptyState description={t('control.noRooms')} /> }}
        />
      )}
    </section>
  );
}
