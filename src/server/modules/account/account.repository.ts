/** The account's own rows (Kysely only): a pending email change, and the account's deletion. */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { EmailChangesTable } from '../../db/schema.ts';

export function findEmailChange(db: Db, userId: string) {
  return db.selectFrom('email_changes').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** One pending change per account: a new request replaces the earlier one and its code (R13). */
export async function replaceEmailChange(db: Db, values: Insertable<EmailChangesTable>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('email_changes').where('user_id', '=', values.user_id).execute();
    await trx.insertInto('email_changes').values(values).execute();
  });
}

/** Counts a wrong code unless the cap was already reached; true when this call counted it (parallel guesses count once each). */
export async function countWrongEmailCode(
  db: Db,
  userId: string,
  codeHash: string,
  maxAttempts: number,
): Promise<boolean> {
  const result = await db
    .updateTable('email_changes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Deletes the pending change; true only for the one caller that removed it (a code is used once, R12). */
export async function deleteEmailChange(db: Db, userId: string, codeHash?: string): Promise<boolean> {
  let query = db.deleteFrom('email_changes').where('user_id', '=', userId);
  if (codeHash !== undefined) query = query.where('code_hash', '=', codeHash);
  return (await query.executeTakeFirst()).numDeletedRows === 1n;
}

/** Another account that has `email` (lower-cased), if any. */
export async function emailTakenByOther(db: Db, email: string, userId: string): Promise<boolean> {
  return (
    (await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .where('id', '!=', userId)
      .executeTakeFirst()) !== undefined
  );
}

/** Another account whose username folds to `key`, if any. */
export async function usernameKeyTakenByOther(db: Db, key: string, userId: string): Promise<boolean> {
  return (
    (await db
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', key)
      .where('id', '!=', userId)
      .executeTakeFirst()) !== undefined
  );
}

/**
 * Deletes the account. Sessions, codes, reset links, views, its conversations and a pending email change go with it
 * by cascade; orders stay for the company's books with user_id null (ON DELETE SET NULL).
 */
export async function deleteUserRow(db: Db, userId: string): Promise<boolean> {
  return (await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst()).numDeletedRows === 1n;
}
