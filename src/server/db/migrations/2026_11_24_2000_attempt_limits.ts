// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import type { Kysely } from 'kysely';

/**
 * Attempt limits kept in the database, so every API process sharing it counts together (security.md
 * R58-R60). One row per (limit, key); the key is stored only as a keyed hash, never as the address or email it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attempt_limits')
    // HMAC of the limit's name and the key (an address, an account), base64url.
    .addColumn('key_hash', 'text', (c) => c.primaryKey())
    // The rule's state as JSON: a window's attempt times, or a backoff's failures and wait.
    .addColumn('state', 'text', (c) => c.notNull())
    // Epoch milliseconds from which the state no longer matters: such rows are pruned.
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attempt_limits_expires_idx').on('attempt_limits').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('attempt_limits').execute();
}
