// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import type { Kysely } from 'kysely';

/**
 * Revisions: a version of an item's fields kept at each save. fields is their values as JSON, picture the picture
 * they name (apart, so the media release sees it in use); current marks a version written to the item itself, the
 * newest of which is never pruned. revision_settings holds the company's limit (one row; none: the default).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('revisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('item_write', 'boolean', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('picture', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('changed', 'text', (c) => c.notNull())
    .addColumn('restored_from', 'integer')
    .addColumn('saved_by', 'text', (c) => c.notNull())
    .addColumn('saved_by_name', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('revisions_item_number_uq', ['item_type', 'item_id', 'number'])
    .execute();
  await db.schema.createIndex('revisions_picture_idx').on('revisions').column('picture').execute();
  await db.schema
    .createTable('revision_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('revision_limit', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('revision_settings').execute();
  await db.schema.dropTable('revisions').execute();
}
