import { ErrorCode } from '@roompilot/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { recordOperation } from '../oplog/service.js';
import * as repository from './repository.js';

/** What the login throttle has seen since the server started (the metric, until a metrics endpoint). */
export interface LoginCounters {
  /** Wrong user name or password, or a wrong two-factor code. */
  failures: number;
  /** Attempts refused with 4429 before the password was looked at. */
  throttled: number;
  /** Alarms raised: many addresses failing on one user name. */
  alarms: number;
}

interface ThrottleDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'login'>;
  clock: Clock;
  /** Where the per-account alarm is logged (warn), beside its entry in the operation log. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * The login throttle: wrong passwords and wrong two-factor codes counted per user name and address
 * and per address (login_failures), each key waiting after its failures (4429 with the wait), and
 * the alarm when many addresses fail on one user name. Failures from one address never keep the
 * user out from another.
 */
export function createLoginThrottle({ db, config, clock, log }: ThrottleDeps) {
  const counters: LoginCounters = { failures: 0, throttled: 0, alarms: 0 };
  /** When this instance last raised each user name's alarm, so a spread attack is not re-counted per address. */
  const lastAlarm = new Map<string, number>();

  /**
   * Attempts from one address run one after the other on this instance: each sees the failures
   * of the ones before, so a burst of parallel guesses cannot all slip in under the limit.
   */
  const queues = new Map<string, Promise<void>>();
  function oneAtATime<T>(ip: string, attempt: () => Promise<T>): Promise<T> {
    const run = (queues.get(ip) ?? Promise.resolve()).then(attempt);
    const tail = run.then(
      () => {},
      () => {},
    );
    queues.set(ip, tail);
    void tail.then(() => {
      if (queues.get(ip) === tail) queues.delete(ip);
    });
    return run;
  }

  /** How long a key with `failures` (at least `max`), the last at `latest`, must still wait, in ms. */
  function remainingWait(failures: number, max: number, latest: string | null, now: number): number {
    if (failures < max || latest === null) return 0;
    const wait = Math.min(config.login.backoffMs * 2 ** Math.min(failures - max, 40), config.login.maxWaitMs);
    return Date.parse(latest) + wait - now;
  }

  /**
   * Refuses with 4429 while this user name from this address, or this address whatever the name,
   * has to wait after its failures; answers the pair's recent failures.
   */
  async function check(userName: string, ip: string): Promise<number> {
    const now = clock().getTime();
    const since = new Date(now - config.login.windowMs).toISOString();
    const pair = await repository.countLoginFailures(db, { userName, ip }, since);
    const address = await repository.countLoginFailures(db, { ip }, since);
    const wait = Math.max(
      remainingWait(pair.failures, config.login.maxFailures, pair.latest, now),
      remainingWait(address.failures, config.login.maxFailuresPerAddress, address.latest, now),
    );
    if (wait > 0) {
      counters.throttled++;
      throw new AppError(ErrorCode.tooManyRequests, 'auth.tooManyFailures', { seconds: Math.ceil(wait / 1000) });
    }
    return pair.failures;
  }

  /**
   * Records a wrong login. The first failure of a new address on a user name may raise the alarm:
   * `alarmAddresses` addresses within the window (once per user name and window).
   */
  async function recordFailure(
    userName: string,
    ip: string,
    user: { hotel_id: number | null } | undefined,
    pairFailures: number,
  ): Promise<void> {
    const now = clock();
    const since = new Date(now.getTime() - config.login.windowMs).toISOString();
    await repository.recordLoginFailure(db, userName, ip, now.toISOString());
    await repository.pruneLoginFailures(db, since);
    counters.failures++;
    if (pairFailures > 0 || now.getTime() - (lastAlarm.get(userName) ?? 0) < config.login.windowMs) return;
    const { addresses, failures } = await repository.countNameFailures(db, userName, since);
    if (addresses < config.login.alarmAddresses || (await repository.alarmLoggedSince(db, userName, since))) return;
    lastAlarm.set(userName, now.getTime());
    for (const [name, at] of lastAlarm) if (now.getTime() - at >= config.login.windowMs) lastAlarm.delete(name);
    counters.alarms++;
    await recordOperation(
      db,
      clock,
      { hotelId: user?.hotel_id ?? null, userId: null, userName, ip },
      {
        action: 'login_alarm',
        target: userName,
        detail: { addresses, failures, window_minutes: config.login.windowMs / 60_000 },
      },
    );
    log?.warn(
      { userName, addresses, failures, windowMinutes: config.login.windowMs / 60_000, counters: { ...counters } },
      'login alarm: wrong passwords for one user name from many addresses',
    );
  }

  return {
    oneAtATime,
    check,
    recordFailure,

    /**
     * Checks a secret the user proves itself with (a password, a code) under the throttle: 4429
     * while its key waits, a wrong answer recorded as a failed login.
     */
    guard(
      userName: string,
      ip: string,
      user: { hotel_id: number | null },
      proves: () => Promise<boolean>,
    ): Promise<boolean> {
      return oneAtATime(ip, async () => {
        const pairFailures = await check(userName, ip);
        if (await proves()) return true;
        await recordFailure(userName, ip, user, pairFailures);
        return false;
      });
    },

    counters(): LoginCounters {
      return { ...counters };
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
