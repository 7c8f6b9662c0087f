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

  it("gives the contract's parameters their kind, unit and range, first and in the table's order", () => {
    const fields = toFields({ a_vendor: 1, night_light: 10, card_delay_s: 15, checkout_scene: 'all_off' });
    expect(fields.map((field) => [field.key, field.kind])).toEqual([
      ['card_delay_s', 'number'],
      ['checkout_scene', 'enum'],
      ['night_light', 'number'],
      ['a_vendor', 'number'],
    ]);
    expect(fields[0]?.spec).toMatchObject({ unit: 's', min: 0, max: 600 });
    expect(fields[3]?.spec).toBeUndefined();
    // A known key reported with another type is edited as it came.
    expect(toFields({ night_light: 'dim' })[0]).toEqual({ key: 'night_light', kind: 'string', value: 'dim' });
  });

  it('refuses a known parameter outside its range, a fraction where a whole number is wanted, or an unknown choice', () => {
    const fields = toFields({ card_delay_s: 15, night_light: 10, checkout_scene: 'all_off', a_vendor: 1 });
    expect(
      changedParams(fields, { card_delay_s: '601', night_light: '2.5', checkout_scene: 'party', a_vendor: '9999' }),
    ).toEqual({
      changes: { a_vendor: 9999 },
      problems: { card_delay_s: 'range', night_light: 'integer', checkout_scene: 'value' },
    });
    expect(changedParams(fields, { card_delay_s: '600', checkout_scene: 'keep' }).changes).toEqual({
      card_delay_s: 600,
      checkout_scene: 'keep',
    });
  });
});
