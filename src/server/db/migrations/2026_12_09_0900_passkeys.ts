// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import { sql, type Kysely } from 'kysely';

const now = sql`CURRENT_TIMESTAMP`;

/**
 * Passkeys (WebAuthn): an account's credentials (the public key and signature counter the authenticator keeps, its
 * transports, a name the person chose, when it was added and last used), and the short-lived challenges a ceremony
 * signs (single use, stored only as SHA-256 of the handle the browser holds; an add names its account, a sign-in none).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('backed_up', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();
  await db.schema
    .createTable('passkey_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('handle_hash', 'text', (c) => c.notNull().unique())
    .addColumn('challenge', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('passkey_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
}
