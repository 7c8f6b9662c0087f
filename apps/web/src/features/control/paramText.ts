import type { ParamSpec, ParamUnit } from '@roompilot/contract';
import type { MessageKey } from '../../locales/types';
import type { ParamField } from './params';

type Translate = (key: MessageKey, options?: Record<string, unknown>) => string;

const UNIT_KEYS: Record<ParamUnit, MessageKey> = {
  s: 'control.params.unit.s',
  min: 'control.params.unit.min',
  '%': 'control.params.unit.percent',
  '℃': 'control.params.unit.celsius',
};

/** A parameter as a user reads it: the label of a known one, the RCU's own key otherwise. */
export function paramLabel(field: Pick<ParamField, 'key' | 'spec'>, t: Translate): string {
  return field.spec ? t(`control.param.${field.key}` as MessageKey) : field.key;
}

export function unitText(spec: ParamSpec | undefined, t: Translate): string {
  return spec && 'unit' in spec && spec.unit ? t(UNIT_KEYS[spec.unit]) : '';
}

/** `范围 0–600 秒` for a number with a range, '' otherwise. */
export function rangeText(spec: ParamSpec | undefined, t: Translate): string {
  if (!spec || (spec.type !== 'integer' && spec.type !== 'number')) return '';
  return t('control.params.range', { min: spec.min, max: spec.max, unit: unitText(spec, t) }).trim();
}

/** One value of an enum parameter as a user reads it (a value the table does not list, as it is). */
export function valueLabel(key: string, value: string, t: Translate): string {
  return t(`control.paramValue.${key}.${value}` as MessageKey, { defaultValue: value });
}
