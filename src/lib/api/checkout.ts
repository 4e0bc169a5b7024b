/** The checkout calls, one function per endpoint: a guest's email code, the server's quote, the order. */
import type { CartLine, PaymentMethod } from '../../shared/commerce.ts';
import type { CheckoutVerified, CustomerShippingAddress, PlacedOrder, Quote } from '../../shared/orders-customer.ts';
import { api } from './client.ts';

/** POST /api/checkout/code: mails a one-time code to a guest's address (202, the same answer whatever the address). */
export const requestCheckoutCode = (email: string) =>
  api<{ message: string }>('/api/checkout/code', { method: 'POST', body: { email } });

/** POST /api/checkout/verify: the right code gives the token that lets this email place an order. */
export const verifyCheckoutCode = (email: string, code: string) =>
  api<CheckoutVerified>('/api/checkout/verify', { method: 'POST', body: { email, code } });

/** POST /api/checkout/quote: the lines priced by the server from its product rows, with the totals it would charge. */
export const quoteCart = (lines: readonly CartLine[]) =>
  api<Quote>('/api/checkout/quote', { method: 'POST', body: { lines } });

/** What the browser sends to place an order: which products and how many, never a price. */
export interface PlaceOrderInput {
  lines: CartLine[];
  shipping: CustomerShippingAddress;
  paymentMethod: PaymentMethod;
  /** A guest's verified email and the token the code gave; a signed-in customer sends neither. */
  email?: string;
  checkoutToken?: string;
}

/** POST /api/orders with the attempt's Idempotency-Key: the same key again answers the same order, never a second one. */
export const placeOrder = (input: PlaceOrderInput, idempotencyKey: string) =>
  api<PlacedOrder>('/api/orders', { method: 'POST', body: input, headers: { 'Idempotency-Key': idempotencyKey } });
