import {
  type DeviceMap,
  type DeviceState,
  deviceKindOf,
  type Energy,
  type RentState,
  SETPOINT_MAX,
  SETPOINT_MIN,
  type StatePayload,
} from '@roompilot/contract';

/**
 * The physical room behind a virtual RCU: devices, guest, doors, temperature and the energy meter.
 * Pure state and arithmetic, no MQTT: the RCU publishes what this model says changed.
 */

export type Flags = Required<Omit<StatePayload, 'ts' | 'devices' | 'energy' | 'rent'>> & { rent: RentState };

export interface RoomModel {
  flags: Flags;
  devices: Record<string, DeviceState>;
  /** What the meter reports: its reading to the Wh (`kwh`) and the power drawn now. */
  energy: Required<Energy>;
  /** The meter's count unrounded: a second's use of a few watts is far below a Wh, yet adds up. */
  meterKwh: number;
}

export const DEFAULT_DEVICE_KEYS = ['L1', 'L2', 'D1', 'C1', 'AC1', 'V1'] as const;

/** A fresh room: for sale, nobody in, devices off, at the outside temperature. */
export function newRoom(keys: readonly string[], outsideTemp: number, kwh = 0): RoomModel {
  const devices: Record<string, DeviceState> = {};
  for (const key of keys) {
    const kind = deviceKindOf(key);
    if (kind === null) continue;
    devices[key] = initialDevice(kind, outsideTemp);
  }
  return {
    flags: {
      rent: 'for_sale',
      card: false,
      door: false,
      window: false,
      occupied: false,
      dnd: false,
      mur: false,
      sos: false,
    },
    devices,
    energy: { kwh, w: 0 },
    meterKwh: kwh,
  };
}

function initialDevice(kind: NonNullable<ReturnType<typeof deviceKindOf>>, temp: number): DeviceState {
  switch (kind) {
    case 'dimmer':
      return { on: false, level: 0 };
    case 'curtain':
      return { pos: 0 };
    case 'ac':
      return { on: false, mode: 'cool', set: 24, temp: round1(temp), fan: 'auto' };
    case 'floor_heating':
      return { on: false, set: 26, temp: round1(temp) };
    case 'ventilation':
      return { on: false, speed: 'low' };
    default:
      return { on: false };
  }
}

const DAY_MS = 86_400_000;

/**
 * The temperature a room drifts to with nothing running (the building and the air outside it), in
 * local time: by the season of a northern hotel, as the air policy's default seasons assume (about
 * 16 °C in late January, 28 °C in late July), and over the day, coolest at 05:00, warmest at 15:00
 * (± `swing`). So a winter demo heats and a summer one cools.
 */
export function outsideTemperature(time: Date, swing = 3): number {
  const dayOfYear = (time.getTime() - new Date(time.getFullYear(), 0, 1).getTime()) / DAY_MS;
  const seasonal = 22 + 6 * Math.cos(((dayOfYear - 202) / 365) * 2 * Math.PI);
  const hours = time.getHours() + time.getMinutes() / 60;
  return seasonal + swing * Math.cos(((hours - 15) / 24) * 2 * Math.PI);
}

/** Fraction of the gap closed per hour of the room's time: toward outside, and by a running AC. */
const LEAK_PER_HOUR = 0.25;
const AC_PER_HOUR = 2.5;
const FLOOR_HEATING_PER_HOUR = 0.8;

/** Power draw in watts of the devices as they are now. */
export function powerDraw(room: RoomModel): number {
  let watts = 12; // the RCU itself and standby
  for (const [key, device] of Object.entries(room.devices)) {
    if (!device.on) continue;
    switch (deviceKindOf(key)) {
      case 'light':
        watts += 12;
        break;
      case 'dimmer':
        watts += 0.4 * (device.level ?? 100);
        break;
      case 'ac': {
        const gap = Math.abs((device.temp ?? 24) - (device.set ?? 24));
        watts += device.mode === 'fan' ? 60 : 150 + Math.min(gap, 6) * 130;
        break;
      }
      case 'floor_heating':
        watts += 800;
        break;
      case 'ventilation':
        watts += device.speed === 'high' ? 60 : device.speed === 'mid' ? 40 : 25;
        break;
      case 'socket':
        watts += 40;
        break;
      case 'ir':
        watts += 80;
        break;
    }
  }
  return Math.round(watts);
}

/**
 * Advances the room by `hours` of its time: temperatures drift toward the outside and toward
 * the running AC's setpoint, the meter counts. Answers the devices whose shown state changed.
 */
export function advance(room: RoomModel, hours: number, outside: number): DeviceMap {
  const changed: DeviceMap = {};
  const leak = 1 - Math.exp(-LEAK_PER_HOUR * hours);
  const windowLeak = room.flags.window ? 3 : 1;
  const roomTemp = currentTemperature(room) ?? outside;
  let next = roomTemp + (outside - roomTemp) * Math.min(1, leak * windowLeak);
  for (const device of Object.values(room.devices)) {
    if (device.on && device.set !== undefined && device.mode !== undefined) {
      const pulls =
        device.mode === 'cool' || device.mode === 'dry'
          ? next > device.set
          : device.mode === 'heat'
            ? next < device.set
            : device.mode === 'auto';
      if (pulls) next += (device.set - next) * (1 - Math.exp(-AC_PER_HOUR * hours));
    } else if (device.on && device.set !== undefined && device.mode === undefined && next < device.set) {
      next += (device.set - next) * (1 - Math.exp(-FLOOR_HEATING_PER_HOUR * hours));
    }
  }
  for (const [key, device] of Object.entries(room.devices)) {
    if (device.temp === undefined) continue;
    const shown = round1(next);
    if (shown !== device.temp) {
      device.temp = shown;
      changed[key] = { temp: shown };
    }
  }
  const watts = powerDraw(room);
  room.meterKwh += (watts * hours) / 1000;
  room.energy.kwh = Math.round(room.meterKwh * 1000) / 1000;
  room.energy.w = watts;
  return changed;
}

function currentTemperature(room: RoomModel): number | undefined {
  for (const device of Object.values(room.devices)) if (device.temp !== undefined) return device.temp;
  return undefined;
}

/**
 * Applies a command's device changes; answers the changes as applied, or an error for a key the
 * room does not have or a field its kind does not take.
 */
export function applyDevices(room: RoomModel, devices: DeviceMap): { applied: DeviceMap } | { error: string } {
  for (const [key, change] of Object.entries(devices)) {
    const device = room.devices[key];
    if (!device) return { error: `no device ${key} in this room` };
    for (const field of Object.keys(change)) {
      if (field !== 'on' && !(field in device)) return { error: `${key} has no ${field}` };
    }
    if (change.set !== undefined && (change.set < SETPOINT_MIN || change.set > SETPOINT_MAX)) {
      return { error: `${key} setpoint out of range` };
    }
  }
  const applied: DeviceMap = {};
  for (const [key, change] of Object.entries(devices)) {
    Object.assign(room.devices[key] as DeviceState, change);
    applied[key] = { ...change };
  }
  return { applied };
}

/** Scenes an RCU knows: what each does to the room's devices. */
export function sceneDevices(room: RoomModel, mode: string): DeviceMap {
  const devices: DeviceMap = {};
  for (const [key, device] of Object.entries(room.devices)) {
    const kind = deviceKindOf(key);
    if (mode === 'welcome') {
      if (kind === 'light' || kind === 'dimmer')
        devices[key] = kind === 'dimmer' ? { on: true, level: 70 } : { on: true };
      if (kind === 'curtain') devices[key] = { pos: 100 };
      if (kind === 'ac') devices[key] = { on: true, set: device.set ?? 24 };
    } else if (mode === 'sleep') {
      if (kind === 'light' || kind === 'dimmer') devices[key] = { on: false };
      if (kind === 'curtain') devices[key] = { pos: 0 };
    } else if (mode === 'away' || mode === 'checkout' || mode === 'all_off') {
      if ('on' in device) devices[key] = { on: false };
    }
  }
  return devices;
}

export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
