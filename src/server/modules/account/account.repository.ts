/** The account's own rows (Kysely only): a pending email change, the account's deletion, and what its export reads. */
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

/** Every order of the account, newest first (no cap: the export is the whole record). */
export const orderRowsOf = (db: Db, userId: string) =>
  db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();

export const conversationRowsOf = (db: Db, userId: string) =>
  db
    .selectFrom('conversations')
    .select(['id', 'subject', 'source', 'status', 'created_at', 'last_message_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** The messages of the account's own conversations only (joined on the owner, never by a conversation id alone). */
export const messageRowsOf = (db: Db, userId: string) =>
  db
    .selectFrom('conversation_messages')
    .innerJoin('conversations', 'conversations.id', 'conversation_messages.conversation_id')
    .select([
      'conversation_messages.conversation_id',
      'conversation_messages.author',
      'conversation_messages.body',
      'conversation_messages.created_at',
    ])
    .where('conversations.user_id', '=', userId)
    .orderBy('conversation_messages.created_at')
    .orderBy('conversation_messages.id')
    .execute();

export const viewRowsOf = (db: Db, userId: string) =>
  db
    .selectFrom('user_views')
    .select(['content_type', 'ref_id', 'viewed_at'])
    .where('user_id', '=', userId)
    .orderBy('viewed_at', 'desc')
    .execute();

export const sessionRowsOf = (db: Db, userId: string) =>
  db
    .selectFrom('sessions')
    .select(['id', 'device', 'created_at', 'last_seen_at', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('last_seen_at', 'desc')
    .execute();
