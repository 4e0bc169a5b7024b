// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import type { Kysely } from 'kysely';

/**
 * Drafts: changes to an item saved without reaching the public site, one per item. fields is the form's values as
 * JSON; picture the picture the draft names (kept apart so the media release sees it in use).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('drafts')
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('picture', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('saved_by', 'text', (c) => c.notNull())
    .addColumn('saved_by_name', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('drafts_pk', ['item_type', 'item_id'])
    .execute();
  await db.schema.createIndex('drafts_picture_idx').on('drafts').column('picture').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('drafts').execute();
}
