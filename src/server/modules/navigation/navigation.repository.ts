/** The menus and their links, and what the menus need to know of the content; Kysely only. */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ContentSection } from '../../../shared/navigation.ts';
import type { Database } from '../../db/schema.ts';
import { notHeld } from '../publish-checks/held.ts';

/** A Transaction stands in for the Db, so a save and its audit entry commit together. */
type Db = Kysely<Database> | Transaction<Database>;

/** The table each content section lists its published rows from. */
const SECTION_TABLES = {
  shop: 'products',
  blogs: 'blogs',
  photos: 'photos',
  videos: 'videos',
  audio: 'audios',
  events: 'events',
  pricing: 'plans',
  documents: 'documents',
} as const satisfies Record<ContentSection, keyof Database>;

/** The names of the menus an admin has saved. */
export async function savedMenuNames(db: Db): Promise<string[]> {
  return (await db.selectFrom('menus').select('name').execute()).map((row) => row.name);
}

/** Every saved link, menu by menu in order. */
export const listMenuItemRows = (db: Db) =>
  db.selectFrom('menu_items').selectAll().orderBy('menu').orderBy('position').execute();

export interface MenuItemRow {
  label: string;
  kind: string;
  target: string;
  visibility: string;
}

/** Makes `items` the whole of menu `name`; call it inside the save's transaction. */
export async function replaceMenuRows(db: Db, name: string, items: readonly MenuItemRow[]): Promise<void> {
  const now = new Date().toISOString();
  // The upsert first: on PostgreSQL it holds the menu's row, so two saves of one menu at once follow each other.
  await db
    .insertInto('menus')
    .values({ name, updated_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ updated_at: now }))
    .execute();
  await db.deleteFrom('menu_items').where('menu', '=', name).execute();
  if (items.length > 0)
    await db
      .insertInto('menu_items')
      .values(items.map((item, position) => ({ menu: name, position, ...item })))
      .execute();
}

/** The content sections with at least one published row. */
export async function sectionsWithContent(db: Db): Promise<ContentSection[]> {
  const entries = Object.entries(SECTION_TABLES) as [ContentSection, (typeof SECTION_TABLES)[ContentSection]][];
  const found = await Promise.all(
    entries.map(async ([section, table]) => {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.lit(1).as('one'))
        .where('published', '=', true)
        .where(notHeld(table))
        // Event tickets alone make no shop.
        .$if(section === 'shop', (q) => q.where(sql.ref('event_id'), 'is', null))
        .limit(1)
        .executeTakeFirst();
      return row ? [section] : [];
    }),
  );
  return found.flat();
}

/** Every page a link may name, drafts too, by title. */
export const listPageTargets = (db: Db) =>
  db.selectFrom('pages').select(['id', 'title', 'slug', 'published']).orderBy('title').orderBy('id').execute();
