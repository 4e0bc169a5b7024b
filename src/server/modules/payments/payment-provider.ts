/**
 * Payment behind one interface: manual payment (bank transfer or pay on delivery) needs no
 * configuration; Stripe Checkout joins when STRIPE_SECRET_KEY is set. Checkout places the order first (pending, stock
 * taken), then asks the order's provider to start the payment; a provider confirms payment later (the admin for
 * manual payment, Stripe's webhook for Stripe), moving the order to paid.
 */
import type { OrderTotals, PaymentMethod } from '../../../shared/commerce.ts';

/** What a provider needs to start paying for a placed order. */
export interface PaymentRequest {
  orderId: string;
  /** The short reference customers see (orderReference in orders-mails.ts). */
  reference: string;
  currency: string;
  lines: readonly { name: string; unitPriceCents: number; quantity: number }[];
  totals: OrderTotals;
  email: string;
  /** Absolute URLs the customer returns to from a hosted payment page. */
  successUrl: string;
  cancelUrl: string;
}

/** How the customer goes on: to a hosted payment page, or with the manual payment instructions. */
export type PaymentStart =
  { method: 'manual'; instructions: string; ref: '' } | { method: 'stripe'; redirectUrl: string; ref: string };

export interface PaymentProvider {
  method: PaymentMethod;
  /** Starts paying for an order; throws an ApiError (502) when the provider cannot be reached. */
  start(request: PaymentRequest, instructions: string): Promise<PaymentStart>;
}

/** Stripe also checks its webhook's deliveries. */
export interface StripeProvider extends PaymentProvider {
  method: 'stripe';
  /**
   * The event a webhook delivery carries, once its Stripe-Signature header proves Stripe sent this very body with the
   * endpoint's signing secret (and recently); throws otherwise.
   */
  verifyEvent(rawBody: string, signature: string): StripeEvent;
}

/** The part of a Stripe event the server acts on (see stripe-webhook.ts). */
export interface StripeEvent {
  id: string;
  type: string;
  data: { object: unknown };
}

/** The providers this process has: manual always, Stripe when configured. Built once in deps.ts. */
export interface Payments {
  manual: PaymentProvider;
  stripe: StripeProvider | undefined;
}
