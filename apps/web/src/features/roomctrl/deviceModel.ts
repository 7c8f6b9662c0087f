import {
  type Device,
  type DeviceKind,
  type DeviceMap,
  type DeviceState,
  SETPOINT_MAX,
  SETPOINT_MIN,
  SETPOINT_STEP,
} from '@roompilot/contract';
import { byNaturalOrder } from '../../lib/natural';
import { deviceKindOf } from '../live/vocabulary';

/** A device of the room as the control screen shows it: the template's name, the RCU's state. */
export interface ControlDevice {
  key: string;
  kind: DeviceKind;
  /** The template's name; null for a device the RCU reports but the template lacks. */
  name: string | null;
  defaults: Device['defaults'];
  state: DeviceState;
}

const byKey = byNaturalOrder;

/**
 * The devices to control: the room type's template in its order, each with its live state; then
 * any device the RCU reports that the template does not name (or every reported device, when the
 * template cannot be read).
 */
export function controlDevices(template: readonly Device[] | null, live: DeviceMap): ControlDevice[] {
  const devices: ControlDevice[] = (template ?? []).map((device) => ({
    key: device.key,
    kind: device.kind,
    name: device.name,
    defaults: device.defaults,
    state: live[device.key] ?? {},
  }));
  const named = new Set(devices.map((device) => device.key));
  for (const key of Object.keys(live).sort(byKey)) {
    const kind = deviceKindOf(key);
    if (named.has(key) || !kind) continue;
    devices.push({ key, kind, name: null, defaults: undefined, state: live[key] ?? {} });
  }
  return devices;
}

/** The setpoint range of a device: its template's limits within the protocol's 16..30. */
export function setpointRange(defaults: Device['defaults']): { min: number; max: number } {
  return {
    min: Math.max(SETPOINT_MIN, defaults?.set_min ?? SETPOINT_MIN),
    max: Math.min(SETPOINT_MAX, defaults?.set_max ?? SETPOINT_MAX),
  };
}

/** A setpoint the RCU accepts: within the range, on a 0.5 step. */
export function clampSetpoint(value: number, range: { min: number; max: number }): number {
  const stepped = Math.round(value / SETPOINT_STEP) * SETPOINT_STEP;
  return Math.min(range.max, Math.max(range.min, stepped));
}

/** What a control shows: the change being sent over the last reported state. */
export function shownState(state: DeviceState, pending: DeviceState | undefined): DeviceState {
  return pending ? { ...state, ...pending } : state;
}
