// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import type { Kysely } from 'kysely';

/** The store's own time zone, in which order times are shown; UTC until the admin chooses one. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('store_settings')
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('store_settings').dropColumn('time_zone').execute();
}
