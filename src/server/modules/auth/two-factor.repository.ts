/** Two-factor rows (Kysely only): the account's authenticator, its recovery codes and sign-in challenges. */
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { TwoFactorChallengesTable } from '../../db/schema.ts';

export function findTwoFactor(db: Db, userId: string) {
  return db.selectFrom('user_two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Starts (or restarts) an enrolment: a new secret, not yet enabled. Never replaces an enabled one. */
export async function putPendingTwoFactor(db: Db, userId: string, secret: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const current = await findTwoFactor(trx, userId);
    if (current && (current.enabled === true || current.enabled === 1)) return false;
    await trx.deleteFrom('user_two_factor').where('user_id', '=', userId).execute();
    await trx
      .insertInto('user_two_factor')
      .values({
        user_id: userId,
        secret,
        enabled: false,
        last_used_step: null,
        created_at: new Date().toISOString(),
        enabled_at: null,
      })
      .execute();
    return true;
  });
}

/** Turns the account's authenticator on with the step of its first code, and replaces the recovery codes. */
export async function enableTwoFactor(db: Db, userId: string, step: number, codeHashes: string[]): Promise<void> {
  const now = new Date().toISOString();
  await db
    .updateTable('user_two_factor')
    .set({ enabled: true, enabled_at: now, last_used_step: step })
    .where('user_id', '=', userId)
    .execute();
  await replaceRecoveryCodes(db, userId, codeHashes);
}

/** Stores a new enabled authenticator in one go (set up during a sign-in). */
export async function insertEnabledTwoFactor(
  db: Db,
  userId: string,
  secret: string,
  step: number,
  codeHashes: string[],
): Promise<void> {
  const now = new Date().toISOString();
  await db.deleteFrom('user_two_factor').where('user_id', '=', userId).execute();
  await db
    .insertInto('user_two_factor')
    .values({ user_id: userId, secret, enabled: true, last_used_step: step, created_at: now, enabled_at: now })
    .execute();
  await replaceRecoveryCodes(db, userId, codeHashes);
}

/**
 * Records that a code of `step` was used, only if no code of that step or a later one was (true: this call won).
 * Two requests with the same code cannot both pass: the second finds the step taken.
 */
export async function useStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('user_two_factor')
    .set({ last_used_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function deleteTwoFactor(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_two_factor').where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(db: Db, userId: string, codeHashes: string[]): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  const now = new Date().toISOString();
  for (const hash of codeHashes) {
    await db
      .insertInto('two_factor_recovery_codes')
      .values({ id: randomUUID(), user_id: userId, code_hash: hash, created_at: now })
      .execute();
  }
}

/** Deletes the matching recovery code; true only for the one caller that removed it (single use). */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('two_factor_recovery_codes')
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}

export async function countRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Stores a challenge; the user's expired ones are swept on the way. */
export async function insertChallenge(db: Db, values: Insertable<TwoFactorChallengesTable>): Promise<void> {
  await db
    .deleteFrom('two_factor_challenges')
    .where('user_id', '=', values.user_id)
    .where('expires_at', '<=', new Date().toISOString())
    .execute();
  await db.insertInto('two_factor_challenges').values(values).execute();
}

export function findChallenge(db: Db, tokenHash: string) {
  return db.selectFrom('two_factor_challenges').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function setChallengeSecret(db: Db, id: string, pendingSecret: string): Promise<void> {
  await db.updateTable('two_factor_challenges').set({ pending_secret: pendingSecret }).where('id', '=', id).execute();
}

/** Counts a wrong code unless the cap was reached; true when this call counted it. */
export async function countChallengeFailure(db: Db, id: string, maxAttempts: number): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Deletes the challenge; true only for the one caller that consumed it. */
export async function consumeChallenge(db: Db, id: string): Promise<boolean> {
  return (await db.deleteFrom('two_factor_challenges').where('id', '=', id).executeTakeFirst()).numDeletedRows === 1n;
}

export async function deleteChallengesOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('two_factor_challenges').where('user_id', '=', userId).execute();
}
