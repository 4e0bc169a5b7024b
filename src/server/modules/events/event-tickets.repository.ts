/** What event tickets read and write (Kysely only): the ticket product of an event, and an order's ticket lines. */
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { ProductsTable } from '../../db/schema.ts';

/** The product that sells an event's tickets, published or not. */
export function findTicketOfEvent(db: Db, eventId: string) {
  return db.selectFrom('products').select(['id', 'published']).where('event_id', '=', eventId).executeTakeFirst();
}

export async function insertTicket(db: Db, row: Insertable<ProductsTable>): Promise<void> {
  await db.insertInto('products').values(row).execute();
}

export async function updateTicket(db: Db, id: string, changes: Updateable<ProductsTable>): Promise<void> {
  await db.updateTable('products').set(changes).where('id', '=', id).execute();
}

export async function linkTicket(db: Db, eventId: string, productId: string): Promise<void> {
  await db.updateTable('events').set({ ticket_product_id: productId }).where('id', '=', eventId).execute();
}

/** Units of a product held by orders still waiting for their payment (they keep them off the stock until settled). */
export async function heldByPendingOrders(db: Db, productId: string): Promise<number> {
  const row = await db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select((eb) =>
      eb.fn.coalesce(eb.fn.sum<number | string | bigint | null>('order_items.quantity'), eb.lit(0)).as('n'),
    )
    .where('order_items.product_id', '=', productId)
    .where('orders.status', '=', 'pending')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** An order's ticket lines: which event, which product, how many seats. */
export function orderTicketLines(db: Db, orderId: string) {
  return db
    .selectFrom('order_items')
    .innerJoin('products', 'products.id', 'order_items.product_id')
    .innerJoin('events', 'events.id', 'products.event_id')
    .select(['events.id as event_id', 'products.id as product_id', 'order_items.quantity'])
    .where('order_items.order_id', '=', orderId)
    .execute();
}

/** Who bought an order: the copies taken when it was placed. */
export function findOrderBuyer(db: Db, orderId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'user_id', 'customer_name', 'customer_email', 'ship_name'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

/** Adds seats an order paid for: the stock the checkout took has already kept them within the capacity. */
export async function addSeats(db: Db, eventId: string, seats: number): Promise<void> {
  await db
    .updateTable('events')
    .set((eb) => ({ registrations: eb('registrations', '+', seats) }))
    .where('id', '=', eventId)
    .execute();
}

/** Puts `quantity` back on a ticket's stock. */
export async function restockTicket(db: Db, productId: string, quantity: number): Promise<void> {
  await db
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '+', quantity) }))
    .where('id', '=', productId)
    .execute();
}

/** The live registrations an order made. */
export function liveOrderRegistrations(db: Db, orderId: string) {
  return db
    .selectFrom('event_registrations')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '<>', 'cancelled')
    .execute();
}

/** The events (slug and name) whose tickets are among `productIds`. */
export function ticketEvents(db: Db, productIds: readonly string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('events')
    .innerJoin('products', 'products.event_id', 'events.id')
    .select(['events.slug', 'events.name'])
    .where('products.id', 'in', [...productIds])
    .orderBy('events.start_date')
    .execute();
}
