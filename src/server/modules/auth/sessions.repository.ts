/** Sessions table access (Kysely only); tokens are looked up by their SHA-256 only. */
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { SessionsTable } from '../../db/schema.ts';

export async function insertSession(db: Db, values: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(values).execute();
}

/** The session and its user in one query. */
export function findSessionWithUser(db: Db, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.created_at as session_created_at',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.pending_until',
      'sessions.role as session_role',
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.username',
      'users.role',
      'users.profile_image',
      'users.disabled',
      'users.must_change_password',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function updateSession(db: Db, id: string, values: Updateable<SessionsTable>): Promise<void> {
  await db.updateTable('sessions').set(values).where('id', '=', id).execute();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Every session of the user but one (a password change keeps the session that made it); how many ended. */
export async function deleteOtherSessionsOfUser(db: Db, userId: string, keepId: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** One session of the user (never another user's, whatever id is given); true when it ended here. */
export async function deleteSessionOfUser(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}

/** The user's sessions still in force (a pending Google token not yet taken up is none), most recently used first; no token hash. */
export function listSessionsOfUser(db: Db, userId: string, nowIso: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'device'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', nowIso)
    .where('pending_until', 'is', null)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function deleteSessionsOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function deleteExpiredSessionsOfUser(db: Db, userId: string, nowIso: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<=', nowIso).execute();
}
