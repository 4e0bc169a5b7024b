// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import type { Kysely } from 'kysely';

/**
 * Publish checks. One row per checked item with a finding (JSON findings of the checks before the build, and of the
 * built page's weight after it); `held` keeps the item from visitors. One row of the last run's times and count, and
 * the last theme colours that passed (JSON), which visitors keep while the theme's are held back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('publish_checks')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('path', 'text')
    .addColumn('fix_href', 'text', (c) => c.notNull())
    .addColumn('held', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('findings', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('page_findings', 'text', (c) => c.notNull().defaultTo('[]'))
    .addPrimaryKeyConstraint('publish_checks_pk', ['kind', 'item_id'])
    .execute();
  await db.schema
    .createTable('publish_check_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('checked_at', 'text', (c) => c.notNull())
    .addColumn('checked', 'integer', (c) => c.notNull())
    .addColumn('pages_measured_at', 'text')
    .addColumn('kept_theme', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('publish_check_runs').execute();
  await db.schema.dropTable('publish_checks').execute();
}
