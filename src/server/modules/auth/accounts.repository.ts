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

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) !== undefined;
}

export async function usernameKeyTaken(db: Db, key: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('username_key', '=', key).executeTakeFirst()) !== undefined;
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
