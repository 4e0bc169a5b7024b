/** Reads and writes of the sliders table; a Transaction can stand in for the Db so a write and its audit commit together. */
import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database, SlidersTable } from '../../db/schema.ts';
import { notHeld } from '../publish-checks/held.ts';

type DbOrTrx = Kysely<Database> | Transaction<Database>;

export type SliderRow = Selectable<SlidersTable>;

/** Active slides in their order (the public list and the hero). */
export function listActiveSliderRows(db: Db) {
  return db
    .selectFrom('sliders')
    .selectAll()
    .where('is_active', '=', true)
    .where(notHeld('sliders'))
    .orderBy('sort_order')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Every slider, inactive ones too, by order then title (the admin's list). */
export function listAllSliderRows(db: DbOrTrx) {
  return db.selectFrom('sliders').selectAll().orderBy('sort_order').orderBy('title').orderBy('id').execute();
}

/** One slider row, or undefined. */
export function findSliderRow(db: DbOrTrx, id: string) {
  return db.selectFrom('sliders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Adds one slider row. */
export async function insertSliderRow(db: DbOrTrx, row: Insertable<SlidersTable>): Promise<void> {
  await db.insertInto('sliders').values(row).execute();
}

/** True when the row existed and was changed. */
export async function updateSliderRow(db: DbOrTrx, id: string, changes: Updateable<SlidersTable>): Promise<boolean> {
  const result = await db.updateTable('sliders').set(changes).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The deleted row, or undefined when there was none. */
export async function deleteSliderRow(db: DbOrTrx, id: string) {
  const row = await findSliderRow(db, id);
  if (row) await db.deleteFrom('sliders').where('id', '=', id).execute();
  return row;
}

/** The id of every slider. */
export async function listSliderIds(db: DbOrTrx): Promise<string[]> {
  return (await db.selectFrom('sliders').select('id').execute()).map((r) => r.id);
}
