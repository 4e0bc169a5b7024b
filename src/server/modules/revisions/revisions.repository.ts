/** Kept versions and the company's limit; Kysely only. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { RevisionsTable } from '../../db/schema.ts';
import type { DraftType } from '../../../shared/drafts.ts';
import { MEDIA_URL_PREFIX } from '../../../shared/media-url.ts';
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

/** The stored files a version names: its picture, and any field holding a stored picture's URL whole (a dark logo). */
function filesNamed(row: Pick<RevisionRow, 'picture' | 'fields'>): string[] {
  let fields: unknown;
  try {
    fields = JSON.parse(row.fields);
  } catch {
    fields = null;
  }
  const values = fields && typeof fields === 'object' ? Object.values(fields) : [];
  const inFields = values.filter(
    (value): value is string => typeof value === 'string' && value.startsWith(MEDIA_URL_PREFIX),
  );
  return [row.picture, ...inFields];
}

/** Deletes the rows with these ids; the stored files they named. */
export async function deleteRevisionRows(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.deleteFrom('revisions').where('id', 'in', ids).returning(['picture', 'fields']).execute();
  return rows.flatMap(filesNamed);
}

/** Deletes every version of the item (the item is deleted); the stored files they named. */
export async function deleteItemRevisionRows(db: Db, type: DraftType, id: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('revisions')
    .where('item_type', '=', type)
    .where('item_id', '=', id)
    .returning(['picture', 'fields'])
    .execute();
  return rows.flatMap(filesNamed);
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
