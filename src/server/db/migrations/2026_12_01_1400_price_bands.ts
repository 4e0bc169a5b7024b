// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import type { Kysely } from 'kysely';

/**
 * The store's own price bands for the shop's and the search's filters, as JSON; null keeps the spec's bands, so every
 * store that exists keeps the filters it shows today.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('store_settings').addColumn('price_bands', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('store_settings').dropColumn('price_bands').execute();
}
