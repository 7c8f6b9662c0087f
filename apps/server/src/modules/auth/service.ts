import {
  ADMIN_USER_NAME,
  ErrorCode,
  type LoginCodeToken,
  type LoginData,
  type LoginEnrolled,
  type PasswordBody,
  type TwoFactorSetup,
  type UserInfo,
  WILDCARD,
} from '@roompilot/contract';
import type { Kysely } from 'kysely';
import { type Actor, who } from '../../access.js';
import { type Clock, isoDate } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Database, Db } from '../../db/schema.js';
import { AppError, invalid } from '../../errors.js';
import { recordOperation } from '../oplog/service.js';
import type { CodeRefusal, TwoFactorService } from '../twofactor/service.js';
import { hashPassword, verifyPassword } from './passwords.js';
import * as repository from './repository.js';
import type { LoginCounters, LoginThrottle } from './throttle.js';
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
  /** Wrong passwords and codes, counted and made to wait (throttle.ts). */
  throttle: LoginThrottle;
  /** The login's second step. */
  twoFactor: TwoFactorService;
}

/**
 * Sessions that just ended: one by its token (logout), every one of a user, whose password was
 * changed (by the user or for it) or who was disabled or deleted, or every one of a hotel's users
 * once its validity period is set to have ended.
 */
export type EndedSessions =
  | { tokenHash: string }
  | { userId: number; reason: 'password' | 'disabled' }
  | { hotelId: number; reason: 'expired'; validdate: string };

export type { LoginCounters } from './throttle.js';

type UserRow = NonNullable<Awaited<ReturnType<typeof repository.findUserByName>>>;

export function createAuthService({ db, config, clock, throttle, twoFactor }: AuthDeps) {
  const endedListeners = new Set<(ended: EndedSessions) => void>();
  const ended = (what: EndedSessions) => {
    for (const listener of endedListeners) listener(what);
  };

  /** Refuses a user who may not have a session now: disabled (4403), its hotel expired (4410). */
  async function admit(user: { state: string; user_name: string; hotel_id: number | null }): Promise<void> {
    if (user.state !== 'enabled') throw new AppError(ErrorCode.forbidden, 'auth.userDisabled');
    if (user.hotel_id !== null && !isAdministrator(user)) {
      const hotel = await repository.findHotel(db, user.hotel_id);
      const validdate = hotel?.validdate ?? null;
      if (hotelExpired(validdate, clock())) {
        throw new AppError(ErrorCode.hotelExpired, 'auth.hotelExpired', { validdate: validdate ?? '' });
      }
    }
  }

  /**
   * A new session in `trx`, with what else the login does there (the second step's challenge
   * used, two-factor turned on): the pair's failures forgotten, the login in the operation log.
   */
  async function openSession(
    trx: Db,
    user: { id: number; user_name: string; hotel_id: number | null },
    ip: string,
    detail?: Record<string, unknown>,
  ): Promise<string> {
    const token = newToken();
    const now = clock();
    await repository.clearLoginFailures(trx, user.user_name, ip);
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
      { action: 'login', target: user.user_name, ...(detail && { detail }) },
    );
    return token;
  }

  async function attempt(userName: string, password: string, ip: string): Promise<LoginData> {
    const pairFailures = await throttle.check(userName, ip);
    const user: UserRow | undefined = await repository.findUserByName(db, userName);
    if (!(await verifyPassword(user?.password_hash ?? null, password)) || !user) {
      await throttle.recordFailure(userName, ip, user, pairFailures);
      throw invalid('auth.wrongPassword');
    }
    await admit(user);
    // The pair's failures stay until the second step is through: a right password alone does not
    // let wrong codes start counting again.
    const step = await twoFactor.secondStepFor(user);
    if (step) return twoFactor.openChallenge(user.id, step);
    return { token: await db.transaction().execute((trx) => openSession(trx, user, ip)) };
  }

  return {
    /**
     * Logs in, throttled per user name and address and per address (4429 with the wait): failures
     * from one address never keep the user out from another.
     */
    login(input: { userName: string; password: string; ip: string }): Promise<LoginData> {
      const userName = input.userName.trim();
      return throttle.oneAtATime(input.ip, () => attempt(userName, input.password, input.ip));
    },

    /**
     * The second step of a user with two-factor sign-in: a code from its app or a recovery code,
     * under the same throttle as the password. A wrong code is 4400; the challenge stays for
     * another try until it expires.
     */
    async loginCode(input: { challenge: string; code: string; ip: string }): Promise<LoginCodeToken> {
      const challenge = await twoFactor.challenge(input.challenge, 'code');
      await admit(challenge);
      let answer: LoginCodeToken | null = null;
      let refused: CodeRefusal = 'twofactor.wrongCode';
      const secret = await twoFactor.secretOf(challenge.user_id);
      const proved = await throttle.guard(challenge.user_name, input.ip, challenge, () =>
        db.transaction().execute(async (trx) => {
          const taken = await twoFactor.takeSecondFactor(trx, challenge.user_id, secret, input.code);
          if ('refused' in taken) {
            refused = taken.refused;
            return false;
          }
          await twoFactor.useChallenge(trx, challenge);
          const token = await openSession(
            trx,
            { id: challenge.user_id, user_name: challenge.user_name, hotel_id: challenge.hotel_id },
            input.ip,
            { two_factor: taken.how },
          );
          // A recovery code used: the user is told how many are left, to make new ones in time.
          answer =
            taken.how === 'recovery'
              ? { token, recovery_codes_left: await twoFactor.recoveryCodesLeft(trx, challenge.user_id) }
              : { token };
          return true;
        }),
      );
      if (!proved || answer === null) throw invalid(refused);
      return answer;
    },

    /** Setting up at login (the hotel requires it): the secret to scan, the same for the challenge. */
    async loginEnrolSetup(input: { challenge: string }): Promise<TwoFactorSetup> {
      return twoFactor.offerSecret(await twoFactor.challenge(input.challenge, 'enrol'));
    },

    /** Setting up at login: the first code turns it on and gives the session and the recovery codes. */
    async loginEnrolEnable(input: { challenge: string; code: string; ip: string }): Promise<LoginEnrolled> {
      const challenge = await twoFactor.challenge(input.challenge, 'enrol');
      await admit(challenge);
      let answer: LoginEnrolled | null = null;
      const proved = await throttle.guard(challenge.user_name, input.ip, challenge, async () => {
        const step = twoFactor.stepOfOffered(challenge, input.code);
        if (step === null) return false;
        answer = await db.transaction().execute(async (trx) => {
          await twoFactor.useChallenge(trx, challenge);
          const recovery = await twoFactor.enableOffered(trx, challenge, step, { ip: input.ip });
          const user = { id: challenge.user_id, user_name: challenge.user_name, hotel_id: challenge.hotel_id };
          const token = await openSession(trx, user, input.ip, { two_factor: 'enrolled' });
          return { token, recovery_codes: recovery };
        });
        return true;
      });
      if (!proved || answer === null) throw invalid('twofactor.wrongCode');
      return answer;
    },

    /** The login throttle's counters since start. */
    loginCounters(): LoginCounters {
      return throttle.counters();
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
      ended({ userId: user.id, reason: 'password' });
    },

    /**
     * Says that sessions ended elsewhere (a user disabled, deleted, its password reset; a hotel's
     * validity over), once that is kept.
     */
    sessionsEnded(what: EndedSessions): void {
      ended(what);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
