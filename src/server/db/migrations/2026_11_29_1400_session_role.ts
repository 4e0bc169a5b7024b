// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import { sql, type Kysely } from 'kysely';

/**
 * A session remembers the role its sign-in was judged for: once the account's role differs, the session no longer
 * counts (a customer's session never acts as an admin's, which the admin sign-in rules would have judged otherwise).
 * Sessions from before take the role their account has now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('role', 'text').execute();
  await sql`UPDATE sessions SET role = (SELECT users.role FROM users WHERE users.id = sessions.user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('role').execute();
}
