// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import type { Kysely } from 'kysely';

/**
 * Whether the company's logo already shows its name (a wordmark): the header then shows the logo alone. Off on every
 * existing site, so the header keeps the logo with the name beside it until an admin says otherwise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('company_settings')
    .addColumn('logo_shows_name', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('company_settings').dropColumn('logo_shows_name').execute();
}
