/** Payments' own reads and writes (Kysely only): provider events applied once, an order's payment ref, stock given back. */
import type { Db } from '../../db/connection.ts';

/** What a payment confirmation checks an order against. */
export function findOrderPayment(db: Db, orderId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'status', 'total_cents', 'currency', 'payment_method', 'payment_ref', 'customer_email'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

export type OrderPayment = NonNullable<Awaited<ReturnType<typeof findOrderPayment>>>;

export interface PaymentEventInput {
  /** The provider's own event id (Stripe's evt_…). */
  id: string;
  provider: string;
  type: string;
  orderId: string | null;
}

/**
 * Records a provider's event; answers false when it was recorded before (a redelivery). Run it in the transaction of
 * the change the event makes, so the event and its effect commit together: of two deliveries at once, one inserts and
 * the other waits for it and finds the id taken.
 */
export async function recordPaymentEvent(db: Db, event: PaymentEventInput): Promise<boolean> {
  const result = await db
    .insertInto('payment_events')
    .values({
      id: event.id,
      provider: event.provider,
      type: event.type,
      order_id: event.orderId,
      received_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** The provider's id for the order's payment (a Checkout Session id), so its later events can be matched to it. */
export async function savePaymentRef(db: Db, orderId: string, ref: string): Promise<void> {
  await db.updateTable('orders').set({ payment_ref: ref }).where('id', '=', orderId).execute();
}

/** Puts an order's units back on its products' stock (products deleted since are skipped). */
export async function restockOrder(db: Db, orderId: string): Promise<void> {
  const items = await db
    .selectFrom('order_items')
    .select(['product_id', 'quantity'])
    .where('order_id', '=', orderId)
    .where('product_id', 'is not', null)
    .execute();
  for (const item of items) {
    await db
      .updateTable('products')
      .set((eb) => ({ stock: eb('stock', '+', item.quantity) }))
      .where('id', '=', item.product_id)
      .execute();
  }
}
