/** What checkout reads and writes (Kysely only): the products a cart names, their stock, and the order placed. */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { OrderItemsTable, OrdersTable } from '../../db/schema.ts';

/**
 * The cart's products by id (published or not: the caller decides), with what pricing and the quote need, and for an
 * event's ticket when its event starts and ends.
 */
export function findCartProducts(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('products')
    .leftJoin('events', 'events.id', 'products.event_id')
    .select([
      'products.id',
      'products.name',
      'products.slug',
      'products.image',
      'products.price_cents',
      'products.stock',
      'products.published',
      'products.event_id',
      'events.start_date as event_start',
      'events.end_date as event_end',
    ])
    .where('products.id', 'in', ids)
    .execute();
}

export type CartProductRow = Awaited<ReturnType<typeof findCartProducts>>[number];

/**
 * Takes `quantity` from a published product's stock only while that much is left: one conditional UPDATE, so of
 * orders racing for the last items only as many succeed as there are items, and stock never goes below zero.
 */
export async function takeStock(db: Db, productId: string, quantity: number): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '-', quantity) }))
    .where('id', '=', productId)
    .where('stock', '>=', quantity)
    .where('published', '=', true)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The order an Idempotency-Key placed, if any (unique index orders_idempotency_idx). */
export function findOrderByKey(db: Db, key: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'user_id', 'customer_email', 'status', 'payment_method'])
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export type KeyedOrder = NonNullable<Awaited<ReturnType<typeof findOrderByKey>>>;

export async function insertOrder(
  db: Db,
  order: Insertable<OrdersTable>,
  items: Insertable<OrderItemsTable>[],
): Promise<void> {
  await db.insertInto('orders').values(order).execute();
  await db.insertInto('order_items').values(items).execute();
}
