// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import { type Kysely, sql } from 'kysely';

/**
 * A guest's checkout code belongs to the browser that asked for it (a keyed hash of its checkout_browser cookie), so
 * a stranger who knows the address can neither spend nor void it. Pending codes of no browser can no longer be used;
 * checkout tokens already handed out stay good.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('checkout_verifications')
    .addColumn('requester_hash', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`DELETE FROM checkout_verifications WHERE token_hash IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('checkout_verifications').dropColumn('requester_hash').execute();
}
