/**
 * What a Stripe Checkout Session is asked to charge for an order: the order's own lines, then
 * shipping and any tax added on top as lines of their own, so Stripe's total is the order's total to the cent. Pure.
 */
import type { PaymentRequest } from './payment-provider.ts';

/** One line as Stripe's `line_items[]` takes it: a price given inline in the order's currency, in minor units. */
export interface CheckoutLine {
  price_data: { currency: string; unit_amount: number; product_data: { name: string } };
  quantity: number;
}

/** The names of the lines that are not products. */
export const SHIPPING_LINE = 'Shipping';
export const TAX_LINE = 'Tax';

/** Stripe takes at most 100 line items per session; an order holds at most 50 products plus shipping and tax. */
export const MAX_CHECKOUT_LINES = 100;

const line = (currency: string, name: string, unitAmount: number, quantity = 1): CheckoutLine => ({
  price_data: { currency, unit_amount: unitAmount, product_data: { name } },
  quantity,
});

/**
 * The session's line items for an order. Prices that include the tax need no tax line (the tax is inside them).
 * Throws when the lines do not add up to the order's totals: an order priced one way must never be charged another.
 */
export function checkoutLines(request: Pick<PaymentRequest, 'currency' | 'lines' | 'totals'>): CheckoutLine[] {
  // Stripe's currency codes are lower case ISO 4217.
  const currency = request.currency.toLowerCase();
  const { totals } = request;
  const lines = request.lines.map((l) => line(currency, l.name, l.unitPriceCents, l.quantity));
  if (totals.shippingCents > 0) lines.push(line(currency, SHIPPING_LINE, totals.shippingCents));
  const addedTax =
    totals.subtotalCents + totals.shippingCents + totals.taxCents === totals.totalCents && totals.taxCents > 0;
  if (addedTax) lines.push(line(currency, TAX_LINE, totals.taxCents));
  const sum = lines.reduce((total, l) => total + l.price_data.unit_amount * l.quantity, 0);
  const subtotal = request.lines.reduce((total, l) => total + l.unitPriceCents * l.quantity, 0);
  if (subtotal !== totals.subtotalCents || sum !== totals.totalCents) {
    throw new Error(
      `checkout lines add up to ${sum} (subtotal ${subtotal}), the order to ${totals.totalCents} (subtotal ${totals.subtotalCents})`,
    );
  }
  if (lines.length > MAX_CHECKOUT_LINES)
    throw new Error(`an order of ${lines.length} checkout lines is more than Stripe takes`);
  return lines;
}
