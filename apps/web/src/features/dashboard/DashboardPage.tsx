import { SettingOutlined } from '@ant-design/icons';
import { ALERT_POLL_MS, canVisit, HOTEL_ROUTES, type LiveDeviceState, type LiveRoomChange } from '@roompilot/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Spin } from 'antd';
import {
  type KeyboardEvent,
  lazy,
  type MouseEvent,
  memo,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { shouldPoll, useLiveMessages, useLiveReconnected, useLiveStatus } from '../../app/live';
import {
  asQuery,
  dashboardAirQuery,
  dashboardBuildingId,
  dashboardBuildingsQuery,
  numberParam,
  roomStatesQuery,
} from '../../app/screenQueries';
import { useCurrentUser } from '../../app/user';
import { CallAction } from '../../components/CallAction';
import { EmptyState } from '../../components/EmptyState';
import { formatNumber } from '../../lib/format';
import { timeAgo } from '../../lib/timeAgo';
import { mergeDeviceChange } from '../live/deviceState';
import { formatTemp } from '../live/deviceText';
import { AC_MODES } from '../live/vocabulary';
import {
  ALL_ROOMS,
  countStates,
  createRoomStore,
  FLAG_FILTERS,
  floorsOf,
  groupByFloor,
  matches,
  RENT_KEYS,
  type RoomFilter,
  type RoomStore,
  sameFilter,
  toTile,
} from './floorModel';
import { RoomTile, type TileLabels, TileLabelsContext } from './RoomTile';
import { deviceStateKey } from './roomPanelKeys';
import { tileToFocus } from './tileKeys';
import './dashboard.css';

type Mode = 'floor' | 'overview';
/** The page hears about changed rooms at most this often (counts, filters); each tile at once. */
const PAGE_BATCH_MS = 250;
// Only when needed: the first load of the console's home stays light (check-size.mjs).
const RoomPanel = lazy(() => import('./RoomPanel'));
const AlertSettingsModal = lazy(() => import('./AlertSettingsModal'));
const QueryFailed = lazy(() =>
  import('../../components/QueryFailed').then((module) => ({ default: module.QueryFailed })),
);
const ROOM_CTRL = HOTEL_ROUTES.find((route) => route.name === 'pm_roomctrl');

/**
 * The console's home (pm_dashboard): the floor view. Every room of a building's floor (or, in the
 * overview, of every floor) as a tile, with counts that filter; live from the push, polled every
 * 10 s while the push is down. A click opens the room's panel.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { guard } = useCurrentUser();
  const queryClient = useQueryClient();
  const status = useLiveStatus();
  const polling = shouldPoll(status);
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'overview' ? 'overview' : 'floor';
  const [filter, setFilter] = useState<RoomFilter>(ALL_ROOMS);
  const [selected, setSelected] = useState<number | null>(null);
  // Loaded at the first opening and kept while it closes (its animation); each opening is a new
  // dialog (`key`), with a new form that starts from the saved settings.
  const [settings, setSettings] = useState({ open: false, openings: 0 });
  const [store] = useState(() => createRoomStore((flush) => window.setTimeout(flush, PAGE_BATCH_MS)));

  const setParam = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };

  // Buildings: quiet, a user without the rooms screen sees the whole hotel without a picker.
  const buildings = useQuery(dashboardBuildingsQuery());
  const buildingList = buildings.data?.records ?? [];
  const requestedBuilding = numberParam(params.get('building'));
  const buildingId = dashboardBuildingId(buildings.isPending ? undefined : buildingList, requestedBuilding);

  // The whole hotel's rooms in one answer, asked for at once (not after the building list), and cut
  // to the building shown here: a change of building needs no new call.
  const states = useQuery({ ...asQuery(roomStatesQuery()), refetchInterval: polling ? ALERT_POLL_MS : false });
  // The air conditioners give each tile its temperature and AC; without them the tiles still show the
  // rest. Asked for once the rooms' state is in, so that the server makes that answer first.
  const air = useQuery({
    ...dashboardAirQuery(),
    enabled: !states.isPending,
    refetchInterval: polling ? ALERT_POLL_MS : false,
  });

  useEffect(() => {
    // Until the building list says which building is shown, a link's own building or nothing.
    if (!states.data || (buildings.isPending && requestedBuilding === undefined)) return;
    const acByRoom = new Map((air.data ?? []).map((room) => [room.room_id, room.ac]));
    const shown =
      buildingId === undefined ? states.data : states.data.filter((state) => state.building_id === buildingId);
    store.load(shown.map((state) => toTile(state, acByRoom.get(state.room_id))));
  }, [store, states.data, air.data, buildingId, buildings.isPending, requestedBuilding]);

  useLiveMessages((message) => {
    if (message.type !== 'room') return;
    const change: LiveRoomChange = message.data;
    store.apply(change);
    if (change.room_id === selected && (change.devices || change.energy || change.online !== undefined)) {
      queryClient.setQueryData<LiveDeviceState>(deviceStateKey(change.room_id), (current) =>
        current ? mergeDeviceChange(current, change) : current,
      );
    }
  });
  useLiveReconnected(() => {
    void states.refetch();
    void air.refetch();
  });

  const rooms = useSyncExternalStore(store.subscribe, store.snapshot);
  const floors = useMemo(() => floorsOf(rooms), [rooms]);
  const requestedFloor = numberParam(params.get('floor'));
  const floor = requestedFloor !== undefined && floors.includes(requestedFloor) ? requestedFloor : floors[0];
  const scope = useMemo(
    () => (mode === 'floor' ? rooms.filter((room) => room.floor_num === floor) : rooms),
    [rooms, mode, floor],
  );
  const counts = useMemo(() => countStates(scope), [scope]);
  const grouped = useMemo(() => groupByFloor(scope.filter((room) => matches(room, filter))), [scope, filter]);
  // A batch of pushes seldom moves a room between floors or filters: keep the same groups then, so
  // the grid of 2,000 tiles is not reconciled again (each tile redraws itself from the store).
  const shown = useStableGroups(grouped);

  const labels = useMemo<TileLabels>(
    () => ({
      rent: Object.fromEntries(RENT_KEYS.map((key) => [key, t(`live.rent.${key}`)])) as TileLabels['rent'],
      flags: Object.fromEntries(FLAG_FILTERS.map((flag) => [flag, t(`live.flag.${flag}`)])) as TileLabels['flags'],
      online: t('live.online'),
      lastKnown: (since: string | null) =>
        since ? t('dashboard.lastKnown', { ago: timeAgo(since, Date.now(), t) }) : t('dashboard.lastKnownUndated'),
      acOff: t('live.acOff'),
      mode: Object.fromEntries(AC_MODES.map((key) => [key, t(`live.mode.${key}`)])),
      degrees: (value: number) => t('live.temp', { value: formatTemp(value) }),
    }),
    [t],
  );

  // The tile that opened the panel gets the focus back when it closes (a keyboard user's place).
  const opener = useRef<HTMLElement | null>(null);
  const openTile = useCallback((event: MouseEvent<HTMLElement>) => {
    const tile = (event.target as HTMLElement).closest<HTMLElement>('[data-room-id]');
    if (!tile?.dataset.roomId) return;
    opener.current = tile;
    setSelected(Number(tile.dataset.roomId));
  }, []);
  useEffect(() => {
    if (selected === null) opener.current?.focus({ preventScroll: true });
  }, [selected]);

  // The tiles are buttons (Tab, Enter, Space); the arrow keys, Home and End move between them.
  const moveBetweenTiles = useCallback((event: KeyboardEvent<HTMLElement>) => {
    const tile = (event.target as HTMLElement).closest<HTMLElement>('[data-room-id]');
    if (!tile) return;
    const tiles = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-room-id]')];
    const boxes = tiles.map((each) => each.getBoundingClientRect());
    const next = tiles[tileToFocus(boxes, tiles.indexOf(tile), event.key) ?? -1];
    if (!next) return;
    event.preventDefault();
    next.focus();
  }, []);

  const chooseFilter = (next: RoomFilter) => setFilter((current) => (sameFilter(current, next) ? ALL_ROOMS : next));
  const compact = mode === 'overview';
  const loading = buildings.isPending || states.isPending;

  return (
    <section className="rp-page rp-dashboard">
      <div className="rp-toolbar rp-toolbar--filters">
        {buildingList.length > 1 && (
          <NativeSelect
            label={t('dashboard.building')}
            value={buildingId}
            onChange={(value) => setParam({ building: String(value), floor: undefined })}
            options={buildingList.map((building) => ({ value: building.id, label: building.name }))}
          />
        )}
        <div className="rp-modes" role="radiogroup" aria-label={t('dashboard.modeFloor')}>
          {(['floor', 'overview'] as const).map((value) => (
            // biome-ignore lint/a11y/useSemanticElements: two toggle buttons read better than radio inputs here.
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={mode === value}
              className={`rp-modes__option${mode === value ? ' rp-modes__option--on' : ''}`}
              onClick={() => setParam({ mode: value === 'overview' ? 'overview' : undefined })}
            >
              {t(value === 'overview' ? 'dashboard.modeOverview' : 'dashboard.modeFloor')}
            </button>
          ))}
        </div>
        {mode === 'floor' && floors.length > 0 && floor !== undefined && (
          <NativeSelect
            label={t('dashboard.floor')}
            value={floor}
            onChange={(value) => setParam({ floor: String(value) })}
            options={floors.map((value) => ({ value, label: t('dashboard.floorN', { floor: value }) }))}
          />
        )}
        <span className="rp-toolbar__hint rp-dashboard__online">
          {t('dashboard.onlineOf', { online: formatNumber(counts.online), total: formatNumber(counts.total) })}
        </span>
        <CallAction call="alerts.updateSettings" refused="hide">
          <Button
            icon={<SettingOutlined />}
            onClick={() => setSettings(({ openings }) => ({ open: true, openings: openings + 1 }))}
          >
            {t('dashboard.alertSettings')}
          </Button>
        </CallAction>
      </div>
      {polling && status !== 'connecting' && (
        <Alert className="rp-page__alert" type="warning" showIcon title={t('live.polling')} />
      )}
      {air.error && rooms.length > 0 && (
        <Alert
          className="rp-page__alert"
          type="info"
          showIcon
          title={t('dashboard.airFailed', { reason: air.error.message })}
        />
      )}
      <fieldset className="rp-counts">
        <legend className="rp-counts__legend">{t('dashboard.countsLabel')}</legend>
        <CountChip
          label={t('dashboard.all')}
          count={counts.total}
          pressed={filter.kind === 'all'}
          onClick={() => setFilter(ALL_ROOMS)}
        />
        {RENT_KEYS.map((rent) => (
          <CountChip
            key={rent}
            swatch={rent}
            label={t(`live.rent.${rent}`)}
            count={counts.rent[rent]}
            pressed={filter.kind === 'rent' && filter.rent === rent}
            onClick={() => chooseFilter({ kind: 'rent', rent })}
          />
        ))}
        <span className="rp-counts__gap" aria-hidden />
        {FLAG_FILTERS.map((flag) => (
          <CountChip
            key={flag}
            flag={flag}
            label={t(`live.flag.${flag}`)}
            count={counts.flags[flag]}
            pressed={filter.kind === 'flag' && filter.flag === flag}
            onClick={() => chooseFilter({ kind: 'flag', flag })}
          />
        ))}
      </fieldset>
      {states.isError && !states.data ? (
        <Suspense fallback={null}>
          <QueryFailed error={states.error} onRetry={() => void states.refetch()} retrying={states.isFetching} />
        </Suspense>
      ) : loading ? (
        <div className="rp-dashboard__loading">
          <Spin />
        </div>
      ) : rooms.length === 0 ? (
        <EmptyState description={t('dashboard.emptyHotel')} />
      ) : shown.length === 0 ? (
        <EmptyState description={t(filter.kind === 'all' ? 'dashboard.emptyFloor' : 'dashboard.noMatch')} />
      ) : (
        <TileLabelsContext.Provider value={labels}>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the tiles are buttons; their clicks and keys bubble to one handler. */}
          <div className={compact ? 'rp-overview' : 'rp-floor'} onClick={openTile} onKeyDown={moveBetweenTiles}>
            <TileGrid key={`${buildingId ?? 'all'}-${mode}`} groups={shown} store={store} compact={compact} />
          </div>
        </TileLabelsContext.Provider>
      )}
      {settings.openings > 0 && (
        <Suspense fallback={null}>
          <AlertSettingsModal
            key={settings.openings}
            open={settings.open}
            onClose={() => setSettings(({ openings }) => ({ open: false, openings }))}
          />
        </Suspense>
      )}
      {selected !== null && (
        <Suspense fallback={null}>
          <RoomPanel
            store={store}
            roomId={selected}
            canControl={ROOM_CTRL !== undefined && canVisit(ROOM_CTRL, guard.perms)}
            onClose={() => setSelected(null)}
          />
        </Suspense>
      )}
    </section>
  );
}

type FloorGroups = ReturnType<typeof groupByFloor>;

const sameGroups = (a: FloorGroups, b: FloorGroups) =>
  a.length === b.length &&
  a.every(
    (group, index) =>
      group.floor === b[index]?.floor &&
      group.ids.length === b[index].ids.length &&
      group.ids.every((id, at) => id === b[index]?.ids[at]),
  );

/** The previous groups while the new ones hold the same rooms in the same order. */
function useStableGroups(groups: FloorGroups): FloorGroups {
  const previous = useRef(groups);
  if (previous.current !== groups && !sameGroups(previous.current, groups)) previous.current = groups;
  return previous.current;
}

/** Every floor's tiles; drawn again only when the groups change (a tile listens to its own room). */
/** The overview's first commit: whole floors up to about two screens of compact tiles. */
const FIRST_TILES = 500;
/** Tiles added in each later slice, when the browser is idle (or after 50 ms at the latest). */
const SLICE_TILES = 400;

/**
 * How many tiles to draw yet: all of them on a floor, and in the overview the first floors at once
 * and the rest slice by slice, so that the screen in view is painted without waiting for React to
 * make 2,000 tiles in one commit. A new building or mode starts again (the grid's `key`).
 */
function useTileBudget(total: number, progressive: boolean): number {
  const [budget, setBudget] = useState(progressive ? FIRST_TILES : Number.POSITIVE_INFINITY);
  useEffect(() => {
    if (budget >= total) return;
    const grow = () => setBudget((current) => current + SLICE_TILES);
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(grow, { timeout: 50 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(grow, 16);
    return () => window.clearTimeout(handle);
  }, [budget, total]);
  return budget;
}

const TileGrid = memo(function TileGrid({
  groups,
  store,
  compact,
}: {
  groups: FloorGroups;
  store: RoomStore;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const total = useMemo(() => groups.reduce((sum, group) => sum + group.ids.length, 0), [groups]);
  const budget = useTileBudget(total, compact);
  let drawn = 0;
  const visible = groups.filter((group) => {
    if (drawn >= budget) return false;
    drawn += group.ids.length;
    return true;
  });
  return visible.map((group) => (
    <div key={group.floor} className="rp-floor__row">
      {compact && (
        <div className="rp-floor__label">
          {t('dashboard.floorN', { floor: group.floor })}
          <span className="rp-muted"> · {t('dashboard.rooms', { count: group.ids.length })}</span>
        </div>
      )}
      <div className="rp-floor__tiles">
        {group.ids.map((id) => (
          <RoomTile key={id} id={id} store={store} compact={compact} />
        ))}
      </div>
    </div>
  ));
});

interface ChipProps {
  label: string;
  count: number;
  pressed: boolean;
  onClick: () => void;
  swatch?: string;
  flag?: string;
}

function CountChip({ label, count, pressed, onClick, swatch, flag }: ChipProps) {
  return (
    <button
      type="button"
      className={`rp-count${pressed ? ' rp-count--pressed' : ''}${flag ? ` rp-count--${flag}` : ''}`}
      aria-pressed={pressed}
      onClick={onClick}
    >
      {swatch && <span className={`rp-swatch rp-swatch--${swatch}`} aria-hidden />}
      <span className="rp-count__label">{label}</span>
      <span className="rp-count__value">{formatNumber(count)}</span>
    </button>
  );
}

/**
 * A plain select for the building and the floor: antd's Select (with its virtual list) would be
 * the largest part of the console home's first load, for two short lists.
 */
function NativeSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: number | undefined;
  options: { value: number; label: string }[];
  onChange: (value: number) => void;
}) {
  return (
    <label className="rp-native-select">
      <span className="rp-native-select__label">{label}</span>
      <select value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
