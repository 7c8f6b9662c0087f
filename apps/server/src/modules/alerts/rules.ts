import { ALERT_TYPES, type AlertClearReason, HOTEL_SETTINGS_DEFAULTS, type LiveRoom } from '@roompilot/contract';
import type { Clock } from '../../clock.js';

/**
 * The alert rules, run as a sweep over every hotel's live rooms (the server runs one every
 * ALERT_SWEEP_SECONDS; tests call it after moving their clock):
 * - door open longer than the hotel's `door_open_alert_minutes` (default 10);
 * - RCU offline longer than the hotel's `offline_alert_minutes` (default 5; 0: at the next sweep).
 *   Only rooms whose RCU has been heard from count: a room never commissioned is not an alert;
 * - window open while an air conditioner is on: at the next sweep.
 * A room's last known state restored after a restart (`stale`, until its RCU speaks) raises no door
 * or window alert: the door may have closed since. Its RCU counts as offline until it speaks.
 * The settings are read at every sweep (not cached): a change applies from the next one.
 * A condition is timed from the first sweep that sees it, and raises one alert per occurrence: it
 * must clear (door closed, RCU back, window shut or AC off) before it can raise another. While an
 * alert of a room and type is open, no other of that type is raised for the room (SQL
 * de-duplicates, across server instances too).
 *
 * An alert whose condition ended closes by itself, recorded as cleared with when and why
 * (`clearReasonOf`): at once when the room's state changes (the ingest path), and at each sweep
 * for what that missed (a change heard while the alert was being raised, a server restarted).
 * SOS and fault alerts are never cleared: staff confirm them.
 */
export interface AlertRulesOptions {
  clock: Clock;
  hotels: () => Promise<
    { hotel_id: number; door_open_alert_minutes: number | null; offline_alert_minutes: number | null }[]
  >;
  rooms: (hotelId: number) => Promise<LiveRoom[]>;
  /** Stores and announces an alert; false when one of that room and type is open already. */
  raise: (room: LiveRoom, type: number, figures: object) => Promise<boolean>;
  /** The hotel's open alerts of the types that clear by themselves. */
  openAlerts: (hotelId: number) => Promise<ClearableAlert[]>;
  /** Records an open alert as cleared and announces it; false when it was closed meanwhile. */
  clear: (alert: ClearableAlert, reason: AlertClearReason) => Promise<boolean>;
}

/** An open alert that may clear by itself, with what `clearReasonOf` reads. */
export interface ClearableAlert {
  id: number;
  hotel_id: number;
  room_id: number;
  type: number;
  created_at: string;
  held_at: string | null;
}

/** Alert types that close by themselves when their condition ends. */
export const CLEARABLE_ALERT_TYPES = [
  ALERT_TYPES.door_open_long,
  ALERT_TYPES.rcu_offline,
  ALERT_TYPES.window_open_ac_on,
  ALERT_TYPES.rcu_flooding,
];

/**
 * A flooding alert clears when its RCU has stayed within its budget this long: no report of the
 * flood going on (the gateway reports a continuing flood every 30 s, and calls a flood over after
 * a quiet minute).
 */
export const FLOOD_CALM_MS = 2 * 60_000;

const acOn = (room: LiveRoom) =>
  Object.entries(room.devices).some(([key, device]) => key.startsWith('AC') && device.on === true);

/**
 * Why an open alert's condition is over, given its room's live record now (undefined: the store
 * has none, nothing can be told); null while it holds, and always for SOS and faults.
 * - door open too long: the door is closed;
 * - RCU offline: it is online again;
 * - window open with the AC on: the window is closed, or no air conditioner is on;
 * - RCU flooding: no report of the flood for FLOOD_CALM_MS.
 */
export function clearReasonOf(alert: ClearableAlert, room: LiveRoom | undefined, now: number): AlertClearReason | null {
  switch (alert.type) {
    case ALERT_TYPES.door_open_long:
      return room && !room.door ? 'door_closed' : null;
    case ALERT_TYPES.rcu_offline:
      return room?.online ? 'rcu_online' : null;
    case ALERT_TYPES.window_open_ac_on:
      if (!room) return null;
      if (!room.window) return 'window_closed';
      return acOn(room) ? null : 'ac_off';
    case ALERT_TYPES.rcu_flooding: {
      const held = Date.parse(alert.held_at ?? alert.created_at);
      return Number.isFinite(held) && now - held >= FLOOD_CALM_MS ? 'flood_ended' : null;
    }
    default:
      return null;
  }
}

/**
 * Whether a change of a room's state may end one of its alerts' conditions (the door closed, the
 * RCU came online, the window closed, an air conditioner went off): only then are its open alerts
 * looked at.
 */
export function mayClear(change: Partial<LiveRoom>): boolean {
  if (change.door === false || change.online === true || change.window === false) return true;
  return Object.entries(change.devices ?? {}).some(([key, device]) => key.startsWith('AC') && device.on === false);
}

const DEFAULT_DOOR_MINUTES = HOTEL_SETTINGS_DEFAULTS.door_open_alert_minutes;
const DEFAULT_OFFLINE_MINUTES = HOTEL_SETTINGS_DEFAULTS.offline_alert_minutes;

interface Rule {
  type: number;
  holds: (room: LiveRoom) => boolean;
  minutes: (settings: { door: number; offline: number }) => number;
}

const RULES: Rule[] = [
  { type: ALERT_TYPES.door_open_long, holds: (room) => room.door && !room.stale, minutes: (s) => s.door },
  { type: ALERT_TYPES.rcu_offline, holds: (room) => !room.online, minutes: (s) => s.offline },
  {
    type: ALERT_TYPES.window_open_ac_on,
    holds: (room) => room.window && !room.stale && acOn(room),
    minutes: () => 0,
  },
];

export function createAlertRules({ clock, hotels, rooms, raise, openAlerts, clear }: AlertRulesOptions) {
  /** `room:type` → since when the condition holds, and whether this occurrence raised its alert. */
  const seen = new Map<string, { since: number; raised: boolean }>();
  let running: Promise<number> | null = null;

  async function sweepOnce(): Promise<number> {
    const now = clock().getTime();
    const still = new Set<string>();
    let raised = 0;
    for (const hotel of await hotels()) {
      const settings = {
        door: hotel.door_open_alert_minutes ?? DEFAULT_DOOR_MINUTES,
        offline: hotel.offline_alert_minutes ?? DEFAULT_OFFLINE_MINUTES,
      };
      const live = await rooms(hotel.hotel_id);
      const byId = new Map(live.map((room) => [room.room_id, room]));
      for (const alert of await openAlerts(hotel.hotel_id)) {
        const reason = clearReasonOf(alert, byId.get(alert.room_id), now);
        if (reason) await clear(alert, reason);
      }
      for (const room of live) {
        for (const rule of RULES) {
          if (!rule.holds(room)) continue;
          const key = `${room.room_id}:${rule.type}`;
          still.add(key);
          let entry = seen.get(key);
          if (!entry) {
            entry = { since: now, raised: false };
            seen.set(key, entry);
          }
          const minutes = rule.minutes(settings);
          if (entry.raised || now - entry.since < minutes * 60_000) continue;
          entry.raised = true;
          const figures = rule.type === ALERT_TYPES.window_open_ac_on ? {} : { minutes };
          if (await raise(room, rule.type, figures)) raised += 1;
        }
      }
    }
    for (const key of seen.keys()) if (!still.has(key)) seen.delete(key);
    return raised;
  }

  return {
    /**
     * An alert of the room and type was cleared: a new occurrence of its condition is timed afresh
     * (the door may have opened again before the next sweep).
     */
    forget(roomId: number, type: number): void {
      seen.delete(`${roomId}:${type}`);
    },
    /**
     * One look at every room: clears the alerts whose condition ended, raises the due ones; answers
     * how many it raised. Overlapping calls share one sweep.
     */
    sweep(): Promise<number> {
      running ??= sweepOnce().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
