import type { AcMode, AlertType, DeviceKind, FanSpeed, RentState, VentSpeed } from '@roompilot/contract';

/**
 * The contract's live enums, restated for the console's first load. The contract keeps them beside
 * their typebox schemas, and importing any value from those modules brings the schemas and typebox
 * into the dashboard and the shell (~25 KB gzip). `satisfies` keeps each list inside the contract's
 * type and vocabulary.test.ts checks that it equals the contract's list.
 */
export const RENT_STATES = [
  'empty',
  'for_sale',
  'sold',
  'checked_in',
  'checkout',
] as const satisfies readonly RentState[];
export const AC_MODES = ['cool', 'heat', 'fan', 'dry', 'auto'] as const satisfies readonly AcMode[];
export const FAN_SPEEDS = ['auto', 'low', 'mid', 'high'] as const satisfies readonly FanSpeed[];
export const VENT_SPEEDS = ['low', 'mid', 'high'] as const satisfies readonly VentSpeed[];
export const SOS_ALERT_TYPE = 1 satisfies AlertType;
/** `{current, size}` of a list call that wants everything (API.md "Lists": size ≤ 500). */
export const ALL_ON_ONE_PAGE = { current: 1, size: 500 };

const PREFIX_KINDS: Readonly<Record<string, DeviceKind>> = {
  L: 'light',
  D: 'dimmer',
  C: 'curtain',
  AC: 'ac',
  FH: 'floor_heating',
  V: 'ventilation',
  S: 'socket',
  IR: 'ir',
};
const DEVICE_KEY = /^(L|D|C|AC|FH|V|S|IR)([1-9]|[1-9][0-9])$/;

/** The kind of a device key (`AC1` is an air conditioner), or null for a key the protocol does not know. */
export function deviceKindOf(key: string): DeviceKind | null {
  const prefix = DEVICE_KEY.exec(key)?.[1];
  return (prefix && PREFIX_KINDS[prefix]) || null;
}
