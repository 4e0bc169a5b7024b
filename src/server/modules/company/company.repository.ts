import type { Db } from '../../db/connection.ts';

export const COMPANY_ROW_ID = 1;

export function findCompanyRow(db: Db) {
  return db.selectFrom('company_settings').selectAll().where('id', '=', COMPANY_ROW_ID).executeTakeFirst();
}
