import { paramValueProblem, RCU_PARAMS } from '@roompilot/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS } from './rcu.js';

describe("the virtual RCU's parameters", () => {
  it('are the ones the contract knows, each within its range', () => {
    expect(Object.keys(DEFAULT_PARAMS).sort()).toEqual(Object.keys(RCU_PARAMS).sort());
    for (const [key, value] of Object.entries(DEFAULT_PARAMS)) expect(paramValueProblem(key, value), key).toBeNull();
  });
});
