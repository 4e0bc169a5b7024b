/** The contact form's stored messages, and who receives them (issue 18 item 5). */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { ContactMessagesTable } from '../../db/schema.ts';
import { COMPANY_ROW_ID } from '../company/company.repository.ts';

export function insertContactMessageRow(db: Db, row: Insertable<ContactMessagesTable>) {
  return db.insertInto('contact_messages').values(row).execute();
}

/** One page of messages, newest first (id breaks ties), and how many there are in all. */
export async function listContactMessageRows(db: Db, page: number, pageSize: number) {
  const [rows, count] = await Promise.all([
    db.selectFrom('contact_messages').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
    db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The company's email (company settings), or '' when none is set. */
export async function companyEmail(db: Db): Promise<string> {
  const row = await db.selectFrom('company_settings').select('email').where('id', '=', COMPANY_ROW_ID).executeTakeFirst();
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
