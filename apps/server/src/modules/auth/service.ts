import { ADMIN_USER_NAME, ErrorCode, type PasswordBody, type UserInfo, WILDCARD } from '@roompilot/contract';
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

function hotelExpired(validdate: string | null, now: Date): boolean {
  return validdate !== null && validdate < isoDate(now);
}

interface AuthDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'sessionTtlMs' | 'login'>;
  clock: Clock;
}

/** Sessions that just ended: one by its token (logout), or every one of a user (password change). */
export type EndedSessions = { tokenHash: string } | { userId: number };

export function createAuthService({ db, config, clock }: AuthDeps) {
  const endedListeners = new Set<(ended: EndedSessions) => void>();
  const ended = (what: EndedSessions) => {
    for (const listener of endedListeners) listener(what);
  };

  /** Refuses with 4429 while the name or the address has too many recent failures. */
  async function checkLoginLimits(userName: string, ip: string): Promise<void> {
    const now = clock().getTime();
    const since = new Date(now - config.login.windowMs).toISOString();
    const limits = [
      { column: 'user_name' as const, value: userName, max: config.login.maxFailuresPerName },
      { column: 'ip' as const, value: ip, max: config.login.maxFailuresPerAddress },
    ];
    for (const { column, value, max } of limits) {
      const { failures, oldest } = await repository.countLoginFailures(db, column, value, since);
      if (failures >= max && oldest) {
        const seconds = Math.max(1, Math.ceil((Date.parse(oldest) + config.login.windowMs - now) / 1000));
        throw new AppError(ErrorCode.tooManyRequests, 'auth.tooManyFailures', { seconds });
      }
    }
  }

  return {
    async login(input: { userName: string; password: string; ip: string }): Promise<{ token: string }> {
      const userName = input.userName.trim();
      await checkLoginLimits(userName, input.ip);
      const user = await repository.findUserByName(db, userName);
      if (!(await verifyPassword(user?.password_hash ?? null, input.password)) || !user) {
        const now = clock();
        await repository.recordLoginFailure(db, userName, input.ip, now.toISOString());
        await repository.pruneLoginFailures(db, new Date(now.getTime() - config.login.windowMs).toISOString());
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
        await repository.clearLoginFailures(trx, userName);
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
          { hotelId: user.hotel_id, userId: user.id, userName: user.user_name, ip: input.ip },
          { action: 'login', target: user.user_name },
        );
      });
      return { token };
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
