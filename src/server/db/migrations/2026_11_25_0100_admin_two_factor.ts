// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import { sql, type Kysely } from 'kysely';

const now = sql`CURRENT_TIMESTAMP`;

/**
 * Two-factor sign-in (TOTP) for admins. One authenticator per account (its secret encrypted with a key from
 * the server secret), its single-use recovery codes (keyed hashes), and the short-lived challenges a sign-in that
 * needs a second factor answers with instead of a session (the challenge token stored only as SHA-256).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_two_factor')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // AES-256-GCM of the TOTP key, bound to the user id: 'v1.<iv>.<tag>.<ciphertext>' (base64url).
    .addColumn('secret', 'text', (c) => c.notNull())
    // False while an enrolment waits for its first code.
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    // The last 30-second step a code was accepted for: a code is never accepted twice (steps fit 32 bits until 6053).
    .addColumn('last_used_step', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('enabled_at', 'text')
    .execute();

  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // HMAC-SHA-256 of the normalised code, bound to the user; a used code's row is deleted.
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('two_factor_recovery_codes_user_idx')
    .on('two_factor_recovery_codes')
    .columns(['user_id', 'code_hash'])
    .unique()
    .execute();

  await db.schema
    .createTable('two_factor_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'verify' (a code from the authenticator or a recovery code) or 'enrol' (ADMIN_2FA=required, none set up yet).
    .addColumn('purpose', 'text', (c) => c.notNull())
    // How the first factor was given: 'password', 'code' or 'google'.
    .addColumn('method', 'text', (c) => c.notNull())
    // A challenge handed over in a URL (Google) is good only with the HttpOnly binding cookie of the same browser.
    .addColumn('bound', 'boolean', (c) => c.notNull().defaultTo(false))
    // An 'enrol' challenge's new secret, encrypted as user_two_factor.secret, until its first code confirms it.
    .addColumn('pending_secret', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('two_factor_challenges_user_idx').on('two_factor_challenges').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('two_factor_challenges').execute();
  await db.schema.dropTable('two_factor_recovery_codes').execute();
  await db.schema.dropTable('user_two_factor').execute();
}
