/** The categories table and the item columns that name a category: Kysely only, the database first. */
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { CategoryKind } from '../../../shared/schemas/category.ts';
import type { CategoriesTable, Database } from '../../db/schema.ts';

/** A Transaction stands in for the Db, so a write, the items it moves and its audit entry commit together. */
type Db = Kysely<Database> | Transaction<Database>;

/** Where each kind's items keep their category's name: audio items are grouped by their type. */
const ITEM_COLUMNS = {
  product: { table: 'products', column: 'category' },
  blog: { table: 'blogs', column: 'category' },
  photo: { table: 'photos', column: 'category' },
  video: { table: 'videos', column: 'category' },
  audio: { table: 'audios', column: 'type' },
  event: { table: 'events', column: 'category' },
} as const satisfies Record<CategoryKind, { table: keyof Database; column: string }>;

/** Every category (of one kind, when given) by kind, then sort_order, name and id so that equal orders stay stable. */
export function listCategoryRows(db: Db, kind?: CategoryKind) {
  let query = db.selectFrom('categories').selectAll();
  if (kind) query = query.where('kind', '=', kind);
  return query.orderBy('kind').orderBy('sort_order').orderBy('name').orderBy('id').execute();
}

export function findCategoryRow(db: Db, id: string) {
  return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The order after the kind's last category (0 for the first). */
export async function nextCategoryOrder(db: Db, kind: CategoryKind): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .where('kind', '=', kind)
    // null when the kind has no category yet.
    .select((eb) => eb.fn.max<number | null>('sort_order').as('last'))
    .executeTakeFirst();
  const last = row?.last;
  return last === null || last === undefined ? 0 : last + 1;
}

export function insertCategoryRow(db: Db, row: Insertable<CategoriesTable>) {
  return db.insertInto('categories').values(row).execute();
}

export function updateCategoryRow(db: Db, id: string, changes: Updateable<CategoriesTable>) {
  return db.updateTable('categories').set(changes).where('id', '=', id).execute();
}

export function deleteCategoryRow(db: Db, id: string) {
  return db.deleteFrom('categories').where('id', '=', id).execute();
}

/** How many items of the kind (drafts included) name each category, by name. */
export async function countItemsByName(db: Db, kind: CategoryKind): Promise<Map<string, number>> {
  const { table, column } = ITEM_COLUMNS[kind];
  const rows = await db
    .selectFrom(table)
    .select((eb) => [eb.ref(column).as('name'), eb.fn.countAll<number | string>().as('n')])
    .groupBy(column)
    .execute();
  return new Map(rows.map((row) => [row.name, Number(row.n)]));
}

/** Moves every item of the kind from category name `from` to `to` (a rename, or the items of a removed category). */
export async function renameItemsCategory(db: Db, kind: CategoryKind, from: string, to: string): Promise<number> {
  const { table, column } = ITEM_COLUMNS[kind];
  const result = await db
    .updateTable(table)
    .set({ [column]: to })
    .where(column, '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
