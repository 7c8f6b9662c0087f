import { describe } from 'vitest';

/**
 * Which tests run. `npm test` runs every suite, and a suite whose outside server is not given
 * (TEST_DATABASE_URL, TEST_REDIS_URL, TEST_MQTT_URL) fails: it never skips. `npm run test:unit`
 * sets TEST_SCOPE=unit: the SQLite and pure tests run, and the suites that need PostgreSQL, Redis
 * or Mosquitto are not declared at all (the script says once what it leaves out), so that no
 * run ever reports a skipped test. A file that needs one throughout is named
 * `*.integration.test.ts`, which test:unit does not run.
 */
export type OutsideServer = 'postgres' | 'redis' | 'mosquitto';

export const UNIT_SCOPE = process.env.TEST_SCOPE === 'unit';

/** True when this run leaves out the suites that need `server` (TEST_SCOPE=unit). */
export function leftOut(_server: OutsideServer): boolean {
  return UNIT_SCOPE;
}

/** `describe` for a suite that needs `server`; in a run that leaves it out, nothing is declared. */
export function describeNeeding(server: OutsideServer): (name: string, suite: () => void) => void {
  return leftOut(server) ? () => {} : describe;
}
