import { describe, expect, it } from 'vitest';
import { changedParams, coerce, kindOf, toDraft, toFields } from './params';

describe('parameter form', () => {
  it('keeps each parameter with its own kind, by key', () => {
    const fields = toFields({ p10: 1, p2: 'x', eco: true, zones: [1, 2], none: null });
    expect(fields.map((field) => [field.key, field.kind])).toEqual([
      ['eco', 'boolean'],
      ['none', 'json'],
      ['p2', 'string'],
      ['p10', 'number'],
      ['zones', 'json'],
    ]);
    expect(kindOf(2.5)).toBe('number');
  });

  it('starts from what the RCU reported', () => {
    expect(toDraft({ key: 'a', kind: 'number', value: 26.5 })).toBe('26.5');
    expect(toDraft({ key: 'a', kind: 'boolean', value: true })).toBe(true);
    expect(toDraft({ key: 'a', kind: 'json', value: { a: [1] } })).toBe('{"a":[1]}');
  });

  it('coerces the form back to numbers, strings, booleans and JSON', () => {
    expect(coerce('number', ' 24.5 ')).toEqual({ ok: true, value: 24.5 });
    expect(coerce('number', '-3')).toEqual({ ok: true, value: -3 });
    expect(coerce('number', '')).toEqual({ ok: false, problem: 'number' });
    expect(coerce('number', '12a')).toEqual({ ok: false, problem: 'number' });
    expect(coerce('number', 'Infinity')).toEqual({ ok: false, problem: 'number' });
    expect(coerce('string', ' 007 ')).toEqual({ ok: true, value: ' 007 ' });
    expect(coerce('boolean', false)).toEqual({ ok: true, value: false });
    expect(coerce('json', '[1,2]')).toEqual({ ok: true, value: [1, 2] });
    expect(coerce('json', '{')).toEqual({ ok: false, problem: 'json' });
  });

  it('writes only what changed, and names what cannot be written', () => {
    const fields = toFields({ setpoint: 24, name: 'RCU-8', eco: false, zones: [1, 2] });
    expect(changedParams(fields, { setpoint: '24', name: 'RCU-8', eco: false, zones: '[1, 2]' })).toEqual({
      changes: {},
      problems: {},
    });
    expect(changedParams(fields, { setpoint: '25', name: 'RCU-9', eco: true, zones: '[1]' })).toEqual({
      changes: { setpoint: 25, name: 'RCU-9', eco: true, zones: [1] },
      problems: {},
    });
    expect(changedParams(fields, { setpoint: 'warm', zones: '[' })).toEqual({
      changes: {},
      problems: { setpoint: 'number', zones: 'json' },
    });
  });
});
