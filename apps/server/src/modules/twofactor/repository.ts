import type { Db, LoginChallengeKind, SealedTotpSecret } from '../../db/schema.js';

export function findTwoFactor(db: Db, userId: number) {
  return db.selectFrom('user_two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function findUser(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'user_name', 'hotel_id', 'state', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function hotelRequiresTwoFactor(db: Db, hotelId: number | null): Promise<boolean> {
  if (hotelId === null) return false;
  const row = await db
    .selectFrom('hotels')
    .select('two_factor_required')
    .where('hotel_id', '=', hotelId)
    .executeTakeFirst();
  return Number(row?.two_factor_required ?? 0) === 1;
}

/** A secret waiting for its first code (setting up from the user menu); replaces one waiting. */
export async function savePending(db: Db, userId: number, pending: SealedTotpSecret, at: string): Promise<void> {
  await db
    .insertInto('user_two_factor')
    .values({
      user_id: userId,
      secret: null,
      enabled_at: null,
      last_step: null,
      pending_secret: pending,
      pending_at: at,
    })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ pending_secret: pending, pending_at: at }))
    .execute();
}

/** Turns two-factor sign-in on with a confirmed secret, the step of its first code taken. */
export async function enable(
  db: Db,
  userId: number,
  secret: SealedTotpSecret,
  at: string,
  lastStep: number,
): Promise<void> {
  const on = { secret, enabled_at: at, last_step: lastStep, pending_secret: null, pending_at: null };
  await db
    .insertInto('user_two_factor')
    .values({ user_id: userId, ...on })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(on))
    .execute();
}

/**
 * Takes the code of `step`: only if no code of this step or a later one was taken (a code is good
 * once). Answers whether it was taken; one statement, so two requests racing take it once.
 */
export async function takeStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('user_two_factor')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('secret', 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes a user's two-factor sign-in: its secret, recovery codes and login steps under way. */
export async function removeTwoFactor(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_two_factor').where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[], at: string): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: at, used_at: null })))
    .execute();
}

/** Uses a recovery code up: answers whether it was there and unused (once, even under a race). */
export async function useRecoveryCode(db: Db, userId: number, hash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether the user had this recovery code and used it already. */
export async function recoveryCodeSpent(db: Db, userId: number, hash: string): Promise<boolean> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many users have two-factor sign-in on (each with a secret sealed with the device-key secret). */
export async function countTwoFactorSecrets(db: Db): Promise<number> {
  const row = await db
    .selectFrom('user_two_factor')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('secret', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countRecoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertChallenge(
  db: Db,
  challenge: { token_hash: string; user_id: number; kind: LoginChallengeKind; created_at: string; expires_at: string },
): Promise<void> {
  await db
    .insertInto('login_challenges')
    .values({ ...challenge, pending_secret: null })
    .execute();
}

/** A challenge with its user. */
export function findChallenge(db: Db, tokenHash: string) {
  return db
    .selectFrom('login_challenges')
    .innerJoin('users', 'users.id', 'login_challenges.user_id')
    .select([
      'login_challenges.token_hash',
      'login_challenges.kind',
      'login_challenges.pending_secret',
      'login_challenges.expires_at',
      'users.id as user_id',
      'users.user_name',
      'users.hotel_id',
      'users.state',
    ])
    .where('login_challenges.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Offers a secret on a set-up challenge, unless one is offered already: answers the one that holds. */
export async function offerChallengeSecret(
  db: Db,
  tokenHash: string,
  pending: SealedTotpSecret,
): Promise<SealedTotpSecret | null> {
  await db
    .updateTable('login_challenges')
    .set({ pending_secret: pending })
    .where('token_hash', '=', tokenHash)
    .where('pending_secret', 'is', null)
    .execute();
  const row = await db
    .selectFrom('login_challenges')
    .select('pending_secret')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row?.pending_secret ?? null;
}

/** Ends a challenge; answers whether it was still there (a challenge is used once). */
export async function deleteChallenge(db: Db, tokenHash: string): Promise<boolean> {
  const result = await db.deleteFrom('login_challenges').where('token_hash', '=', tokenHash).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function pruneChallenges(db: Db, now: string): Promise<void> {
  await db.deleteFrom('login_challenges').where('expires_at', '<=', now).execute();
}
