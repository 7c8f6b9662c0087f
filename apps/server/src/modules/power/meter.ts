// How meter readings become consumption per hour: pure functions, no database.

export const HOUR_MS = 3_600_000;
/** A gap longer than this is spread over its last this-many hours only (older hours are past any chart). */
export const MAX_SPREAD_HOURS = 366 * 24;

export interface Reading {
  kwh: number;
  /** Epoch ms. */
  at: number;
}

/** The start of the hour an instant falls in (epoch ms, UTC). */
export const hourOf = (at: number): number => Math.floor(at / HOUR_MS) * HOUR_MS;

/**
 * The energy used between two readings: their difference, or, when the new reading is lower (the
 * meter was reset or replaced), the new reading itself: counting went on from 0.
 */
export function usedBetween(previous: number, next: number): number {
  return next >= previous ? next - previous : next;
}

/**
 * The energy used between two readings, by hour (hour start in epoch ms → kWh): spread evenly over
 * the time between them, so a gap of several hours gives each hour its share. A reading at or before
 * the previous one puts it all in its own hour.
 */
export function spread(previous: Reading, next: Reading): Map<number, number> {
  const used = usedBetween(previous.kwh, next.kwh);
  const hours = new Map<number, number>();
  if (used <= 0) return hours;
  const end = next.at;
  const start = Math.max(previous.at, end - MAX_SPREAD_HOURS * HOUR_MS);
  if (start >= end) {
    hours.set(hourOf(end), used);
    return hours;
  }
  const perMs = used / (end - start);
  let given = 0;
  for (let hour = hourOf(start); hour < end; hour += HOUR_MS) {
    const share = (Math.min(end, hour + HOUR_MS) - Math.max(start, hour)) * perMs;
    hours.set(hour, share);
    given += share;
  }
  // What rounding left over goes to the last hour, so the hours add up to the difference exactly.
  const last = hourOf(end - 1);
  hours.set(last, (hours.get(last) ?? 0) + (used - given));
  return hours;
}
