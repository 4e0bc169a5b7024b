/** Users table access for accounts (Kysely only). */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { UsersTable } from '../../db/schema.ts';
import type { Identifier } from './identifiers.ts';

export type UserRow = Selectable<UsersTable>;

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByIdentifier(db: Db, id: Identifier): Promise<UserRow | undefined> {
  const column = id.kind === 'email' ? 'email' : 'username_key';
  return db.selectFrom('users').selectAll().where(column, '=', id.value).executeTakeFirst();
}

export function findUserByOidc(db: Db, issuer: string, subject: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('oidc_issuer', '=', issuer)
    .where('oidc_subject', '=', subject)
    .executeTakeFirst();
}

/** The id of the account with this email, if any. */
export async function accountWithEmail(db: Db, email: string): Promise<string | undefined> {
  return (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())?.id;
}

/** The id of the account with this username key, if any. */
export async function accountWithUsernameKey(db: Db, key: string): Promise<string | undefined> {
  return (await db.selectFrom('users').select('id').where('username_key', '=', key).executeTakeFirst())?.id;
}

/** Whether the account exists and its email is still to be verified (nobody has signed in to it). */
export async function isUnverifiedAccount(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('email_verified').where('id', '=', id).executeTakeFirst();
  return row !== undefined && !row.email_verified;
}

/**
 * Replaces the details of an account whose email is still unverified and voids the codes mailed to its earlier
 * address, in one transaction; false when it was verified meanwhile (nothing changed then).
 */
export async function correctUnverifiedAccount(
  db: Db,
  id: string,
  values: Pick<
    Updateable<UsersTable>,
    'first_name' | 'last_name' | 'username' | 'username_key' | 'email' | 'password_hash' | 'updated_at'
  >,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('users')
      .set(values)
      .where('id', '=', id)
      .where('email_verified', '=', false)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) return false;
    await trx.deleteFrom('one_time_codes').where('user_id', '=', id).execute();
    return true;
  });
}

export async function insertUser(db: Db, values: Insertable<UsersTable>): Promise<void> {
  await db.insertInto('users').values(values).execute();
}

export async function updateUser(db: Db, id: string, values: Updateable<UsersTable>): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...values, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}
