/** Reads and writes of the plans table; a Transaction can stand in for the Db so a write and its audit commit together. */
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database, PlansTable } from '../../db/schema.ts';

type DbOrTrx = Kysely<Database> | Transaction<Database>;

/** Pricing order: sort_order, then price, then name (and id, so ties never reorder between builds). */
const ordered = (db: DbOrTrx) =>
  db.selectFrom('plans').selectAll().orderBy('sort_order').orderBy('price_cents').orderBy('name').orderBy('id');

/** Published plans, the public list. */
export const listPublishedPlanRows = (db: DbOrTrx) => ordered(db).where('published', '=', true).execute();
/** Every plan, drafts too (the admin's list). */
export const listAllPlanRows = (db: DbOrTrx) => ordered(db).execute();
export const findPlanRow = (db: DbOrTrx, id: string) =>
  db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();

export const insertPlanRow = (db: DbOrTrx, row: Insertable<PlansTable>) => db.insertInto('plans').values(row).execute();
export const updatePlanRow = (db: DbOrTrx, id: string, changes: Updateable<PlansTable>) =>
  db.updateTable('plans').set(changes).where('id', '=', id).execute();

/** Deletes the plan; the row it was, or undefined when there was none. */
export async function deletePlanRow(db: DbOrTrx, id: string) {
  const row = await findPlanRow(db, id);
  if (row) await db.deleteFrom('plans').where('id', '=', id).execute();
  return row;
}
