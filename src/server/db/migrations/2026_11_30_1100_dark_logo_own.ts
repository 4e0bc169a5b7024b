// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import { type Kysely, sql } from 'kysely';

/**
 * Whether the dark-theme logo is one the company chose: until it is, a new main logo replaces it (the demo's dark logo
 * never outlives a rebrand). A site whose audit log shows an admin uploading a dark logo keeps its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('company_settings')
    .addColumn('logo_dark_own', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`UPDATE company_settings SET logo_dark_own = ${true} WHERE logo_dark IS NOT NULL AND EXISTS (
    SELECT 1 FROM audit_log WHERE audit_log.action = 'company.update' AND audit_log.summary LIKE '%logo_dark%')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('company_settings').dropColumn('logo_dark_own').execute();
}
