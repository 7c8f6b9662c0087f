import { ADMIN_USER_NAME, ErrorCode, type PasswordBody, type UserInfo, WILDCARD } from '@roompilot/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { type Actor, who } from '../../access.js';
import { type Clock, isoDate } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { AppError, invalid } from '../../errors.js';
import { recordOperation } from '../oplog/service.js';
import { hashPassword, verifyPassword } from './passwords.js';
import * as repository from './repository.js';
import { hashToken, newToken } from './tokens.js';

/** Sliding expiry is written at most this often, so a busy session is not a write per request. */
const TOUCH_INTERVAL_MS = 60_000;

export function isAdministrator(user: { user_name: string; hotel_id: number | null }): boolean {
  return user.user_name === ADMIN_USER_NAME && user.hotel_id === null;
}

export function hotelExpired(validdate: string | null, now: Date): boolean {
  return validdate !== null && validdate < isoDate(now);
}

interface AuthDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'sessionTtlMs' | 'login'>;
  clock: Clock;
  /** Where the per-account alarm is logged (warn), beside its entry in the operation log. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** Sessions that just ended: one by its token (logout), or every one of a user (password change). */
export type EndedSessions = { tokenHash: string } | { userId: number };

/** What the login throttle has seen since the server started (the metric, until a metrics endpoint). */
export interface LoginCounters {
  /** Wrong user name or password. */
  failures: number;
  /** Attempts refused with 4429 before the password was looked at. */
  throttled: number;
  /** Alarms raised: many addresses failing on one user name. */
  alarms: number;
}

export function createAuthService({ db, config, clock, log }: AuthDeps) {
  const endedListeners = new Set<(ended: EndedSessions) => void>();
  const ended = (what: EndedSessions) => {
    for (const listener of endedListeners) listener(what);
  };
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
  async function checkLoginLimits(userName: string, ip: string): Promise<number> {
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

  async function attempt(userName: string, password: string, ip: string): Promise<{ token: string }> {
    const pairFailures = await checkLoginLimits(userName, ip);
    const user = await repository.findUserByName(db, userName);
    if (!(await verifyPassword(user?.password_hash ?? null, password)) || !user) {
      await recordFailure(userName, ip, user, pairFailures);
      throw invalid('auth.wrongPassword');
    }
    if (user.state !== 'enabled') throw new AppError(ErrorCode.forbidden, 'auth.userDisabled');
    if (user.hotel_id !== null && !isAdministrator(user)) {
      const hotel = await repository.findHotel(db, user.hotel_id);
      const validdate = hotel?.validdate ?? null;
      if (hotelExpired(validdate, clock())) {
        throw new AppError(ErrorCode.hotelExpired, 'auth.hotelExpired', { validdate: validdate ?? '' });
      }
    }
    const token = newToken();
    const now = clock();
    await db.transaction().execute(async (trx) => {
      await repository.clearLoginFailures(trx, userName, ip);
      await repository.insertSession(trx, {
        token_hash: hashToken(token),
        user_id: user.id,
        hotel_id: user.hotel_id,
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        expires_at: new Date(now.getTime() + config.sessionTtlMs).toISOString(),
        ended_at: null,
        ended_reason: null,
      });
      await recordOperation(
        trx,
        clock,
        { hotelId: user.hotel_id, userId: user.id, userName: user.user_name, ip },
        { action: 'login', target: user.user_name },
      );
    });
    return { token };
  }

  return {
    /**
     * Logs in, throttled per user name and address and per address (4429 with the wait): failures
     * from one address never keep the user out from another.
     */
    login(input: { userName: string; password: string; ip: string }): Promise<{ token: string }> {
      const userName = input.userName.trim();
      return oneAtATime(input.ip, () => attempt(userName, input.password, input.ip));
    },

    /** The login throttle's counters since start. */
    loginCounters(): LoginCounters {
      return { ...counters };
    },

    /** The caller behind a bearer token: 4401 unknown or expired, 4433 ended, 4410 hotel expired. */
    async authenticate(token: string | null, ip: string): Promise<Actor> {
      if (!token) throw new AppError(ErrorCode.unauthenticated, 'auth.unauthenticated');
      const tokenHash = hashToken(token);
      const session = await repository.findSession(db, tokenHash);
      if (!session) throw new AppError(ErrorCode.unauthenticated, 'auth.unauthenticated');
      if (session.ended_reason) {
        throw new AppError(ErrorCode.sessionEnded, `auth.sessionEnded.${session.ended_reason}`);
      }
      if (session.state !== 'enabled') throw new AppError(ErrorCode.sessionEnded, 'auth.sessionEnded.disabled');
      const now = clock();
      if (session.expires_at <= now.toISOString()) {
        throw new AppError(ErrorCode.unauthenticated, 'auth.unauthenticated');
      }
      const isAdmin = isAdministrator(session);
      if (!isAdmin && hotelExpired(session.validdate, now)) {
        throw new AppError(ErrorCode.hotelExpired, 'auth.hotelExpired', { validdate: session.validdate ?? '' });
      }
      if (now.getTime() - Date.parse(session.last_seen_at) >= TOUCH_INTERVAL_MS) {
        const expiresAt = new Date(now.getTime() + config.sessionTtlMs).toISOString();
        await repository.touchSession(db, tokenHash, now.toISOString(), expiresAt);
      }
      const { roles, perms } = isAdmin ? { roles: [], perms: [WILDCARD] } : session;
      return {
        userId: session.user_id,
        userName: session.user_name,
        hotelId: session.hotel_id,
        isAdmin,
        roles,
        perms,
        tokenHash,
        ip,
      };
    },

    async logout(actor: Actor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await repository.endSession(trx, actor.tokenHash, 'logout', clock().toISOString());
        await recordOperation(trx, clock, who(actor), { action: 'logout', target: actor.userName });
      });
      ended({ tokenHash: actor.tokenHash });
    },

    /** Told when sessions end here, so that what holds them open (live sockets) closes at once. */
    onSessionsEnded(listener: (ended: EndedSessions) => void): () => void {
      endedListeners.add(listener);
      return () => endedListeners.delete(listener);
    },

    async userInfo(actor: Actor): Promise<UserInfo> {
      const user = await repository.findUserById(db, actor.userId);
      if (!user) throw new AppError(ErrorCode.unauthenticated, 'auth.unauthenticated');
      const hotel = user.hotel_id === null ? undefined : await repository.findHotel(db, user.hotel_id);
      return {
        id: user.id,
        hotel_id: user.hotel_id,
        hotel_info: hotel
          ? { hotel_id: hotel.hotel_id, hotel_name: hotel.hotel_name, validdate: hotel.validdate }
          : null,
        roles: actor.roles,
        perms: actor.perms.map((val) => ({ val })),
        nick_name: user.nick_name,
        user_name: user.user_name,
        is_admin: actor.isAdmin,
      };
    },

    /** Changes the caller's password and ends every session of that user (4433 afterwards). */
    async changePassword(actor: Actor, body: PasswordBody): Promise<void> {
      if (body.pwd !== body.pwd2) throw invalid('auth.passwordMismatch');
      const user = await repository.findUserById(db, actor.userId);
      if (!user || !(await verifyPassword(user.password_hash, body.oldpwd))) throw invalid('auth.oldPasswordWrong');
      if (body.oldpwd === body.pwd) throw invalid('auth.passwordUnchanged');
      const passwordHash = await hashPassword(body.pwd);
      await db.transaction().execute(async (trx) => {
        await repository.updatePasswordHash(trx, user.id, passwordHash);
        await repository.endUserSessions(trx, user.id, 'password', clock().toISOString());
        await recordOperation(trx, clock, who(actor), { action: 'password_change', target: user.user_name });
      });
      ended({ userId: user.id });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
