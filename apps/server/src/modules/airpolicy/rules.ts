import {
  type AcLimitNote,
  type AcLimits,
  type AirPolicy,
  type DeviceMap,
  type DeviceState,
  GUEST_RENT_STATES,
  type GuestRentState,
  type LiveRoom,
  preconditionMode,
  type RentState,
  type Season,
} from '@roompilot/contract';

/**
 * The energy policy's rules as pure functions of a policy, the season and a room's live state:
 * what to change on the room's air conditioners, and why. The service (service.ts) decides when
 * to ask, sends the commands and writes each action to the event log.
 */

/** The rule an action of the policy follows; the first word of its event log entry. */
export type PolicyRule =
  | 'window_open'
  | 'unsold_off'
  | 'unsold_setback'
  | 'limits'
  | 'card_out_setback'
  | 'checkin_precondition'
  | 'max_run';

/**
 * The rules whose actions turn an AC off or set it back: what the power statistics' saving counts.
 * `limits` keeps a guest's setting within the season's (it may as well start heating or lower a
 * setpoint) and `checkin_precondition` turns ACs on for a guest's arrival.
 */
export const SAVING_RULES: ReadonlySet<string> = new Set<PolicyRule>([
  'window_open',
  'unsold_off',
  'unsold_setback',
  'card_out_setback',
  'max_run',
]);

/**
 * An action as the event log keeps it (`detail`, JSON): the rule, what it counted (minutes of card
 * out or of nobody in, the season, the room's state) and each AC's change with the values it
 * replaced. The event log screen gives it words in the reader's language (logs/describe.ts).
 */
export interface PolicyDetail {
  rule: PolicyRule;
  minutes?: number;
  season?: Season;
  rent?: RentState;
  /** By device key: the new values (`to`) and those they replaced (`from`; a field never reported is left out). */
  changes: Record<string, { to: DeviceState; from: DeviceState }>;
}

/** What the policy does to a room: AC changes by device key, and its event log detail. */
export interface PolicyAction {
  rule: PolicyRule;
  devices: DeviceMap;
  detail: PolicyDetail;
}

/** A room's air conditioners (devices `AC…`) as last reported. */
export function airConditioners(room: Pick<LiveRoom, 'devices'>): [string, DeviceState][] {
  return Object.entries(room.devices).filter(([key]) => key.startsWith('AC'));
}

const isOn = (device: DeviceState) => device.on === true;

export function isGuestRent(rent: RentState | null): rent is GuestRentState {
  return rent !== null && (GUEST_RENT_STATES as readonly string[]).includes(rent);
}

/** Not sold (empty, for sale, checkout): the `unsold` rule applies. Unknown (null): no rent rule. */
export function isUnsold(rent: RentState | null): boolean {
  return rent !== null && !isGuestRent(rent);
}

/** With nobody in: no key card and no presence sensed. */
export function nobodyIn(room: Pick<LiveRoom, 'card' | 'occupied'>): boolean {
  return !room.card && !room.occupied;
}

/** The setback of one AC: a heating one lowered to `setback_heat`, any other raised to `setback_cool`; null: saves nothing. */
export function setbackChange(policy: AirPolicy, device: DeviceState): DeviceState | null {
  if (device.mode === 'heat') {
    return device.set === undefined || device.set > policy.setback_heat ? { set: policy.setback_heat } : null;
  }
  return device.set === undefined || device.set < policy.setback_cool ? { set: policy.setback_cool } : null;
}

/**
 * An AC at the policy's setback setpoint with the card out: set back on purpose, maybe beyond the
 * guests' limits (the default heating setback, 17 °C, is below their 18), which then do not bring
 * its setpoint back until the card is in again (else the setback would be undone at once).
 */
export function isSetBack(policy: AirPolicy, room: Pick<LiveRoom, 'card'>, device: DeviceState): boolean {
  if (room.card) return false;
  return device.set === (device.mode === 'heat' ? policy.setback_heat : policy.setback_cool);
}

/** The fields of an AC's state outside the limits, each brought within them. */
export function limitNotes(limits: AcLimits, key: string, state: DeviceState): AcLimitNote[] {
  const notes: AcLimitNote[] = [];
  const firstMode = limits.modes[0];
  if (state.mode !== undefined && !limits.modes.includes(state.mode) && firstMode) {
    notes.push({ device: key, field: 'mode', asked: state.mode, applied: firstMode });
  }
  if (state.set !== undefined && (state.set < limits.set_min || state.set > limits.set_max)) {
    notes.push({
      device: key,
      field: 'set',
      asked: state.set,
      applied: Math.min(limits.set_max, Math.max(limits.set_min, state.set)),
      min: limits.set_min,
      max: limits.set_max,
    });
  }
  const firstFan = limits.fans[0];
  if (state.fan !== undefined && !limits.fans.includes(state.fan) && firstFan) {
    notes.push({ device: key, field: 'fan', asked: state.fan, applied: firstFan });
  }
  return notes;
}

/** The AC changes that a list of notes makes. */
export function changesOf(notes: AcLimitNote[]): DeviceMap {
  const devices: DeviceMap = {};
  for (const note of notes) devices[note.device] = { ...devices[note.device], [note.field]: note.applied };
  return devices;
}

/** Each changed AC with the values its change replaces. */
function withBefore(room: Pick<LiveRoom, 'devices'>, devices: DeviceMap): PolicyDetail['changes'] {
  return Object.fromEntries(
    Object.entries(devices).map(([key, to]) => {
      const before: Record<string, unknown> = room.devices[key] ?? {};
      const from: DeviceState = Object.fromEntries(
        Object.keys(to)
          .filter((field) => before[field] !== undefined)
          .map((field) => [field, before[field]]),
      );
      return [key, { to, from }];
    }),
  );
}

function action(
  rule: PolicyRule,
  context: Omit<PolicyDetail, 'rule' | 'changes'>,
  room: Pick<LiveRoom, 'devices'>,
  devices: DeviceMap,
): PolicyAction {
  return { rule, devices, detail: { rule, ...context, changes: withBefore(room, devices) } };
}

/**
 * What must hold whenever the room changes: a window open turns every AC off; a room not sold
 * has its ACs off or set back; a sold or checked-in room's ACs stay within the season's limits
 * (but for the setpoint of one set back while the card is out: `isSetBack`).
 * Only ACs that are on are touched. At most one action (the first rule that applies).
 */
export function standingAction(policy: AirPolicy, season: Season, room: LiveRoom): PolicyAction | null {
  const running = airConditioners(room).filter(([, device]) => isOn(device));
  if (running.length === 0) return null;
  if (room.window && policy.window_off) {
    return action('window_open', {}, room, Object.fromEntries(running.map(([key]) => [key, { on: false }])));
  }
  if (isUnsold(room.rent)) {
    if (policy.unsold === 'off') {
      return action(
        'unsold_off',
        { rent: room.rent ?? undefined },
        room,
        Object.fromEntries(running.map(([key]) => [key, { on: false }])),
      );
    }
    const devices: DeviceMap = {};
    for (const [key, device] of running) {
      const change = setbackChange(policy, device);
      if (change) devices[key] = change;
    }
    return Object.keys(devices).length > 0
      ? action('unsold_setback', { rent: room.rent ?? undefined }, room, devices)
      : null;
  }
  if (!isGuestRent(room.rent)) return null;
  const limits = policy.limits[season][room.rent];
  const devices = changesOf(
    running.flatMap(([key, device]) =>
      limitNotes(limits, key, device).filter((note) => note.field !== 'set' || !isSetBack(policy, room, device)),
    ),
  );
  return Object.keys(devices).length > 0 ? action('limits', { season, rent: room.rent }, room, devices) : null;
}

/** Card out for the policy's minutes: each AC on set back (null: nothing to save). */
export function setbackAction(policy: AirPolicy, room: LiveRoom): PolicyAction | null {
  const devices: DeviceMap = {};
  for (const [key, device] of airConditioners(room)) {
    if (!isOn(device)) continue;
    const change = setbackChange(policy, device);
    if (change) devices[key] = change;
  }
  return Object.keys(devices).length > 0
    ? action('card_out_setback', { minutes: policy.card_out_setback_min }, room, devices)
    : null;
}

/** Nobody in for the policy's minutes: each AC on goes off. */
export function maxRunAction(policy: AirPolicy, room: LiveRoom): PolicyAction | null {
  const running = airConditioners(room).filter(([, device]) => isOn(device));
  return running.length > 0
    ? action(
        'max_run',
        { minutes: policy.max_run_min },
        room,
        Object.fromEntries(running.map(([key]) => [key, { on: false }])),
      )
    : null;
}

/** A guest checks in: each AC that is off starts in the season's mode at its default setpoint. */
export function preconditionAction(policy: AirPolicy, season: Season, room: LiveRoom): PolicyAction | null {
  if (room.window && policy.window_off) return null;
  const limits = policy.limits[season].checked_in;
  const change: DeviceState = {
    on: true,
    mode: preconditionMode(season, limits),
    set: limits.set_default,
    ...(limits.fans[0] && { fan: limits.fans[0] }),
  };
  const devices: DeviceMap = {};
  for (const [key, device] of airConditioners(room)) if (!isOn(device)) devices[key] = change;
  return Object.keys(devices).length > 0 ? action('checkin_precondition', { season }, room, devices) : null;
}
