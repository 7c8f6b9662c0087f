import { createContext, memo, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { formatTemp } from '../live/deviceText';
import type { FlagFilter, RentKey, RoomStore, TileView } from './floorModel';
import { tileView } from './floorModel';

/** Every text a tile shows, translated once for all tiles (2,000 tiles do not each call `t`). */
export interface TileLabels {
  rent: Record<RentKey, string>;
  flags: Record<FlagFilter, string>;
  online: string;
  /** "Last known, 5 minutes ago": a stale tile's hint, from the time its RCU was last heard. */
  lastKnown: (since: string | null) => string;
  acOff: string;
  mode: Record<string, string>;
  degrees: (value: number) => string;
}

export const TileLabelsContext = createContext<TileLabels | null>(null);

interface Props {
  id: number;
  store: RoomStore;
  compact: boolean;
}

/** The compact tile's title and name: everything a full tile shows, in words (it shows only its number). */
function describe(roomNum: string, view: TileView, labels: TileLabels): string {
  const parts = [roomNum, labels.rent[view.rent], view.online ? labels.online : labels.flags.offline];
  if (view.stale) parts.push(labels.lastKnown(view.stale.since));
  if (view.sos) parts.push(labels.flags.sos);
  for (const flag of view.flags) parts.push(labels.flags[flag]);
  if (view.temp !== null) parts.push(labels.degrees(view.temp));
  if (view.ac) parts.push(acText(view.ac, labels));
  return parts.join(' · ');
}

function acText(ac: NonNullable<TileView['ac']>, labels: TileLabels): string {
  if (!ac.on) return labels.acOff;
  const mode = ac.mode ? (labels.mode[ac.mode] ?? ac.mode) : '';
  return `${mode} ${ac.set !== null ? labels.degrees(ac.set) : ''}`.trim();
}

/**
 * One room of the floor view. It listens to its own room only, so a push redraws one tile; the
 * page passes nothing that changes with the data. Clicks are handled once, on the grid.
 */
export const RoomTile = memo(function RoomTile({ id, store, compact }: Props) {
  const labels = useContext(TileLabelsContext);
  const subscribe = useCallback((listener: () => void) => store.subscribeRoom(id, listener), [store, id]);
  const room = useSyncExternalStore(subscribe, () => store.get(id));
  const view = useMemo(() => (room ? tileView(room) : null), [room]);
  if (!room || !view || !labels) return null;

  const className = [
    'rp-tile',
    `rp-tile--${view.rent}`,
    compact && 'rp-tile--compact',
    !view.online && 'rp-tile--offline',
    view.stale && 'rp-tile--stale',
    view.sos && 'rp-tile--sos',
    room.dnd && 'rp-tile--dnd',
    room.mur && 'rp-tile--mur',
  ]
    .filter(Boolean)
    .join(' ');
  const title = describe(room.room_num, view, labels);

  // Not the colour alone: a mark of the rent state's shape (the legend's), or "!" for an SOS.
  const mark =
    compact && view.sos ? (
      <span className="rp-tile__sos" aria-hidden>
        !
      </span>
    ) : (
      <span className={`rp-swatch rp-swatch--${view.rent}`} aria-hidden />
    );
  if (compact) {
    return (
      <button type="button" className={className} data-room-id={id} title={title} aria-label={title}>
        {mark}
        {room.room_num}
      </button>
    );
  }
  // Its words are its name (what it shows, in the order shown); the spaces between the parts only
  // separate them for a screen reader (the tile lays its parts out as flex items).
  return (
    <button type="button" className={className} data-room-id={id}>
      <span className="rp-tile__head">
        <span className="rp-tile__num">{room.room_num}</span>{' '}
        <span className={`rp-tile__link rp-tile__link--${view.online ? 'on' : 'off'}`}>
          {view.online ? labels.online : labels.flags.offline}
        </span>
      </span>{' '}
      <span className="rp-tile__rent">
        {mark}
        {labels.rent[view.rent]}
      </span>{' '}
      {view.stale && <span className="rp-tile__stale">{labels.lastKnown(view.stale.since)} </span>}
      <span className="rp-tile__flags">
        {view.sos && <span className="rp-flag rp-flag--sos">{labels.flags.sos} </span>}
        {view.flags.map((flag) => (
          <span key={flag} className={`rp-flag rp-flag--${flag}`}>
            {labels.flags[flag]}{' '}
          </span>
        ))}
      </span>{' '}
      <span className="rp-tile__air">
        {view.temp !== null && <span className="rp-tile__temp">{labels.degrees(view.temp)} </span>}
        {view.ac && (
          <span className={view.ac.on ? 'rp-tile__ac' : 'rp-tile__ac rp-muted'}>{acText(view.ac, labels)}</span>
        )}
      </span>
    </button>
  );
});

export const degreesOf = (template: (value: string) => string) => (value: number) => template(formatTemp(value));
