import { ALERT_TYPES, HOTEL_SETTINGS_DEFAULTS, type LiveRoom } from '@roompilot/contract';
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
 * must clear (door closed, RCU back, window shut or AC off) before it can raise another. Clearing
 * does not confirm the alert: an operator does. While an alert of a room and type is open, no
 * other of that type is raised for the room (SQL de-duplicates, across server instances too).
 */
export interface AlertRulesOptions {
  clock: Clock;
  hotels: () => Promise<
    { hotel_id: number; door_open_alert_minutes: number | null; offline_alert_minutes: number | null }[]
  >;
  rooms: (hotelId: number) => Promise<LiveRoom[]>;
  /** Stores and announces an alert; false when one of that room and type is open already. */
  raise: (room: LiveRoom, type: number, figures: object) => Promise<boolean>;
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
    holds: (room) =>
      room.window &&
      !room.stale &&
      Object.entries(room.devices).some(([key, device]) => key.startsWith('AC') && device.on === true),
    minutes: () => 0,
  },
];

export function createAlertRules({ clock, hotels, rooms, raise }: AlertRulesOptions) {
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
      for (const room of await rooms(hotel.hotel_id)) {
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
    /** One look at every room; answers how many alerts it raised. Overlapping calls share one sweep. */
    sweep(): Promise<number> {
      running ??= sweepOnce().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
