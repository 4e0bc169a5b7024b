/** The team_members table: Kysely only, the database first. */
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database, TeamMembersTable } from '../../db/schema.ts';

/** A Transaction stands in for the Db, so a write and its audit entry commit together. */
type Db = Kysely<Database> | Transaction<Database>;

/** Every member, by sort_order, then name and id so that equal orders stay stable. */
export function listTeamRows(db: Db) {
  return db.selectFrom('team_members').selectAll().orderBy('sort_order').orderBy('name').orderBy('id').execute();
}

export function findTeamRow(db: Db, id: string) {
  return db.selectFrom('team_members').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The order after the last member's (0 for the first). */
export async function nextTeamOrder(db: Db): Promise<number> {
  const row = await db
    .selectFrom('team_members')
    // null when there is no member yet.
    .select((eb) => eb.fn.max<number | null>('sort_order').as('last'))
    .executeTakeFirst();
  const last = row?.last;
  return last === null || last === undefined ? 0 : last + 1;
}

export async function countTeamRows(db: Db): Promise<number> {
  const row = await db
    .selectFrom('team_members')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function insertTeamRow(db: Db, row: Insertable<TeamMembersTable>) {
  return db.insertInto('team_members').values(row).execute();
}

export function updateTeamRow(db: Db, id: string, changes: Updateable<TeamMembersTable>) {
  return db.updateTable('team_members').set(changes).where('id', '=', id).execute();
}

/** Deletes the member; the deleted row, or undefined when there was none. */
export async function deleteTeamRow(db: Db, id: string) {
  const row = await findTeamRow(db, id);
  if (row) await db.deleteFrom('team_members').where('id', '=', id).execute();
  return row;
}
