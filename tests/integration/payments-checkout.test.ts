/**
 * A Stripe order from end to end: POST /api/orders with paymentMethod 'stripe' asks the
 * (stand-in) Stripe API for a Checkout Session charging the server's total, answers its page; the order is pending
 * until the signed webhook says the session was paid, and then the customer sees it paid.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { assert, beforeAll, expect, it } from 'vitest';
import type { CustomerOrder, PlacedOrder } from '../../src/shared/orders-customer.ts';
import { jsonClient } from '../helpers/json-client.ts';
import { formLines, startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const WEBHOOK_SECRET = 'whsec_payments_checkout_test';

let t: TestApp;
let standIn: StripeStandIn;
let customer: string;

// Each hook hands back its own cleanup, so what was started is stopped whichever step fails.
beforeAll(async () => {
  standIn = await startStripeStandIn();
  return () => standIn.close();
});
beforeAll(async () => {
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_payments_checkout',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: standIn.url,
    },
  });
  return () => t.close();
});
beforeAll(async () => {
  customer = await t.customerToken('paula');
  await t.db
    .updateTable('store_settings')
    .set({ currency: 'EUR', tax_rate_bp: 2000, tax_inclusive: false, shipping_cents: 500 })
    .where('id', '=', 1)
    .execute();
});

/** Every call is the customer's. */
const call = jsonClient(
  (path, init) => t.request(path, init),
  () => customer,
);

it('charges the server-priced total through Stripe Checkout and marks the order paid from the signed webhook', async () => {
  const id = randomUUID();
  const now = new Date().toISOString();
  await t.db
    .insertInto('products')
    .values({
      id,
      name: 'Brass Lantern',
      slug: `brass-lantern-${id.slice(0, 8)}`,
      price_cents: 2450,
      stock: 5,
      published: true,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const key = randomUUID();
  const body = {
    lines: [{ productId: id, quantity: 2 }],
    shipping: { name: 'Paula Buyer', line1: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'US' },
    paymentMethod: 'stripe',
  };
  const sent = standIn.requests.length;
  const placed = await call<PlacedOrder>('POST', '/api/orders', { body, headers: { 'idempotency-key': key } });
  expect(placed.status).toBe(201);
  const { order, payment } = placed.body;
  // 2 × 24.50 + 20 % tax (9.80) + 5.00 shipping.
  expect(order).toMatchObject({
    status: 'pending',
    currency: 'EUR',
    subtotal_cents: 4900,
    tax_cents: 980,
    shipping_cents: 500,
    total_cents: 6380,
  });
  expect(standIn.requests).toHaveLength(sent + 1);
  const request = standIn.requests[sent];
  assert(request, 'the stand-in was asked for a session');
  const { form } = request;
  const lines = formLines(form);
  expect(lines.every((l) => l.currency === 'eur')).toBe(true);
  expect(lines.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0)).toBe(6380);
  expect(form.get('client_reference_id')).toBe(order._id);
  expect(form.get('customer_email')).toBe('paula@example.com');
  const session = [...standIn.sessions.values()].find((s) => s['client_reference_id'] === order._id);
  assert(session, 'a session for the order');
  expect(payment).toEqual({ method: 'stripe', redirectUrl: session['url'] });

  // The same key again (a double click): the same order and the same payment page.
  const again = await call<PlacedOrder>('POST', '/api/orders', { body, headers: { 'idempotency-key': key } });
  expect(again.status).toBe(200);
  expect(again.body.payment).toEqual(payment);
  expect([...standIn.sessions.values()].filter((s) => s['client_reference_id'] === order._id)).toHaveLength(1);

  const payload = JSON.stringify({
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: session['id'],
        object: 'checkout.session',
        client_reference_id: order._id,
        payment_status: 'paid',
        amount_total: 6380,
        currency: 'eur',
      },
    },
  });
  const signature = new Stripe('sk_test_signing_only').webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
  });
  const delivered = await t.request('/api/payments/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  expect(delivered.status).toBe(200);

  const seen = await call<CustomerOrder>('GET', `/api/orders/${order._id}`);
  expect(seen.status).toBe(200);
  expect(seen.body.status).toBe('paid');
  expect(seen.body.history.map((h) => h.status)).toEqual(['pending', 'paid']);
});
