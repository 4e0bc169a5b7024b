/** API tokens; Kysely only. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { ApiTokensTable } from '../../db/schema.ts';

export type ApiTokenRow = Selectable<ApiTokensTable>;

export const insertApiTokenRow = (db: Db, row: Insertable<ApiTokensTable>) =>
  db.insertInto('api_tokens').values(row).execute();

/** Newest first, revoked ones included (the admin sees what was revoked and when). */
export const listApiTokenRows = (db: Db) =>
  db.selectFrom('api_tokens').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();

export const findApiTokenRow = (db: Db, id: string) =>
  db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirst();

/** The token by its hash, with the account that made it (which must still be an admin for it to count). */
export const findApiTokenWithMaker = (db: Db, tokenHash: string) =>
  db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.created_by')
    .select([
      'api_tokens.id as token_id',
      'api_tokens.name as token_name',
      'api_tokens.scopes',
      'api_tokens.expires_at',
      'api_tokens.last_used_at',
      'api_tokens.revoked_at',
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.username',
      'users.role',
      'users.profile_image',
      'users.disabled',
    ])
    .where('api_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();

export const markApiTokenUsed = (db: Db, id: string, at: string) =>
  db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', id).execute();

export async function revokeApiTokenRow(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
