import {
  type Language,
  POWER_RENT_UNKNOWN,
  POWER_SAVING_MAX_DAYS,
  POWER_SAVING_MAX_HOURS,
  type PowerExportBody,
  type PowerGroup,
  type PowerSaving,
  type PowerSavingBody,
  type PowerSeries,
  type PowerStatistics,
  type PowerStatisticsBody,
  type PowerTop,
  type PowerTopBody,
  type RoomRef,
  type StatePayload,
} from '@roompilot/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { invalid } from '../../errors.js';
import { translate } from '../../i18n.js';
import { SAVING_RULES } from '../airpolicy/rules.js';
import { type PowerFile, powerFile } from './files.js';
import { HOUR_MS, hourOf, type Reading, spread } from './meter.js';
import { bucketLabel, bucketStart, type Period, periodOf, timesOf } from './period.js';
import * as repository from './repository.js';

/** How many rooms the `room` grouping draws: those that used the most. */
export const POWER_ROOM_SERIES = 20;
const DIMENSIONS = ['hotel', 'floor', 'room_type', 'rent'] as const;

const iso = (at: number) => new Date(at).toISOString();
const round = (kwh: number) => Math.round(kwh * 1000) / 1000;

export interface PowerServiceOptions {
  db: Kysely<Database>;
  clock: Clock;
  /** Where a failed write of the rollups is reported. */
  log?: { warn(details: object, message: string): void };
}

/**
 * Power statistics. The ingest path hands every state report with a meter reading to `record`,
 * which keeps each room's last reading in memory and adds what was used since to pending hourly
 * sums: no database access per message. `flush` (every few seconds, `startFlushing`) adds the
 * pending sums to the rollups (per room and hour; per hotel, floor, room type and rent state and
 * hour) and saves the last readings, in one transaction; `restore` reads the last readings back
 * after a restart so that counting goes on from them. The charts read the rollups only.
 */
export class PowerService {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly #log: PowerServiceOptions['log'];
  /** Each room's last reading. */
  #meters = new Map<number, Reading>();
  /** Readings that came before the saved ones were read back (`restore`): counted after it. */
  #early: [RoomRef, number, number][] | null = [];
  /** kWh used per room and hour (epoch ms) since the last flush. */
  #pending = new Map<number, Map<number, number>>();
  /** Rooms whose reading changed since the last flush. */
  #read = new Set<number>();
  /** The rent state each room's RCU last reported: used where the server holds none. */
  #reportedRent = new Map<number, string>();
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> | null = null;

  constructor({ db, clock, log }: PowerServiceOptions) {
    this.#db = db;
    this.#clock = clock;
    this.#log = log;
  }

  /**
   * A state report: its meter reading (if any) counted; a few map operations, nothing else. The
   * reading is placed at the RCU's time (`ts`, which the gateway keeps only when plausible), else
   * at the time it came.
   */
  record(room: RoomRef, state: StatePayload, at: Date): void {
    if (state.rent) this.#reportedRent.set(room.room_id, state.rent);
    const kwh = state.energy?.kwh;
    if (kwh === undefined || !Number.isFinite(kwh) || kwh < 0) return;
    const time = state.ts ?? at.getTime();
    if (this.#early) {
      this.#early.push([room, kwh, time]);
      return;
    }
    this.#count(room.room_id, kwh, time);
  }

  #count(roomId: number, kwh: number, at: number): void {
    const previous = this.#meters.get(roomId);
    this.#meters.set(roomId, { kwh, at: previous ? Math.max(at, previous.at) : at });
    this.#read.add(roomId);
    if (!previous) return;
    const hours = spread(previous, { kwh, at });
    if (hours.size === 0) return;
    let pending = this.#pending.get(roomId);
    if (!pending) {
      pending = new Map();
      this.#pending.set(roomId, pending);
    }
    for (const [hour, used] of hours) pending.set(hour, (pending.get(hour) ?? 0) + used);
  }

  /** Reads the rooms' last readings back (a restart) and counts the readings that came meanwhile. */
  async restore(): Promise<void> {
    try {
      for (const row of await repository.meters(this.#db)) {
        if (!this.#meters.has(row.room_id))
          this.#meters.set(row.room_id, { kwh: row.kwh, at: Date.parse(row.read_at) });
      }
    } finally {
      // Unread, counting starts again from each room's next reading: never hold readings forever.
      const early = this.#early ?? [];
      this.#early = null;
      for (const [room, kwh, at] of early) this.#count(room.room_id, kwh, at);
    }
  }

  /** Adds what was used to the rollups every `intervalMs`. */
  startFlushing(intervalMs: number): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = setInterval(() => {
      if (this.#flushing) return;
      this.#flushing = this.flush().finally(() => {
        this.#flushing = null;
      });
    }, intervalMs);
    this.#timer.unref();
  }

  /**
   * Adds the pending hourly sums to the rollups and saves the changed readings, in one
   * transaction; counted under each room's hotel, floor, type and rent state as they are now. On
   * failure the sums stay pending for the next flush.
   */
  async flush(): Promise<void> {
    if (this.#read.size === 0 && this.#pending.size === 0) return;
    const pending = this.#pending;
    const read = this.#read;
    this.#pending = new Map();
    this.#read = new Set();
    const rollups: repository.Rollups = { meters: [], roomHours: [], totals: [] };
    const totals = new Map<string, repository.Rollups['totals'][number]>();
    try {
      const rooms = await repository.roomsOf(this.#db, [...new Set([...read, ...pending.keys()])]);
      for (const room of rooms) {
        const meter = this.#meters.get(room.id);
        if (meter && read.has(room.id)) {
          rollups.meters.push({ room_id: room.id, hotel_id: room.hotel_id, kwh: meter.kwh, read_at: iso(meter.at) });
        }
        const keys: Record<(typeof DIMENSIONS)[number], string> = {
          hotel: '',
          floor: String(room.floor_num),
          room_type: String(room.room_type_id),
          rent: room.rent ?? this.#reportedRent.get(room.id) ?? POWER_RENT_UNKNOWN,
        };
        for (const [hour, kwh] of pending.get(room.id) ?? []) {
          const hourText = iso(hour);
          rollups.roomHours.push({ room_id: room.id, hour: hourText, hotel_id: room.hotel_id, kwh });
          for (const dim of DIMENSIONS) {
            const id = `${room.hotel_id}|${dim}|${keys[dim]}|${hourText}`;
            const total = totals.get(id);
            if (total) total.kwh += kwh;
            else totals.set(id, { hotel_id: room.hotel_id, dim, key: keys[dim], hour: hourText, kwh });
          }
        }
      }
      rollups.totals = [...totals.values()];
      await repository.saveRollups(this.#db, rollups);
    } catch (error) {
      this.#log?.warn(
        { err: error, rooms: pending.size },
        'power statistics: the rollups were not written; kept for the next flush',
      );
      for (const [roomId, hours] of pending) {
        const now = this.#pending.get(roomId) ?? new Map<number, number>();
        for (const [hour, kwh] of hours) now.set(hour, (now.get(hour) ?? 0) + kwh);
        this.#pending.set(roomId, now);
      }
      for (const roomId of read) this.#read.add(roomId);
    }
  }

  /** Stops the periodic flush and writes what is left (a graceful shutdown). */
  async close(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#flushing;
    await this.flush();
  }

  /** Consumption by bucket, for the hotel or by one dimension (API.md `/powerstatistics`). */
  async statistics(hotelId: number, body: PowerStatisticsBody, language: Language): Promise<PowerStatistics> {
    const period = periodOf(body.interval, body.from, body.to);
    const series = await this.#series(hotelId, period, body.group ?? 'hotel', language);
    const total = series.reduce((sum, one) => sum + one.points.reduce((all, point) => all + point.kwh, 0), 0);
    return { total_kwh: round(total), series };
  }

  async #series(hotelId: number, period: Period, group: PowerGroup, language: Language): Promise<PowerSeries[]> {
    const from = iso(period.starts[0] ?? period.end);
    const to = iso(period.end);
    const index = new Map(period.starts.map((start, i) => [start, i]));
    const sums = new Map<string, number[]>();
    const add = (key: string, hour: string, kwh: number) => {
      const i = index.get(bucketStart(period.interval, Date.parse(hour), period.offsetMin));
      if (i === undefined) return;
      let points = sums.get(key);
      if (!points) {
        points = new Array<number>(period.starts.length).fill(0);
        sums.set(key, points);
      }
      points[i] = (points[i] ?? 0) + kwh;
    };
    const names = new Map<string, string>();
    if (group === 'room') {
      const top = await repository.topRooms(this.#db, hotelId, from, to, POWER_ROOM_SERIES);
      for (const room of top) names.set(String(room.room_id), room.room_num);
      const ids = top.map((room) => room.room_id);
      for (const row of await repository.roomHours(this.#db, hotelId, ids, from, to)) {
        add(String(row.room_id), row.hour, row.kwh);
      }
    } else {
      for (const row of await repository.totals(this.#db, hotelId, group, from, to)) add(row.key, row.hour, row.kwh);
      if (group === 'hotel') {
        if (!sums.has('')) sums.set('', new Array<number>(period.starts.length).fill(0));
        names.set('', translate(language, 'power.hotel'));
      }
      if (group === 'room_type') {
        for (const type of await repository.roomTypeNames(this.#db, hotelId)) names.set(String(type.id), type.name);
      }
    }
    const nameOf = (key: string): string => {
      const known = names.get(key);
      if (known !== undefined) return known;
      if (group === 'floor') return translate(language, 'power.floor', { floor: key });
      if (group === 'rent') return translate(language, `power.rent.${key}` as 'power.rent.unknown');
      return translate(language, 'power.deletedType', { id: key });
    };
    return [...sums]
      .map(([key, points]) => ({
        key: group === 'hotel' ? 'hotel' : key,
        name: nameOf(key),
        points: points.map((kwh, i) => ({ at: iso(period.starts[i] as number), kwh: round(kwh) })),
        total: points.reduce((sum, kwh) => sum + kwh, 0),
      }))
      .sort((a, b) => b.total - a.total || a.key.localeCompare(b.key, 'en', { numeric: true }))
      .map(({ total: _, ...series }) => series);
  }

  /** The rooms that used the most in a period. */
  async top(hotelId: number, body: PowerTopBody): Promise<PowerTop> {
    const { from, to } = timesOf(body.from, body.to);
    if (to - from > 366 * 24 * HOUR_MS) throw invalid('power.tooManyPoints', { max: 366 });
    const rooms = await repository.topRooms(this.#db, hotelId, iso(hourOf(from)), iso(to), body.limit ?? 10);
    return { rooms: rooms.map((room) => ({ ...room, kwh: round(room.kwh) })) };
  }

  /**
   * The estimated saving of the air-conditioning policy (the method is in the contract's
   * PowerSaving and on the screen): per action that turned an AC off or set it back, the room's
   * rate in the hour before over the time the action held (never less than the room used then),
   * less what it used then. An action of a room that counted nothing in the hour before is left out,
   * and counted apart (`unestimated_actions`): in a new server's first hour every action is such a one.
   */
  async saving(hotelId: number, body: PowerSavingBody): Promise<PowerSaving> {
    const { from, to } = timesOf(body.from, body.to);
    if (to - from > POWER_SAVING_MAX_DAYS * 24 * HOUR_MS) {
      throw invalid('power.savingTooLong', { days: POWER_SAVING_MAX_DAYS });
    }
    const maxHold = POWER_SAVING_MAX_HOURS * HOUR_MS;
    const now = this.#clock().getTime();
    // What changed a room's ACs or brought its guest back: a card in, a policy action carried out.
    const changes = (await repository.policyEvents(this.#db, hotelId, iso(from), iso(to + maxHold))).flatMap(
      (event) => {
        const rule = event.type === 'policy' ? carriedOutRule(event.detail) : null;
        if (event.type === 'policy' && rule === null) return [];
        const saves = rule !== null && SAVING_RULES.has(rule);
        return [{ roomId: event.room_id, at: Date.parse(event.event_time), saves }];
      },
    );
    const actions: { roomId: number; start: number; end: number }[] = [];
    changes.forEach((change, i) => {
      if (!change.saves || change.at >= to) return;
      const next = changes[i + 1];
      const ends = next && next.roomId === change.roomId ? next.at : Number.POSITIVE_INFINITY;
      const end = Math.min(ends, change.at + maxHold, now);
      if (end > change.at) actions.push({ roomId: change.roomId, start: change.at, end });
    });
    const rooms = [...new Set(actions.map((action) => action.roomId))];
    const used = new Map<number, Map<number, number>>();
    for (const row of await repository.roomHours(
      this.#db,
      hotelId,
      rooms,
      iso(hourOf(from) - HOUR_MS),
      iso(to + maxHold),
    )) {
      let hours = used.get(row.room_id);
      if (!hours) {
        hours = new Map();
        used.set(row.room_id, hours);
      }
      hours.set(Date.parse(row.hour), row.kwh);
    }
    let hours = 0;
    let baseline = 0;
    let actual = 0;
    let estimated = 0;
    let unestimated = 0;
    for (const { roomId, start, end } of actions) {
      const room = used.get(roomId);
      // Nothing counted in the hour before (its RCU not reporting yet, or away): no rate to go by.
      const rate = room?.get(hourOf(start) - HOUR_MS);
      if (rate === undefined) {
        unestimated += 1;
        continue;
      }
      estimated += 1;
      const usedThen = kwhBetween(room, start, end, now);
      const held = (end - start) / HOUR_MS;
      hours += held;
      // The policy only turns ACs off or down: without it the room would have used no less than it did.
      baseline += Math.max(rate * held, usedThen);
      actual += usedThen;
    }
    const total = await repository.hotelTotal(this.#db, hotelId, iso(hourOf(from)), iso(to));
    return {
      actions: estimated,
      unestimated_actions: unestimated,
      hours: Math.round(hours * 10) / 10,
      baseline_kwh: round(baseline),
      actual_kwh: round(actual),
      saved_kwh: round(baseline - actual),
      total_kwh: round(total),
    };
  }

  /** The figures of `statistics` as a sheet: one row per bucket, one column per series, the total. */
  async export(hotelId: number, body: PowerExportBody, language: Language): Promise<PowerFile> {
    const { format, ...query } = body;
    const period = periodOf(query.interval, query.from, query.to);
    const series = await this.#series(hotelId, period, query.group ?? 'hotel', language);
    const header = [translate(language, 'power.time'), ...series.map((one) => one.name)];
    if (series.length > 1) header.push(translate(language, 'power.total'));
    const rows = period.starts.map((start, i) => {
      const values = series.map((one) => one.points[i]?.kwh ?? 0);
      if (series.length > 1) values.push(round(values.reduce((sum, kwh) => sum + kwh, 0)));
      return { label: bucketLabel(period, start), values };
    });
    const day = new Date(this.#clock()).toISOString().slice(0, 10);
    return powerFile(format, `power-${hotelId}-${query.interval}-${day}`, header, rows);
  }
}

/** The rule of a policy action the RCU carried out (its event log detail); null: it failed, or unreadable. */
function carriedOutRule(detail: string): string | null {
  try {
    const action = JSON.parse(detail) as { rule?: unknown; ok?: unknown };
    return typeof action.rule === 'string' && action.ok !== false ? action.rule : null;
  } catch {
    return null;
  }
}

/**
 * What a room used between two times, from its hourly sums: each hour's share by its overlap, the
 * hour under way's over its part until `now` (all it has counted yet).
 */
function kwhBetween(hours: Map<number, number> | undefined, start: number, end: number, now: number): number {
  let kwh = 0;
  for (let hour = hourOf(start); hour < end; hour += HOUR_MS) {
    const counted = Math.min(hour + HOUR_MS, now) - hour;
    const overlap = Math.min(end, hour + HOUR_MS) - Math.max(start, hour);
    if (counted > 0 && overlap > 0) kwh += ((hours?.get(hour) ?? 0) * Math.min(overlap, counted)) / counted;
  }
  return kwh;
}
