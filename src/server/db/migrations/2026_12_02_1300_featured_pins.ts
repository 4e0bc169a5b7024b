// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import type { Kysely } from 'kysely';

/** The content tables the Featured row and For You read, newest published first. */
const CONTENT_TABLES = ['products', 'blogs', 'photos', 'videos', 'audios', 'events'] as const;

/** How many pins the migration carries over from the old list (the admin screen's own cap when this landed). */
const PINS_MAX = 24;

interface Tables {
  featured_pins: { content_type: string; content_id: string; position: number; created_at: string };
  recommendations: { title: string; popularity: number; created_at: string };
  products: { id: string; name: string; published: boolean | number };
  blogs: { id: string; title: string; published: boolean | number };
  events: { id: string; name: string; title: string; published: boolean | number };
  photos: { id: string; title: string; published: boolean | number };
  videos: { id: string; name: string; title: string; published: boolean | number };
  audios: { id: string; name: string; title: string; published: boolean | number };
}

/** The published item a recommendation of the old list named by title, in the order the old list looked them up. */
async function itemTitled(db: Kysely<Tables>, title: string): Promise<{ type: string; id: string } | undefined> {
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('published', '=', true)
    .where('name', '=', title)
    .executeTakeFirst();
  if (product) return { type: 'product', id: product.id };
  const blog = await db
    .selectFrom('blogs')
    .select('id')
    .where('published', '=', true)
    .where('title', '=', title)
    .executeTakeFirst();
  if (blog) return { type: 'blog', id: blog.id };
  for (const [type, table] of [
    ['event', 'events'],
    ['video', 'videos'],
    ['audio', 'audios'],
  ] as const) {
    const row = await db
      .selectFrom(table)
      .select('id')
      .where('published', '=', true)
      .where((eb) => eb.or([eb('name', '=', title), eb('title', '=', title)]))
      .executeTakeFirst();
    if (row) return { type, id: row.id };
  }
  const photo = await db
    .selectFrom('photos')
    .select('id')
    .where('published', '=', true)
    .where('title', '=', title)
    .executeTakeFirst();
  return photo ? { type: 'photo', id: photo.id } : undefined;
}

/**
 * The items the admin pins to the front of the Featured row, in `position` order. A site that had filled the old
 * `recommendations` list keeps it: each entry that names a published item becomes a pin, most popular first.
 * Indexes for the newest published items of each kind, which the Featured row and For You read.
 */
export async function up(schemaOnly: Kysely<unknown>): Promise<void> {
  const db = schemaOnly as unknown as Kysely<Tables>;
  await db.schema
    .createTable('featured_pins')
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('content_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('featured_pins_pk', ['content_type', 'content_id'])
    .execute();
  await db.schema.createIndex('featured_pins_position_idx').on('featured_pins').column('position').execute();
  for (const table of CONTENT_TABLES)
    await db.schema
      .createIndex(`${table}_published_created_idx`)
      .on(table)
      .columns(['published', 'created_at'])
      .execute();

  const old = await db
    .selectFrom('recommendations')
    .select('title')
    .orderBy('popularity', 'desc')
    .orderBy('created_at', 'desc')
    .limit(PINS_MAX * 4)
    .execute();
  const now = new Date().toISOString();
  const pinned = new Set<string>();
  for (const { title } of old) {
    if (pinned.size >= PINS_MAX) break;
    const item = await itemTitled(db, title);
    if (!item || pinned.has(`${item.type}:${item.id}`)) continue;
    await db
      .insertInto('featured_pins')
      .values({ content_type: item.type, content_id: item.id, position: pinned.size, created_at: now })
      .execute();
    pinned.add(`${item.type}:${item.id}`);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of CONTENT_TABLES) await db.schema.dropIndex(`${table}_published_created_idx`).ifExists().execute();
  await db.schema.dropTable('featured_pins').ifExists().execute();
}
