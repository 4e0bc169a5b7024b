/** Draft rows, one per item; Kysely only. */
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { DraftsTable } from '../../db/schema.ts';
import type { DraftInfo, DraftType } from '../../../shared/drafts.ts';

export type DraftRow = Selectable<DraftsTable>;

export const findDraftRow = (db: Db, type: DraftType, id: string) =>
  db.selectFrom('drafts').selectAll().where('item_type', '=', type).where('item_id', '=', id).executeTakeFirst();

/** Saves the item's draft, replacing the one it had. */
export const putDraftRow = (db: Db, row: DraftRow) =>
  db
    .insertInto('drafts')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['item_type', 'item_id']).doUpdateSet({
        fields: row.fields,
        picture: row.picture,
        saved_by: row.saved_by,
        saved_by_name: row.saved_by_name,
        saved_at: row.saved_at,
      }),
    )
    .execute();

/** Deletes the item's draft; the deleted row or undefined when it had none. */
export async function deleteDraftRow(db: Db, type: DraftType, id: string): Promise<DraftRow | undefined> {
  const row = await findDraftRow(db, type, id);
  if (row) await db.deleteFrom('drafts').where('item_type', '=', type).where('item_id', '=', id).execute();
  return row;
}

export const draftInfo = (row: DraftRow): DraftInfo => ({ savedAt: row.saved_at, savedBy: row.saved_by_name });

/** Who saved each draft of `type`, by item id. */
export async function draftInfos(db: Db, type: DraftType): Promise<Map<string, DraftInfo>> {
  const rows = await db.selectFrom('drafts').selectAll().where('item_type', '=', type).execute();
  return new Map(rows.map((row) => [row.item_id, draftInfo(row)]));
}
