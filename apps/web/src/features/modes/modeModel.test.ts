import { BUILTIN_MODES, type Device, MODE_FIELDS } from '@roompilot/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/live';
import enModes from '../../locales/en/modes';
import {
  BUILTIN_MODE_NAMES,
  FIELDS_OF_KIND,
  modeLabel,
  modeSummary,
  sentDevices,
  startingState,
  withField,
} from './modeModel';

const strings: Record<string, string> = { ...en, ...enModes };
const t = ((key: string, options?: Record<string, unknown>) =>
  (strings[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => String(options?.[name]))) as TFunction;

const template: Device[] = [
  { key: 'L1', kind: 'light', name: 'Ceiling' },
  { key: 'D1', kind: 'dimmer', name: 'Reading lamp' },
  { key: 'AC1', kind: 'ac', name: 'Air', defaults: { set_min: 18, set_max: 28, set: 24 } },
];

describe('modeModel', () => {
  it("restates the contract's built-in modes and fields of each kind", () => {
    expect(BUILTIN_MODE_NAMES).toEqual(BUILTIN_MODES);
    expect(FIELDS_OF_KIND).toEqual(MODE_FIELDS);
  });

  it('starts a device the user lets the mode set at a sensible state, the AC at its template setpoint', () => {
    expect(startingState(template[0] as Device)).toEqual({ on: true });
    expect(startingState(template[1] as Device)).toEqual({ on: true, level: 50 });
    expect(startingState(template[2] as Device)).toEqual({ on: true, set: 24 });
  });

  it('a field cleared is left unchanged; a device with no field is not sent', () => {
    const state = withField({ on: true, set: 24 }, 'set', undefined);
    expect(state).toEqual({ on: true });
    expect(sentDevices({ AC1: withField(state, 'on', null), L1: { on: false } })).toEqual({ L1: { on: false } });
  });

  it('names built-in modes in the language and says what a mode does, in the template order', () => {
    expect(modeLabel('welcome', t)).toBe('Welcome');
    expect(modeLabel('Reading', t)).toBe('Reading');
    const summary = modeSummary(
      {
        id: 1,
        room_type_id: 1,
        name: 'welcome',
        builtin: true,
        devices: { AC1: { on: true, mode: 'cool', set: 23.5, fan: 'low' }, D1: { on: true, level: 40 } },
      },
      template,
      t,
    );
    expect(summary).toEqual([
      { key: 'D1', text: 'Reading lamp: On, 40 %' },
      { key: 'AC1', text: 'Air: On, Cool, 23.5 °C, Fan Low' },
    ]);
  });
});
