import { ControlOutlined } from '@ant-design/icons';
import { ALERT_POLL_MS, type DeviceKind, type LiveDeviceState } from '@roompilot/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Spin, Tag } from 'antd';
import { lazy, Suspense, useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../app/api';
import { withStrings } from '../../app/i18n';
import { shouldPoll, useLiveStatus } from '../../app/live';
import { useMayCall } from '../../app/permissions';
import { OnlineTag } from '../../components/OnlineTag';
import { formatKwh, formatNumber } from '../../lib/format';
import { byNaturalOrder } from '../../lib/natural';
import { timeAgo } from '../../lib/timeAgo';
import { deviceText, formatTemp } from '../live/deviceText';
import { deviceKindOf } from '../live/vocabulary';
import { mainAc, type RoomStore, rentOf } from './floorModel';
import { deviceStateKey, ROOM_CTRL_PATH } from './roomPanelKeys';

/** A mode applied by hand, with its strings: loaded when a user who may apply modes opens a room. */
const ModeApply = lazy(
  withStrings(['modes'], () => import('../modes/ModeApply').then((module) => ({ default: module.ModeApply }))),
);

interface Props {
  store: RoomStore;
  roomId: number | null;
  canControl: boolean;
  onClose: () => void;
}

/** A room's live state in a drawer: its flags from the floor view, its devices and meter from /redisdevicestate. */
export default function RoomPanel({ store, roomId, canControl, onClose }: Props) {
  const { t } = useTranslation();
  const subscribe = useCallback(
    (listener: () => void) => (roomId === null ? () => undefined : store.subscribeRoom(roomId, listener)),
    [store, roomId],
  );
  const room = useSyncExternalStore(subscribe, () => (roomId === null ? undefined : store.get(roomId)));
  const status = useLiveStatus();
  const mayApplyMode = useMayCall('modes.apply').allowed;
  const devices = useQuery({
    queryKey: deviceStateKey(roomId ?? 0),
    queryFn: () => api.live.deviceState({ room_id: roomId ?? 0 }),
    enabled: roomId !== null,
    refetchInterval: shouldPoll(status) ? ALERT_POLL_MS : false,
  });

  const rent = room ? rentOf(room) : 'unknown';
  const flags = room
    ? (['sos', 'card', 'occupied', 'dnd', 'mur', 'door', 'window'] as const).filter((f) => room[f])
    : [];
  const ac = room ? mainAc(room) : null;

  return (
    <Drawer
      open={roomId !== null}
      onClose={onClose}
      title={room ? t('dashboard.roomTitle', { room: room.room_num }) : ''}
      size={420}
      className="rp-room-panel"
      extra={
        canControl &&
        room && (
          <Link to={`${ROOM_CTRL_PATH}?room_id=${room.room_id}`}>
            <Button type="primary" icon={<ControlOutlined />}>
              {t('dashboard.openControl')}
            </Button>
          </Link>
        )
      }
    >
      {room && (
        <>
          {room.stale && (
            <Alert
              type="warning"
              showIcon
              className="rp-room-panel__stale"
              title={
                room.updated_at
                  ? t('dashboard.staleNote', { ago: timeAgo(room.updated_at, Date.now(), t) })
                  : t('dashboard.staleNoteUndated')
              }
            />
          )}
          <Descriptions column={1} size="small" bordered className="rp-room-panel__facts">
            <Descriptions.Item label={t('dashboard.floor')}>{room.floor_num}</Descriptions.Item>
            <Descriptions.Item label={t('dashboard.state')}>
              <span className={`rp-swatch rp-swatch--${rent}`} aria-hidden />
              {t(`live.rent.${rent}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('dashboard.connection')}>
              <OnlineTag online={room.online} />
              {room.stale && <Tag color="warning">{t('dashboard.lastKnownTag')}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={t('dashboard.flags')}>
              {flags.length === 0
                ? t('dashboard.noFlags')
                : flags.map((flag) => (
                    <Tag key={flag} color={flag === 'sos' ? 'error' : undefined}>
                      {t(`live.flag.${flag}`)}
                    </Tag>
                  ))}
            </Descriptions.Item>
            {ac?.temp !== undefined && (
              <Descriptions.Item label={t('dashboard.roomTemp')}>
                {t('live.temp', { value: formatTemp(ac.temp) })}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('dashboard.lastReport')}>
              {room.updated_at ? timeAgo(room.updated_at, Date.now(), t) : t('live.neverReported')}
            </Descriptions.Item>
          </Descriptions>
          {mayApplyMode && (
            <Suspense fallback={null}>
              <div className="rp-room-panel__mode">
                <ModeApply roomIds={[room.room_id]} roomNum={room.room_num} />
              </div>
            </Suspense>
          )}
          <h3 className="rp-room-panel__heading">{t('dashboard.devices')}</h3>
          <DeviceList query={devices} />
        </>
      )}
    </Drawer>
  );
}

function DeviceList({ query }: { query: { data?: LiveDeviceState; error: Error | null; isPending: boolean } }) {
  const { t } = useTranslation();
  if (query.isPending) return <Spin />;
  if (query.error && !query.data) {
    return <Alert type="warning" showIcon title={t('dashboard.devicesFailed', { reason: query.error.message })} />;
  }
  const state = query.data;
  const keys = Object.keys(state?.devices ?? {}).sort(byNaturalOrder);
  if (!state || keys.length === 0) return <p className="rp-muted">{t('dashboard.noDevices')}</p>;
  return (
    <>
      <ul className="rp-device-list">
        {keys.map((key) => {
          const kind = deviceKindOf(key);
          const name = state.names?.[key] ?? key;
          const kindLabel = kind ? t(`live.kind.${kind as DeviceKind}`) : '';
          return (
            <li key={key}>
              <span className="rp-device-list__key" title={key}>
                {name}
              </span>
              <span className="rp-device-list__kind">{kindLabel === name ? '' : kindLabel}</span>
              <span className="rp-device-list__state">{kind ? deviceText(kind, state.devices[key], t) : ''}</span>
            </li>
          );
        })}
      </ul>
      {state.energy.kwh !== undefined && (
        <p className="rp-muted">
          {t('dashboard.energy')} ·{' '}
          {t('dashboard.energyValue', {
            kwh: formatKwh(state.energy.kwh),
            w: formatNumber(Math.round(state.energy.w ?? 0)),
          })}
        </p>
      )}
    </>
  );
}
