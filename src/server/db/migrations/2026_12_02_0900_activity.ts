// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import type { Kysely } from 'kysely';

/**
 * Counters that count: events get their views and documents their downloads (the other counters already exist);
 * `activity_seen` remembers which visitor was counted for which item and kind on a day (a hash, never an address), so
 * a count is made once per visitor, item, kind and UTC day, and its earlier days are deleted; `content_likes` holds
 * one like per visitor and item: an account ('user:<id>') or a guest's signed key ('anon:<hash>').
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('documents')
    .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('activity_seen')
    // The UTC day 'YYYY-MM-DD'.
    .addColumn('day', 'text', (c) => c.notNull())
    // A hash of the day's visitor hash, the kind, the content type and the item's id.
    .addColumn('seen_key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('activity_seen_pk', ['day', 'seen_key'])
    .execute();

  await db.schema
    .createTable('content_likes')
    // 'photo' or 'video'.
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('content_id', 'text', (c) => c.notNull())
    // 'user:<account id>' or 'anon:<hash of the guest's key>'.
    .addColumn('liker', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_likes_pk', ['content_type', 'content_id', 'liker'])
    .execute();
  await db.schema
    .createIndex('content_likes_user_idx')
    .on('content_likes')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_likes').ifExists().execute();
  await db.schema.dropTable('activity_seen').ifExists().execute();
  await db.schema.alterTable('documents').dropColumn('downloads').execute();
  await db.schema.alterTable('events').dropColumn('views').execute();
}
