// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import { type Kysely, sql } from 'kysely';

/**
 * A code is now checked only for the browser that asked for it, so guesses from elsewhere have no counter to spend:
 * the separate count of them goes. Codes of no browser (from before the requester was stored) can no longer be used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('one_time_codes').dropColumn('foreign_attempts').execute();
  await sql`DELETE FROM one_time_codes WHERE requester_hash IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('one_time_codes')
    .addColumn('foreign_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
