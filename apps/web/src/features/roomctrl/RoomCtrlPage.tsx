import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  ALERT_POLL_MS,
  type DeviceMap,
  type DeviceState,
  type LiveDeviceState,
  PAGE_SIZE_MAX,
} from '@roompilot/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Result, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { shouldPoll, useLiveMessages, useLiveReconnected, useLiveStatus } from '../../app/live';
import { useMayCall } from '../../app/permissions';
import { OnlineTag } from '../../components/OnlineTag';
import { QueryFailed } from '../../components/QueryFailed';
import { formatKwh, formatNumber } from '../../lib/format';
import { mergeDeviceChange } from '../live/deviceState';
import { ModeApply } from '../modes/ModeApply';
import { DeviceCard, type DeviceResult } from './DeviceCard';
import { controlDevices } from './deviceModel';
import './roomctrl.css';

export const DASHBOARD_PATH = '/dashboard';
export const ROOMS_PATH = '/roomsystem/room';
const deviceStateKey = (roomId: number) => ['live', 'devices', roomId] as const;
const ALL_TYPES = { current: 1, size: PAGE_SIZE_MAX };

/** Device control (roomctrl, pm_roomdetail), hidden from the menu: `?room_id=` names the room. */
export default function RoomCtrlPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('room_id');
  const roomId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  if (roomId === null) {
    return (
      <section className="rp-page">
        <Result status="info" title={t('roomctrl.noRoom')} extra={<BackLinks />} />
      </section>
    );
  }
  return <RoomControl roomId={roomId} />;
}

function BackLinks() {
  const { t } = useTranslation();
  return (
    <>
      <Link to={DASHBOARD_PATH}>
        <Button type="primary">{t('roomctrl.toDashboard')}</Button>
      </Link>{' '}
      <Link to={ROOMS_PATH}>
        <Button>{t('roomctrl.toRooms')}</Button>
      </Link>
    </>
  );
}

function RoomControl({ roomId }: { roomId: number }) {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const canControl = useMayCall('control.room').allowed;
  const status = useLiveStatus();
  const [pending, setPending] = useState<Record<string, DeviceState>>({});
  const [results, setResults] = useState<Record<string, DeviceResult>>({});

  const rooms = useQuery({ queryKey: ['rooms', 'basic'], queryFn: () => api.rooms.basic() });
  const room = rooms.data?.records.find((candidate) => candidate.id === roomId);
  // The template names the devices; without pm_roomtype the screen shows what the RCU reports.
  const types = useQuery({
    queryKey: ['roomtypes', ALL_TYPES, 'quiet'],
    queryFn: () => api.roomTypes.list(ALL_TYPES, { quiet: true }),
    enabled: room !== undefined,
  });
  const template = types.data
    ? (types.data.records.find((type) => type.id === room?.room_type_id)?.devices ?? [])
    : null;

  const live = useQuery({
    queryKey: deviceStateKey(roomId),
    queryFn: () => api.live.deviceState({ room_id: roomId }),
    refetchInterval: shouldPoll(status) ? ALERT_POLL_MS : false,
  });
  useLiveMessages((pushed) => {
    if (pushed.type !== 'room' || pushed.data.room_id !== roomId) return;
    queryClient.setQueryData<LiveDeviceState>(deviceStateKey(roomId), (current) =>
      current ? mergeDeviceChange(current, pushed.data) : current,
    );
  });
  useLiveReconnected(() => void live.refetch());

  const send = async (key: string, label: string, change: DeviceState) => {
    setPending((current) => ({ ...current, [key]: { ...current[key], ...change } }));
    setResults((current) => ({ ...current, [key]: { kind: 'sending' } }));
    const devices: DeviceMap = { [key]: change };
    try {
      const answer = await api.control.room({ room_id: roomId, devices });
      // The energy policy brought the change within its limits: what was sent instead, in the server's words.
      const policyNote = typeof answer?.policy_note === 'string' ? answer.policy_note : null;
      // The RCU acknowledged: show the change now; its next state report says the same.
      queryClient.setQueryData<LiveDeviceState>(deviceStateKey(roomId), (current) =>
        current
          ? { ...current, devices: { ...current.devices, [key]: { ...current.devices[key], ...change } } }
          : current,
      );
      setResults((current) => ({ ...current, [key]: { kind: 'done' } }));
      if (policyNote) message.warning(policyNote, 8);
      else message.success(t('roomctrl.done', { device: label }));
    } catch (error) {
      // The http client has shown the server's message; the card keeps it, and the control goes back.
      setResults((current) => ({
        ...current,
        [key]: { kind: 'failed', reason: error instanceof Error ? error.message : String(error) },
      }));
    } finally {
      setPending(({ [key]: _sent, ...rest }) => rest);
    }
  };

  if (rooms.isPending) return <Spin className="rp-dashboard__loading" />;
  if (rooms.isError && !rooms.data) {
    return <QueryFailed error={rooms.error} onRetry={() => void rooms.refetch()} retrying={rooms.isFetching} />;
  }
  if (!room) {
    return (
      <section className="rp-page">
        <Result status="404" title={t('roomctrl.roomNotFound')} extra={<BackLinks />} />
      </section>
    );
  }

  const state = live.data;
  const devices = controlDevices(types.isPending ? [] : template, state?.devices ?? {});
  const energy = state?.energy;

  return (
    <section className="rp-page rp-roomctrl">
      <div className="rp-toolbar">
        <Link to={DASHBOARD_PATH}>
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('roomctrl.toDashboard')} />
        </Link>
        <h1 className="rp-page__title">{t('roomctrl.title', { room: room.room_num })}</h1>
        {state && <OnlineTag online={state.online} />}
        {energy?.kwh !== undefined && (
          <span className="rp-toolbar__hint">
            {t('roomctrl.energy', {
              kwh: formatKwh(energy.kwh),
              w: formatNumber(Math.round(energy.w ?? 0)),
            })}
          </span>
        )}
      </div>
      <div className="rp-toolbar">
        <ModeApply roomIds={[room.id]} roomTypeIds={[room.room_type_id]} roomNum={room.room_num} />
      </div>
      {!canControl && <Alert className="rp-page__alert" type="info" showIcon title={t('roomctrl.readOnly')} />}
      {state && !state.online && (
        <Alert className="rp-page__alert" type="warning" showIcon title={t('roomctrl.offline')} />
      )}
      {live.error && !state && (
        <Alert
          className="rp-page__alert"
          type="error"
          showIcon
          title={t('roomctrl.stateFailed', { reason: live.error.message })}
        />
      )}
      {types.isError && (
        <Alert className="rp-page__alert" type="info" showIcon title={t('roomctrl.templateUnavailable')} />
      )}
      {types.isPending || live.isPending ? (
        <Spin className="rp-dashboard__loading" />
      ) : devices.length === 0 ? (
        <Result status="info" title={t('roomctrl.noDevices')} />
      ) : (
        <div className="rp-devices">
          {devices.map((device) => (
            <DeviceCard
              key={device.key}
              device={device}
              pending={pending[device.key]}
              result={results[device.key]}
              disabled={!canControl}
              onSend={send}
            />
          ))}
        </div>
      )}
    </section>
  );
}
