/** Reads and writes of the documents table; a Transaction can stand in for the Db so a write and its audit commit together. */
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database, DocumentsTable } from '../../db/schema.ts';

type DbOrTrx = Kysely<Database> | Transaction<Database>;

/** Newest first (and by id, so ties never reorder between builds). */
const ordered = (db: DbOrTrx) => db.selectFrom('documents').selectAll().orderBy('created_at', 'desc').orderBy('id');

/** Published documents, the public list. */
export const listPublishedDocumentRows = (db: DbOrTrx) => ordered(db).where('published', '=', true).execute();
/** Every document, drafts too (the admin's list). */
export const listAllDocumentRows = (db: DbOrTrx) => ordered(db).execute();
export const findDocumentRow = (db: DbOrTrx, id: string) =>
  db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
export const findPublishedDocumentRow = (db: DbOrTrx, id: string) =>
  db.selectFrom('documents').selectAll().where('id', '=', id).where('published', '=', true).executeTakeFirst();

export const insertDocumentRow = (db: DbOrTrx, row: Insertable<DocumentsTable>) =>
  db.insertInto('documents').values(row).execute();
export const updateDocumentRow = (db: DbOrTrx, id: string, changes: Updateable<DocumentsTable>) =>
  db.updateTable('documents').set(changes).where('id', '=', id).execute();

/** Deletes the document row; the row it was, or undefined when there was none. */
export async function deleteDocumentRow(db: DbOrTrx, id: string) {
  const row = await findDocumentRow(db, id);
  if (row) await db.deleteFrom('documents').where('id', '=', id).execute();
  return row;
}

/** The stored file name of every document, drafts included. */
export const listDocumentFiles = async (db: DbOrTrx) =>
  (await db.selectFrom('documents').select('file').execute()).map((r) => r.file);
