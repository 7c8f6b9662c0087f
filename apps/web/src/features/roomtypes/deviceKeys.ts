import { DEVICE_PREFIXES, type DeviceKind, deviceKeyPrefix } from '@roompilot/contract';

/** The largest number a device key may carry (L1 … L99). */
export const DEVICE_NUMBER_MAX = 99;

/** The kind a key belongs to by its prefix ('AC1' → ac), or undefined for a malformed key. */
export function kindOfKey(key: string): DeviceKind | undefined {
  const prefix = deviceKeyPrefix(key);
  return (Object.keys(DEVICE_PREFIXES) as DeviceKind[]).find((kind) => DEVICE_PREFIXES[kind] === prefix);
}

/**
 * The key a new device of this kind gets: the prefix with the lowest free number (AC2 when AC1 is
 * taken, L2 when L1 and L3 are). Undefined when all 99 are taken.
 */
export function nextFreeKey(kind: DeviceKind, keys: readonly string[]): string | undefined {
  const prefix = DEVICE_PREFIXES[kind];
  const taken = new Set(keys);
  for (let number = 1; number <= DEVICE_NUMBER_MAX; number += 1) {
    const key = `${prefix}${number}`;
    if (!taken.has(key)) return key;
  }
  return undefined;
}

/**
 * The key after the kind changed: kept when it already fits the new kind, else the next free one
 * of that kind (the row's own old key does not count as taken).
 */
export function keyForKind(kind: DeviceKind, currentKey: string, otherKeys: readonly string[]): string {
  if (kindOfKey(currentKey) === kind && !otherKeys.includes(currentKey)) return currentKey;
  return nextFreeKey(kind, otherKeys) ?? currentKey;
}
