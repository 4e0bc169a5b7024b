/** One-time codes and password-reset tokens (Kysely only); both hold hashes, never the secret itself. */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { OneTimeCodesTable, PasswordResetTokensTable } from '../../db/schema.ts';

/** Voids every earlier code of the user and stores the new one, in one transaction (R13). */
export async function replaceCode(db: Db, values: Insertable<OneTimeCodesTable>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('one_time_codes').where('user_id', '=', values.user_id).execute();
    await trx.insertInto('one_time_codes').values(values).execute();
  });
}

export function findLatestCode(db: Db, userId: string) {
  return db
    .selectFrom('one_time_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Counts a wrong guess unless the cap was already reached; returns whether this call counted it. */
export async function countWrongGuess(db: Db, id: string, maxAttempts: number): Promise<boolean> {
  const result = await db
    .updateTable('one_time_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Deletes the code; true only for the one caller that actually consumed it (R12). */
export async function consumeCode(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('one_time_codes').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows === 1n;
}

export async function deleteCodesOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('one_time_codes').where('user_id', '=', userId).execute();
}

/** Voids earlier reset links of the user and stores the new one (R17). */
export async function replaceResetToken(db: Db, values: Insertable<PasswordResetTokensTable>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('password_reset_tokens').where('user_id', '=', values.user_id).execute();
    await trx.insertInto('password_reset_tokens').values(values).execute();
  });
}

export function findResetToken(db: Db, tokenHash: string) {
  return db.selectFrom('password_reset_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function consumeResetToken(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('password_reset_tokens').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows === 1n;
}

export async function deleteResetTokensOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
}
