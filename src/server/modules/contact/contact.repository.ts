/** Who receives the contact form's messages; the messages themselves are conversations. */
import type { Db } from '../../db/connection.ts';
import { COMPANY_ROW_ID } from '../company/company.repository.ts';

/** The company's email (company settings), or '' when none is set. */
export async function companyEmail(db: Db): Promise<string> {
  const row = await db
    .selectFrom('company_settings')
    .select('email')
    .where('id', '=', COMPANY_ROW_ID)
    .executeTakeFirst();
  return row?.email?.trim() ?? '';
}

/** The email of the first admin account still enabled, or '' when there is none. */
export async function firstAdminEmail(db: Db): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('email')
    .where('role', '=', 'admin')
    .where('disabled', '=', false)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  return row?.email ?? '';
}
