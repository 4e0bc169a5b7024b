// Frozen once landed: never import app code here.
import type { Kysely } from 'kysely';

/** What a signed-in user opened, with the item's tags, for personal recommendations. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_views')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('viewed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_views_pk', ['user_id', 'content_type', 'ref_id'])
    .execute();
  await db.schema.createIndex('user_views_recent_idx').on('user_views').columns(['user_id', 'viewed_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_views').ifExists().execute();
}
