import {
  ErrorCode,
  type LoginChallenge,
  type RecoveryCodes,
  TOTP_ISSUER,
  TWO_FACTOR_CHALLENGE_TTL_MS,
  type TwoFactorProofBody,
  type TwoFactorResetBody,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@roompilot/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { type Actor, who } from '../../access.js';
import type { Clock } from '../../clock.js';
import type { Database, Db, LoginChallengeKind, SealedTotpSecret } from '../../db/schema.js';
import { AppError, conflict, invalid, notFound } from '../../errors.js';
import { verifyPassword } from '../auth/passwords.js';
import type { LoginThrottle } from '../auth/throttle.js';
import { hashToken, newToken } from '../auth/tokens.js';
import { recordOperation } from '../oplog/service.js';
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes } from './recovery.js';
import * as repository from './repository.js';
import type { TotpSecrets } from './secrets.js';
import { base32Decode, matchStep, newTotpSecret, otpauthUrl } from './totp.js';

interface TwoFactorDeps {
  db: Kysely<Database>;
  clock: Clock;
  secrets: TotpSecrets;
  throttle: LoginThrottle;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

/** How a user proved its second factor: a code from the app, or a recovery code (now used up). */
export type SecondFactor = 'totp' | 'recovery';

/**
 * Why a code was refused, as the message key that says so. "Already used" is said only of a code
 * that is right (the app's code of a step taken already, a recovery code spent): telling it needs
 * the secret or the code itself, so it tells a guesser nothing.
 */
export type CodeRefusal = 'twofactor.wrongCode' | 'twofactor.codeUsed' | 'twofactor.recoveryCodeUsed';

/** A second factor taken, or why not. */
export type SecondFactorTaken = { how: SecondFactor } | { refused: CodeRefusal };

/** A login challenge as found, with its user. */
export type FoundChallenge = NonNullable<Awaited<ReturnType<typeof repository.findChallenge>>>;

const expired = () => new AppError(ErrorCode.unauthenticated, 'twofactor.challengeExpired');

/**
 * Two-factor sign-in: turning it on and off from the user menu, recovery codes, the reset of an
 * administrator, and what the login's second step needs (auth/service.ts opens the session).
 */
export function createTwoFactorService({ db, clock, secrets, throttle, log }: TwoFactorDeps) {
  const now = () => clock().toISOString();

  function setupOf(userName: string, secret: string): TwoFactorSetup {
    return {
      secret,
      otpauth_url: otpauthUrl({ issuer: TOTP_ISSUER, account: userName, secret }),
      account: userName,
      issuer: TOTP_ISSUER,
    };
  }

  /** The step of a code from the app for a sealed secret; null when wrong (or the secret does not open). */
  function stepOf(userId: number, sealed: SealedTotpSecret, code: string): number | null {
    const secret = secrets.open(sealed);
    if (secret === null) {
      log?.error({ userId }, "two-factor: this user's secret does not open with the device-key secret: reset it");
      return null;
    }
    return matchStep(base32Decode(secret), code, clock().getTime());
  }

  /**
   * Checks a second factor and takes it: a code from the app once (no code of its step or an
   * earlier one again), or a recovery code, used up. Run it in the transaction of what it unlocks.
   */
  async function takeSecondFactor(
    trx: Db,
    userId: number,
    sealed: SealedTotpSecret | null,
    code: string,
  ): Promise<SecondFactorTaken> {
    if (looksLikeRecoveryCode(code)) {
      const hash = hashRecoveryCode(code);
      if (await repository.useRecoveryCode(trx, userId, hash, now())) return { how: 'recovery' };
      const spent = await repository.recoveryCodeSpent(trx, userId, hash);
      return { refused: spent ? 'twofactor.recoveryCodeUsed' : 'twofactor.wrongCode' };
    }
    if (sealed === null || !/^[0-9]{6}$/.test(code)) return { refused: 'twofactor.wrongCode' };
    const step = stepOf(userId, sealed, code);
    if (step === null) return { refused: 'twofactor.wrongCode' };
    return (await repository.takeStep(trx, userId, step)) ? { how: 'totp' } : { refused: 'twofactor.codeUsed' };
  }

  /** New recovery codes for a user (the old ones go); answers them in clear, the only time. */
  async function issueRecoveryCodes(trx: Db, userId: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    await repository.replaceRecoveryCodes(trx, userId, codes.map(hashRecoveryCode), now());
    return codes;
  }

  async function enabledOf(userId: number) {
    const row = await repository.findTwoFactor(db, userId);
    if (!row?.secret) throw conflict('twofactor.notOn');
    return { ...row, secret: row.secret };
  }

  /**
   * The user proves itself with a current code (or recovery code) or its password, under the
   * login throttle. A code is taken in `trx` with what it unlocks.
   */
  async function prove(
    actor: Actor,
    proof: TwoFactorProofBody,
    sealed: SealedTotpSecret,
    unlocks: (trx: Db, how: SecondFactor | 'password') => Promise<void>,
  ): Promise<void> {
    if ((proof.code === undefined) === (proof.password === undefined)) throw invalid('twofactor.proofRequired');
    const user = await repository.findUser(db, actor.userId);
    if (!user) throw new AppError(ErrorCode.unauthenticated, 'auth.unauthenticated');
    let refused: CodeRefusal = 'twofactor.wrongCode';
    const proved = await throttle.guard(actor.userName, actor.ip, user, async () => {
      if (proof.password !== undefined) {
        if (!(await verifyPassword(user.password_hash, proof.password))) return false;
        await db.transaction().execute((trx) => unlocks(trx, 'password'));
        return true;
      }
      return db.transaction().execute(async (trx) => {
        const taken = await takeSecondFactor(trx, user.id, sealed, proof.code as string);
        if ('refused' in taken) {
          refused = taken.refused;
          return false;
        }
        await unlocks(trx, taken.how);
        return true;
      });
    });
    if (!proved) throw invalid(proof.password !== undefined ? 'twofactor.wrongPassword' : refused);
  }

  return {
    takeSecondFactor,

    /** How many of a user's recovery codes are unused (in `trx`, after one was used in it). */
    recoveryCodesLeft: (trx: Db, userId: number) => repository.countRecoveryCodesLeft(trx, userId),

    async status(actor: Actor): Promise<TwoFactorStatus> {
      const row = await repository.findTwoFactor(db, actor.userId);
      const enabled = Boolean(row?.secret);
      return {
        enabled,
        required: await repository.hotelRequiresTwoFactor(db, actor.hotelId),
        enabled_at: enabled ? (row?.enabled_at ?? null) : null,
        recovery_codes_left: enabled ? await repository.countRecoveryCodesLeft(db, actor.userId) : 0,
      };
    },

    /** A new secret waiting for its first code (it replaces one waiting). */
    async setup(actor: Actor): Promise<TwoFactorSetup> {
      const row = await repository.findTwoFactor(db, actor.userId);
      if (row?.secret) throw conflict('twofactor.alreadyOn');
      const secret = newTotpSecret();
      await repository.savePending(db, actor.userId, secrets.seal(secret), now());
      return setupOf(actor.userName, secret);
    },

    /** Turns it on with the first code of the waiting secret; answers the recovery codes. */
    async enable(actor: Actor, code: string): Promise<RecoveryCodes> {
      const row = await repository.findTwoFactor(db, actor.userId);
      if (row?.secret) throw conflict('twofactor.alreadyOn');
      const pending = row?.pending_secret;
      const since = new Date(clock().getTime() - TWO_FACTOR_CHALLENGE_TTL_MS).toISOString();
      if (!pending || !row.pending_at || row.pending_at <= since) throw conflict('twofactor.noSetup');
      let codes: string[] = [];
      const user = { hotel_id: actor.hotelId };
      const taken = await throttle.guard(actor.userName, actor.ip, user, async () => {
        const step = stepOf(actor.userId, pending, code);
        if (step === null) return false;
        await db.transaction().execute(async (trx) => {
          await repository.enable(trx, actor.userId, pending, now(), step);
          codes = await issueRecoveryCodes(trx, actor.userId);
          await recordOperation(trx, clock, who(actor), { action: 'two_factor_enable', target: actor.userName });
        });
        return true;
      });
      if (!taken) throw invalid('twofactor.wrongCode');
      return { recovery_codes: codes };
    },

    /** Turns it off with a current code or the password; refused while the hotel requires it. */
    async disable(actor: Actor, proof: TwoFactorProofBody): Promise<void> {
      const row = await enabledOf(actor.userId);
      if (await repository.hotelRequiresTwoFactor(db, actor.hotelId)) throw conflict('twofactor.requiredByHotel');
      await prove(actor, proof, row.secret, async (trx, how) => {
        await repository.removeTwoFactor(trx, actor.userId);
        await recordOperation(trx, clock, who(actor), {
          action: 'two_factor_disable',
          target: actor.userName,
          detail: { proof: how },
        });
      });
    },

    /** New recovery codes with a current code or the password; the old ones stop working. */
    async regenerateRecovery(actor: Actor, proof: TwoFactorProofBody): Promise<RecoveryCodes> {
      const row = await enabledOf(actor.userId);
      let codes: string[] = [];
      await prove(actor, proof, row.secret, async (trx, how) => {
        codes = await issueRecoveryCodes(trx, actor.userId);
        await recordOperation(trx, clock, who(actor), {
          action: 'two_factor_recovery_regenerate',
          target: actor.userName,
          detail: { proof: how },
        });
      });
      return { recovery_codes: codes };
    },

    /**
     * An administrator resets a user's two-factor sign-in (a lost phone): the Administrator any
     * user's, a hotel user (pm_user) those of its own hotel (`hotelId`; another's is 4404).
     */
    async reset(actor: Actor, hotelId: number | null, body: TwoFactorResetBody): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const user = await repository.findUser(trx, body.id);
        if (!user || (hotelId !== null && user.hotel_id !== hotelId)) throw notFound('twofactor.userNotFound');
        const row = await repository.findTwoFactor(trx, user.id);
        if (!row?.secret && !row?.pending_secret) throw conflict('twofactor.resetNotOn');
        await repository.removeTwoFactor(trx, user.id);
        await recordOperation(trx, clock, who(actor, user.hotel_id), {
          action: 'two_factor_reset',
          target: user.user_name,
          detail: { user_id: user.id, was_on: Boolean(row.secret) },
        });
      });
    },

    // The login's second step (auth/service.ts).

    /** What a user must do after its password: a code (it has it on), set it up (its hotel requires it), or nothing. */
    async secondStepFor(user: { id: number; hotel_id: number | null }): Promise<LoginChallengeKind | null> {
      const row = await repository.findTwoFactor(db, user.id);
      if (row?.secret) return 'code';
      return (await repository.hotelRequiresTwoFactor(db, user.hotel_id)) ? 'enrol' : null;
    },

    /** A short-lived challenge for the second step: only its hash is stored. */
    async openChallenge(userId: number, kind: LoginChallengeKind): Promise<LoginChallenge> {
      const token = newToken();
      const at = clock();
      const expiresAt = new Date(at.getTime() + TWO_FACTOR_CHALLENGE_TTL_MS).toISOString();
      await repository.pruneChallenges(db, at.toISOString());
      await repository.insertChallenge(db, {
        token_hash: hashToken(token),
        user_id: userId,
        kind,
        created_at: at.toISOString(),
        expires_at: expiresAt,
      });
      return { two_factor: kind, challenge: token, expires_at: expiresAt };
    },

    /** The challenge of a token, of the kind the step needs: 4401 unknown or expired, 4409 another step's. */
    async challenge(token: string, kind: LoginChallengeKind): Promise<FoundChallenge> {
      const found = await repository.findChallenge(db, hashToken(token));
      if (!found) throw expired();
      if (found.expires_at <= now()) {
        await repository.deleteChallenge(db, found.token_hash);
        throw expired();
      }
      if (found.kind !== kind) throw conflict('twofactor.wrongStep');
      return found;
    },

    /** Ends a challenge in the transaction of the session it gives: a second use is 4401. */
    async useChallenge(trx: Db, challenge: FoundChallenge): Promise<void> {
      if (!(await repository.deleteChallenge(trx, challenge.token_hash))) throw expired();
    },

    /** The user's sealed secret (null: none any more, e.g. reset meanwhile). */
    async secretOf(userId: number): Promise<SealedTotpSecret | null> {
      return (await repository.findTwoFactor(db, userId))?.secret ?? null;
    },

    /** The secret offered on a set-up challenge: the same one each time for that challenge. */
    async offerSecret(challenge: FoundChallenge): Promise<TwoFactorSetup> {
      const existing = challenge.pending_secret && secrets.open(challenge.pending_secret);
      if (existing) return setupOf(challenge.user_name, existing);
      const secret = newTotpSecret();
      const held = await repository.offerChallengeSecret(db, challenge.token_hash, secrets.seal(secret));
      const kept = held && secrets.open(held);
      if (!kept) throw expired();
      return setupOf(challenge.user_name, kept);
    },

    /** The step of a first code for the secret offered on a set-up challenge; null when wrong. */
    stepOfOffered(challenge: FoundChallenge, code: string): number | null {
      if (!challenge.pending_secret) throw conflict('twofactor.noSetup');
      return stepOf(challenge.user_id, challenge.pending_secret, code);
    },

    /** Turns it on at login with the offered secret (in the session's transaction); answers the recovery codes. */
    async enableOffered(trx: Db, challenge: FoundChallenge, step: number, operator: { ip: string }): Promise<string[]> {
      const sealed = challenge.pending_secret as SealedTotpSecret;
      await repository.enable(trx, challenge.user_id, sealed, now(), step);
      const codes = await issueRecoveryCodes(trx, challenge.user_id);
      await recordOperation(
        trx,
        clock,
        { hotelId: challenge.hotel_id, userId: challenge.user_id, userName: challenge.user_name, ip: operator.ip },
        { action: 'two_factor_enable', target: challenge.user_name, detail: { at_login: true } },
      );
      return codes;
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
