import { randomUUID } from 'node:crypto';
import {
  BUILTIN_MODES,
  type Device,
  type EventType,
  isBuiltinMode,
  LEAVE_DELAY_DEFAULT_MIN,
  MODES_PER_TYPE_MAX,
  type Mode,
  type ModeAddBody,
  type ModeDevices,
  type ModeOption,
  type ModeSchedule,
  type ModeSettings,
  type ModeSettingsBody,
  type ModesOfType,
  type ModeUpdateBody,
  modeDeviceProblems,
  modeDevicesFor,
  type RentState,
  SCHEDULES_MAX,
} from '@roompilot/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { type Actor, who } from '../../access.js';
import type { Clock } from '../../clock.js';
import type { Database, Db } from '../../db/schema.js';
import { conflict, invalid, notFound } from '../../errors.js';
import { insertEvent } from '../alerts/repository.js';
import { DeviceCommandError, outcomeSummary, type RoomOutcome } from '../control/failures.js';
import { type ControlService, inParallel } from '../control/service.js';
import type { LiveStore } from '../live/store.js';
import { recordOperation } from '../oplog/service.js';
import type { FiredTimer, TimerService } from '../timers/service.js';
import { builtinModeDevices } from './defaults.js';
import * as repository from './repository.js';

/** What set a mode going, as the event log says. */
export type ModeTrigger = 'card_in' | 'card_out' | 'checkout' | 'manual' | 'schedule';

/** How long a room type's modes and a room's type are trusted from memory (other instances' edits show within it). */
const CACHE_MS = 30_000;
/** Rooms of one manual or scheduled application in flight at once. */
const APPLY_CONCURRENCY = 16;

/** A room type's modes as the triggers use them: kept in memory so an RCU's event reads no table. */
interface TypeModes {
  hotelId: number;
  name: string;
  template: Device[];
  modes: Mode[];
  settings: ModeSettings;
}

/** The room a mode goes to. */
interface ModeRoom {
  id: number;
  hotel_id: number;
  room_num: string;
  room_type_id: number;
}

export interface ModeServiceOptions {
  db: Kysely<Database>;
  control: ControlService;
  clock: Clock;
  timers: TimerService;
  /** The live state: a schedule goes to the rooms whose RCU is online. */
  store: LiveStore;
  log: FastifyBaseLogger;
}

/** Persistent timers (modules/timers) of the modes: card out → leave, and each schedule of a type. */
const LEAVE_TIMER = 'mode_leave';
const SCHEDULE_TIMER = 'mode_schedule';
const leaveKey = (roomId: number) => `modes:leave:${roomId}`;
const scheduleKey = (roomTypeId: number, index: number) => `modes:schedule:${roomTypeId}:${index}`;
const MINUTE_MS = 60_000;

/** The next time after `after` that the clock of the server's time zone shows `time` (`HH:MM`). */
export function nextOccurrence(time: string, after: Date): Date {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const next = new Date(after);
  next.setHours(hours, minutes, 0, 0);
  if (next.getTime() <= after.getTime()) next.setDate(next.getDate() + 1);
  return next;
}

function toMode(row: { id: number; room_type_id: number; name: string; builtin: number; devices: string }): Mode {
  return {
    id: row.id,
    room_type_id: row.room_type_id,
    name: row.name,
    builtin: row.builtin === 1,
    devices: JSON.parse(row.devices) as ModeDevices,
  };
}

/** Built-in modes first, in their order, then the hotel's in the order they were added. */
function ordered(modes: Mode[]): Mode[] {
  const rank = (mode: Mode) => (mode.builtin ? BUILTIN_MODES.indexOf(mode.name as never) : BUILTIN_MODES.length);
  return [...modes].sort((a, b) => rank(a) - rank(b) || a.id - b.id);
}

function settingsOf(row: { leave_delay_min: number; schedules: string } | undefined): ModeSettings {
  return row
    ? { leave_delay_min: row.leave_delay_min, schedules: JSON.parse(row.schedules) as ModeSchedule[] }
    : { leave_delay_min: LEAVE_DELAY_DEFAULT_MIN, schedules: [] };
}

/**
 * Modes (scenes): per room type, kept in the database and cached in memory per type; applied to a
 * room as PROTOCOL.md's `scene` command through the control service, each application written to
 * the room's event log (type `mode`) with what triggered it.
 */
export class ModeService {
  readonly #db: Kysely<Database>;
  readonly #control: ControlService;
  readonly #clock: Clock;
  readonly #log: FastifyBaseLogger;
  readonly #timers: TimerService;
  readonly #store: LiveStore;
  readonly #types = new Map<number, { until: number; modes: Promise<TypeModes | null> }>();
  readonly #roomTypes = new Map<number, { until: number; typeId: Promise<number | null> }>();

  constructor({ db, control, clock, timers, store, log }: ModeServiceOptions) {
    this.#db = db;
    this.#control = control;
    this.#clock = clock;
    this.#timers = timers;
    this.#store = store;
    this.#log = log;
    timers.on(LEAVE_TIMER, (timer) => this.#leaveDue(timer));
    timers.on(SCHEDULE_TIMER, (timer) => this.#scheduleDue(timer));
  }

  // Reading and editing ----------------------------------------------------------------------

  /** `modes.list`: a type of the hotel with its template, modes and settings (built-in modes made if missing). */
  async list(hotelId: number, roomTypeId: number): Promise<ModesOfType> {
    this.forget(roomTypeId);
    const type = await this.#typeModes(roomTypeId);
    if (!type || type.hotelId !== hotelId) throw notFound('roomtypes.notFound');
    return {
      room_type: { id: roomTypeId, name: type.name, devices: type.template },
      modes: type.modes,
      settings: type.settings,
    };
  }

  /** `modes.options`: the mode names of every type of the hotel. */
  async options(hotelId: number): Promise<ModeOption[]> {
    const [types, rows] = await Promise.all([
      repository.roomTypeIds(this.#db, hotelId),
      repository.modeNames(this.#db, hotelId),
    ]);
    return types.map(({ id }) => {
      const added = rows.filter((row) => row.room_type_id === id && !isBuiltinMode(row.name)).map((row) => row.name);
      return { room_type_id: id, names: [...BUILTIN_MODES, ...added] };
    });
  }

  async add(actor: Actor, hotelId: number, body: ModeAddBody): Promise<Mode> {
    const name = body.name.trim();
    if (name === '') throw invalid('modes.nameEmpty');
    const mode = await this.#db.transaction().execute(async (trx) => {
      const type = await this.#existingType(trx, hotelId, body.room_type_id);
      await this.#ensureBuiltins(trx, type);
      if ((await repository.countModes(trx, type.id)) >= MODES_PER_TYPE_MAX) throw conflict('modes.tooMany');
      await this.#ensureNameFree(trx, type.id, name);
      checkDevices(type.template, body.devices);
      const now = this.#clock().toISOString();
      const row = await repository.insertMode(trx, {
        hotel_id: hotelId,
        room_type_id: type.id,
        name,
        builtin: 0,
        devices: JSON.stringify(body.devices),
        created_at: now,
        updated_at: now,
      });
      await recordOperation(trx, this.#clock, who(actor, hotelId), {
        action: 'mode_add',
        target: name,
        detail: { id: row.id, room_type_id: type.id, room_type: type.name, devices: body.devices },
      });
      return toMode(row);
    });
    this.forget(body.room_type_id);
    return mode;
  }

  async update(actor: Actor, hotelId: number, body: ModeUpdateBody): Promise<Mode> {
    const mode = await this.#db.transaction().execute(async (trx) => {
      const before = await repository.findMode(trx, hotelId, body.id);
      if (!before) throw notFound('modes.notFound');
      const type = await this.#existingType(trx, hotelId, before.room_type_id);
      const name = body.name?.trim();
      if (name !== undefined && name !== before.name) {
        if (before.builtin === 1) throw invalid('modes.builtinName');
        if (name === '') throw invalid('modes.nameEmpty');
        await this.#ensureNameFree(trx, type.id, name);
      }
      if (body.devices) checkDevices(type.template, body.devices);
      await repository.updateMode(trx, before.id, {
        ...(name !== undefined && { name }),
        ...(body.devices && { devices: JSON.stringify(body.devices) }),
        updated_at: this.#clock().toISOString(),
      });
      // The mode as it was, its type said once, by name, beside it.
      const { room_type_id: _typeId, ...beforeMode } = toMode(before);
      await recordOperation(trx, this.#clock, who(actor, hotelId), {
        action: 'mode_update',
        target: name ?? before.name,
        detail: {
          id: before.id,
          room_type_id: type.id,
          room_type: type.name,
          before: beforeMode,
          devices: body.devices,
        },
      });
      return toMode({
        ...before,
        ...(name !== undefined && { name }),
        ...(body.devices && { devices: JSON.stringify(body.devices) }),
      });
    });
    this.forget(mode.room_type_id);
    return mode;
  }

  /** A hotel's own mode only (built-in ones stay: 4409); schedules that applied it go with it. */
  async remove(actor: Actor, hotelId: number, id: number): Promise<null> {
    const { roomTypeId, schedules } = await this.#db.transaction().execute(async (trx) => {
      const mode = await repository.findMode(trx, hotelId, id);
      if (!mode) throw notFound('modes.notFound');
      if (mode.builtin === 1) throw conflict('modes.builtinDelete');
      const type = await this.#existingType(trx, hotelId, mode.room_type_id);
      await repository.deleteMode(trx, mode.id);
      const settings = await repository.findSettings(trx, mode.room_type_id);
      const schedules = settingsOf(settings).schedules.filter((schedule) => schedule.mode_id !== mode.id);
      if (settings) {
        await repository.saveSettings(trx, {
          ...settings,
          schedules: JSON.stringify(schedules),
          updated_at: this.#clock().toISOString(),
        });
      }
      await recordOperation(trx, this.#clock, who(actor, hotelId), {
        action: 'mode_delete',
        target: mode.name,
        detail: { id: mode.id, room_type_id: type.id, room_type: type.name },
      });
      return { roomTypeId: mode.room_type_id, schedules };
    });
    this.forget(roomTypeId);
    await this.#armSchedules(hotelId, roomTypeId, schedules);
    return null;
  }

  async saveSettings(actor: Actor, hotelId: number, body: ModeSettingsBody): Promise<ModeSettings> {
    const saved = await this.#db.transaction().execute(async (trx) => {
      const type = await this.#existingType(trx, hotelId, body.room_type_id);
      await this.#ensureBuiltins(trx, type);
      const before = settingsOf(await repository.findSettings(trx, type.id));
      const after: ModeSettings = {
        leave_delay_min: body.leave_delay_min ?? before.leave_delay_min,
        schedules: body.schedules ?? before.schedules,
      };
      const modeIds = new Set((await repository.modesOfType(trx, type.id)).map((mode) => mode.id));
      after.schedules.forEach((schedule, index) => {
        if (!modeIds.has(schedule.mode_id)) throw invalid('modes.scheduleMode', { n: index + 1 });
      });
      await repository.saveSettings(trx, {
        room_type_id: type.id,
        hotel_id: hotelId,
        leave_delay_min: after.leave_delay_min,
        schedules: JSON.stringify(after.schedules),
        updated_at: this.#clock().toISOString(),
      });
      await recordOperation(trx, this.#clock, who(actor, hotelId), {
        action: 'mode_settings',
        target: type.name,
        detail: { room_type_id: type.id, room_type: type.name, before, after },
      });
      return after;
    });
    this.forget(body.room_type_id);
    await this.#armSchedules(hotelId, body.room_type_id, saved.schedules);
    return saved;
  }

  /** Forgets a type's cached modes (they changed here; another instance's change shows within CACHE_MS). */
  forget(roomTypeId: number): void {
    this.#types.delete(roomTypeId);
  }

  // Applying ---------------------------------------------------------------------------------

  /**
   * `modes.apply`: each room gets its own type's mode of that name, a few rooms at a time; one
   * operation log entry with every room's outcome. Null when a room is not the hotel's.
   */
  async applyByHand(actor: Actor, hotelId: number, roomIds: number[], name: string): Promise<RoomOutcome[] | null> {
    const rooms = await repository.roomsOf(this.#db, hotelId, roomIds);
    if (rooms.length !== roomIds.length) return null;
    const outcomes = await this.#applyToRooms(rooms, name, { trigger: 'manual', by: actor.userName });
    await recordOperation(this.#db, this.#clock, who(actor, hotelId), {
      action: 'mode_apply',
      target: name,
      detail: {
        mode: name,
        room_ids: roomIds,
        room_nums: rooms.map((room) => room.room_num),
        ...outcomeSummary(outcomes),
      },
    });
    return outcomes;
  }

  /**
   * An RCU's event (live/ingest.ts): card in → welcome, card out → leave (after the type's delay).
   * Answers at once; the scene and its event log line follow (the ingest path never waits for an RCU).
   */
  roomEvent(room: { room_id: number; hotel_id: number; room_num: string }, type: EventType): void {
    if (type !== 'card_in' && type !== 'card_out') return;
    this.#inBackground(async () => {
      const typeId = await this.#roomTypeOf(room.room_id);
      if (typeId === null) return;
      const target = { id: room.room_id, hotel_id: room.hotel_id, room_num: room.room_num, room_type_id: typeId };
      if (type === 'card_in') {
        await this.#timers.cancel(leaveKey(room.room_id));
        await this.#applyNamed(target, 'welcome', { trigger: 'card_in' });
        return;
      }
      const delay = (await this.#typeModes(typeId))?.settings.leave_delay_min ?? 0;
      if (delay === 0) {
        await this.#applyNamed(target, 'leave', { trigger: 'card_out' });
        return;
      }
      await this.#timers.set({
        key: leaveKey(room.room_id),
        hotel_id: room.hotel_id,
        room_id: room.room_id,
        kind: LEAVE_TIMER,
        due_at: new Date(this.#clock().getTime() + delay * MINUTE_MS),
        data: { room_num: room.room_num, delay_min: delay },
      });
    });
  }

  /** The card stayed out for the type's delay: the leave mode (the room's type as it is now). */
  async #leaveDue(timer: FiredTimer): Promise<void> {
    if (timer.room_id === null) return;
    const typeId = await this.#roomTypeOf(timer.room_id);
    if (typeId === null) return;
    const room = {
      id: timer.room_id,
      hotel_id: timer.hotel_id,
      room_num: String(timer.data.room_num ?? ''),
      room_type_id: typeId,
    };
    await this.#applyNamed(room, 'leave', { trigger: 'card_out' });
  }

  /** Sets a timer for each enabled schedule of a type at its next time, and cancels the rest. */
  async #armSchedules(hotelId: number, roomTypeId: number, schedules: readonly ModeSchedule[]): Promise<void> {
    const now = this.#clock();
    for (let index = 0; index < SCHEDULES_MAX; index += 1) {
      const schedule = schedules[index];
      if (!schedule?.enabled) {
        await this.#timers.cancel(scheduleKey(roomTypeId, index));
        continue;
      }
      await this.#timers.set({
        key: scheduleKey(roomTypeId, index),
        hotel_id: hotelId,
        room_id: null,
        kind: SCHEDULE_TIMER,
        due_at: nextOccurrence(schedule.time, now),
        data: { room_type_id: roomTypeId, index, time: schedule.time, mode_id: schedule.mode_id },
      });
    }
  }

  /**
   * A schedule's time: its mode to every online room of the type, then the same time the next day. A
   * schedule changed or deleted since the timer was set has set (or cancelled) its own timer.
   */
  async #scheduleDue(timer: FiredTimer): Promise<void> {
    const roomTypeId = Number(timer.data.room_type_id);
    const index = Number(timer.data.index);
    this.forget(roomTypeId);
    const type = await this.#typeModes(roomTypeId);
    const schedule = type?.settings.schedules[index];
    if (!type || !schedule?.enabled || schedule.mode_id !== timer.data.mode_id || schedule.time !== timer.data.time) {
      return;
    }
    await this.#timers.set({
      key: timer.key,
      hotel_id: timer.hotel_id,
      room_id: null,
      kind: SCHEDULE_TIMER,
      due_at: nextOccurrence(schedule.time, new Date(Math.max(this.#clock().getTime(), Date.parse(timer.due_at)))),
      data: timer.data,
    });
    const mode = type.modes.find((candidate) => candidate.id === schedule.mode_id);
    if (!mode) return;
    // Offline RCUs are left out: a scene to each would wait its full time-out for nothing.
    const online = new Set(
      (await this.#store.list(type.hotelId)).filter((room) => room.online).map((room) => room.room_id),
    );
    const rooms = (await repository.roomsOfType(this.#db, roomTypeId)).filter((room) => online.has(room.id));
    await inParallel(rooms, APPLY_CONCURRENCY, (room) =>
      this.#apply(room, mode, type.template, { trigger: 'schedule' }),
    );
  }

  /** Rooms whose rent state the console changed (control/service.ts): a checkout applies the checkout mode. */
  rentChanged(rooms: readonly ModeRoom[], rent: RentState): void {
    if (rent !== 'checkout') return;
    this.#inBackground(async () => {
      await this.#applyToRooms(rooms, 'checkout', { trigger: 'checkout' });
    });
  }

  async #applyToRooms(
    rooms: readonly ModeRoom[],
    name: string,
    how: { trigger: ModeTrigger; by?: string },
  ): Promise<RoomOutcome[]> {
    return inParallel(rooms, APPLY_CONCURRENCY, async (room) => ({
      room_id: room.id,
      room_num: room.room_num,
      failure: await this.#applyNamed(room, name, how),
    }));
  }

  /** The mode of that name of the room's type, applied; the failure, or null when the RCU took it. */
  async #applyNamed(
    room: ModeRoom,
    name: string,
    how: { trigger: ModeTrigger; by?: string },
  ): Promise<DeviceCommandError | null> {
    const type = await this.#typeModes(room.room_type_id);
    const mode = type?.modes.find((candidate) => candidate.name === name);
    if (!type || !mode) return new DeviceCommandError('no_mode', room.room_num, name);
    return this.#apply(room, mode, type.template, how);
  }

  /** Sends the `scene` and writes the room's event log line (type `mode`), whatever the outcome. */
  async #apply(
    room: ModeRoom,
    mode: Mode,
    template: Device[],
    how: { trigger: ModeTrigger; by?: string },
  ): Promise<DeviceCommandError | null> {
    // A mode's AC setting passes through the hotel's energy policy (its limits for the room's season and rent).
    const { devices, notes } = await this.#control.withinPolicy(
      room.hotel_id,
      room.id,
      modeDevicesFor(template, mode.devices),
    );
    let failure: DeviceCommandError | null = null;
    try {
      await this.#control.sendCommand(room.id, 'scene', { mode: mode.name, devices }, { hotelId: room.hotel_id });
    } catch (error) {
      if (!(error instanceof DeviceCommandError)) throw error;
      failure = error;
    }
    const at = this.#clock().toISOString();
    await insertEvent(this.#db, {
      hotel_id: room.hotel_id,
      room_id: room.id,
      event_id: `mode-${randomUUID()}`,
      type: 'mode',
      detail: JSON.stringify({
        mode: mode.name,
        trigger: how.trigger,
        ...(how.by !== undefined && { by: how.by }),
        ok: failure === null,
        ...(failure && { failure: failure.failure, error: failure.detail }),
        ...(notes.length > 0 && { policy: notes }),
      }),
      event_time: at,
      received_at: at,
    });
    return failure;
  }

  /** Runs a trigger's work without holding up its caller; a failure is logged, never thrown. */
  #inBackground(work: () => Promise<void>): void {
    work().catch((error: unknown) => this.#log.error({ err: error }, 'modes: a mode could not be applied'));
  }

  // The cache --------------------------------------------------------------------------------

  #typeModes(roomTypeId: number): Promise<TypeModes | null> {
    const now = Date.now();
    const cached = this.#types.get(roomTypeId);
    if (cached && cached.until > now) return cached.modes;
    const modes = this.#loadType(roomTypeId);
    this.#types.set(roomTypeId, { until: now + CACHE_MS, modes });
    modes.catch(() => this.#types.delete(roomTypeId));
    return modes;
  }

  async #loadType(roomTypeId: number): Promise<TypeModes | null> {
    const row = await repository.roomTypeById(this.#db, roomTypeId);
    if (!row) return null;
    const type = { id: row.id, hotelId: row.hotel_id, name: row.name, template: JSON.parse(row.devices) as Device[] };
    await this.#ensureBuiltins(this.#db, type);
    const [modes, settings] = await Promise.all([
      repository.modesOfType(this.#db, roomTypeId),
      repository.findSettings(this.#db, roomTypeId),
    ]);
    return { ...type, modes: ordered(modes.map(toMode)), settings: settingsOf(settings) };
  }

  #roomTypeOf(roomId: number): Promise<number | null> {
    const now = Date.now();
    const cached = this.#roomTypes.get(roomId);
    if (cached && cached.until > now) return cached.typeId;
    const typeId = repository.roomTypeOfRoom(this.#db, roomId).then((row) => row?.room_type_id ?? null);
    this.#roomTypes.set(roomId, { until: now + CACHE_MS, typeId });
    typeId.catch(() => this.#roomTypes.delete(roomId));
    return typeId;
  }

  async #existingType(db: Db, hotelId: number, roomTypeId: number) {
    const row = await repository.findRoomType(db, hotelId, roomTypeId);
    if (!row) throw notFound('roomtypes.notFound');
    return { id: row.id, hotelId: row.hotel_id, name: row.name, template: JSON.parse(row.devices) as Device[] };
  }

  /** Every type has the built-in modes: the ones it lacks are made from its template. */
  async #ensureBuiltins(db: Db, type: { id: number; hotelId: number; template: Device[] }): Promise<void> {
    const have = new Set((await repository.modesOfType(db, type.id)).map((mode) => mode.name));
    const now = this.#clock().toISOString();
    await repository.insertMissingModes(
      db,
      BUILTIN_MODES.filter((name) => !have.has(name)).map((name) => ({
        hotel_id: type.hotelId,
        room_type_id: type.id,
        name,
        builtin: 1,
        devices: JSON.stringify(builtinModeDevices(name, type.template)),
        created_at: now,
        updated_at: now,
      })),
    );
  }

  async #ensureNameFree(db: Db, roomTypeId: number, name: string): Promise<void> {
    if (isBuiltinMode(name.toLowerCase()) || (await repository.findModeByName(db, roomTypeId, name))) {
      throw conflict('modes.nameTaken');
    }
  }
}

/** 4400 naming the first device of a mode that its type's template does not allow. */
function checkDevices(template: readonly Device[], devices: ModeDevices): void {
  const [problem] = modeDeviceProblems(template, devices);
  if (!problem) return;
  if (problem.problem === 'unknown_device') throw invalid('modes.unknownDevice', { key: problem.key });
  if (problem.problem === 'field') throw invalid('modes.deviceField', { key: problem.key, field: problem.field ?? '' });
  throw invalid('modes.setpointRange', { key: problem.key });
}
