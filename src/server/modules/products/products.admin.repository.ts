/** Products as Manage Products reads and writes them (Kysely only); a Transaction stands in for the Db so a write and its audit commit together. */
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Selectable,
  type SqlBool,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { ProductSort, ProductsFilter } from '../../../shared/schemas/product-admin.ts';
import type { Database, ProductsTable } from '../../db/schema.ts';
import { escapeLike } from '../users/users.admin.repository.ts';

type DbOrTrx = Kysely<Database> | Transaction<Database>;

/** One stored product. */
export type ProductRow = Selectable<ProductsTable>;

/** The filter as one condition on products (every part optional). */
function matching(filter: ProductsFilter) {
  return (eb: ExpressionBuilder<Database, 'products'>) => {
    // An event's tickets are managed from the event.
    const parts: Expression<SqlBool>[] = [eb('products.event_id', 'is', null)];
    if (filter.q) {
      const pattern = `%${escapeLike(filter.q.toLowerCase())}%`;
      // lower() on both sides: LIKE is case-sensitive on PostgreSQL.
      const like = (column: 'name' | 'description' | 'category') =>
        sql<SqlBool>`lower(${sql.ref(`products.${column}`)}) like ${pattern} escape '\\'`;
      parts.push(eb.or([like('name'), like('description'), like('category')]));
    }
    if (filter.published !== 'all') parts.push(eb('products.published', '=', filter.published === 'published'));
    if (filter.category) parts.push(eb('products.category', '=', filter.category));
    return eb.and(parts);
  };
}

/** The SQL a sort orders by: texts without regard to case, so 'apple' and 'Banana' come in the order a person expects. */
const SORT_EXPRESSIONS: Record<ProductSort, Expression<unknown>> = {
  name: sql`lower(${sql.ref('products.name')})`,
  category: sql`lower(${sql.ref('products.category')})`,
  price: sql.ref('products.price_cents'),
  stock: sql.ref('products.stock'),
  created_at: sql.ref('products.created_at'),
  published: sql.ref('products.published'),
};

/** One page of products matching the filter in its order (id breaks ties, so pages never overlap), and how many match in all. */
export async function listAdminProductRows(db: DbOrTrx, filter: ProductsFilter) {
  const [count, rows] = await Promise.all([
    db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(matching(filter))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('products')
      .selectAll()
      .where(matching(filter))
      .orderBy(SORT_EXPRESSIONS[filter.sort], filter.dir)
      .orderBy('products.id', filter.dir)
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

/** One product row, drafts included, or undefined (an event's ticket too: the event manages it). */
export function findProductRow(db: DbOrTrx, id: string) {
  return db.selectFrom('products').selectAll().where('id', '=', id).where('event_id', 'is', null).executeTakeFirst();
}

/** Adds one product row. */
export async function insertProductRow(db: DbOrTrx, row: Insertable<ProductsTable>): Promise<void> {
  await db.insertInto('products').values(row).execute();
}

/** Changes one product row. */
export async function updateProductRow(db: DbOrTrx, id: string, changes: Updateable<ProductsTable>): Promise<void> {
  await db.updateTable('products').set(changes).where('id', '=', id).execute();
}

/** The deleted row, or undefined when there was none; order items keep their own name and price (product_id set null). */
export async function deleteProductRow(db: DbOrTrx, id: string) {
  const row = await findProductRow(db, id);
  if (row) await db.deleteFrom('products').where('id', '=', id).execute();
  return row;
}
