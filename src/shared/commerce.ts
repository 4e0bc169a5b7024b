/**
 * Commerce: the store's settings as the public sees them, cart lines, and the one pricing rule. The server
 * prices every order with priceOrder from product rows; the cart shows the same figures from the same function, so
 * what a visitor sees is what the server charges. Money is integer minor units (cents) throughout.
 */
import type { PriceBands } from './price-bands.ts';

/** Basis points in 100 %: a tax rate of 2000 bp is 20 %. */
export const BASIS_POINTS = 10_000;

/** The largest quantity of one product a cart line or an order line takes. */
export const MAX_LINE_QUANTITY = 99;
/** The most distinct products one cart or order holds. */
export const MAX_CART_LINES = 50;

/** The payment methods an order can be placed with. */
export const PAYMENT_METHODS = ['manual', 'stripe'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** GET /api/store: what the shop charges in and how it can be paid. */
export interface StoreSettings {
  /** ISO 4217 code, e.g. 'USD'. */
  currency: string;
  /** 0 for no tax; 2000 = 20 %. */
  taxRateBp: number;
  /** true: prices include the tax; false: it is added at checkout. */
  taxInclusive: boolean;
  /** Flat per order; 0 is free shipping. */
  shippingCents: number;
  /** IANA zone in which order times are shown ('UTC' until the admin picks one). */
  timeZone: string;
  /** The shop's and the search's Price filter bands: each list's ascending bounds in cents (src/shared/price-bands.ts). */
  priceBandsCents: PriceBands;
  payment: {
    manual: { enabled: boolean; instructions: string };
    /** Set when STRIPE_SECRET_KEY is configured on the server. */
    stripe: { enabled: boolean };
  };
}

/** One line of a cart or an order request: which product and how many. Prices never travel from the browser. */
export interface CartLine {
  productId: string;
  quantity: number;
}

/** Where an order goes; line2 and region may be ''. Every field is '' on orders placed before checkout existed. */
export interface ShipTo {
  name: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

/** The totals of an order, all in minor units. */
export interface OrderTotals {
  subtotalCents: number;
  /** The tax in the order: added on top, or the part of the subtotal that is tax when prices include it. */
  taxCents: number;
  shippingCents: number;
  totalCents: number;
}

export type PricingSettings = Pick<StoreSettings, 'taxRateBp' | 'taxInclusive' | 'shippingCents'>;

/** Rounds a non-negative fraction of cents half up; integer arithmetic only, so every platform gives the same cent. */
const divideHalfUp = (numerator: number, denominator: number): number =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));

/**
 * The totals of lines priced in cents: the subtotal is the sum of unit price × quantity; the tax is taken on the
 * subtotal (not on shipping) at taxRateBp, rounded half up to the cent, either added or, when prices include it, the
 * part of the subtotal that is tax; shipping is the flat charge, none for an empty order.
 */
export function priceOrder(
  lines: readonly { unitPriceCents: number; quantity: number }[],
  settings: PricingSettings,
): OrderTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const rate = Math.max(0, Math.trunc(settings.taxRateBp));
  const taxCents =
    rate === 0
      ? 0
      : settings.taxInclusive
        ? subtotalCents - divideHalfUp(subtotalCents * BASIS_POINTS, BASIS_POINTS + rate)
        : divideHalfUp(subtotalCents * rate, BASIS_POINTS);
  const shippingCents = lines.length === 0 ? 0 : Math.max(0, Math.trunc(settings.shippingCents));
  const totalCents = subtotalCents + shippingCents + (settings.taxInclusive ? 0 : taxCents);
  return { subtotalCents, taxCents, shippingCents, totalCents };
}

/** The tax rate as people write it: 2000 → '20%', 825 → '8.25%'. */
export const taxRateLabel = (taxRateBp: number): string => `${Number((taxRateBp / 100).toFixed(2))}%`;
