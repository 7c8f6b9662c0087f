import {
  type AcLimitNote,
  AIR_POLICY_DEFAULT,
  type AirPolicy,
  type AirPolicyUpdateBody,
  type DeviceMap,
  GUEST_RENT_STATES,
  isMonthDay,
  type Language,
  type LiveRoom,
  type LiveRoomChange,
  type RoomRef,
  SEASONS,
  seasonOf,
  seasonsOverlap,
} from '@roompilot/contract';
import type { Insertable, Kysely } from 'kysely';
import { type Actor, who } from '../../access.js';
import { Batcher } from '../../batcher.js';
import type { Clock } from '../../clock.js';
import type { Database, RoomEventsTable } from '../../db/schema.js';
import { invalid } from '../../errors.js';
import { fieldLabel } from '../../i18n.js';
import { insertEvents } from '../alerts/repository.js';
import { DeviceCommandError } from '../control/failures.js';
import type { ControlService } from '../control/service.js';
import type { LiveStore } from '../live/store.js';
import { hotelTarget, recordOperation } from '../oplog/service.js';
import type { FiredTimer, TimerService } from '../timers/service.js';
import * as repository from './repository.js';
import {
  airConditioners,
  changesOf,
  isGuestRent,
  isUnsold,
  limitNotes,
  maxRunAction,
  nobodyIn,
  type PolicyAction,
  preconditionAction,
  setbackAction,
  standingAction,
} from './rules.js';

/** How long a hotel's policy is kept in memory: another instance's change is seen within this. */
const CACHE_MS = 5_000;

/** Rooms the policy looks at a time (`follow`): a few of the database pool's connections at most. */
export const POLICY_LOOKS = 4;

/**
 * Two changes of a room, the later folded into the earlier: later fields win, each device's fields
 * merged. What the policy reads of a change (card in or out, a check-in, devices reported) stays
 * true of the two together, as the room's state it then reads is the latest.
 */
export function foldChange(earlier: LiveRoomChange, later: LiveRoomChange): LiveRoomChange {
  const folded = { ...earlier, ...later };
  if (earlier.devices && later.devices) {
    const devices: DeviceMap = { ...earlier.devices };
    for (const [key, device] of Object.entries(later.devices)) devices[key] = { ...devices[key], ...device };
    folded.devices = devices;
  }
  return folded;
}

const SETBACK_TIMER = 'policy_setback';
const MAX_RUN_TIMER = 'policy_max_run';
const setbackKey = (roomId: number) => `${SETBACK_TIMER}:${roomId}`;
const maxRunKey = (roomId: number) => `${MAX_RUN_TIMER}:${roomId}`;

export interface AirPolicyServiceOptions {
  db: Kysely<Database>;
  store: LiveStore;
  clock: Clock;
  control: ControlService;
  timers: TimerService;
  log?: { error(object: object, message: string): void };
}

/** A live change the policy looks at: presence, window, rent, an AC, the RCU back online. */
function concernsPolicy(change: LiveRoomChange): boolean {
  return (
    change.card !== undefined ||
    change.occupied !== undefined ||
    change.window !== undefined ||
    change.rent !== undefined ||
    change.online === true ||
    acSettingChanged(change)
  );
}

/**
 * An AC's setting changed (on, mode, set point, fan): not only the temperature it measures, which
 * no rule reads and which changes in most of an RCU's reports.
 */
function acSettingChanged(change: LiveRoomChange): boolean {
  const devices = change.devices;
  if (!devices) return false;
  for (const key in devices) {
    if (!key.startsWith('AC')) continue;
    for (const field in devices[key]) if (field !== 'temp') return true;
  }
  return false;
}

/**
 * The air-conditioning energy policy of each hotel: read and changed by pm_config, enforced on
 * every change of a room that concerns it (live/ingest.ts, a rent change, a console's AC
 * command). The hotel's policy is kept in memory (a state report reads no database); card-out
 * setback and the longest run with nobody in are persistent timers (modules/timers), so they
 * survive a restart. Every action goes to the RCU through the control service and is written to
 * the device event log (`room_events`, type `policy`, the rule in `detail`).
 */
export class AirPolicyService {
  readonly #db: Kysely<Database>;
  readonly #store: LiveStore;
  readonly #clock: Clock;
  readonly #control: ControlService;
  readonly #timers: TimerService;
  readonly #log: { error(object: object, message: string): void };
  readonly #cache = new Map<number, { policy: Promise<AirPolicy>; until: number }>();
  /** Actions sent and not answered yet, by room: the same one is not sent twice meanwhile. */
  readonly #inFlight = new Map<number, string>();

  /** Room changes the policy has still to look at, by room (`follow`). */
  readonly #waiting = new Map<number, { ref: RoomRef; change: LiveRoomChange }>();
  /** The looks under way, by room. */
  readonly #looking = new Map<number, Promise<void>>();
  /** The actions under way (`#actNow`): their lines are written before the server stops. */
  readonly #acting = new Set<Promise<void>>();
  /** The server stops: no look starts any more. */
  #closing = false;
  /**
   * The policy's lines in the rooms' event log, written together (one statement per batch, a failed
   * one tried again with the next): when every RCU of a hotel reports at once (after a power cut),
   * the policy acts on thousands of rooms within seconds, and a line each held the database pool
   * past its time-out (bench/cluster-scale.mjs: 1,700 lines lost, an SOS delayed 4 s).
   */
  readonly #events = new Batcher<string, Insertable<RoomEventsTable>>({
    run: async (rows) => {
      await insertEvents(this.#db, [...rows.values()]);
      return undefined;
    },
    onError: (error, failed) =>
      this.#log.error({ err: error, ...failed }, 'air policy: a batch of event lines was not written'),
  });

  constructor({ db, store, clock, control, timers, log = { error() {} } }: AirPolicyServiceOptions) {
    this.#db = db;
    this.#store = store;
    this.#clock = clock;
    this.#control = control;
    this.#timers = timers;
    this.#log = log;
    timers.on(SETBACK_TIMER, (timer) => this.#setbackDue(timer));
    timers.on(MAX_RUN_TIMER, (timer) => this.#maxRunDue(timer));
  }

  /** `airPolicy.get`: the hotel's policy, the default while it has saved none. */
  policy(hotelId: number): Promise<AirPolicy> {
    const now = Date.now();
    const cached = this.#cache.get(hotelId);
    if (cached && cached.until > now) return cached.policy;
    const policy = repository
      .findPolicy(this.#db, hotelId)
      .then((text) => (text ? parsePolicy(text) : AIR_POLICY_DEFAULT));
    this.#cache.set(hotelId, { policy, until: now + CACHE_MS });
    policy.catch(() => this.#cache.delete(hotelId));
    return policy;
  }

  /** Forgets the policies kept in memory (a test that changed the table by hand). */
  forget(): void {
    this.#cache.clear();
  }

  /** `airPolicy.update`: the given fields changed (each given season's limits whole), checked, saved, logged. */
  async update(actor: Actor, hotelId: number, body: AirPolicyUpdateBody, language: Language): Promise<AirPolicy> {
    // The hotel is the log's own: its id is no change.
    const { hotel_id: _, ...changes } = body;
    const { limits, ...fields } = changes;
    const before = await this.policy(hotelId);
    const next: AirPolicy = { ...before, ...fields, limits: { ...before.limits, ...limits } };
    checkPolicy(next, language);
    await this.#db.transaction().execute(async (trx) => {
      await repository.savePolicy(trx, hotelId, JSON.stringify(next), this.#clock().toISOString());
      await recordOperation(trx, this.#clock, who(actor, hotelId), {
        action: 'air_policy_update',
        target: await hotelTarget(trx, hotelId),
        detail: { changes },
      });
    });
    this.#cache.delete(hotelId);
    return this.policy(hotelId);
  }

  /**
   * A console's AC command brought within the limits of the room's season and rent state (a sold
   * or checked-in room): the fields outside are changed, each with a note the console shows. A
   * change inside the limits is sent as it is.
   */
  async limitCommand(
    hotelId: number,
    roomId: number,
    devices: DeviceMap,
  ): Promise<{ devices: DeviceMap; notes: AcLimitNote[] }> {
    const acKeys = Object.keys(devices).filter((key) => key.startsWith('AC'));
    if (acKeys.length === 0) return { devices, notes: [] };
    const room = await this.#store.get(roomId);
    const rent = room?.rent ?? null;
    if (!isGuestRent(rent)) return { devices, notes: [] };
    const policy = await this.policy(hotelId);
    const limits = policy.limits[seasonOf(policy.seasons, this.#clock())][rent];
    const notes = acKeys.flatMap((key) => limitNotes(limits, key, devices[key] ?? {}));
    if (notes.length === 0) return { devices, notes };
    const limited: DeviceMap = { ...devices };
    for (const [key, change] of Object.entries(changesOf(notes))) limited[key] = { ...limited[key], ...change };
    return { devices: limited, notes };
  }

  /**
   * `roomChanged` in the background (the RCU's next message is not held up); a failure is logged.
   * At most POLICY_LOOKS rooms are looked at a time, each room by one look at a time; the changes
   * of a room that come while it waits are folded into one (the look reads the room's state as it
   * is then). When every RCU of a hotel reports at once (after a power cut) the policy thus works
   * through the rooms with a few of the database pool's connections instead of asking for all of
   * them at once: bench/cluster-scale.mjs saw 10,000 first states hold the pool past its time-out,
   * the policy's changes lost and an SOS delayed.
   */
  follow(ref: RoomRef, change: LiveRoomChange | null): void {
    if (!change || this.#closing || !concernsPolicy(change)) return;
    const waiting = this.#waiting.get(ref.room_id);
    if (waiting) waiting.change = foldChange(waiting.change, change);
    else this.#waiting.set(ref.room_id, { ref, change });
    this.#lookNext();
  }

  /** Rooms whose changes wait for a look (the metrics). */
  get roomsWaiting(): number {
    return this.#waiting.size;
  }

  /** Starts looks at waiting rooms, up to POLICY_LOOKS at a time. */
  #lookNext(): void {
    for (const [roomId, { ref, change }] of this.#waiting) {
      if (this.#looking.size >= POLICY_LOOKS) return;
      if (this.#looking.has(roomId)) continue;
      this.#waiting.delete(roomId);
      const look = this.roomChanged(ref, change)
        .catch((error: unknown) =>
          this.#log.error({ err: error, room: roomId }, 'air policy: a room change was not applied'),
        )
        .finally(() => {
          this.#looking.delete(roomId);
          if (!this.#closing) this.#lookNext();
        });
      this.#looking.set(roomId, look);
    }
  }

  /** The policy's command to a room, not waited for (its ack may take COMMAND_TIMEOUT_MS): logged if it fails. */
  #actNow(room: LiveRoom, action: PolicyAction): void {
    const acting = this.#act(room, action)
      .catch((error: unknown) => this.#log.error({ err: error, room: room.room_id }, 'air policy: an action failed'))
      .finally(() => this.#acting.delete(acting));
    this.#acting.add(acting);
  }

  /**
   * A room changed (a state report, an event, the RCU back, a rent change): the policy's standing
   * rules are applied at once; card out starts the setback's timer and card in cancels it; an AC
   * running with nobody in starts the longest-run timer; a check-in pre-conditions the room.
   * Only changes that concern the policy are looked at; the policy itself is read from memory.
   */
  async roomChanged(ref: RoomRef, change: LiveRoomChange | null): Promise<void> {
    if (!change || !concernsPolicy(change)) return;
    const room = await this.#store.get(ref.room_id);
    if (!room?.online) return;
    const policy = await this.policy(ref.hotel_id);
    const now = this.#clock();
    const season = seasonOf(policy.seasons, now);

    const standing = standingAction(policy, season, room);
    if (standing) this.#actNow(room, standing);
    else if (change.rent === 'checked_in' && policy.checkin_precondition) {
      const precondition = preconditionAction(policy, season, room);
      if (precondition) this.#actNow(room, precondition);
    }

    if (change.card === true) await this.#timers.cancel(setbackKey(room.room_id));
    if (change.card === false && !isUnsold(room.rent)) {
      if (policy.card_out_setback_min === 0) {
        const setback = setbackAction(policy, room);
        if (setback) this.#actNow(room, setback);
      } else {
        await this.#timers.set({
          key: setbackKey(room.room_id),
          hotel_id: room.hotel_id,
          room_id: room.room_id,
          kind: SETBACK_TIMER,
          due_at: new Date(now.getTime() + policy.card_out_setback_min * 60_000),
        });
      }
    }

    if (policy.max_run_min > 0) {
      const running = airConditioners(room).some(([, device]) => device.on === true);
      if (running && nobodyIn(room)) {
        if (!(await this.#timers.find(maxRunKey(room.room_id)))) {
          await this.#timers.set({
            key: maxRunKey(room.room_id),
            hotel_id: room.hotel_id,
            room_id: room.room_id,
            kind: MAX_RUN_TIMER,
            due_at: new Date(now.getTime() + policy.max_run_min * 60_000),
          });
        }
      } else if (change.card === true || change.occupied === true || (!running && change.devices)) {
        await this.#timers.cancel(maxRunKey(room.room_id));
      }
    }
  }

  /** Card out for the policy's delay: set back, unless the card is back or nothing is to save. */
  async #setbackDue(timer: FiredTimer): Promise<void> {
    const room = timer.room_id === null ? null : await this.#store.get(timer.room_id);
    if (!room?.online || room.card || isUnsold(room.rent)) return;
    const action = setbackAction(await this.policy(timer.hotel_id), room);
    if (action) await this.#act(room, action);
  }

  /** The longest run with nobody in is over: the ACs go off, unless somebody came in meanwhile. */
  async #maxRunDue(timer: FiredTimer): Promise<void> {
    const room = timer.room_id === null ? null : await this.#store.get(timer.room_id);
    if (!room?.online || !nobodyIn(room)) return;
    const policy = await this.policy(timer.hotel_id);
    if (policy.max_run_min === 0) return;
    const action = maxRunAction(policy, room);
    if (action) await this.#act(room, action);
  }

  /**
   * Sends an action's AC changes to the room's RCU and writes it to the event log with its
   * outcome. The same action is not sent again while the first waits for its ack.
   */
  async #act(room: LiveRoom, action: PolicyAction): Promise<void> {
    const signature = JSON.stringify(action.devices);
    if (this.#inFlight.get(room.room_id) === signature) return;
    this.#inFlight.set(room.room_id, signature);
    let failure: DeviceCommandError | null = null;
    try {
      await this.#control.sendCommand(room.room_id, 'set', { devices: action.devices }, { hotelId: room.hotel_id });
    } catch (error) {
      failure =
        error instanceof DeviceCommandError ? error : new DeviceCommandError('gateway', room.room_num, String(error));
    } finally {
      if (this.#inFlight.get(room.room_id) === signature) this.#inFlight.delete(room.room_id);
    }
    const at = this.#clock().toISOString();
    const eventId = `policy-${action.rule}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    await this.#events
      .add(eventId, {
        hotel_id: room.hotel_id,
        room_id: room.room_id,
        event_id: eventId,
        type: 'policy',
        detail: JSON.stringify({
          ...action.detail,
          ok: failure === null,
          ...(failure && { failure: failure.failure, error: failure.detail }),
        }),
        event_time: at,
        received_at: at,
      })
      .catch((error: unknown) => this.#log.error({ err: error, room: room.room_id }, 'air policy: event not written'));
  }

  /**
   * The server stops (after the gateway, whose close ends the commands still waiting for an ack):
   * the looks and actions under way end (changes still waiting are left: each RCU's next report
   * brings its room back), then the lines still waiting for their batch are written.
   */
  async close(): Promise<void> {
    this.#closing = true;
    this.#waiting.clear();
    await Promise.all(this.#looking.values());
    await Promise.all(this.#acting);
    await this.#events.flush();
  }
}

/** A saved policy, with the default's values for any field it lacks (saved by an older version). */
function parsePolicy(text: string): AirPolicy {
  const saved = JSON.parse(text) as Partial<AirPolicy>;
  return { ...AIR_POLICY_DEFAULT, ...saved, limits: { ...AIR_POLICY_DEFAULT.limits, ...saved.limits } };
}

/** What the schema cannot say: real days, seasons apart, setpoints in order (4400 naming the field). */
function checkPolicy(policy: AirPolicy, language: Language): void {
  for (const season of ['cooling', 'heating'] as const) {
    for (const end of ['from', 'to'] as const) {
      const value = policy.seasons[season][end];
      if (!isMonthDay(value)) {
        throw invalid('airpolicy.badDate', {
          field: `${fieldLabel(language, season)} ${fieldLabel(language, end)}`,
          value,
        });
      }
    }
  }
  if (seasonsOverlap(policy.seasons.cooling, policy.seasons.heating)) throw invalid('airpolicy.seasonsOverlap');
  for (const season of SEASONS) {
    for (const rent of GUEST_RENT_STATES) {
      const { set_min, set_default, set_max } = policy.limits[season][rent];
      if (!(set_min <= set_default && set_default <= set_max)) {
        throw invalid('airpolicy.setpointOrder', {
          season: fieldLabel(language, season),
          rent: fieldLabel(language, rent),
        });
      }
    }
  }
}
