// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import type { Kysely } from 'kysely';

/**
 * A session remembers the browser and system it was started from, as names only ('Chrome on
 * Linux'), never the User-Agent header itself. Sessions from before have none (null: 'Unknown browser').
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('device', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('device').execute();
}
