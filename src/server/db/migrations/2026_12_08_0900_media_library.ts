// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import type { Kysely } from 'kysely';

/**
 * The media library: a stored picture or audio file's own details (title, alt text, caption, tags, focal point in
 * percent), its version (bumped when the file is replaced at the same address), who uploaded it, and whether it is
 * kept while nothing uses it (an upload to the library is; a form's upload leaves when its record lets it go).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('media')
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('media')
    .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('media')
    .addColumn('caption', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('media')
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('media')
    .addColumn('focal_x', 'integer', (c) => c.notNull().defaultTo(50))
    .execute();
  await db.schema
    .alterTable('media')
    .addColumn('focal_y', 'integer', (c) => c.notNull().defaultTo(50))
    .execute();
  await db.schema
    .alterTable('media')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('media').addColumn('uploaded_by', 'text').execute();
  await db.schema
    .alterTable('media')
    .addColumn('kept', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.alterTable('media').addColumn('updated_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    'updated_at',
    'kept',
    'uploaded_by',
    'version',
    'focal_y',
    'focal_x',
    'tags',
    'caption',
    'alt',
    'title',
  ])
    await db.schema.alterTable('media').dropColumn(column).execute();
}
