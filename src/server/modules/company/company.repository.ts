import { randomUUID } from 'node:crypto';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { CompanySettingsTable } from '../../db/schema.ts';

export const COMPANY_ROW_ID = 1;

export function findCompanyRow(db: Db) {
  return db.selectFrom('company_settings').selectAll().where('id', '=', COMPANY_ROW_ID).executeTakeFirst();
}

/** Writes the columns to the company's one row, making the row first on a site that has none yet. */
export async function saveCompanyRow(db: Db, columns: Updateable<CompanySettingsTable>): Promise<void> {
  const updated = await db
    .updateTable('company_settings')
    .set(columns)
    .where('id', '=', COMPANY_ROW_ID)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n)
    await db
      .insertInto('company_settings')
      .values({ ...columns, id: COMPANY_ROW_ID, public_id: randomUUID() })
      .execute();
}
