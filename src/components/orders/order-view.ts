/** Pure rules of the customer's order pages: what the confirmation link's query asks for, and how an order is written. */
import type { PaymentMethod } from '../../shared/commerce.ts';
import type { CustomerShippingAddress } from '../../shared/orders-customer.ts';

export interface OrderViewQuery {
  /** null when the link names no plausible order. */
  id: string | null;
  /** A guest's key to the order, from the confirmation link. */
  token: string | null;
  /** The address carried a token at all (even a cut or mistyped one): a guest's link, not an owner's. */
  guestLink: boolean;
  /** Just placed: the page thanks the customer. */
  placed: boolean;
}

/** Order ids are UUIDs (the seed's too); tokens are base64url. Anything else in the address is ignored. */
const ID = /^[A-Za-z0-9-]{1,100}$/;
const TOKEN = /^[A-Za-z0-9_-]{16,200}$/;

/** /orders/view?id=…[&token=…][&placed=1], never trusted: a value of the wrong shape counts as absent. */
export function readOrderViewQuery(search: string): OrderViewQuery {
  const params = new URLSearchParams(search);
  const id = params.get('id');
  const token = params.get('token');
  return {
    id: id && ID.test(id) ? id : null,
    token: token && TOKEN.test(token) ? token : null,
    guestLink: params.has('token'),
    placed: params.get('placed') === '1',
  };
}

/** How each payment method is named to the customer (checkout and the order page alike). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  manual: 'Bank transfer or pay on delivery',
  stripe: 'Card (Stripe)',
};

/** The same labels read by any name: a method this build does not know finds nothing. */
const LABELS_BY_NAME: Partial<Record<string, string>> = PAYMENT_METHOD_LABELS;

export const paymentMethodLabel = (method: string): string => LABELS_BY_NAME[method] ?? method;

/** The address as it is written on a parcel: the name, the street lines, 'City, Region Postal code', the country; empty parts left out. */
export function addressLines(address: CustomerShippingAddress): string[] {
  const place = [[address.city, address.region].filter(Boolean).join(', '), address.postalCode]
    .filter(Boolean)
    .join(' ');
  return [address.name, address.line1, address.line2, place, address.country]
    .map((line) => line.trim())
    .filter(Boolean);
}

/** 'n items' for an order's unit count. */
export const itemCountLabel = (count: number): string => (count === 1 ? '1 item' : `${count} items`);
