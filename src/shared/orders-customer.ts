/**
 * What checkout and a customer's orders answer: the quote of a cart, the order placed, and
 * the orders a customer reads. Money in integer cents; `total` beside `total_cents` in major units as the spec's
 * amount fields have them.
 */
import type { ShipTo } from './commerce.ts';
import type { OrderTotals, PaymentMethod } from './commerce.ts';

/** One line of a quote, priced from the product's row. */
export interface QuoteLine {
  productId: string;
  /** '' for a product that is gone or not published. */
  slug: string;
  name: string;
  /** The product's picture URL, '' when it has none. */
  image: string;
  unitPriceCents: number;
  /** What the order would take: the cart's quantity capped by stock; 0 when the product cannot be bought. */
  quantity: number;
  lineTotalCents: number;
  stock: number;
  /** false for a product that is gone, not published or sold out. */
  available: boolean;
}

/** POST /api/checkout/quote: the cart as the server would charge it now. */
export interface Quote extends OrderTotals {
  currency: string;
  taxRateBp: number;
  taxInclusive: boolean;
  lines: QuoteLine[];
  /** Sentences about what changed from the cart ('Only 3 of Lantern left'); empty when nothing did. */
  problems: string[];
}

/** POST /api/checkout/verify: the token a guest's order is placed with, and until when it is good. */
export interface CheckoutVerified {
  checkoutToken: string;
  /** ISO time. */
  expiresAt: string;
}

/** One row of GET /api/orders. */
export interface CustomerOrderSummary {
  _id: string;
  /** '#1A2B3C4D', as mails and the admin's screen write it. */
  reference: string;
  /** One of ORDER_STATUSES (a value outside it is shown as it is). */
  status: string;
  createdAt: string;
  /** Major units (19.99). */
  total: number;
  total_cents: number;
  /** ISO 4217 code the order was charged in. */
  currency: string;
  /** Units in all. */
  itemCount: number;
}

/** GET /api/orders: the caller's own orders, newest first. */
export interface CustomerOrderList {
  results: CustomerOrderSummary[];
}

export interface CustomerOrderItem {
  /** null once the product is deleted. */
  productId: string | null;
  /** The product's page slug; null once it is deleted or unpublished. */
  slug: string | null;
  name: string;
  quantity: number;
  unit_price_cents: number;
  line_total_cents: number;
}

export type CustomerShippingAddress = ShipTo;

/** One status the order went through; the first is its placing (pending). */
export interface CustomerOrderHistoryEntry {
  status: string;
  at: string;
}

/** GET /api/orders/:id, and the order of POST /api/orders's answer. */
export interface CustomerOrder extends CustomerOrderSummary {
  items: CustomerOrderItem[];
  subtotal_cents: number;
  tax_cents: number;
  shipping_cents: number;
  taxInclusive: boolean;
  taxRateBp: number;
  shipping: CustomerShippingAddress;
  paymentMethod: PaymentMethod;
  /** The store's manual payment instructions while a manual order waits for its payment; null otherwise. */
  paymentInstructions: string | null;
  /** Oldest first. */
  history: CustomerOrderHistoryEntry[];
  /** The store's IANA zone, in which the order's times are shown. */
  timeZone: string;
}

/** How the customer goes on after placing: the manual payment instructions, or Stripe's hosted payment page. */
export type PaymentNext = { method: 'manual'; instructions: string } | { method: 'stripe'; redirectUrl: string };

/** POST /api/orders: 201 for a new order, 200 when the same Idempotency-Key placed it before. */
export interface PlacedOrder {
  order: CustomerOrder;
  /** A guest's key to the order (GET /api/orders/:id?token=…); only in the answer that created it. */
  accessToken?: string;
  payment: PaymentNext;
}

export const ORDER_NOT_FOUND = 'Order not found';
