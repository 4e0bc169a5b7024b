/** Passkeys and their ceremonies' challenges; Kysely only. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { PasskeysTable } from '../../db/schema.ts';

export type PasskeyRow = Selectable<PasskeysTable>;

export const listPasskeyRows = (db: Db, userId: string) =>
  db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();

export const findPasskeyRow = (db: Db, id: string) =>
  db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();

export const insertPasskeyRow = (db: Db, row: Insertable<PasskeysTable>) =>
  db.insertInto('passkeys').values(row).execute();

/** After a sign-in: the authenticator's new signature counter, and when it was used. */
export const markPasskeyUsed = (db: Db, id: string, counter: number, at: string) =>
  db.updateTable('passkeys').set({ counter, last_used_at: at }).where('id', '=', id).execute();

export async function renamePasskeyRow(db: Db, userId: string, id: string, name: string): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deletePasskeyRow(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export const countPasskeys = async (db: Db, userId: string) =>
  Number(
    (
      await db
        .selectFrom('passkeys')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

export interface ChallengeRow {
  id: string;
  handle_hash: string;
  challenge: string;
  purpose: 'add' | 'sign-in';
  user_id: string | null;
  expires_at: string;
}

export const insertChallengeRow = (db: Db, row: ChallengeRow) =>
  db.insertInto('passkey_challenges').values(row).execute();

/** The challenge by its handle's hash, taken: deleted as it is read, so it is answered once at most. */
export async function takeChallengeRow(db: Db, handleHash: string): Promise<ChallengeRow | undefined> {
  const row = await db
    .deleteFrom('passkey_challenges')
    .where('handle_hash', '=', handleHash)
    .returningAll()
    .executeTakeFirst();
  return row as ChallengeRow | undefined;
}

/** Challenges nobody answered in time. */
export const deleteExpiredChallenges = (db: Db, now: string) =>
  db.deleteFrom('passkey_challenges').where('expires_at', '<', now).execute();
