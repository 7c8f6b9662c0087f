import Type, { type Static } from 'typebox';
import { defineCalls } from './call.js';
import { HotelTarget } from './envelope.js';
import { RENT_STATES } from './protocol.js';

/**
 * Power statistics (API.md "Air conditioning and energy"): the rooms' meter readings (`energy.kwh`)
 * as consumption per hour, summed by hour, day or month, for the whole hotel or by floor, room type,
 * rent state (the room's state when it used the energy) or room; the top consumers; the estimated
 * saving of the air-conditioning policy; the same figures as a file.
 */

export const POWER_INTERVALS = ['hour', 'day', 'month'] as const;
export type PowerInterval = (typeof POWER_INTERVALS)[number];
export const POWER_GROUPS = ['hotel', 'floor', 'room_type', 'rent', 'room'] as const;
export type PowerGroup = (typeof POWER_GROUPS)[number];
/** The rent state of energy used while the room had none (never set). */
export const POWER_RENT_UNKNOWN = 'unknown';
export const POWER_RENTS = [...RENT_STATES, POWER_RENT_UNKNOWN] as const;

/** The most buckets one chart may ask for: 31 days by hour, a year by day, ten years by month. */
export const POWER_MAX_POINTS: Record<PowerInterval, number> = { hour: 24 * 31, day: 366, month: 120 };
/** The longest period the saving is estimated over (it reads every policy action of the period). */
export const POWER_SAVING_MAX_DAYS = 92;
/** At most this many hours of one policy action count towards the saving. */
export const POWER_SAVING_MAX_HOURS = 12;
export const POWER_TOP_MAX = 100;

/**
 * A period: `from` inclusive, `to` exclusive, ISO 8601 times. Days and months start at midnight in
 * the offset `from` is written with (`2026-11-01T00:00:00+08:00`: Beijing days); `Z` or none: UTC.
 */
const Period = {
  from: Type.String({ format: 'date-time', maxLength: 40 }),
  to: Type.String({ format: 'date-time', maxLength: 40 }),
};

export const PowerStatisticsBody = Type.Object(
  {
    ...Period,
    interval: Type.Enum([...POWER_INTERVALS]),
    /** hotel (the default: one series), floor, room_type, rent or room. */
    group: Type.Optional(Type.Enum([...POWER_GROUPS])),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type PowerStatisticsBody = Static<typeof PowerStatisticsBody>;

export const PowerPoint = Type.Object({
  /** The bucket's start (ISO 8601 UTC). */
  at: Type.String(),
  kwh: Type.Number(),
});
export type PowerPoint = Static<typeof PowerPoint>;

export const PowerSeries = Type.Object({
  /** `hotel`, the floor number, the room type id, the rent state or the room id, as text. */
  key: Type.String(),
  /** What the screen shows for it, in the caller's language. */
  name: Type.String(),
  /** Every bucket of the period, in order, zero where nothing was used. */
  points: Type.Array(PowerPoint),
});
export type PowerSeries = Static<typeof PowerSeries>;

export const PowerStatistics = Type.Object({
  total_kwh: Type.Number(),
  /** Largest total first. */
  series: Type.Array(PowerSeries),
});
export type PowerStatistics = Static<typeof PowerStatistics>;

export const PowerTopBody = Type.Object(
  {
    ...Period,
    /** How many rooms (10 when left out). */
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: POWER_TOP_MAX })),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type PowerTopBody = Static<typeof PowerTopBody>;

export const PowerTopRoom = Type.Object({
  room_id: Type.Integer(),
  room_num: Type.String(),
  floor_num: Type.Integer(),
  room_type: Type.String(),
  kwh: Type.Number(),
});
export type PowerTopRoom = Static<typeof PowerTopRoom>;
export const PowerTop = Type.Object({ rooms: Type.Array(PowerTopRoom) });
export type PowerTop = Static<typeof PowerTop>;

export const PowerSavingBody = Type.Object({ ...Period, ...HotelTarget }, { additionalProperties: false });
export type PowerSavingBody = Static<typeof PowerSavingBody>;

/**
 * The estimated saving of the air-conditioning policy. For each action of the policy that turned an
 * AC off or set it back (room event `policy` of the rules window_open, unsold_off, unsold_setback,
 * card_out_setback and max_run, carried out: not the limits kept, not a check-in's
 * pre-conditioning, which turns ACs on, not an action the RCU failed), the room's consumption in
 * the clock hour before is taken as what it would have kept using per hour without the policy,
 * until the room's next event that ends the action (card in, another policy action carried out),
 * POWER_SAVING_MAX_HOURS or now, but never less than the room really used in that time (the policy
 * only turns ACs off or down); what it really used (the hour under way counted as far as it went)
 * is subtracted: never below zero per action, and the saving is always the use without the policy
 * less the actual use. An action of a room that counted nothing in the hour before (its RCU not
 * reporting yet, or offline) has no rate to go by: it is left out of the estimate and counted in
 * `unestimated_actions`. So `actions` 0 with `unestimated_actions` above 0 means the policy did act
 * but its saving cannot be estimated (yet): every action of a new server's first hour is such a one,
 * its rooms' meters having counted nothing in the hour before; `actions` and `unestimated_actions`
 * both 0, that it turned off or set back no AC in the period.
 */
export const PowerSaving = Type.Object({
  /** Policy actions counted: those that turned an AC off or set it back, of a room with a rate before. */
  actions: Type.Integer(),
  /** Policy actions of the same kinds left out: their room counted nothing in the hour before, so no rate to go by. */
  unestimated_actions: Type.Integer(),
  /** Hours the policy's settings held, summed over the actions. */
  hours: Type.Number(),
  /** What the rooms would have used in those hours at their rate before the action, or what they used if more. */
  baseline_kwh: Type.Number(),
  /** What they used. */
  actual_kwh: Type.Number(),
  /** baseline_kwh less actual_kwh. */
  saved_kwh: Type.Number(),
  /** All the hotel's rooms used in the period, for scale. */
  total_kwh: Type.Number(),
});
export type PowerSaving = Static<typeof PowerSaving>;

export const POWER_FILE_FORMATS = ['csv', 'xlsx'] as const;
export const PowerExportBody = Type.Object(
  {
    ...Period,
    interval: Type.Enum([...POWER_INTERVALS]),
    group: Type.Optional(Type.Enum([...POWER_GROUPS])),
    format: Type.Enum([...POWER_FILE_FORMATS]),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type PowerExportBody = Static<typeof PowerExportBody>;

const PERIOD_RULES =
  '`from` must be before `to` (4400); the period may hold at most 744 hours, 366 days or 120 months (4400).';

export const powerCalls = defineCalls('power', {
  statistics: {
    method: 'POST',
    path: '/powerstatistics',
    access: 'pm_powerstatistics',
    write: false,
    hotelScoped: true,
    summary: "The hotel's consumption by hour, day or month: {total_kwh, series:[{key, name, points:[{at, kwh}]}]}",
    description: `Consumption is the difference of successive energy.kwh readings (a lower reading is a meter reset; a gap is spread over the hours it spans), kept as hourly rollups. \`group\`: hotel (one series, the default), floor, room_type, rent (the room's rent state when it used the energy; \`unknown\` when it had none) or room. Days and months start at midnight in the offset \`from\` is written with. Every bucket is listed, zero where nothing was used; series largest first. ${PERIOD_RULES}`,
    body: PowerStatisticsBody,
    response: PowerStatistics,
  },
  top: {
    method: 'POST',
    path: '/powertop',
    access: 'pm_powerstatistics',
    write: false,
    hotelScoped: true,
    summary:
      'The rooms that used the most energy in a period: {rooms:[{room_id, room_num, floor_num, room_type, kwh}]}',
    description: `Largest first; \`limit\` 1–${POWER_TOP_MAX} (10). Rooms that used nothing are left out. ${PERIOD_RULES}`,
    body: PowerTopBody,
    response: PowerTop,
  },
  saving: {
    method: 'POST',
    path: '/powersaving',
    access: 'pm_powerstatistics',
    write: false,
    hotelScoped: true,
    summary:
      'The estimated saving of the air-conditioning policy in a period: {actions, unestimated_actions, hours, baseline_kwh, actual_kwh, saved_kwh, total_kwh}',
    description: `For each policy action that turned an AC off or set it back (room event \`policy\` of the rules window_open, unsold_off, unsold_setback, card_out_setback, max_run, carried out), the room's consumption in the clock hour before is what it would have kept using per hour, until the room's next card-in or policy action carried out (at most ${POWER_SAVING_MAX_HOURS} h, and not past now); what it really used then is subtracted (never below zero per action: the use without the policy is never less than the actual use, and the saving is their difference). An action of a room that counted nothing in the hour before has no rate: it is left out and counted in \`unestimated_actions\` (\`actions\` 0 and \`unestimated_actions\` above 0: the policy acted but its saving cannot be estimated yet, as in a new server's first hour; both 0: it turned off or set back no AC in the period). An estimate: rooms warm up or cool down by themselves, so the true saving is usually lower. \`from\` before \`to\`, at most ${POWER_SAVING_MAX_DAYS} days (4400).`,
    body: PowerSavingBody,
    response: PowerSaving,
  },
  export: {
    method: 'POST',
    path: '/powerexport',
    access: 'pm_powerstatistics',
    write: false,
    hotelScoped: true,
    summary: 'The figures of /powerstatistics as CSV or XLSX (answers the file, not an envelope)',
    description: `One row per bucket: its start in the offset of \`from\`, then one column per series (kWh), then the total. CSV is UTF-8 with a BOM. ${PERIOD_RULES}`,
    body: PowerExportBody,
    answers: 'file',
  },
});
