/** Where the server reads the time; tests pass their own to expire sessions and windows at will. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** Today's date (UTC) as `YYYY-MM-DD`, the format of validity dates. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
