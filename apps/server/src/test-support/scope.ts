/**
 * Which tests run. `npm test` runs every suite, and a suite whose outside server is not given
 * (TEST_DATABASE_URL, TEST_REDIS_URL, TEST_MQTT_URL) fails: it never skips. `npm run test:unit`
 * sets TEST_SCOPE=unit: the SQLite and pure tests run, and the suites that need PostgreSQL, Redis
 * or Mosquitto are left out, reported as skipped (`describe.skipIf(leftOut('redis'))`).
 */
export type OutsideServer = 'postgres' | 'redis' | 'mosquitto';

export const UNIT_SCOPE = process.env.TEST_SCOPE === 'unit';

/** True when this run leaves out the suites that need `server` (TEST_SCOPE=unit). */
export function leftOut(_server: OutsideServer): boolean {
  return UNIT_SCOPE;
}
