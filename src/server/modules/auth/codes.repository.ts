/** One-time codes and password-reset tokens (Kysely only); both hold hashes, never the secret itself. */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { OneTimeCodesTable, PasswordResetTokensTable } from '../../db/schema.ts';

/**
 * Stores a new code, voiding in the same transaction the earlier code of the same browser (R13, per browser), codes
 * of no browser and expired ones. Other browsers' live codes stay: a stranger's request never voids the owner's code.
 */
export async function replaceCode(
  db: Db,
  values: Insertable<OneTimeCodesTable> & { requester_hash: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('one_time_codes')
      .where('user_id', '=', values.user_id)
      .where((eb) =>
        eb.or([
          eb('requester_hash', '=', values.requester_hash),
          eb('requester_hash', 'is', null),
          eb('expires_at', '<=', values.created_at),
        ]),
      )
      .execute();
    await trx.insertInto('one_time_codes').values(values).execute();
  });
}

/** The code the browser (`requesterHash`) asked for this user: one at most, as a new request voids its earlier one. */
export function findOwnCode(db: Db, userId: string, requesterHash: string) {
  return db
    .selectFrom('one_time_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('requester_hash', '=', requesterHash)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export function findCode(db: Db, id: string) {
  return db.selectFrom('one_time_codes').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Counts a wrong guess unless the code reached `maxAttempts` already; returns the new count, or undefined when this
 * call counted nothing (the code is spent or gone). Atomic under concurrency (R14).
 */
export async function countWrongGuess(db: Db, id: string, maxAttempts: number): Promise<number | undefined> {
  const row = await db
    .updateTable('one_time_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
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
