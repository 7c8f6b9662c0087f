import * as contract from '@roompilot/contract';
import { describe, expect, it } from 'vitest';
import {
  AC_MODES,
  ALL_ON_ONE_PAGE,
  deviceKindOf,
  FAN_SPEEDS,
  RENT_STATES,
  SOS_ALERT_TYPE,
  VENT_SPEEDS,
} from './vocabulary';

describe("the console's copy of the live enums", () => {
  it('equals the contract', () => {
    expect(RENT_STATES).toEqual(contract.RENT_STATES);
    expect(AC_MODES).toEqual(contract.AC_MODES);
    expect(FAN_SPEEDS).toEqual(contract.FAN_SPEEDS);
    expect(VENT_SPEEDS).toEqual(contract.VENT_SPEEDS);
    expect(SOS_ALERT_TYPE).toBe(contract.ALERT_TYPES.sos);
    expect(ALL_ON_ONE_PAGE.size).toBe(contract.PAGE_SIZE_MAX);
  });

  it('reads device keys as the contract does', () => {
    const keys = ['L1', 'D2', 'C3', 'AC1', 'AC10', 'FH1', 'V1', 'S99', 'IR1', 'AC0', 'L100', 'X1', 'ac1', '', 'AC'];
    for (const key of keys) expect(deviceKindOf(key), key).toBe(contract.deviceKindOf(key));
  });
});
