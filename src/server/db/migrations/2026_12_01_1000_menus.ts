// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import type { Kysely } from 'kysely';

/**
 * The site's own navigation: the header menu and the footer's Quick Links. A menu without a row in `menus` was never
 * saved and shows the spec's defaults; a saved menu is exactly its `menu_items` (none at all when the admin removed
 * every link).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('menus')
    // 'header' or 'footer'.
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('menu_items')
    .addColumn('menu', 'text', (c) => c.notNull().references('menus.name').onDelete('cascade'))
    // 0 first; a save rewrites the whole menu, so positions are always 0..n-1.
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    // 'section' (target is a section key), 'page' (a page id) or 'link' (a site path or https URL).
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    // 'auto', 'always' or 'hidden'.
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('auto'))
    .addPrimaryKeyConstraint('menu_items_pk', ['menu', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('menu_items').ifExists().execute();
  await db.schema.dropTable('menus').ifExists().execute();
}
