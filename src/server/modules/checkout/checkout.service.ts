/**
 * Checkout: a cart quoted and an order placed, priced from the product rows with priceOrder (never a
 * figure from the browser). Placing takes the stock with conditional UPDATEs in the same short transaction as the order,
 * its lines and its first history row; after the commit the payment is started and the confirmation mailed. An
 * Idempotency-Key placed once answers the same order again, even when the second request raced the first.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { priceOrder, type CartLine, type PricingSettings } from '../../../shared/commerce.ts';
import type { OrderRequestValues } from '../../../shared/schemas/checkout.ts';
import { PAYMENT_METHOD_UNAVAILABLE } from '../../../shared/schemas/checkout.ts';
import type { CustomerOrder, PaymentNext, PlacedOrder, Quote, QuoteLine } from '../../../shared/orders-customer.ts';
import type { Db } from '../../db/connection.ts';
import type { Env } from '../../env.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { mailBrand } from '../auth/auth-mails.ts';
import { sha256Hex } from '../auth/tokens.ts';
import { ticketCalendarLinks } from '../events/event-tickets.service.ts';
import { orderConfirmationMail, orderReference, orderViewUrl } from '../orders/orders-mails.ts';
import { insertOrderHistory } from '../orders/orders.admin.repository.ts';
import { findCustomerOrderRow } from '../orders/orders.customer.repository.ts';
import { customerOrderFromRow } from '../orders/orders.customer.service.ts';
import type { PaymentProvider, Payments } from '../payments/payment-provider.ts';
import { readStore } from '../store/store.service.ts';
import { queueWebhookEvent } from '../webhooks/webhook-queue.ts';
import { savePaymentRef } from '../payments/payments.repository.ts';
import {
  findCartProducts,
  findOrderByKey,
  insertOrder,
  takeStock,
  type CartProductRow,
  type KeyedOrder,
} from './checkout.repository.ts';
import { isUniqueViolation } from '../../db/storage-errors.ts';

/** Who places the order: a signed-in customer (their account) or a guest whose email was verified. */
export interface Buyer {
  userId: string | null;
  name: string;
  email: string;
}

export interface CheckoutContext {
  db: Db;
  env: Pick<Env, 'SITE_URL'>;
  mailer: Mailer;
  payments: Payments;
  /** orderAccessKey(deps.keys.otp): derives a guest's access token from the order id (see accessTokenFor). */
  accessKey: Buffer;
}

const pricingOf = (store: {
  tax_rate_bp: number;
  tax_inclusive: boolean | number;
  shipping_cents: number;
}): PricingSettings => ({
  taxRateBp: store.tax_rate_bp,
  taxInclusive: Boolean(store.tax_inclusive),
  shippingCents: store.shipping_cents,
});

/** An event's ticket stops selling when its event is over, whether or not anyone unpublished it. */
function eventIsOver(row: CartProductRow): boolean {
  if (row.event_id === null) return false;
  // An event without an end is over once it starts.
  const end = row.event_end === '' ? row.event_start : row.event_end;
  return Date.parse(end ?? '') <= Date.now();
}

const isOnSale = (row: CartProductRow | undefined): row is CartProductRow =>
  row !== undefined && Boolean(row.published) && !eventIsOver(row);

/** Why a line cannot be ordered as asked, as the cart and the 409 say it; undefined when it can. */
function shortfall(row: CartProductRow | undefined, quantity: number): string | undefined {
  if (!isOnSale(row)) return 'A product in your cart is no longer available';
  if (row.stock <= 0) return `${row.name} is sold out`;
  if (row.stock < quantity) return `Only ${row.stock} of ${row.name} left`;
  return undefined;
}

/** POST /api/checkout/quote: the cart priced now, quantities capped by stock, what changed named in `problems`. */
export async function quoteCart(db: Db, lines: readonly CartLine[]): Promise<Quote> {
  const [store, rows] = await Promise.all([
    readStore(db),
    findCartProducts(
      db,
      lines.map((l) => l.productId),
    ),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const problems: string[] = [];
  const quoted = lines.map((line): QuoteLine => {
    const row = byId.get(line.productId);
    const problem = shortfall(row, line.quantity);
    if (problem) problems.push(problem);
    if (!isOnSale(row))
      return {
        productId: line.productId,
        slug: '',
        name: '',
        image: '',
        unitPriceCents: 0,
        quantity: 0,
        lineTotalCents: 0,
        stock: 0,
        available: false,
      };
    const quantity = Math.max(0, Math.min(line.quantity, row.stock));
    return {
      productId: row.id,
      // An event's ticket has no shop page to link to.
      slug: row.event_id === null ? row.slug : '',
      name: row.name,
      image: row.image,
      unitPriceCents: row.price_cents,
      quantity,
      lineTotalCents: row.price_cents * quantity,
      stock: Math.max(0, row.stock),
      available: row.stock > 0,
    };
  });
  const pricing = pricingOf(store);
  const totals = priceOrder(
    quoted.filter((l) => l.quantity > 0),
    pricing,
  );
  return {
    currency: store.currency,
    taxRateBp: pricing.taxRateBp,
    taxInclusive: pricing.taxInclusive,
    lines: quoted,
    ...totals,
    problems,
  };
}

/** The key of guests' order links: its own, derived from the one-time code key (deps.keys.otp). */
export const orderAccessKey = (otpKey: Buffer): Buffer =>
  createHmac('sha256', otpKey).update('order-access-key').digest();

/**
 * A guest's key to their order: an HMAC of the order id under a server key, as unguessable as a random token, and
 * the same every time, so a repeated request (a double click, a lost answer) gets the same key and the same payment
 * page. Only its SHA-256 is stored; GET /api/orders/:id compares against that.
 */
export const accessTokenFor = (key: Buffer, orderId: string) =>
  createHmac('sha256', key).update(`order-access:${orderId}`).digest('base64url');

/** A refusal that leaves nothing changed; thrown inside the transaction so it rolls back. */
const outOfStock = (message: string) => fieldError(409, message, 'lines');

/** The provider for a method, or 400 when the store does not take it. */
function providerFor(
  payments: Payments,
  method: OrderRequestValues['paymentMethod'],
  manualEnabled: boolean,
): PaymentProvider {
  const provider = method === 'stripe' ? payments.stripe : manualEnabled ? payments.manual : undefined;
  if (!provider) throw fieldError(400, PAYMENT_METHOD_UNAVAILABLE, 'paymentMethod');
  return provider;
}

/** POST /api/orders: `created` false when the key placed this order before. */
export async function placeOrder(
  ctx: CheckoutContext,
  buyer: Buyer,
  key: string,
  request: OrderRequestValues,
): Promise<{ created: boolean; placed: PlacedOrder }> {
  const { db } = ctx;
  const earlier = await findOrderByKey(db, key);
  if (earlier) return { created: false, placed: await answerFor(ctx, earlier, buyer) };
  const store = await readStore(db);
  const provider = providerFor(ctx.payments, request.paymentMethod, Boolean(store.manual_payment_enabled));
  const id = randomUUID();
  const accessToken = buyer.userId === null ? accessTokenFor(ctx.accessKey, id) : undefined;
  try {
    await db.transaction().execute(async (trx) => {
      const rows = new Map(
        (
          await findCartProducts(
            trx,
            request.lines.map((l) => l.productId),
          )
        ).map((r) => [r.id, r]),
      );
      const problems = request.lines.flatMap((l) => shortfall(rows.get(l.productId), l.quantity) ?? []);
      if (problems.length > 0) throw outOfStock(problems.join('. '));
      const priced = request.lines.map((l) => {
        const row = rows.get(l.productId);
        // shortfall() has refused a line whose product is missing.
        if (!row) throw new Error(`product ${l.productId} of a checked order is missing`);
        return { row, quantity: l.quantity };
      });
      for (const { row, quantity } of priced) {
        // A guard in the statement too: transactions run one at a time on both databases, but a write outside one might not.
        if (!(await takeStock(trx, row.id, quantity))) throw outOfStock(`${row.name} just sold out`);
      }
      const totals = priceOrder(
        priced.map((p) => ({ unitPriceCents: p.row.price_cents, quantity: p.quantity })),
        pricingOf(store),
      );
      const at = new Date().toISOString();
      const { shipping } = request;
      await insertOrder(
        trx,
        {
          id,
          user_id: buyer.userId,
          status: 'pending',
          customer_name: buyer.name,
          customer_email: buyer.email,
          currency: store.currency,
          subtotal_cents: totals.subtotalCents,
          tax_cents: totals.taxCents,
          shipping_cents: totals.shippingCents,
          total_cents: totals.totalCents,
          tax_rate_bp: store.tax_rate_bp,
          tax_inclusive: Boolean(store.tax_inclusive),
          payment_method: provider.method,
          payment_ref: '',
          ship_name: shipping.name,
          ship_line1: shipping.line1,
          ship_line2: shipping.line2,
          ship_city: shipping.city,
          ship_region: shipping.region,
          ship_postal_code: shipping.postalCode,
          ship_country: shipping.country,
          idempotency_key: key,
          access_token_hash: accessToken ? sha256Hex(accessToken) : null,
          created_at: at,
        },
        priced.map(({ row, quantity }) => ({
          id: randomUUID(),
          order_id: id,
          product_id: row.id,
          name: row.name,
          unit_price_cents: row.price_cents,
          quantity,
        })),
      );
      await insertOrderHistory(trx, {
        orderId: id,
        from: null,
        to: 'pending',
        at,
        actor: { id: buyer.userId, name: buyer.name },
        note: 'Order placed',
      });
      await queueWebhookEvent(trx, 'order.created', {
        id,
        status: 'pending',
        summary: `Order ${orderReference(id)} placed`,
      });
    });
  } catch (error) {
    // A unique-index refusal of the Idempotency-Key: a concurrent request with the same key committed first.
    if (!isUniqueViolation(error, 'idempotency_key')) throw error;
    const winner = await findOrderByKey(db, key);
    if (!winner) throw error;
    return { created: false, placed: await answerFor(ctx, winner, buyer) };
  }
  const row = await findCustomerOrderRow(db, id);
  if (!row) throw new Error(`order ${id} is missing right after it was placed`);
  const order = await customerOrderFromRow(db, row);
  // Mailed before the payment starts: a provider that cannot be reached leaves a placed order, which must be confirmed.
  mailConfirmation(ctx, buyer.email, order, accessToken);
  return {
    created: true,
    placed: {
      order,
      ...(accessToken ? { accessToken } : {}),
      payment: await paymentFor(ctx, order, buyer.email, accessToken),
    },
  };
}

/**
 * The answer for an order the key placed before: the order, a guest's access token, and how to pay (asked for again
 * while it is pending: the provider answers the same session for the same order). Only the buyer who placed it gets
 * it; a key of someone else's order is refused without saying whose.
 */
async function answerFor(ctx: CheckoutContext, keyed: KeyedOrder, buyer: Buyer): Promise<PlacedOrder> {
  const mine =
    keyed.user_id !== null
      ? keyed.user_id === buyer.userId
      : buyer.userId === null && keyed.customer_email === buyer.email;
  const row = mine ? await findCustomerOrderRow(ctx.db, keyed.id) : undefined;
  if (!row) throw new ApiError(409, 'This Idempotency-Key was already used; send a new one for a new order');
  const accessToken = row.user_id === null ? accessTokenFor(ctx.accessKey, row.id) : undefined;
  const order = await customerOrderFromRow(ctx.db, row);
  return {
    order,
    ...(accessToken ? { accessToken } : {}),
    payment: await paymentFor(ctx, order, row.customer_email, accessToken),
  };
}

/** How the customer pays: the manual instructions, or a Stripe Checkout page for a pending Stripe order. */
async function paymentFor(
  ctx: CheckoutContext,
  order: CustomerOrder,
  email: string,
  accessToken: string | undefined,
): Promise<PaymentNext> {
  const viewUrl = orderViewUrl(ctx.env.SITE_URL, order._id, accessToken);
  if (order.paymentMethod === 'manual') {
    return {
      method: 'manual',
      instructions: order.paymentInstructions ?? (await readStore(ctx.db)).manual_payment_instructions,
    };
  }
  const stripe = ctx.payments.stripe;
  // Paid already (or Stripe since switched off): nothing left to pay here; the order's page says where it stands.
  if (order.status !== 'pending' || !stripe) return { method: 'stripe', redirectUrl: `${viewUrl}&placed=1` };
  const started = await stripe.start(
    {
      orderId: order._id,
      reference: orderReference(order._id),
      currency: order.currency,
      lines: order.items.map((i) => ({ name: i.name, unitPriceCents: i.unit_price_cents, quantity: i.quantity })),
      totals: {
        subtotalCents: order.subtotal_cents,
        taxCents: order.tax_cents,
        shippingCents: order.shipping_cents,
        totalCents: order.total_cents,
      },
      email,
      successUrl: `${viewUrl}&placed=1`,
      cancelUrl: `${viewUrl}&placed=1&payment=cancelled`,
    },
    '',
  );
  if (started.method !== 'stripe') return { method: 'manual', instructions: started.instructions };
  if (started.ref) await savePaymentRef(ctx.db, order._id, started.ref);
  return { method: 'stripe', redirectUrl: started.redirectUrl };
}

/** Sends after the commit without holding up the answer; a failure is logged and the order stands. */
function mailConfirmation(
  ctx: CheckoutContext,
  to: string,
  order: CustomerOrder,
  accessToken: string | undefined,
): void {
  const viewUrl = orderViewUrl(ctx.env.SITE_URL, order._id, accessToken);
  const productIds = order.items.flatMap((i) => (i.productId ? [i.productId] : []));
  void Promise.all([mailBrand(ctx.db, ctx.env.SITE_URL), ticketCalendarLinks(ctx.db, ctx.env.SITE_URL, productIds)])
    .then(([brand, calendars]) => ctx.mailer.send(orderConfirmationMail(brand, to, order, viewUrl, calendars)))
    .catch((error: unknown) =>
      console.error(
        `order confirmation mail for ${order.reference} failed:`,
        error instanceof Error ? error.message : error,
      ),
    );
}
