import { describe, expect, it } from 'vitest';
import { paramSpecOf, paramValueProblem } from './params.js';

describe('RCU parameters', () => {
  it('knows each built-in parameter with its unit and range', () => {
    expect(paramSpecOf('card_delay_s')).toEqual({ type: 'integer', unit: 's', min: 0, max: 600 });
    expect(paramSpecOf('night_light')).toMatchObject({ unit: '%', min: 0, max: 100 });
    expect(paramSpecOf('toString')).toBeUndefined();
    expect(paramSpecOf('vendor_x')).toBeUndefined();
  });

  it('checks a value against its type, range and values', () => {
    expect(paramValueProblem('card_delay_s', 15)).toBeNull();
    expect(paramValueProblem('card_delay_s', 601)).toBe('range');
    expect(paramValueProblem('card_delay_s', -1)).toBe('range');
    expect(paramValueProblem('card_delay_s', 1.5)).toBe('type');
    expect(paramValueProblem('card_delay_s', '15')).toBe('type');
    expect(paramValueProblem('checkout_scene', 'all_off')).toBeNull();
    expect(paramValueProblem('checkout_scene', 'party')).toBe('value');
    expect(paramValueProblem('vendor_x', { any: 'thing' })).toBeNull();
  });
});
