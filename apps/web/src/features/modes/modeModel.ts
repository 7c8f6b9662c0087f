import type { Device, DeviceKind, Mode, ModeDeviceState, ModeDevices } from '@roompilot/contract';
import type { TFunction } from 'i18next';
import { formatTemp } from '../live/deviceText';

/** The built-in modes, as the contract names them (restated: the apply picker is in screens that avoid its schemas). */
export const BUILTIN_MODE_NAMES = ['welcome', 'sleep', 'leave', 'checkout', 'housekeeping'] as const;

/** What a mode may set on a device of each kind (the contract's MODE_FIELDS). */
export const FIELDS_OF_KIND: Readonly<Record<DeviceKind, readonly (keyof ModeDeviceState)[]>> = {
  light: ['on'],
  dimmer: ['on', 'level'],
  curtain: ['pos'],
  ac: ['on', 'mode', 'set', 'fan'],
  floor_heating: ['on', 'set'],
  ventilation: ['on', 'speed'],
  socket: ['on'],
  ir: ['on'],
};

/** The state a device starts with when the user lets a mode set it. */
export function startingState(device: Device): ModeDeviceState {
  switch (device.kind) {
    case 'dimmer':
      return { on: true, level: 50 };
    case 'curtain':
      return { pos: 100 };
    case 'ac':
    case 'floor_heating':
      return { on: true, ...(device.defaults?.set !== undefined && { set: device.defaults.set }) };
    case 'ventilation':
      return { on: true, speed: 'low' };
    default:
      return { on: true };
  }
}

/** A field changed; `undefined` leaves it unchanged (the mode does not set it). */
export function withField(state: ModeDeviceState, field: keyof ModeDeviceState, value: unknown): ModeDeviceState {
  const next: Record<string, unknown> = { ...state };
  if (value === undefined || value === null) delete next[field];
  else next[field] = value;
  return next as ModeDeviceState;
}

/** The devices a mode sends: those the user lets it set with at least one field. */
export function sentDevices(draft: ModeDevices): ModeDevices {
  return Object.fromEntries(Object.entries(draft).filter(([, state]) => Object.keys(state).length > 0));
}

/** A mode's name as the screens show it: a built-in one translated. */
export function modeLabel(name: string, t: TFunction): string {
  return (BUILTIN_MODE_NAMES as readonly string[]).includes(name) ? t(`modes.builtin.${name}` as never) : name;
}

/** One device's state in words: "Ceiling light: on", "AC: on, cool, 24 °C". */
export function stateText(state: ModeDeviceState, t: TFunction): string {
  const parts: string[] = [];
  if (state.on !== undefined) parts.push(t(state.on ? 'live.on' : 'live.off'));
  if (state.level !== undefined) parts.push(t('modes.percent', { value: state.level }));
  if (state.pos !== undefined) parts.push(t('modes.percent', { value: state.pos }));
  if (state.mode !== undefined) parts.push(t(`live.mode.${state.mode}`));
  if (state.set !== undefined) parts.push(t('live.temp', { value: formatTemp(state.set) }));
  if (state.fan !== undefined) parts.push(`${t('modes.field.fan')} ${t(`live.fan.${state.fan}`)}`);
  if (state.speed !== undefined) parts.push(t(`live.fan.${state.speed}`));
  return parts.join(', ');
}

/** A mode's devices in words, in the template's order. */
export function modeSummary(mode: Mode, template: readonly Device[], t: TFunction): { key: string; text: string }[] {
  return template.flatMap((device) => {
    const state = mode.devices[device.key];
    return state ? [{ key: device.key, text: `${device.name}: ${stateText(state, t)}` }] : [];
  });
}
