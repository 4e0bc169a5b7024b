// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import type { Kysely } from 'kysely';

/**
 * A stored picture or audio file is pending until the record naming it is written. `pending_since` is the
 * epoch milliseconds of its store, set on new files and cleared in the transaction that writes the record; a file
 * still pending at a later start (a kill between the file's store and its record's insert) is removed by the sweep
 * (media/pending-media.ts). Rows stored before this migration are in use: null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').addColumn('pending_since', 'bigint').execute();
  await db.schema.createIndex('media_pending_idx').on('media').column('pending_since').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('media_pending_idx').execute();
  await db.schema.alterTable('media').dropColumn('pending_since').execute();
}
