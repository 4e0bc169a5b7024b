// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import type { Kysely } from 'kysely';

/**
 * A one-time code remembers the browser that asked for it (a keyed hash of its HttpOnly cookie) and counts wrong
 * guesses from that browser (`attempts`) apart from everyone else's (`foreign_attempts`), so a stranger's guesses never
 * spend the owner's own code. Codes from before belong to no browser.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('one_time_codes').addColumn('requester_hash', 'text').execute();
  await db.schema
    .alterTable('one_time_codes')
    .addColumn('foreign_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('one_time_codes').dropColumn('foreign_attempts').execute();
  await db.schema.alterTable('one_time_codes').dropColumn('requester_hash').execute();
}
