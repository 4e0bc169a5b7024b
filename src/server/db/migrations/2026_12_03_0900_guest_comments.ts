// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import type { Kysely } from 'kysely';

/**
 * Guests may comment and review with a code mailed to their address when the site allows it (off on every existing
 * site). One live code per address, stored as a keyed hash with its wrong guesses; guest authors are blocked by
 * address, apart from blocked accounts (comment_blocks is keyed by the account).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('comment_settings')
    .addColumn('guests', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('guest_comment_codes')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('comment_email_blocks')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('blocked_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('comment_email_blocks').execute();
  await db.schema.dropTable('guest_comment_codes').execute();
  await db.schema.alterTable('comment_settings').dropColumn('guests').execute();
}
