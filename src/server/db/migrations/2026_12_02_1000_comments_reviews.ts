// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import { type Kysely, sql } from 'kysely';

/** The moderation columns blog_comments, audio_reviews and product_reviews share. */
const MODERATED = ['blog_comments', 'audio_reviews'] as const;

/**
 * Comments and reviews written by visitors, held for moderation: each row gets a status (the demo rows already shown
 * stay approved), the account that wrote it, when it was moderated or edited and its text as first sent. Products get
 * reviews of their own and a rating kept as the mean of the approved ones, as audios.rating now is. One row holds the
 * site's moderation rule; accounts blocked from commenting have a table of their own (blocked_senders is about
 * messages, keyed by address).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of MODERATED) {
    await db.schema
      .alterTable(table)
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('approved'))
      .execute();
    await db.schema.alterTable(table).addColumn('user_id', 'text').execute();
    await db.schema
      .alterTable(table)
      .addColumn('author_email', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.alterTable(table).addColumn('moderated_at', 'text').execute();
    await db.schema.alterTable(table).addColumn('edited_at', 'text').execute();
    await db.schema.alterTable(table).addColumn('original_comment', 'text').execute();
    await db.schema.createIndex(`${table}_status_idx`).on(table).columns(['status', 'created_at']).execute();
    await db.schema.createIndex(`${table}_user_idx`).on(table).columns(['user_id', 'created_at']).execute();
  }

  await db.schema
    .createTable('product_reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('user_id', 'text')
    .addColumn('author_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('moderated_at', 'text')
    .addColumn('edited_at', 'text')
    .addColumn('original_comment', 'text')
    .execute();
  await db.schema.createIndex('product_reviews_product_idx').on('product_reviews').column('product_id').execute();
  await db.schema
    .createIndex('product_reviews_status_idx')
    .on('product_reviews')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('product_reviews_user_idx')
    .on('product_reviews')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .alterTable('products')
    .addColumn('rating', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('comment_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('moderation', 'text', (c) => c.notNull().defaultTo('hold-first'))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('comment_blocks')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('blocked_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // The rating shown becomes the mean of the approved reviews (every review so far is approved); none is 0.
  await sql`UPDATE audios SET rating = COALESCE((SELECT ROUND(AVG(r.rating) * 10) / 10.0 FROM audio_reviews r WHERE r.audio_id = audios.id), 0)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('comment_blocks').execute();
  await db.schema.dropTable('comment_settings').execute();
  await db.schema.alterTable('products').dropColumn('rating').execute();
  await db.schema.dropTable('product_reviews').execute();
  for (const table of MODERATED) {
    await db.schema.dropIndex(`${table}_user_idx`).execute();
    await db.schema.dropIndex(`${table}_status_idx`).execute();
    for (const column of ['original_comment', 'edited_at', 'moderated_at', 'author_email', 'user_id', 'status'])
      await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
