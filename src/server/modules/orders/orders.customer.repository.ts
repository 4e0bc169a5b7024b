/** A customer's orders as they read them (Kysely only); the admin's reads are in orders.admin.repository.ts. */
import type { Db } from '../../db/connection.ts';

/** More than any one customer places; keeps the answer bounded. */
export const CUSTOMER_ORDERS_MAX = 200;

/** The account's orders, newest first, with how many units each holds (index orders_user_created_idx). */
export function listCustomerOrderRows(db: Db, userId: string) {
  return db
    .selectFrom('orders')
    .select((eb) => [
      'orders.id',
      'orders.status',
      'orders.created_at',
      'orders.total_cents',
      'orders.currency',
      eb
        .selectFrom('order_items')
        .select((s) => s.fn.coalesce(s.fn.sum<number>('order_items.quantity'), s.lit(0)).as('n'))
        .whereRef('order_items.order_id', '=', 'orders.id')
        .as('item_count'),
    ])
    .where('orders.user_id', '=', userId)
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(CUSTOMER_ORDERS_MAX)
    .execute();
}

export function findCustomerOrderRow(db: Db, id: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A guest's orders placed with `email` (only that one when `orderId` is given), newest first, at most `max`. */
export function listGuestOrderRows(db: Db, email: string, orderId: string | undefined, max: number) {
  let query = db
    .selectFrom('orders')
    .select(['id', 'customer_name', 'customer_email', 'created_at'])
    .where('user_id', 'is', null)
    .where('customer_email', '=', email);
  if (orderId !== undefined) query = query.where('id', '=', orderId);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(max).execute();
}

export type CustomerOrderRow = NonNullable<Awaited<ReturnType<typeof findCustomerOrderRow>>>;

/** The order's lines, each with its product's page slug while the product is published (an event's ticket has none). */
export function listCustomerOrderItems(db: Db, orderId: string) {
  return db
    .selectFrom('order_items')
    .leftJoin('products', (join) =>
      join
        .onRef('products.id', '=', 'order_items.product_id')
        .on('products.published', '=', true)
        .on('products.event_id', 'is', null),
    )
    .select([
      'order_items.id',
      'order_items.product_id',
      'order_items.name',
      'order_items.quantity',
      'order_items.unit_price_cents',
      'products.slug',
    ])
    .where('order_items.order_id', '=', orderId)
    .orderBy('order_items.name')
    .orderBy('order_items.id')
    .execute();
}
