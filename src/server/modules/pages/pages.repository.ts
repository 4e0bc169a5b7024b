/** Page rows; Kysely only. */
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { PagesTable } from '../../db/schema.ts';
import { notHeld } from '../publish-checks/held.ts';

/** Published pages by title (the footer's order). */
export const listPublishedPageRows = (db: Db) =>
  db
    .selectFrom('pages')
    .select(['id', 'title', 'slug', 'in_footer'])
    .where('published', '=', true)
    .where(notHeld('pages'))
    .orderBy('title')
    .orderBy('id')
    .execute();

/** A published page by its slug. */
export const findPublishedPageBySlug = (db: Db, slug: string) =>
  db
    .selectFrom('pages')
    .selectAll()
    .where('slug', '=', slug)
    .where('published', '=', true)
    .where(notHeld('pages'))
    .executeTakeFirst();

/** Every page, drafts too, by title. */
export const listAllPageRows = (db: Db) => db.selectFrom('pages').selectAll().orderBy('title').orderBy('id').execute();

/** One page, drafts too. */
export const findPageRow = (db: Db, id: string) =>
  db.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst();

/** The slugs in use that start with `base`, other than page `exceptId`'s. */
export async function pageSlugsLike(db: Db, base: string, exceptId = ''): Promise<Set<string>> {
  const rows = await db
    .selectFrom('pages')
    .select('slug')
    .where('slug', 'like', `${base}%`)
    .where('id', '!=', exceptId)
    .execute();
  return new Set(rows.map((r) => r.slug));
}

/** Inserts one page row. */
export const insertPageRow = (db: Db, row: Insertable<PagesTable>) => db.insertInto('pages').values(row).execute();

/** Changes the given columns of one page. */
export const updatePageRow = (db: Db, id: string, changes: Updateable<PagesTable>) =>
  db.updateTable('pages').set(changes).where('id', '=', id).execute();

/** The deleted row, or undefined when there was none. */
export async function deletePageRow(db: Db, id: string) {
  const row = await findPageRow(db, id);
  if (row) await db.deleteFrom('pages').where('id', '=', id).execute();
  return row;
}
