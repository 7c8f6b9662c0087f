import { setTimeout as pause } from 'node:timers/promises';
import {
  type EventCountsBody,
  type EventExportBody,
  type EventLogBody,
  type EventLogEntry,
  type EventLogFilter,
  type Language,
  LOG_COUNT_DAYS_DEFAULT,
  LOG_COUNT_DAYS_MAX,
  LOG_EXPORT_ROWS_MAX,
  LOG_RETENTION_DEFAULTS,
  type LogCounts,
  type LogRetention,
  type LogRetentionUpdateBody,
  type OplogCountsBody,
  type OplogExportBody,
  type OplogFilter,
  type Page,
  type RoomFileFormat,
  XLSX_CONTENT_TYPE,
} from '@roompilot/contract';
import type { Kysely } from 'kysely';
import { type Actor, who } from '../../access.js';
import { type Clock, isoDate } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { invalid, tooLarge } from '../../errors.js';
import { translate } from '../../i18n.js';
import { hotelTarget, recordOperation } from '../oplog/service.js';
import { writeCsv, writeXlsx } from '../rooms/files.js';
import { actionText, eventText, eventTypeText, operationText, targetText } from './describe.js';
import * as repository from './repository.js';

const DAY_MS = 86_400_000;

/** The retention job deletes this many rows per statement, and lets other work run between two. */
export const RETENTION_BATCH_ROWS = 1_000;
const RETENTION_PAUSE_MS = 20;

export interface LogServiceOptions {
  db: Kysely<Database>;
  clock: Clock;
  log?: { info(object: object, message: string): void };
}

export interface LogFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

/** `from` and `to` as ISO times; `to` before `from` is 4400. */
function timeRange(filter: { from?: string; to?: string }): { from?: string; to?: string } {
  const from = filter.from === undefined ? undefined : new Date(filter.from);
  const to = filter.to === undefined ? undefined : new Date(filter.to);
  if (from && to && from.getTime() > to.getTime()) throw invalid('logs.timeRange');
  return { from: from?.toISOString(), to: to?.toISOString() };
}

/** An ISO time in the reader's time, `YYYY-MM-DD HH:mm:ss`. */
function localTime(iso: string, utcOffsetMinutes: number): string {
  const shifted = new Date(Date.parse(iso) + utcOffsetMinutes * 60_000);
  return Number.isNaN(shifted.getTime()) ? iso : shifted.toISOString().slice(0, 19).replace('T', ' ');
}

async function fileOf(format: RoomFileFormat, name: string, rows: string[][]): Promise<LogFile> {
  return format === 'csv'
    ? { filename: `${name}.csv`, contentType: 'text/csv; charset=utf-8', body: writeCsv(rows) }
    : { filename: `${name}.xlsx`, contentType: XLSX_CONTENT_TYPE, body: await writeXlsx(rows, name.split('-')[0]) };
}

/** Counts by type and by day as a chart reads them, the types named and most first. */
function countsOf(
  rows: { type: string; day: string; count: number }[],
  span: { from: string; to: string },
  name: (type: string) => string,
): LogCounts {
  const byType = new Map<string, number>();
  for (const row of rows) byType.set(row.type, (byType.get(row.type) ?? 0) + row.count);
  return {
    ...span,
    total: rows.reduce((sum, row) => sum + row.count, 0),
    by_type: [...byType]
      .map(([type, count]) => ({ type, name: name(type), count }))
      .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type)),
    by_day: rows.sort((a, b) => a.day.localeCompare(b.day) || a.type.localeCompare(b.type)),
  };
}

/**
 * Log statistics: the device event log and the operation log read, counted, exported, and kept
 * for the days each hotel sets (the retention job removes older rows a batch at a time).
 */
export class LogService {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly #log: { info(object: object, message: string): void };
  #pruning: Promise<{ events: number; operations: number }> | null = null;

  constructor({ db, clock, log = { info() {} } }: LogServiceOptions) {
    this.#db = db;
    this.#clock = clock;
    this.#log = log;
  }

  /**
   * The event log's filters for a query: times checked and normalised, a room number made its id
   * (null: no such room in the hotel, nothing matches).
   */
  async #eventQuery(hotelId: number, filter: EventLogFilter = {}): Promise<repository.EventQuery | null> {
    const { from, to } = timeRange(filter);
    let roomId = filter.room_id;
    if (filter.room_num !== undefined) {
      const byNumber = await repository.roomIdOf(this.#db, hotelId, filter.room_num);
      if (byNumber === null || (roomId !== undefined && roomId !== byNumber)) return null;
      roomId = byNumber;
    } else if (roomId !== undefined && !(await repository.roomOfHotel(this.#db, hotelId, roomId))) {
      return null;
    }
    return { room_id: roomId, type: filter.type, from, to };
  }

  /** The device names of the room types the rows' rooms are of, read once for the rows. */
  #deviceNames(hotelId: number, rows: readonly { room_type_id: number }[]) {
    return repository.deviceNamesOfTypes(this.#db, hotelId, [...new Set(rows.map((row) => row.room_type_id))]);
  }

  /** `/apis/eventlog`: a page of the hotel's events, newest first, in the reader's language. */
  async events(hotelId: number, body: EventLogBody, language: Language): Promise<Page<EventLogEntry>> {
    const current = body.current ?? 1;
    const size = body.size ?? 20;
    const query = await this.#eventQuery(hotelId, body.filter);
    if (query === null) return { records: [], total: 0, current, size };
    const { records, total } = await repository.pageEvents(this.#db, hotelId, query, { current, size });
    const names = await this.#deviceNames(hotelId, records);
    return {
      records: records.map((row) => ({
        id: row.id,
        room_id: row.room_id,
        room_num: row.room_num,
        type: row.type,
        detail: row.detail,
        at: row.event_time,
        type_text: eventTypeText(language, row.type),
        text: eventText(language, row.type, row.detail, names.get(row.room_type_id)),
      })),
      total,
      current,
      size,
    };
  }

  /** The span a count covers: as asked, else the last 30 days; at most 366 days (4400). */
  #countSpan(filter: { from?: string; to?: string }) {
    const range = timeRange(filter);
    const to = range.to ?? this.#clock().toISOString();
    const from = range.from ?? new Date(Date.parse(to) - LOG_COUNT_DAYS_DEFAULT * DAY_MS).toISOString();
    if (Date.parse(to) - Date.parse(from) > LOG_COUNT_DAYS_MAX * DAY_MS) {
      throw invalid('logs.spanTooLong', { days: LOG_COUNT_DAYS_MAX });
    }
    return { from, to };
  }

  async eventCounts(hotelId: number, body: EventCountsBody, language: Language): Promise<LogCounts> {
    const span = this.#countSpan(body.filter ?? {});
    const query = await this.#eventQuery(hotelId, { ...body.filter, ...span });
    const rows = query === null ? [] : await repository.countEvents(this.#db, hotelId, query, body.utc_offset ?? 0);
    return countsOf(rows, span, (type) => eventTypeText(language, type));
  }

  async operationCounts(hotelId: number, body: OplogCountsBody, language: Language): Promise<LogCounts> {
    const span = this.#countSpan(body.filter ?? {});
    const rows = await repository.countOperations(this.#db, hotelId, { ...body.filter, ...span }, body.utc_offset ?? 0);
    return countsOf(rows, span, (action) => actionText(language, action));
  }

  /** The events as the screen lists them (time, room, type, detail in words); at most LOG_EXPORT_ROWS_MAX (4413). */
  async exportEvents(hotelId: number, body: EventExportBody, language: Language): Promise<LogFile> {
    const query = await this.#eventQuery(hotelId, body.filter);
    const rows =
      query === null ? [] : await this.#exportable(hotelId, query, repository.countEventRows, repository.listEvents);
    const names = await this.#deviceNames(hotelId, rows);
    const offset = body.utc_offset ?? 0;
    const column = (name: string) => translate(language, `logs.column.${name}` as 'logs.column.at');
    return fileOf(body.format, `events-${hotelId}-${isoDate(this.#clock())}`, [
      ['at', 'room_num', 'type', 'detail'].map(column),
      ...rows.map((row) => [
        localTime(row.event_time, offset),
        row.room_num,
        eventTypeText(language, row.type),
        eventText(language, row.type, row.detail, names.get(row.room_type_id)),
      ]),
    ]);
  }

  async exportOperations(hotelId: number, body: OplogExportBody, language: Language): Promise<LogFile> {
    timeRange(body.filter ?? {});
    const filter: OplogFilter = body.filter ?? {};
    const rows = await this.#exportable(hotelId, filter, repository.countOperationRows, repository.listOperations);
    const offset = body.utc_offset ?? 0;
    const column = (name: string) => translate(language, `logs.column.${name}` as 'logs.column.at');
    return fileOf(body.format, `operations-${hotelId}-${isoDate(this.#clock())}`, [
      ['at', 'user_name', 'action', 'target', 'detail', 'ip'].map(column),
      ...rows.map((row) => [
        localTime(row.created_at, offset),
        row.user_name,
        actionText(language, row.action),
        targetText(language, row.action, row.target),
        operationText(language, JSON.parse(row.detail) as unknown, row.action),
        row.ip,
      ]),
    ]);
  }

  /** The rows of an export, once their count is known to be within the limit (4413 otherwise). */
  async #exportable<Filter, Row>(
    hotelId: number,
    filter: Filter,
    count: (db: Kysely<Database>, hotelId: number, filter: Filter) => Promise<number>,
    list: (db: Kysely<Database>, hotelId: number, filter: Filter, limit: number) => Promise<Row[]>,
  ): Promise<Row[]> {
    const rows = await count(this.#db, hotelId, filter);
    if (rows > LOG_EXPORT_ROWS_MAX) throw tooLarge('logs.tooMany', { rows, max: LOG_EXPORT_ROWS_MAX });
    return list(this.#db, hotelId, filter, LOG_EXPORT_ROWS_MAX);
  }

  /** How many days the hotel keeps each log: the defaults while it has saved none. */
  async retention(hotelId: number): Promise<LogRetention> {
    return (await repository.findRetention(this.#db, hotelId)) ?? { ...LOG_RETENTION_DEFAULTS };
  }

  /** Saves the given days (the others stay) with its operation log entry; the next clean-up applies them. */
  async updateRetention(
    actor: Actor,
    hotelId: number,
    { hotel_id: _hotel, ...changes }: LogRetentionUpdateBody,
  ): Promise<LogRetention> {
    const before = await this.retention(hotelId);
    await this.#db.transaction().execute(async (trx) => {
      await repository.upsertRetention(trx, hotelId, { ...before, ...changes }, changes, this.#clock().toISOString());
      await recordOperation(trx, this.#clock, who(actor, hotelId), {
        action: 'log_retention_update',
        target: await hotelTarget(trx, hotelId),
        detail: { before, changes },
      });
    });
    return this.retention(hotelId);
  }

  /**
   * The retention job: every hotel's events and operations older than its days are deleted,
   * RETENTION_BATCH_ROWS per statement with a pause between two, so that requests (and on SQLite,
   * the one connection) are served meanwhile; the platform's own operations are kept for the
   * default days. One run at a time per process (a second call joins the first); with several
   * server instances, each deletes what is left.
   */
  pruneOldRows(): Promise<{ events: number; operations: number }> {
    this.#pruning ??= this.#prune().finally(() => {
      this.#pruning = null;
    });
    return this.#pruning;
  }

  async #prune(): Promise<{ events: number; operations: number }> {
    const now = this.#clock().getTime();
    const before = (days: number) => new Date(now - days * DAY_MS).toISOString();
    let events = 0;
    let operations = 0;
    for (const hotel of await repository.hotelsWithRetention(this.#db)) {
      const eventDays = hotel.event_days ?? LOG_RETENTION_DEFAULTS.event_days;
      const oplogDays = hotel.oplog_days ?? LOG_RETENTION_DEFAULTS.oplog_days;
      events += await this.#inBatches((limit) =>
        repository.deleteOldEvents(this.#db, hotel.hotel_id, before(eventDays), limit),
      );
      operations += await this.#inBatches((limit) =>
        repository.deleteOldOperations(this.#db, hotel.hotel_id, before(oplogDays), limit),
      );
    }
    operations += await this.#inBatches((limit) =>
      repository.deleteOldOperations(this.#db, null, before(LOG_RETENTION_DEFAULTS.oplog_days), limit),
    );
    if (events + operations > 0) this.#log.info({ events, operations }, 'logs: rows past their retention removed');
    return { events, operations };
  }

  /** Runs a batch delete until a batch comes back short, pausing between two; answers the rows deleted. */
  async #inBatches(deleteBatch: (limit: number) => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await deleteBatch(RETENTION_BATCH_ROWS);
      total += deleted;
      if (deleted < RETENTION_BATCH_ROWS) return total;
      await pause(RETENTION_PAUSE_MS);
    }
  }
}
