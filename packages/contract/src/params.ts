/**
 * The RCU parameters the platform knows (what `get_params` answers and `set_params` writes, PROTOCOL.md):
 * each key's type, unit and range. The console labels them from its locales
 * (`control.param.<key>`, an enum's values `control.paramValue.<key>.<value>`) and edits them within
 * their range; the parameter upgrades check a parameter file against the same table. An RCU may
 * report parameters not listed here: they are shown and written as they come.
 */
export const PARAM_UNITS = ['s', 'min', '%', '℃'] as const;
export type ParamUnit = (typeof PARAM_UNITS)[number];

export type ParamSpec =
  | { type: 'integer' | 'number'; unit?: ParamUnit; min: number; max: number }
  | { type: 'enum'; values: readonly string[] }
  | { type: 'boolean' }
  | { type: 'string'; maxLength: number };

export const RCU_PARAMS = {
  /** How long the room keeps its power after the key card is pulled. */
  card_delay_s: { type: 'integer', unit: 's', min: 0, max: 600 },
  /** The night light's brightness when the room is dark and occupied. */
  night_light: { type: 'integer', unit: '%', min: 0, max: 100 },
  /** What the RCU does to the devices when the room is checked out. */
  checkout_scene: { type: 'enum', values: ['all_off', 'lights_off', 'keep'] },
} as const satisfies Record<string, ParamSpec>;
export type RcuParamKey = keyof typeof RCU_PARAMS;

export function paramSpecOf(key: string): ParamSpec | undefined {
  return Object.hasOwn(RCU_PARAMS, key) ? RCU_PARAMS[key as RcuParamKey] : undefined;
}

/** Why a value does not fit its parameter: the wrong type, outside the range, or not one of the values. */
export type ParamValueProblem = 'type' | 'range' | 'value';

/** A known parameter's value checked against the table; null when it fits (or the key is not in the table). */
export function paramValueProblem(key: string, value: unknown): ParamValueProblem | null {
  const spec = paramSpecOf(key);
  if (!spec) return null;
  switch (spec.type) {
    case 'integer':
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'type';
      if (spec.type === 'integer' && !Number.isInteger(value)) return 'type';
      return value < spec.min || value > spec.max ? 'range' : null;
    case 'enum':
      if (typeof value !== 'string') return 'type';
      return spec.values.includes(value) ? null : 'value';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'type';
    case 'string':
      if (typeof value !== 'string') return 'type';
      return value.length > spec.maxLength ? 'range' : null;
  }
}
