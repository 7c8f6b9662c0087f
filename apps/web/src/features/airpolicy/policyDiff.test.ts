import { AIR_POLICY_DEFAULT, type AirPolicy } from '@roompilot/contract';
import { describe, expect, it } from 'vitest';
import { policyChanges, updateBodyOf } from './policyDiff';

describe('the policy form’s changes', () => {
  it('lists each changed field with its value before and after, ignoring the order of a list', () => {
    const edited: AirPolicy = structuredClone(AIR_POLICY_DEFAULT);
    edited.card_out_setback_min = 1;
    edited.limits.heating.sold.set_max = 21;
    edited.limits.cooling.checked_in.modes = ['auto', 'fan', 'dry', 'cool'];
    expect(policyChanges(AIR_POLICY_DEFAULT, edited)).toEqual([
      { path: 'limits.heating.sold.set_max', before: 22, after: 21 },
      { path: 'card_out_setback_min', before: 15, after: 1 },
    ]);
  });

  it('sends the changed fields, and each season whose limits changed whole', () => {
    const edited: AirPolicy = structuredClone(AIR_POLICY_DEFAULT);
    edited.window_off = false;
    edited.limits.heating.sold.set_max = 21;
    expect(updateBodyOf(edited, policyChanges(AIR_POLICY_DEFAULT, edited))).toEqual({
      window_off: false,
      limits: { heating: edited.limits.heating },
    });
    expect(updateBodyOf(edited, [])).toEqual({});
  });
});
