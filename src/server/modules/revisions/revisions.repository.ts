/** Kept versions and the company's limit; Kysely only. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { RevisionsTable } from '../../db/schema.ts';
import type { DraftType } from '../../../shared/drafts.ts';
import { REVISION_LIMIT_DEFAULT } from '../../../shared/revisions.ts';

export type RevisionRow = Selectable<RevisionsTable>;

/** The item's versions, newest first. */
export const listRevisionRows = (db: Db, type: DraftType, id: string) =>
  db
    .selectFrom('revisions')
    .selectAll()
    .where('item_type', '=', type)
    .where('item_id', '=', id)
    .orderBy('number', 'desc')
    .execute();

export const findRevisionRow = (db: Db, type: DraftType, itemId: string, id: string) =>
  db
    .selectFrom('revisions')
    .selectAll()
    .where('item_type', '=', type)
    .where('item_id', '=', itemId)
    .where('id', '=', id)
    .executeTakeFirst();

export const latestRevisionRow = (db: Db, type: DraftType, id: string) =>
  db
    .selectFrom('revisions')
    .selectAll()
    .where('item_type', '=', type)
    .where('item_id', '=', id)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();

export const insertRevisionRow = (db: Db, row: Insertable<RevisionsTable>) =>
  db.insertInto('revisions').values(row).execute();

/** Deletes the rows with these ids; their pictures. */
export async function deleteRevisionRows(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.deleteFrom('revisions').where('id', 'in', ids).returning('picture').execute();
  return rows.map((row) => row.picture);
}

/** Deletes every version of the item (the item is deleted); their pictures. */
export async function deleteItemRevisionRows(db: Db, type: DraftType, id: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('revisions')
    .where('item_type', '=', type)
    .where('item_id', '=', id)
    .returning('picture')
    .execute();
  return rows.map((row) => row.picture);
}

/** The items that keep more than `limit` versions. */
export const itemsOverLimit = (db: Db, limit: number) =>
  db
    .selectFrom('revisions')
    .select(['item_type', 'item_id'])
    .groupBy(['item_type', 'item_id'])
    .having((eb) => eb.fn.countAll(), '>', limit)
    .execute();

export async function readRevisionLimit(db: Db): Promise<number> {
  const row = await db.selectFrom('revision_settings').select('revision_limit').where('id', '=', 1).executeTakeFirst();
  return row?.revision_limit ?? REVISION_LIMIT_DEFAULT;
}

export const writeRevisionLimit = (db: Db, limit: number) =>
  db
    .insertInto('revision_settings')
    .values({ id: 1, revision_limit: limit, updated_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('id').doUpdateSet({ revision_limit: limit, updated_at: new Date().toISOString() }))
    .execute();
