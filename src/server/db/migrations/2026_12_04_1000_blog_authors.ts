// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import type { Kysely } from 'kysely';

/**
 * Who wrote a blog post (an account's id; null for posts from before, and the demo's), and when its author sent it
 * for review (null once published, or never sent).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blogs').addColumn('author_id', 'text').execute();
  await db.schema.alterTable('blogs').addColumn('submitted_at', 'text').execute();
  await db.schema.createIndex('blogs_author_idx').on('blogs').column('author_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('blogs_author_idx').execute();
  await db.schema.alterTable('blogs').dropColumn('submitted_at').execute();
  await db.schema.alterTable('blogs').dropColumn('author_id').execute();
}
