import type { BuiltinMode, Device, DeviceKind, ModeDeviceState, ModeDevices } from '@roompilot/contract';

/** The setpoint a built-in mode gives an AC or floor heating: the template's default, else 24 / 26 °C. */
function setpointOf(device: Device, fallback: number): number {
  return device.defaults?.set ?? fallback;
}

/**
 * What each built-in mode does to a device of each kind when a type's modes are first made (the
 * hotel edits them afterwards); a kind left out keeps its state. The AC's mode (cool or heat) is
 * left to the season and the hotel's AC policy.
 */
const BUILTIN_STATES: Record<BuiltinMode, (device: Device) => ModeDeviceState | undefined> = {
  // The guest walks in: lights up, curtains open, comfort on.
  welcome: (device) =>
    byKind(device.kind, {
      light: { on: true },
      dimmer: { on: true, level: 70 },
      curtain: { pos: 100 },
      ac: { on: true, set: setpointOf(device, 24), fan: 'auto' },
      floor_heating: { on: true, set: setpointOf(device, 26) },
      ventilation: { on: true, speed: 'low' },
      socket: { on: true },
    }),
  // Night: lights off but a dimmed night light, curtains closed, quiet fans.
  sleep: (device) =>
    byKind(device.kind, {
      light: { on: false },
      dimmer: { on: true, level: 10 },
      curtain: { pos: 0 },
      ac: { on: true, fan: 'low' },
      ventilation: { on: true, speed: 'low' },
      ir: { on: false },
    }),
  // The guest went out (card out): everything that uses energy off; curtains as they were.
  leave: (device) =>
    byKind(device.kind, {
      light: { on: false },
      dimmer: { on: false },
      ac: { on: false },
      floor_heating: { on: false },
      ventilation: { on: false },
      socket: { on: false },
      ir: { on: false },
    }),
  // The guest checked out: all off, curtains closed.
  checkout: (device) =>
    byKind(device.kind, {
      light: { on: false },
      dimmer: { on: false },
      curtain: { pos: 0 },
      ac: { on: false },
      floor_heating: { on: false },
      ventilation: { on: false },
      socket: { on: false },
      ir: { on: false },
    }),
  // Cleaning: full light, curtains open, fresh air, no heating or cooling.
  housekeeping: (device) =>
    byKind(device.kind, {
      light: { on: true },
      dimmer: { on: true, level: 100 },
      curtain: { pos: 100 },
      ac: { on: false },
      floor_heating: { on: false },
      ventilation: { on: true, speed: 'high' },
      socket: { on: true },
      ir: { on: false },
    }),
};

function byKind(kind: DeviceKind, states: Partial<Record<DeviceKind, ModeDeviceState>>): ModeDeviceState | undefined {
  const state = states[kind];
  return state && { ...state };
}

/** A built-in mode's device states for a room type's template. */
export function builtinModeDevices(mode: BuiltinMode, template: readonly Device[]): ModeDevices {
  const devices: ModeDevices = {};
  for (const device of template) {
    const state = BUILTIN_STATES[mode](device);
    if (state) devices[device.key] = state;
  }
  return devices;
}
