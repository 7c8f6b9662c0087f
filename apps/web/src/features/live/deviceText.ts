import type { DeviceKind, DeviceState } from '@roompilot/contract';
import type { MessageKey } from '../../locales/types';

type Translate = (key: MessageKey, options?: Record<string, unknown>) => string;

const degrees = (t: Translate, value: number) => t('live.temp', { value: formatTemp(value) });

/** A temperature with at most one decimal: 24, 24.5. */
export function formatTemp(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** One line saying what a device is doing, as the RCU last reported it ('' when it reported nothing). */
export function deviceText(kind: DeviceKind, state: DeviceState | undefined, t: Translate): string {
  if (!state || Object.keys(state).length === 0) return '';
  const power = state.on === undefined ? [] : [t(state.on ? 'live.on' : 'live.off')];
  const parts: string[] = [];
  switch (kind) {
    case 'dimmer':
      parts.push(...power);
      if (state.on !== false && state.level !== undefined) parts.push(`${state.level}%`);
      break;
    case 'curtain':
      if (state.pos !== undefined) parts.push(`${state.pos}%`);
      break;
    case 'ac':
      parts.push(...power);
      if (state.on !== false) {
        if (state.mode) parts.push(t(`live.mode.${state.mode}`));
        if (state.set !== undefined) parts.push(degrees(t, state.set));
        if (state.fan) parts.push(t(`live.fan.${state.fan}`));
      }
      if (state.temp !== undefined) parts.push(`${t('dashboard.roomTemp')} ${degrees(t, state.temp)}`);
      break;
    case 'floor_heating':
      parts.push(...power);
      if (state.on !== false && state.set !== undefined) parts.push(degrees(t, state.set));
      if (state.temp !== undefined) parts.push(degrees(t, state.temp));
      break;
    case 'ventilation':
      parts.push(...power);
      if (state.on !== false && state.speed) parts.push(t(`live.fan.${state.speed}`));
      break;
    default:
      parts.push(...power);
  }
  return parts.join(' · ');
}
