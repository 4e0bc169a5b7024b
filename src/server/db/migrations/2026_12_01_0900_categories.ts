// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/** The spec's lists (site-spec section 9) as they stood when this migration landed: a new site's categories. */
const DEFAULTS: Record<string, readonly string[]> = {
  product: ['Electronics', 'Clothing', 'Books', 'Accessories'],
  blog: ['Technology', 'Lifestyle', 'Travel', 'Food', 'Business'],
  photo: ['Nature', 'Architecture', 'People', 'Events', 'Abstract', 'Other'],
  video: ['Entertainment', 'Education', 'Music', 'Sports', 'Gaming', 'News'],
  audio: ['Music', 'Podcast', 'Audiobook', 'Interview', 'Live Recording', 'Sound Effect'],
  event: ['Concert', 'Festival', 'Exhibition', 'Conference', 'Workshop', 'Sport', 'Other'],
};

/** Where each kind's items keep their category's name: audio items are filtered by their type. */
const ITEM_COLUMNS: Record<string, [table: string, column: string]> = {
  product: ['products', 'category'],
  blog: ['blogs', 'category'],
  photo: ['photos', 'category'],
  video: ['videos', 'category'],
  audio: ['audios', 'type'],
  event: ['events', 'category'],
};

/** The slug rule of src/shared/slug.ts as it stood when this migration landed (frozen copy). */
function slugOf(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words.slice(0, 100).replace(/-+$/, '') || 'category';
}

/** `base`, or the first free `base-2`, `base-3`… */
function freeSlug(base: string, taken: Set<string>): string {
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base.slice(0, 100 - String(n).length - 1).replace(/-+$/, '')}-${n}`;
  taken.add(slug);
  return slug;
}

/**
 * The categories a company owns, per content type: the spec's lists to start with, then every other value its items
 * already name (in alphabetical order), so that no item is left in a category the admin cannot see.
 */
export async function up(schemaOnly: Kysely<unknown>): Promise<void> {
  const db = schemaOnly.$extendTables<{
    categories: { id: string; kind: string; name: string; slug: string; sort_order: number; created_at: string };
  }>();
  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn('updated_at', 'text')
    .execute();
  await db.schema.createIndex('categories_kind_slug_idx').on('categories').columns(['kind', 'slug']).unique().execute();
  await db.schema.createIndex('categories_kind_name_idx').on('categories').columns(['kind', 'name']).unique().execute();

  const now = new Date().toISOString();
  for (const [kind, defaults] of Object.entries(DEFAULTS)) {
    const [table, column] = ITEM_COLUMNS[kind] ?? ['', ''];
    const { rows } = await sql<{ name: string }>`SELECT DISTINCT ${sql.ref(column)} AS name FROM ${sql.table(table)}
      WHERE ${sql.ref(column)} <> ''`.execute(db);
    const present = rows.map((row) => row.name).filter((name) => !defaults.includes(name));
    const names = [...defaults, ...present.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))];
    const taken = new Set<string>();
    for (const [order, name] of names.entries()) {
      await db
        .insertInto('categories')
        .values({
          id: randomUUID(),
          kind,
          name,
          slug: freeSlug(slugOf(name), taken),
          sort_order: order,
          created_at: now,
        })
        .execute();
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('categories').execute();
}
