import Type, { type Static } from 'typebox';
import { defineCalls } from './call.js';
import { HotelTarget } from './envelope.js';
import { AC_MODES, type AcMode, FAN_SPEEDS, RENT_STATES, type RentState } from './protocol.js';
import { SETPOINT_MAX, SETPOINT_MIN, SETPOINT_STEP } from './roomtypes.js';

/**
 * Air-conditioning energy saving (pm_config, API.md "Energy"): one policy per hotel that the
 * server enforces on every change of a room (a state report, an event, a rent change, a console
 * command). Seasons by dates (cooling, heating; the other days are transition); per season the
 * limits of a sold and of a checked-in room; what happens when the card is out, the window opens,
 * the room is not sold, a guest checks in, or the AC runs with nobody in.
 */

export const SEASONS = ['cooling', 'heating', 'transition'] as const;
export type Season = (typeof SEASONS)[number];

/** Rent states whose AC the guest uses within the season's limits. */
export const GUEST_RENT_STATES = ['checked_in', 'sold'] as const satisfies readonly RentState[];
export type GuestRentState = (typeof GUEST_RENT_STATES)[number];
/** Rent states of a room nobody has bought: the policy's `unsold` rule (off or setback) applies. */
export const UNSOLD_RENT_STATES = RENT_STATES.filter(
  (rent): rent is Exclude<RentState, GuestRentState> => !(GUEST_RENT_STATES as readonly RentState[]).includes(rent),
);

export const UNSOLD_ACTIONS = ['off', 'setback'] as const;
export type UnsoldAction = (typeof UNSOLD_ACTIONS)[number];

/** Card out longer than this is set back: up to a day. */
export const SETBACK_MINUTES_MAX = 1_440;
/** The AC may run with nobody in for at most this long (0: no limit); up to a day. */
export const RUN_MINUTES_MAX = 1_440;

const Setpoint = Type.Number({ minimum: SETPOINT_MIN, maximum: SETPOINT_MAX, multipleOf: SETPOINT_STEP });
/** A day of the year, `MM-DD` (02-29 allowed: it counts in leap years). */
const MonthDay = Type.String({ pattern: '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$' });

/** A season from one day to another, both included; `from` after `to` spans the new year. */
export const SeasonDates = Type.Object({ from: MonthDay, to: MonthDay }, { additionalProperties: false });
export type SeasonDates = Static<typeof SeasonDates>;

/** Cooling and heating dates; the days in neither are the transition season. */
export const Seasons = Type.Object({ cooling: SeasonDates, heating: SeasonDates }, { additionalProperties: false });
export type Seasons = Static<typeof Seasons>;

/** What a guest may choose in one season and rent state; `set_default` is what pre-conditioning sets. */
export const AcLimits = Type.Object(
  {
    modes: Type.Array(Type.Enum([...AC_MODES]), { minItems: 1, maxItems: AC_MODES.length, uniqueItems: true }),
    set_min: Setpoint,
    set_max: Setpoint,
    set_default: Setpoint,
    fans: Type.Array(Type.Enum([...FAN_SPEEDS]), { minItems: 1, maxItems: FAN_SPEEDS.length, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type AcLimits = Static<typeof AcLimits>;

/** A season's limits of a sold and of a checked-in room. */
export const SeasonLimits = Type.Object({ checked_in: AcLimits, sold: AcLimits }, { additionalProperties: false });
export type SeasonLimits = Static<typeof SeasonLimits>;

const PolicyFields = {
  seasons: Seasons,
  limits: Type.Object(
    { cooling: SeasonLimits, heating: SeasonLimits, transition: SeasonLimits },
    { additionalProperties: false },
  ),
  /** Card out this many minutes (0: at once): an AC on moves to the setback setpoint. */
  card_out_setback_min: Type.Integer({ minimum: 0, maximum: SETBACK_MINUTES_MAX }),
  /** The setback setpoint of a cooling AC (any mode but heat): raised to it, never lowered. */
  setback_cool: Setpoint,
  /** The setback setpoint of a heating AC: lowered to it, never raised. */
  setback_heat: Setpoint,
  /** Window open: every AC of the room goes off at once. */
  window_off: Type.Boolean(),
  /** A room not sold (empty, for sale, checkout): its AC goes off, or to the setback setpoint. */
  unsold: Type.Enum([...UNSOLD_ACTIONS]),
  /** A guest checks in: the AC starts in the season's mode at its default setpoint. */
  checkin_precondition: Type.Boolean(),
  /** With nobody in (no card, no presence) an AC on goes off after this many minutes; 0: never. */
  max_run_min: Type.Integer({ minimum: 0, maximum: RUN_MINUTES_MAX }),
};

/** A hotel's policy: what `POST /apis/airpolicy` answers and `PUT /apis/airpolicyupdate` takes (in part). */
export const AirPolicy = Type.Object(PolicyFields, { additionalProperties: false });
export type AirPolicy = Static<typeof AirPolicy>;

/** `POST /apis/airpolicy`: the Administrator names the hotel. */
export const AirPolicyBody = Type.Object({ ...HotelTarget }, { additionalProperties: false });
export type AirPolicyBody = Static<typeof AirPolicyBody>;

/**
 * `PUT /apis/airpolicyupdate`: the fields given change, the others stay. `limits` may carry some
 * seasons only: each given season's limits are replaced whole.
 */
export const AirPolicyUpdateBody = Type.Object(
  {
    seasons: Type.Optional(PolicyFields.seasons),
    limits: Type.Optional(
      Type.Object(
        {
          cooling: Type.Optional(SeasonLimits),
          heating: Type.Optional(SeasonLimits),
          transition: Type.Optional(SeasonLimits),
        },
        { additionalProperties: false, minProperties: 1 },
      ),
    ),
    card_out_setback_min: Type.Optional(PolicyFields.card_out_setback_min),
    setback_cool: Type.Optional(Setpoint),
    setback_heat: Type.Optional(Setpoint),
    window_off: Type.Optional(Type.Boolean()),
    unsold: Type.Optional(PolicyFields.unsold),
    checkin_precondition: Type.Optional(Type.Boolean()),
    max_run_min: Type.Optional(PolicyFields.max_run_min),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type AirPolicyUpdateBody = Static<typeof AirPolicyUpdateBody>;

/** Every hotel's policy until it saves its own (the demo hotel's too). */
export const AIR_POLICY_DEFAULT: AirPolicy = {
  seasons: { cooling: { from: '05-01', to: '09-30' }, heating: { from: '11-15', to: '03-15' } },
  limits: {
    cooling: {
      checked_in: {
        modes: ['cool', 'dry', 'fan', 'auto'],
        set_min: 22,
        set_max: 28,
        set_default: 25,
        fans: ['auto', 'low', 'mid', 'high'],
      },
      sold: { modes: ['cool', 'fan'], set_min: 24, set_max: 28, set_default: 26, fans: ['auto', 'low', 'mid'] },
    },
    heating: {
      checked_in: {
        modes: ['heat', 'fan', 'auto'],
        set_min: 18,
        set_max: 25,
        set_default: 22,
        fans: ['auto', 'low', 'mid', 'high'],
      },
      sold: { modes: ['heat', 'fan'], set_min: 18, set_max: 22, set_default: 20, fans: ['auto', 'low', 'mid'] },
    },
    transition: {
      checked_in: {
        modes: ['cool', 'heat', 'dry', 'fan', 'auto'],
        set_min: 20,
        set_max: 27,
        set_default: 24,
        fans: ['auto', 'low', 'mid', 'high'],
      },
      sold: { modes: ['fan', 'auto'], set_min: 22, set_max: 26, set_default: 24, fans: ['auto', 'low'] },
    },
  },
  card_out_setback_min: 15,
  setback_cool: 28,
  setback_heat: 17,
  window_off: true,
  unsold: 'off',
  checkin_precondition: true,
  max_run_min: 120,
};

/** Days in each month of a leap year: `MM-DD` is checked against it. */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether `MM-DD` (as the pattern allows it) is a day of some year. */
export function isMonthDay(text: string): boolean {
  const month = Number(text.slice(0, 2));
  const day = Number(text.slice(3, 5));
  return month >= 1 && month <= 12 && day >= 1 && day <= (MONTH_DAYS[month - 1] ?? 0);
}

/** Whether `day` (`MM-DD`) is in the season (both ends included; `from` after `to` spans the new year). */
export function inSeason(dates: SeasonDates, day: string): boolean {
  return dates.from <= dates.to ? day >= dates.from && day <= dates.to : day >= dates.from || day <= dates.to;
}

/** The season of a date (its UTC day): cooling, heating, or transition when in neither. */
export function seasonOf(seasons: Seasons, date: Date): Season {
  const day = date.toISOString().slice(5, 10);
  if (inSeason(seasons.cooling, day)) return 'cooling';
  if (inSeason(seasons.heating, day)) return 'heating';
  return 'transition';
}

/** Whether two seasons share a day (checked over a leap year). */
export function seasonsOverlap(a: SeasonDates, b: SeasonDates): boolean {
  for (let month = 1; month <= 12; month++) {
    for (let day = 1; day <= (MONTH_DAYS[month - 1] ?? 0); day++) {
      const text = `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      if (inSeason(a, text) && inSeason(b, text)) return true;
    }
  }
  return false;
}

/** The AC mode pre-conditioning starts in: the season's own if allowed, else the first allowed. */
export function preconditionMode(season: Season, limits: AcLimits): AcMode {
  const wanted: AcMode = season === 'cooling' ? 'cool' : season === 'heating' ? 'heat' : 'auto';
  return limits.modes.includes(wanted) ? wanted : (limits.modes[0] ?? wanted);
}

/** The energy policy (pm_config): read and change a hotel's policy. */
export const airPolicyCalls = defineCalls('airPolicy', {
  get: {
    method: 'POST',
    path: '/airpolicy',
    access: 'pm_config',
    write: false,
    hotelScoped: true,
    summary: "The hotel's air-conditioning energy policy (the default while it has saved none)",
    description:
      'In the shape `/airpolicyupdate` takes. Seasons are `MM-DD` dates (UTC days; `from` after `to` spans the new year; days in neither season are transition). Setpoints are °C (16–30 in 0.5 steps), delays minutes. The Administrator names the hotel with `hotel_id`.',
    body: AirPolicyBody,
    response: AirPolicy,
  },
  update: {
    method: 'PUT',
    path: '/airpolicyupdate',
    access: 'pm_config',
    write: true,
    hotelScoped: true,
    summary: "Change the hotel's energy policy; answers it as saved",
    description:
      "Fields left out keep their value; each season given in `limits` is replaced whole. 4400 names the field when a date is not a day of the year, the cooling and heating seasons share a day, or a season's `set_min` ≤ `set_default` ≤ `set_max` does not hold. Written to the operation log; every server instance enforces the new policy within a few seconds (rooms are brought within it at their next change).",
    body: AirPolicyUpdateBody,
    response: AirPolicy,
  },
});

/** A change the policy made to a console's AC command, for the message the console shows. */
export interface AcLimitNote {
  device: string;
  field: 'mode' | 'set' | 'fan';
  asked: string | number;
  applied: string | number;
  /** The setpoint range it was measured against (`set` only). */
  min?: number;
  max?: number;
}
