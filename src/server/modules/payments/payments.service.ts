/**
 * A payment provider settles an order: paid once the money arrived, or cancelled with its stock
 * given back once the payment can no longer happen. The provider's event, the status change and its history row
 * commit in one transaction, so an event delivered twice, or twice at once, applies once; the customer's mail goes
 * after the commit. The state machine's own update (updateOrderStatusFrom) moves only a pending order.
 */
import { statusLabel } from '../../../shared/order-status.ts';
import type { Db } from '../../db/connection.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { settleOrderTickets } from '../events/event-tickets.service.ts';
import { notifyCustomer } from '../orders/orders.admin.service.ts';
import { insertOrderHistory, updateOrderStatusFrom } from '../orders/orders.admin.repository.ts';
import { orderReference } from '../orders/orders-mails.ts';
import { queueWebhookEvent } from '../webhooks/webhook-queue.ts';
import {
  findOrderPayment,
  recordPaymentEvent,
  restockOrder,
  savePaymentRef,
  type OrderPayment,
} from './payments.repository.ts';

export interface SettleContext {
  db: Db;
  mailer: Mailer;
  siteUrl: string;
}

export interface Settlement {
  orderId: string;
  /** The provider's event behind it, recorded with the change: the same event again changes nothing. */
  event?: { id: string; provider: string; type: string };
  /** The provider's id for the payment (a Checkout Session id); kept on the order when it is paid. */
  ref: string;
  /** Who the history row names, e.g. 'Stripe'. */
  actorName: string;
  /** The history row's note (for the admin). */
  note: string;
  /** A note for the customer's mail; '' for none. */
  mailNote?: string;
}

export interface PaidSettlement extends Settlement {
  /** The provider that collected it: an order is paid only by the provider it was sent to, for the payment (`ref`) it was sent with. */
  method: string;
  /** What the provider collected; an order is paid only when it is the order's total in the order's currency. */
  amount: { cents: number; currency: string };
}

export interface CancelSettlement extends Settlement {
  /** Cancel only while the order's payment is still this one (a newer payment attempt keeps the order open). */
  onlyIfRef: string;
}

export type SettleOutcome =
  | { result: 'applied'; order: OrderPayment }
  /** The event was applied before. */
  | { result: 'duplicate' }
  | { result: 'unknown-order' }
  /** The order has moved on (paid, shipped, cancelled…) and stays as it is. */
  | { result: 'not-pending'; order: OrderPayment }
  /** Paid: the amount or currency differ from the order's. Cancelled: the event is about an older payment attempt. */
  | { result: 'mismatch'; order: OrderPayment };

/** Moves a pending order to paid after its provider collected its total; nothing else changes it. */
export function markOrderPaid(ctx: SettleContext, settlement: PaidSettlement): Promise<SettleOutcome> {
  const { amount } = settlement;
  return settle(
    ctx,
    settlement,
    'paid',
    (order) =>
      sentWith(order, settlement) &&
      order.total_cents === amount.cents &&
      order.currency.toUpperCase() === amount.currency.toUpperCase(),
  );
}

/** Whether the order was sent to this provider with this payment (a manual order, or another session, is not). */
export const sentWith = (order: Pick<OrderPayment, 'payment_method' | 'payment_ref'>, s: PaidSettlement) =>
  order.payment_method === s.method && order.payment_ref !== '' && order.payment_ref === s.ref;

/** Cancels a pending order whose payment can no longer happen and gives its units back to stock. */
export function cancelUnpaidOrder(ctx: SettleContext, settlement: CancelSettlement): Promise<SettleOutcome> {
  return settle(
    ctx,
    settlement,
    'cancelled',
    (order) => order.payment_ref !== '' && order.payment_ref === settlement.onlyIfRef,
  );
}

async function settle(
  ctx: SettleContext,
  s: Settlement,
  to: 'paid' | 'cancelled',
  matches: (order: OrderPayment) => boolean,
): Promise<SettleOutcome> {
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<SettleOutcome> => {
    const order = await findOrderPayment(trx, s.orderId);
    // Nothing is recorded for an order this store does not have (another shop on the same Stripe account, a test).
    if (!order) return { result: 'unknown-order' };
    if (s.event && !(await recordPaymentEvent(trx, { ...s.event, orderId: order.id }))) return { result: 'duplicate' };
    if (order.status !== 'pending') return { result: 'not-pending', order };
    if (!matches(order)) return { result: 'mismatch', order };
    const at = new Date().toISOString();
    // Judged on the row read in this transaction; the conditional update still guards a writer that got in first.
    if (!(await updateOrderStatusFrom(trx, order.id, 'pending', to, at))) return { result: 'not-pending', order };
    if (to === 'paid' && s.ref !== '') await savePaymentRef(trx, order.id, s.ref);
    if (to === 'cancelled') await restockOrder(trx, order.id);
    await settleOrderTickets(trx, order.id, 'pending', to);
    await insertOrderHistory(trx, {
      orderId: order.id,
      from: 'pending',
      to,
      at,
      actor: { id: null, name: s.actorName },
      note: s.note,
    });
    const summary = `Order ${orderReference(order.id)}: ${statusLabel('pending')} → ${statusLabel(to)}`;
    await queueWebhookEvent(trx, 'order.updated', { id: order.id, status: to, summary });
    return { result: 'applied', order };
  });
  if (outcome.result === 'applied') notifyCustomer(ctx, s.orderId, to, s.mailNote ?? '');
  return outcome;
}
