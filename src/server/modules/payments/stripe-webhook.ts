/**
 * What Stripe's verified webhook events do to orders. A Checkout Session carries its order's id
 * (client_reference_id, and metadata.order_id):
 * - checkout.session.completed with payment_status 'paid', or checkout.session.async_payment_succeeded: the order is
 *   paid, if it is pending, was sent to Stripe with that very session, and Stripe collected its total in its currency;
 * - checkout.session.expired, or checkout.session.async_payment_failed: that session can no longer be paid and the
 *   API has no way to start another for the order, so a pending order whose current session it is gets cancelled and
 *   its stock returned (else the last units of a product would stay held by an order nobody can pay);
 * - every other event is acknowledged and ignored.
 */
import { z } from 'zod';
import { orderReference } from '../orders/orders-mails.ts';
import type { StripeEvent } from './payment-provider.ts';
import {
  cancelUnpaidOrder,
  markOrderPaid,
  sentWith,
  type SettleContext,
  type SettleOutcome,
} from './payments.service.ts';

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const UNPAID_EVENTS = new Set(['checkout.session.expired', 'checkout.session.async_payment_failed']);

/** The fields of a Checkout Session this server reads; anything else in it is ignored. */
const SessionSchema = z.object({
  id: z.string().min(1),
  client_reference_id: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  payment_status: z.string().nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
});

export type StripeEventResult = SettleOutcome['result'] | 'ignored';

function warn(message: string, details: Record<string, unknown>): void {
  console.warn(
    JSON.stringify({ level: 'warn', time: new Date().toISOString(), event: 'stripe webhook', message, ...details }),
  );
}

/** Applies one verified event; answers what became of it (the route acknowledges every one alike). */
export async function handleStripeEvent(ctx: SettleContext, event: StripeEvent): Promise<StripeEventResult> {
  const paid = PAID_EVENTS.has(event.type);
  if (!paid && !UNPAID_EVENTS.has(event.type)) return 'ignored';
  const parsed = SessionSchema.safeParse(event.data.object);
  if (!parsed.success) return 'ignored';
  const session = parsed.data;
  const orderId = session.client_reference_id ?? session.metadata?.['order_id'];
  if (!orderId) return 'ignored';
  // completed arrives 'unpaid' for payment methods that settle later (bank debits): async_payment_succeeded follows.
  if (event.type === 'checkout.session.completed' && session.payment_status !== 'paid') return 'ignored';

  const base = {
    orderId,
    event: { id: event.id, provider: 'stripe', type: event.type },
    ref: session.id,
    actorName: 'Stripe',
  };
  const details = { eventId: event.id, type: event.type, session: session.id, order: orderReference(orderId) };
  if (paid) {
    const settlement = {
      ...base,
      method: 'stripe',
      note: `Paid with Stripe Checkout (session ${session.id})`,
      amount: { cents: session.amount_total ?? -1, currency: session.currency ?? '' },
    };
    const outcome = await markOrderPaid(ctx, settlement);
    if (outcome.result === 'mismatch' && !sentWith(outcome.order, settlement)) {
      warn(
        'A Stripe payment names an order that was not sent to Stripe with this session; the order stays pending, check it in the Stripe dashboard',
        { ...details, method: outcome.order.payment_method },
      );
    } else if (outcome.result === 'mismatch') {
      warn(
        'Stripe collected an amount other than the order total; the order stays pending, check it in the Stripe dashboard',
        {
          ...details,
          collected: session.amount_total,
          currency: session.currency,
          total: outcome.order.total_cents,
          orderCurrency: outcome.order.currency,
        },
      );
    } else if (outcome.result === 'not-pending' && outcome.order.payment_ref !== session.id) {
      // Money arrived for an order that is no longer waiting for it (cancelled meanwhile, or paid another way).
      warn(
        `A Stripe payment arrived for an order that is ${outcome.order.status}; refund it in the Stripe dashboard if it is not owed`,
        details,
      );
    }
    return outcome.result;
  }
  const outcome = await cancelUnpaidOrder(ctx, {
    ...base,
    onlyIfRef: session.id,
    note: `Stripe Checkout session ${session.id} ${event.type === 'checkout.session.expired' ? 'expired unpaid' : 'payment failed'}; stock returned`,
    mailNote: 'The payment was not completed, so the order was cancelled.',
  });
  return outcome.result;
}
