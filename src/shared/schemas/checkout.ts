/**
 * Checkout's inputs: the guest's email code, the cart lines of a quote, and the order request with
 * its shipping address. The server checks every body with these; the checkout form checks the same before sending.
 */
import { MAX_CART_LINES, MAX_LINE_QUANTITY, PAYMENT_METHODS } from '../commerce.ts';
import { newsletterEmail } from './newsletter.ts';
import { isObject, NOT_AN_OBJECT, refusal, type FieldCheck } from './refusal.ts';
import { formText } from './text.ts';
import { z } from './zod.ts';

/** Product ids are server-made UUIDs (or the seed's ids). */
const PRODUCT_ID_MAX = 100;

/** A plausible email address, trimmed and lower-cased; no control characters reach a mail. */
export const checkoutEmail = newsletterEmail;

/** POST /api/checkout/code. */
export const CheckoutCodeRequest = z.object({ email: checkoutEmail });

/** POST /api/checkout/verify: the six digits mailed to the address. */
export const CheckoutVerifyRequest = z.object({
  email: checkoutEmail,
  code: z
    .string({ error: 'must be the 6-digit code from the email' })
    .trim()
    .regex(/^\d{6}$/, 'must be the 6-digit code from the email'),
});

/** The checkout token handed out by /verify: 32 random bytes, base64url. */
export const checkoutToken = z
  .string({ error: 'must be the token from the email check' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'must be the token from the email check');

const cartLine = z.object({
  productId: z
    .string({ error: 'must be a product id' })
    .min(1, 'must be a product id')
    .max(PRODUCT_ID_MAX, 'must be a product id'),
  quantity: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_LINE_QUANTITY, `must be at most ${MAX_LINE_QUANTITY}`),
});

/** One line per product: lines naming the same product are added up (still at most MAX_LINE_QUANTITY). */
export const cartLines = z
  .array(cartLine, { error: 'must be a list of cart lines' })
  .max(MAX_CART_LINES, `must hold at most ${MAX_CART_LINES} products`)
  .transform((lines, ctx) => {
    const merged = new Map<string, number>();
    for (const line of lines) merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
    if ([...merged.values()].some((q) => q > MAX_LINE_QUANTITY)) {
      ctx.addIssue({ code: 'custom', message: `must be at most ${MAX_LINE_QUANTITY} of one product` });
      return z.NEVER;
    }
    return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
  });

/** POST /api/checkout/quote. */
export const QuoteRequest = z.object({ lines: cartLines });

/** Field limits of the shipping address (the checkout form's inputs carry the same). */
export const SHIPPING_LIMITS = {
  name: 120,
  line1: 200,
  line2: 200,
  city: 100,
  region: 100,
  postalCode: 20,
  country: 60,
} as const;

const required = (max: number) => formText(max).refine((v) => v !== '', 'is required');

export const ShippingAddress = z.object({
  name: required(SHIPPING_LIMITS.name),
  line1: required(SHIPPING_LIMITS.line1),
  line2: formText(SHIPPING_LIMITS.line2).default(''),
  city: required(SHIPPING_LIMITS.city),
  region: formText(SHIPPING_LIMITS.region).default(''),
  postalCode: required(SHIPPING_LIMITS.postalCode),
  country: required(SHIPPING_LIMITS.country),
});

/** POST /api/orders. `email` and `checkoutToken` are a guest's; a signed-in customer's come from the account. */
export const OrderRequest = z.object({
  lines: cartLines.refine((lines) => lines.length > 0, 'Your cart is empty.'),
  shipping: ShippingAddress,
  paymentMethod: z.enum(PAYMENT_METHODS, { error: `must be ${PAYMENT_METHODS.join(' or ')}` }),
  email: checkoutEmail.optional(),
  checkoutToken: checkoutToken.optional(),
});
export type OrderRequestValues = z.output<typeof OrderRequest>;

/** A field of the address as the 400 names it: 'shipping.city'. */
const fieldPath = (path: readonly PropertyKey[]) =>
  path[0] === 'shipping' && path[1] !== undefined ? `shipping.${String(path[1])}` : String(path[0] ?? 'body');

/** The order body checked: the first bad field and its sentence ('Shipping city is required.'). */
export function checkOrderRequest(body: unknown): FieldCheck<OrderRequestValues> {
  if (!isObject(body)) return NOT_AN_OBJECT;
  const parsed = OrderRequest.safeParse(body);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : refusal(parsed.error, 'body', { sent: body, fieldOf: fieldPath });
}

/** The Idempotency-Key header: the browser's UUID for one press of 'Place order'. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;
export const IDEMPOTENCY_KEY_MESSAGE =
  'Idempotency-Key: send a header of 8 to 100 letters, digits or -_.: (a UUID per order)';

/** The answers and refusals of checkout. */
export const CHECKOUT_CODE_SENT = 'We sent a 6-digit code to that address. Enter it to continue.';
export const CHECKOUT_CODE_WRONG = 'That code is not right';
export const CHECKOUT_CODE_EXPIRED = 'That code has expired. Ask for a new one';
export const CHECKOUT_CODE_EXHAUSTED = 'Too many wrong codes. Ask for a new code';
/** A code from a browser that never asked for one (no checkout_browser cookie sent). */
export const CHECKOUT_CODE_NEEDS_ITS_BROWSER =
  'A code works only in the browser that asked for it: ask for a code here, then enter the newest one';
/** Once an address's code mails for the hour are used up: the codes already sent keep working. */
export const CHECKOUT_CODE_MAILS_USED_UP =
  'Too many codes were sent to this address. Use the newest code this browser asked for, or try again later';
export const CHECKOUT_VERIFY_FIRST = 'Verify your email first';
export const PAYMENT_METHOD_UNAVAILABLE = 'This payment method is not available.';
