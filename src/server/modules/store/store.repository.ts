/** The store's one settings row (id 1, made by the commerce migration). Kysely only. */
import type { Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { StoreSettingsTable } from '../../db/schema.ts';

export const STORE_ROW_ID = 1;

export function findStoreRow(db: Db) {
  return db.selectFrom('store_settings').selectAll().where('id', '=', STORE_ROW_ID).executeTakeFirst();
}

export type StoreRow = NonNullable<Awaited<ReturnType<typeof findStoreRow>>>;

/** Writes the row, making it when it is missing (a database restored from before the migration's insert). */
export async function saveStoreRow(db: Db, columns: Updateable<StoreSettingsTable>): Promise<void> {
  const result = await db.updateTable('store_settings').set(columns).where('id', '=', STORE_ROW_ID).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0)
    await db
      .insertInto('store_settings')
      .values({ ...columns, id: STORE_ROW_ID })
      .execute();
}
