import Type, { type Static } from 'typebox';
import { defineCalls } from './call.js';
import { HotelTarget, Id, PageQuery, PageSchema } from './envelope.js';
import { OplogFilter } from './oplog.js';
import { EVENT_TYPES } from './protocol.js';
import { ROOM_FILE_FORMATS } from './rooms.js';

/**
 * Log statistics (pm_logstatistics): the device event log (`room_events`: what the RCUs report,
 * alerts raised, confirmed and cleared, commands with their results, the actions of the energy
 * policy and of modes) and the operation log (who changed what), searched, counted by type and
 * day, exported, and kept for as many days as the hotel sets.
 */

/**
 * The types of the event log: the RCU's events (PROTOCOL.md) and what the server writes there.
 * `policy` is an action of the energy policy (the rule in `detail`), `mode` a mode run.
 */
export const EVENT_LOG_TYPES = [
  ...EVENT_TYPES,
  'alert_raised',
  'alert_confirmed',
  'alert_cleared',
  'command',
  'policy',
  'mode',
] as const;
export type EventLogType = (typeof EVENT_LOG_TYPES)[number];

/** A type as stored: the known ones above, or one a later module writes. */
const LogType = Type.String({ minLength: 1, maxLength: 32, pattern: '^[a-z][a-z0-9_]*$' });
const Time = Type.String({ format: 'date-time', maxLength: 40 });

export const EventLogFilter = Type.Object(
  {
    room_id: Type.Optional(Id),
    /** The room number exactly as the rooms list shows it (the screen's room filter). */
    room_num: Type.Optional(Type.String({ minLength: 1, maxLength: 16 })),
    type: Type.Optional(LogType),
    /** At or after (ISO 8601). */
    from: Type.Optional(Time),
    /** At or before (ISO 8601); not before `from`. */
    to: Type.Optional(Time),
  },
  { additionalProperties: false },
);
export type EventLogFilter = Static<typeof EventLogFilter>;

/** `POST /apis/eventlog` (API.md "Energy"): a page of the hotel's event log, newest first. */
export const EventLogBody = Type.Object(
  { ...PageQuery, filter: Type.Optional(EventLogFilter), ...HotelTarget },
  { additionalProperties: false },
);
export type EventLogBody = Static<typeof EventLogBody>;

/** An event of the log: as API.md fixes it, with its type and detail in the caller's language. */
export const EventLogEntry = Type.Object({
  id: Type.Integer(),
  room_id: Type.Integer(),
  room_num: Type.String(),
  type: Type.String(),
  /** As stored: the RCU's own words, or the server's figures as JSON. */
  detail: Type.String(),
  /** When it happened (ISO 8601). */
  at: Type.String(),
  /** The type in words. */
  type_text: Type.String(),
  /** The detail in words. */
  text: Type.String(),
});
export type EventLogEntry = Static<typeof EventLogEntry>;

/** The longest span counted by day: a year and a day. */
export const LOG_COUNT_DAYS_MAX = 366;
/** The span counted when no `from` is given: the last 30 days. */
export const LOG_COUNT_DAYS_DEFAULT = 30;

/** Days start at local midnight: the reader's offset from UTC in minutes (UTC+8 is 480). */
const UtcOffset = Type.Integer({ minimum: -840, maximum: 840 });

export const EventCountsBody = Type.Object(
  { filter: Type.Optional(EventLogFilter), utc_offset: Type.Optional(UtcOffset), ...HotelTarget },
  { additionalProperties: false },
);
export type EventCountsBody = Static<typeof EventCountsBody>;

export const OplogCountsBody = Type.Object(
  { filter: Type.Optional(OplogFilter), utc_offset: Type.Optional(UtcOffset), ...HotelTarget },
  { additionalProperties: false },
);
export type OplogCountsBody = Static<typeof OplogCountsBody>;

/**
 * What a chart reads: the counts in the span (by default the last 30 days, at most 366), by type
 * (most first) and by day and type (each day in the reader's time, `YYYY-MM-DD`, days without
 * any left out).
 */
export const LogCounts = Type.Object({
  from: Type.String(),
  to: Type.String(),
  total: Type.Integer(),
  by_type: Type.Array(Type.Object({ type: Type.String(), name: Type.String(), count: Type.Integer() })),
  by_day: Type.Array(Type.Object({ day: Type.String(), type: Type.String(), count: Type.Integer() })),
});
export type LogCounts = Static<typeof LogCounts>;

/** An export holds at most this many rows: a longer log is narrowed by its filters first (4413). */
export const LOG_EXPORT_ROWS_MAX = 50_000;

/** An export's times are written in the reader's time (`utc_offset`, as for the counts). */
export const EventExportBody = Type.Object(
  {
    format: Type.Enum([...ROOM_FILE_FORMATS]),
    filter: Type.Optional(EventLogFilter),
    utc_offset: Type.Optional(UtcOffset),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type EventExportBody = Static<typeof EventExportBody>;

export const OplogExportBody = Type.Object(
  {
    format: Type.Enum([...ROOM_FILE_FORMATS]),
    filter: Type.Optional(OplogFilter),
    utc_offset: Type.Optional(UtcOffset),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type OplogExportBody = Static<typeof OplogExportBody>;

/** Days a hotel keeps each log; older rows are removed by a periodic job, a batch at a time. */
export const LOG_RETENTION_DAYS_MIN = 7;
export const LOG_RETENTION_DAYS_MAX = 3_650;
export const LOG_RETENTION_DEFAULTS = { oplog_days: 365, event_days: 180 } as const;

/** A choice of a log filter: the stored value and its words in the caller's language. */
export const LogChoice = Type.Object({ value: Type.String(), label: Type.String() });
export type LogChoice = Static<typeof LogChoice>;
/**
 * The filters' choices: every event type (EVENT_LOG_TYPES, in that order) and every operation
 * (OPLOG_ACTIONS, by their words), worded by the server, where the lists and the exports are too.
 */
export const LogWords = Type.Object({ types: Type.Array(LogChoice), actions: Type.Array(LogChoice) });
export type LogWords = Static<typeof LogWords>;

export const LogRetention = Type.Object({ oplog_days: Type.Integer(), event_days: Type.Integer() });
export type LogRetention = Static<typeof LogRetention>;

const RetentionDays = Type.Integer({ minimum: LOG_RETENTION_DAYS_MIN, maximum: LOG_RETENTION_DAYS_MAX });

export const LogRetentionBody = Type.Object({ ...HotelTarget }, { additionalProperties: false });
export type LogRetentionBody = Static<typeof LogRetentionBody>;

export const LogRetentionUpdateBody = Type.Object(
  { oplog_days: Type.Optional(RetentionDays), event_days: Type.Optional(RetentionDays), ...HotelTarget },
  { additionalProperties: false },
);
export type LogRetentionUpdateBody = Static<typeof LogRetentionUpdateBody>;

export const logCalls = defineCalls('logs', {
  words: {
    method: 'POST',
    path: '/logwords',
    access: 'pm_logstatistics',
    write: false,
    hotelScoped: false,
    summary: "The log filters' choices (event types, operations) in the caller's language",
    description:
      'Every event type of the event log, in the order of the list, and every action of the operation log, sorted by its words; each as `value` (what the filters take and the logs store) and `label`.',
    response: LogWords,
  },
  events: {
    method: 'POST',
    path: '/eventlog',
    access: 'pm_logstatistics',
    write: false,
    hotelScoped: true,
    summary: "A page of the hotel's device event log, newest first",
    description:
      'Events the RCUs reported (cards, doors, windows, SOS, DND/MUR, faults), alerts raised, confirmed and cleared, commands with their results, policy actions (type `policy`, the rule in `detail`) and modes (type `mode`). Filters: room, type, time.',
    body: EventLogBody,
    response: PageSchema(EventLogEntry),
  },
  eventCounts: {
    method: 'POST',
    path: '/eventlogcounts',
    access: 'pm_logstatistics',
    write: false,
    hotelScoped: true,
    summary: 'Counts of the event log by type and by day, for charts',
    body: EventCountsBody,
    response: LogCounts,
  },
  eventExport: {
    method: 'POST',
    path: '/eventlogexport',
    access: 'pm_logstatistics',
    write: false,
    hotelScoped: true,
    summary: 'Export the event log as CSV or XLSX (answers the file, not an envelope)',
    description: `Filters as /eventlog; at most ${LOG_EXPORT_ROWS_MAX} rows (more: 4413, narrow the filters).`,
    body: EventExportBody,
    answers: 'file',
  },
  operationCounts: {
    method: 'POST',
    path: '/oplogcounts',
    access: 'pm_logstatistics',
    write: false,
    hotelScoped: true,
    summary: 'Counts of the operation log by action and by day, for charts',
    body: OplogCountsBody,
    response: LogCounts,
  },
  operationExport: {
    method: 'POST',
    path: '/oplogexport',
    access: 'pm_logstatistics',
    write: false,
    hotelScoped: true,
    summary: 'Export the operation log as CSV or XLSX (answers the file, not an envelope)',
    description: `Filters as /oplog/query; at most ${LOG_EXPORT_ROWS_MAX} rows (more: 4413, narrow the filters).`,
    body: OplogExportBody,
    answers: 'file',
  },
  retention: {
    method: 'POST',
    path: '/logretention',
    access: 'pm_logstatistics',
    write: false,
    hotelScoped: true,
    summary: 'How many days the hotel keeps its operation log and its event log',
    body: LogRetentionBody,
    response: LogRetention,
  },
  updateRetention: {
    method: 'PUT',
    path: '/logretentionupdate',
    access: 'pm_logstatistics',
    write: true,
    hotelScoped: true,
    summary: 'Set the days each log is kept (the fields given change); older rows go at the next clean-up',
    body: LogRetentionUpdateBody,
    response: LogRetention,
  },
});
