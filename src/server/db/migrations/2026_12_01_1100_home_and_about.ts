// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import type { Kysely } from 'kysely';

/**
 * The About page's three texts and the home page's sections (JSON text: the order, each shown or hidden) become company
 * settings. Null everywhere: the site shows its defaults until the company writes its own.
 */
const COLUMNS = ['about_story', 'about_mission', 'about_vision', 'home_sections'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  for (const column of COLUMNS) await db.schema.alterTable('company_settings').addColumn(column, 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable('company_settings').dropColumn(column).execute();
}
