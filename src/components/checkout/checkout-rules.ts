/**
 * Pure rules of the checkout form: the shipping address fields, which field a server refusal is about, what a failed
 * order reads as, and where the browser goes once the order is placed.
 */
import type { CustomerShippingAddress as ShippingAddress } from '../../shared/orders-customer.ts';
import { SHIPPING_LIMITS } from '../../shared/schemas/checkout.ts';
import { ruleOf } from '../../shared/schemas/refusal.ts';

export type AddressField = keyof ShippingAddress;
/** The fields a refusal can be marked on: the address's, the guest's email and code, the payment choice. */
export type CheckoutField = AddressField | 'email' | 'code' | 'paymentMethod';

export interface AddressFieldSpec {
  name: AddressField;
  label: string;
  autoComplete: string;
  required: boolean;
  maxLength: number;
}

/** The address as the form asks for it, in order; autocomplete tokens let the browser fill it in. */
export const ADDRESS_FIELDS: readonly AddressFieldSpec[] = [
  { name: 'name', label: 'Full name', autoComplete: 'shipping name', required: true, maxLength: SHIPPING_LIMITS.name },
  {
    name: 'line1',
    label: 'Address line 1',
    autoComplete: 'shipping address-line1',
    required: true,
    maxLength: SHIPPING_LIMITS.line1,
  },
  {
    name: 'line2',
    label: 'Address line 2 (optional)',
    autoComplete: 'shipping address-line2',
    required: false,
    maxLength: SHIPPING_LIMITS.line2,
  },
  {
    name: 'city',
    label: 'City',
    autoComplete: 'shipping address-level2',
    required: true,
    maxLength: SHIPPING_LIMITS.city,
  },
  {
    name: 'region',
    label: 'State or region (optional)',
    autoComplete: 'shipping address-level1',
    required: false,
    maxLength: SHIPPING_LIMITS.region,
  },
  {
    name: 'postalCode',
    label: 'Postal code',
    autoComplete: 'shipping postal-code',
    required: true,
    maxLength: SHIPPING_LIMITS.postalCode,
  },
  {
    name: 'country',
    label: 'Country',
    autoComplete: 'shipping country-name',
    required: true,
    maxLength: SHIPPING_LIMITS.country,
  },
];

export const EMPTY_ADDRESS: ShippingAddress = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country: '',
};

/** The address as sent: every value trimmed (the optional ones may be empty). */
export function addressToSend(address: ShippingAddress): ShippingAddress {
  const out = { ...EMPTY_ADDRESS };
  for (const { name } of ADDRESS_FIELDS) out[name] = address[name].trim();
  return out;
}

const FIELDS: ReadonlySet<string> = new Set<CheckoutField>([
  ...ADDRESS_FIELDS.map((f) => f.name),
  'email',
  'code',
  'paymentMethod',
]);

/** The form field a server refusal names ('shipping.postalCode', 'postalCode', 'email'), or null for the form as a whole. */
export function refusedField(error: unknown): CheckoutField | null {
  const named = (error as { data?: { field?: unknown } } | null)?.data?.field;
  if (typeof named !== 'string') return null;
  const last = named.split('.').pop() ?? '';
  return FIELDS.has(last) ? (last as CheckoutField) : null;
}

/** The server's { message } when it sent one. */
function serverMessage(error: unknown): string | null {
  const data = (error as { data?: unknown } | null)?.data;
  const message = data && typeof data === 'object' ? (data as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message.trim() ? message.trim() : null;
}

/** What a failed POST /api/orders means for the visitor. */
export interface OrderFailure {
  text: string;
  /** The field to mark and focus, if the refusal is about one. */
  field: CheckoutField | null;
  /** Out of stock (409): the cart must change before a new try. */
  backToCart: boolean;
  /** The guest's email must be verified again (401). */
  reverify: boolean;
}

export const TEXTS = {
  orderFailed: 'The order could not be placed. Please try again.',
  noAnswer:
    'The order could not be sent: check your connection and try again. Trying again never places a second order.',
  outOfStock: 'Some items are no longer available in the quantity you chose.',
  verifyFirst: 'Verify your email first',
  codeFailed: 'The code could not be sent. Please try again.',
  verifyFailed: 'The code could not be checked. Please try again.',
  noPayment: 'This shop is not taking payments at the moment. Please try again later.',
} as const;

/** A failed order as a sentence, and what the form does about it. */
export function orderFailure(error: unknown): OrderFailure {
  const status = (error as { status?: unknown } | null)?.status;
  const message = serverMessage(error);
  if (typeof status !== 'number') return { text: TEXTS.noAnswer, field: null, backToCart: false, reverify: false };
  if (status === 409) return { text: message ?? TEXTS.outOfStock, field: null, backToCart: true, reverify: false };
  if (status === 401) return { text: message ?? TEXTS.verifyFirst, field: 'email', backToCart: false, reverify: true };
  if (status >= 500) return { text: TEXTS.noAnswer, field: null, backToCart: false, reverify: false };
  const field = status === 400 ? refusedField(error) : null;
  return {
    text: field && message ? fieldRefusalText(field, message) : (message ?? TEXTS.orderFailed),
    field,
    backToCart: false,
    reverify: false,
  };
}

/** How a field is named at the start of its refusal. */
function fieldNoun(field: CheckoutField): string {
  if (field === 'email') return 'Email';
  if (field === 'code') return 'The code';
  if (field === 'paymentMethod') return 'The payment method';
  const spec = ADDRESS_FIELDS.find((f) => f.name === field);
  if (!spec) throw new Error(`No address field is named ${field}`);
  return spec.label.replace(/ \(optional\)$/, '');
}

/**
 * The server's sentence about a field as the form names it: 'Shipping city is required.' reads 'City is required.';
 * a sentence of its own ('Please enter a valid email address') is shown as it is.
 */
export function fieldRefusalText(field: CheckoutField, message: string): string {
  const apiField = ADDRESS_FIELDS.some((spec) => spec.name === field) ? `shipping.${field}` : field;
  const rule = ruleOf(apiField, message);
  return rule ? `${fieldNoun(field)} ${rule}.` : message;
}

/** The confirmation page of a placed order; a guest's page carries the token that opens it. */
export function confirmationPath(orderId: string, accessToken?: string | null): string {
  const query = new URLSearchParams({ id: orderId, placed: '1' });
  if (accessToken) query.set('token', accessToken);
  return `/orders/view?${query}`;
}
