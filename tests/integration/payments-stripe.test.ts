/**
 * Stripe payments with the real app and database: the webhook, signed with the SDK's own test
 * helper, moves a pending order to paid once, with its history row and the customer's mail; a bad signature changes
 * nothing, as does one signed too long ago or ahead of time; redeliveries (one after another and at once) apply once;
 * events for unknown, non-pending, manual-payment, other-session or other-amount orders change nothing; an expired session cancels its order and gives the stock back. The Checkout Session call
 * goes to a local stand-in of Stripe's API, which records what the SDK sent.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { assert, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PaymentRequest } from '../../src/server/modules/payments/payment-provider.ts';
import { PROVIDER_UNREACHABLE } from '../../src/server/modules/payments/stripe-provider.ts';
import { mailFiles, waitForMail } from '../helpers/outbox.ts';
import { formLines, startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const SECRET_KEY = 'sk_test_51PaymentsHelperKeyNeverLogged';
const WEBHOOK_SECRET = 'whsec_payments_test_secret';
const signer = new Stripe('sk_test_signing_only').webhooks;

let t: TestApp;
let standIn: StripeStandIn;

// Each hook hands back its own cleanup, so what was started is stopped whichever step fails.
beforeAll(async () => {
  standIn = await startStripeStandIn();
  return () => standIn.close();
});
beforeAll(async () => {
  t = await createTestApp({
    env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: standIn.url },
  });
  return () => t.close();
});

/** The app's Stripe provider: configured by the environment above. */
function stripe() {
  const provider = t.deps.payments.stripe;
  assert(provider, 'Stripe is configured');
  return provider;
}

async function addProduct(stock: number, priceCents = 1250) {
  const id = randomUUID();
  const now = new Date().toISOString();
  await t.db
    .insertInto('products')
    .values({
      id,
      name: `Lantern ${id.slice(0, 6)}`,
      slug: `lantern-${id}`,
      price_cents: priceCents,
      stock,
      published: true,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

interface OrderOptions {
  status?: string;
  /** How it is paid: 'stripe' unless told ('manual': bank transfer or on delivery, no session). */
  method?: string;
  ref?: string;
  email?: string;
  currency?: string;
  /** [productId, unit price, quantity] */
  items?: [string | null, number, number][];
  shippingCents?: number;
  /** Added on top. */
  taxCents?: number;
}

/** A Stripe order as checkout leaves it: pending, priced, its session's id kept, its creation in the history. */
async function addOrder(options: OrderOptions = {}) {
  const id = randomUUID();
  const items = options.items ?? [[null, 1250, 2]];
  const subtotal = items.reduce((s, [, price, quantity]) => s + price * quantity, 0);
  const shipping = options.shippingCents ?? 0;
  const tax = options.taxCents ?? 0;
  const createdAt = new Date(Date.now() - 60_000).toISOString();
  await t.db
    .insertInto('orders')
    .values({
      id,
      user_id: null,
      status: options.status ?? 'pending',
      total_cents: subtotal + shipping + tax,
      subtotal_cents: subtotal,
      shipping_cents: shipping,
      tax_cents: tax,
      currency: options.currency ?? 'USD',
      customer_name: 'Grace Guest',
      customer_email: options.email ?? `guest-${id.slice(0, 8)}@example.com`,
      payment_method: options.method ?? 'stripe',
      payment_ref: options.ref ?? (options.method === 'manual' ? '' : `cs_test_${id.slice(0, 8)}`),
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
  for (const [k, [productId, price, quantity]] of items.entries()) {
    await t.db
      .insertInto('order_items')
      .values({
        id: randomUUID(),
        order_id: id,
        product_id: productId,
        name: `Item ${k + 1}`,
        unit_price_cents: price,
        quantity,
      })
      .execute();
  }
  await t.db
    .insertInto('order_status_history')
    .values({
      id: randomUUID(),
      order_id: id,
      from_status: null,
      to_status: 'pending',
      at: createdAt,
      actor_id: null,
      actor_name: 'Grace Guest',
      note: '',
    })
    .execute();
  return t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

type Order = Awaited<ReturnType<typeof addOrder>>;

/** A Checkout Session event for an order, as Stripe sends it. */
function sessionEvent(
  order: Pick<Order, 'id' | 'total_cents' | 'currency' | 'payment_ref'>,
  overrides: {
    type?: string;
    payment_status?: string;
    amount_total?: number;
    currency?: string;
    session?: string;
  } = {},
) {
  return {
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type: overrides.type ?? 'checkout.session.completed',
    data: {
      object: {
        id: overrides.session ?? order.payment_ref,
        object: 'checkout.session',
        client_reference_id: order.id,
        metadata: { order_id: order.id },
        mode: 'payment',
        payment_status: overrides.payment_status ?? 'paid',
        status: 'complete',
        amount_total: overrides.amount_total ?? order.total_cents,
        currency: overrides.currency ?? order.currency.toLowerCase(),
      },
    },
  };
}

/** Delivers an event to the webhook, signed with `secret` (the endpoint's own unless told). */
async function deliver(
  event: unknown,
  { secret = WEBHOOK_SECRET, signature }: { secret?: string; signature?: string | null } = {},
) {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  const header = signature === undefined ? signer.generateTestHeaderString({ payload, secret }) : signature;
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
  };
  if (header !== null) headers['stripe-signature'] = header;
  const res = await t.request('/api/payments/stripe/webhook', { method: 'POST', headers, body: payload });
  return { status: res.status, body: (await res.json()) as { received?: boolean; message?: string } };
}

const orderRow = (id: string) => t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const historyOf = (id: string) =>
  t.db.selectFrom('order_status_history').selectAll().where('order_id', '=', id).orderBy('at').execute();
const eventsOf = (id: string) => t.db.selectFrom('payment_events').selectAll().where('order_id', '=', id).execute();
const stockOf = async (id: string) =>
  (await t.db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;

describe('POST /api/payments/stripe/webhook', () => {
  it('moves a pending order to paid on checkout.session.completed, with a history row by Stripe and the customer mail', async () => {
    const order = await addOrder();
    const before = mailFiles(t.dataDir);
    const event = sessionEvent(order);
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true } });
    const after = await orderRow(order.id);
    expect(after.status).toBe('paid');
    expect(after.payment_ref).toBe(order.payment_ref);
    assert.isNotNull(after.updated_at);
    assert.isNotNull(order.updated_at);
    expect(after.updated_at > order.updated_at).toBe(true);
    const history = await historyOf(order.id);
    expect(history).toHaveLength(2);
    expect(history[1]).toMatchObject({
      from_status: 'pending',
      to_status: 'paid',
      actor_id: null,
      actor_name: 'Stripe',
    });
    expect(history[1]?.note).toContain(order.payment_ref);
    expect(await eventsOf(order.id)).toEqual([
      expect.objectContaining({ id: event.id, provider: 'stripe', type: 'checkout.session.completed' }),
    ]);
    const mail = await waitForMail(t.dataDir, { to: order.customer_email, after: before });
    expect(mail.subject).toMatch(/your order #[0-9A-F]{8} is now paid/);
    expect(mail.text).toContain('We received your payment');
    expect(mail.text).not.toContain(order.payment_ref);
  });

  it.each([
    ['signed with another secret', { secret: 'whsec_someone_else' }],
    ['with a signature that is not one', { signature: 't=1,v1=deadbeef' }],
    ['without a Stripe-Signature header', { signature: null }],
  ] as const)('refuses an event %s with 400 and changes nothing', async (_what, how) => {
    const order = await addOrder();
    expect(await deliver(sessionEvent(order), how)).toEqual({ status: 400, body: { message: 'Invalid signature' } });
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await historyOf(order.id)).toHaveLength(1);
    expect(await eventsOf(order.id)).toHaveLength(0);
  });

  it('refuses a body changed after signing (the signature covers the exact bytes)', async () => {
    const order = await addOrder();
    const unpaid = JSON.stringify(sessionEvent(order, { payment_status: 'unpaid' }));
    const signature = signer.generateTestHeaderString({ payload: unpaid, secret: WEBHOOK_SECRET });
    const forged = unpaid.replace('"unpaid"', '"paid"');
    expect(await deliver(forged, { signature })).toEqual({ status: 400, body: { message: 'Invalid signature' } });
    expect((await orderRow(order.id)).status).toBe('pending');
  });

  it('refuses a delivery signed too long ago (a replayed request)', async () => {
    const order = await addOrder();
    const payload = JSON.stringify(sessionEvent(order));
    const signature = signer.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await deliver(payload, { signature })).status).toBe(400);
    expect((await orderRow(order.id)).status).toBe('pending');
  });

  it('refuses a delivery signed ahead of time, or naming two times', async () => {
    const order = await addOrder();
    const payload = JSON.stringify(sessionEvent(order));
    const signature = signer.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) + 3600,
    });
    expect(await deliver(payload, { signature })).toEqual({ status: 400, body: { message: 'Invalid signature' } });
    // A time the check reads beside the one the signature covers: which of them counts is never guessed.
    const now = signer.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await deliver(payload, { signature: `t=${Math.floor(Date.now() / 1000)},${now}` })).status).toBe(400);
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await eventsOf(order.id)).toHaveLength(0);
  });

  it.each([
    ['a manual-payment order, however exact the amount', { method: 'manual' }, undefined],
    ['an order sent to Stripe with another session', {}, 'cs_test_someone_elses'],
  ] as const)('never pays %s', async (_what, options, session) => {
    const order = await addOrder(options);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const event = sessionEvent(order, { session: session ?? 'cs_test_made_up' });
      expect(await deliver(event)).toEqual({ status: 200, body: { received: true } });
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('was not sent to Stripe with this session'));
    } finally {
      warn.mockRestore();
    }
    const after = await orderRow(order.id);
    expect(after.status).toBe('pending');
    expect(after.payment_ref).toBe(order.payment_ref);
    expect(await historyOf(order.id)).toHaveLength(1);
  });

  it('applies the same event delivered again once', async () => {
    const order = await addOrder();
    const event = sessionEvent(order);
    expect((await deliver(event)).status).toBe(200);
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true } });
    expect((await historyOf(order.id)).map((h) => h.to_status)).toEqual(['pending', 'paid']);
    expect(await eventsOf(order.id)).toHaveLength(1);
  });

  it('applies the same event delivered several times at once once', async () => {
    const order = await addOrder();
    const event = sessionEvent(order);
    const answers = await Promise.all(Array.from({ length: 6 }, () => deliver(event)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await orderRow(order.id)).status).toBe('paid');
    expect((await historyOf(order.id)).map((h) => h.to_status)).toEqual(['pending', 'paid']);
    expect(await eventsOf(order.id)).toHaveLength(1);
  });

  it('pays an order once when two different paid events for it arrive at once', async () => {
    const order = await addOrder();
    const answers = await Promise.all([
      deliver(sessionEvent(order)),
      deliver(sessionEvent(order, { type: 'checkout.session.async_payment_succeeded' })),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await historyOf(order.id)).map((h) => h.to_status)).toEqual(['pending', 'paid']);
  });

  it('acknowledges an event for an order this store does not have and records nothing', async () => {
    const ghost = { id: randomUUID(), total_cents: 2500, currency: 'USD', payment_ref: 'cs_test_ghost' };
    const event = sessionEvent(ghost);
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true } });
    expect(await t.db.selectFrom('payment_events').selectAll().where('id', '=', event.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('orders').select('id').where('id', '=', ghost.id).execute()).toEqual([]);
  });

  it.each(['cancelled', 'shipped', 'refunded'])('leaves a %s order as it is', async (status) => {
    const order = await addOrder({ status });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(await deliver(sessionEvent(order, { session: 'cs_test_another_attempt' }))).toEqual({
        status: 200,
        body: { received: true },
      });
      // Money for an order no longer waiting for it: the operator is told to look at it.
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('refund it in the Stripe dashboard'));
    } finally {
      warn.mockRestore();
    }
    const after = await orderRow(order.id);
    expect(after.status).toBe(status);
    expect(after.payment_ref).toBe(order.payment_ref);
    expect(await historyOf(order.id)).toHaveLength(1);
  });

  it.each([
    ['an amount other than the total', { amount_total: 100 }],
    ['another currency', { currency: 'eur' }],
  ])('keeps the order pending when Stripe collected %s', async (_what, overrides) => {
    const order = await addOrder();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect((await deliver(sessionEvent(order, overrides))).status).toBe(200);
      expect(warn).toHaveBeenCalledOnce();
    } finally {
      warn.mockRestore();
    }
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await historyOf(order.id)).toHaveLength(1);
  });

  it('waits for async_payment_succeeded when a session completes unpaid (a bank debit still settling)', async () => {
    const order = await addOrder();
    expect((await deliver(sessionEvent(order, { payment_status: 'unpaid' }))).status).toBe(200);
    expect((await orderRow(order.id)).status).toBe('pending');
    expect((await deliver(sessionEvent(order, { type: 'checkout.session.async_payment_succeeded' }))).status).toBe(200);
    expect((await orderRow(order.id)).status).toBe('paid');
  });

  it('acknowledges events it has no use for', async () => {
    const order = await addOrder();
    expect(await deliver(sessionEvent(order, { type: 'payment_intent.succeeded' }))).toEqual({
      status: 200,
      body: { received: true },
    });
    expect(
      await deliver({
        id: 'evt_odd',
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: { nothing: true } },
      }),
    ).toEqual({ status: 200, body: { received: true } });
    expect((await orderRow(order.id)).status).toBe('pending');
  });

  it('cancels the order of an expired session and gives its units back to stock, once', async () => {
    const product = await addProduct(3);
    const order = await addOrder({
      items: [
        [product, 1250, 2],
        [null, 500, 1],
      ],
    });
    const before = mailFiles(t.dataDir);
    const event = sessionEvent(order, { type: 'checkout.session.expired', payment_status: 'unpaid' });
    expect((await deliver(event)).status).toBe(200);
    expect((await deliver(event)).status).toBe(200);
    expect((await orderRow(order.id)).status).toBe('cancelled');
    expect(await stockOf(product)).toBe(5);
    const history = await historyOf(order.id);
    expect(history.map((h) => h.to_status)).toEqual(['pending', 'cancelled']);
    expect(history[1]).toMatchObject({ actor_id: null, actor_name: 'Stripe' });
    expect(history[1]?.note).toContain('expired');
    const mail = await waitForMail(t.dataDir, { to: order.customer_email, after: before });
    expect(mail.subject).toMatch(/is now cancelled/);
    expect(mail.text).toContain('The payment was not completed');
  });

  it("leaves the order alone when the expired session is not the order's current one", async () => {
    const product = await addProduct(3);
    const order = await addOrder({ items: [[product, 1250, 1]] });
    expect(
      (await deliver(sessionEvent(order, { type: 'checkout.session.expired', session: 'cs_test_older_attempt' })))
        .status,
    ).toBe(200);
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await stockOf(product)).toBe(3);
  });

  it('does not cancel a paid order when its session later reports expired', async () => {
    const product = await addProduct(1);
    const order = await addOrder({ items: [[product, 1250, 1]] });
    await deliver(sessionEvent(order));
    expect((await deliver(sessionEvent(order, { type: 'checkout.session.expired' }))).status).toBe(200);
    expect((await orderRow(order.id)).status).toBe('paid');
    expect(await stockOf(product)).toBe(1);
  });
});

describe('the Stripe provider', () => {
  /** What checkout hands the provider for an order, read back from the order's rows. */
  async function requestFor(order: Order): Promise<PaymentRequest> {
    const items = await t.db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', order.id)
      .orderBy('name')
      .execute();
    return {
      orderId: order.id,
      reference: `#${order.id.slice(0, 8).toUpperCase()}`,
      currency: order.currency,
      lines: items.map((i) => ({ name: i.name, unitPriceCents: i.unit_price_cents, quantity: i.quantity })),
      totals: {
        subtotalCents: order.subtotal_cents,
        taxCents: order.tax_cents,
        shippingCents: order.shipping_cents,
        totalCents: order.total_cents,
      },
      email: order.customer_email,
      successUrl: `http://localhost:4321/orders/view?id=${order.id}&placed=1`,
      cancelUrl: `http://localhost:4321/orders/view?id=${order.id}`,
    };
  }

  it('creates a Checkout Session charging exactly the order: its lines, shipping and added tax, in its currency', async () => {
    standIn.mode = 'ok';
    const order = await addOrder({
      currency: 'EUR',
      items: [
        [null, 1999, 2],
        [null, 350, 3],
      ],
      shippingCents: 495,
      taxCents: 1009,
    });
    const sent = standIn.requests.length;
    const start = await stripe().start(await requestFor(order), 'unused');
    const request = standIn.requests[sent];
    expect(standIn.requests).toHaveLength(sent + 1);
    assert(request);
    expect(request.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    const session = standIn.sessions.get(start.ref);
    assert(session, 'the stand-in holds the session');
    expect(start).toEqual({ method: 'stripe', redirectUrl: session['url'], ref: start.ref });
    expect(start.ref).toMatch(/^cs_test_/);
    const { form } = request;
    expect(form.get('mode')).toBe('payment');
    expect(form.get('client_reference_id')).toBe(order.id);
    expect(form.get('metadata[order_id]')).toBe(order.id);
    expect(form.get('customer_email')).toBe(order.customer_email);
    expect(form.get('success_url')).toBe(`http://localhost:4321/orders/view?id=${order.id}&placed=1`);
    expect(form.get('cancel_url')).toBe(`http://localhost:4321/orders/view?id=${order.id}`);
    const lines = formLines(form);
    expect(lines).toEqual([
      { currency: 'eur', unitAmount: 1999, name: 'Item 1', quantity: 2 },
      { currency: 'eur', unitAmount: 350, name: 'Item 2', quantity: 3 },
      { currency: 'eur', unitAmount: 495, name: 'Shipping', quantity: 1 },
      { currency: 'eur', unitAmount: 1009, name: 'Tax', quantity: 1 },
    ]);
    expect(lines.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0)).toBe(order.total_cents);
  });

  it('answers the same session when asked again for the same order (one order, one payment page)', async () => {
    const order = await addOrder();
    const other = await addOrder();
    const sent = standIn.requests.length;
    const first = await stripe().start(await requestFor(order), '');
    const again = await stripe().start(await requestFor(order), '');
    const another = await stripe().start(await requestFor(other), '');
    expect(again).toEqual(first);
    expect(another.ref).not.toBe(first.ref);
    const keys = standIn.requests.slice(sent).map((r) => r.headers['idempotency-key']);
    expect(keys).toEqual([
      `checkout-session-${order.id}`,
      `checkout-session-${order.id}`,
      `checkout-session-${other.id}`,
    ]);
  });

  it('sends no tax line when the prices include the tax', async () => {
    const order = await addOrder({ items: [[null, 1200, 1]] });
    const request = await requestFor(order);
    const sent = standIn.requests.length;
    // 20 % included: 200 of the 1200 is tax, the total stays 1200.
    await stripe().start({ ...request, totals: { ...request.totals, taxCents: 200 } }, '');
    const sentRequest = standIn.requests[sent];
    assert(sentRequest, 'the stand-in was asked for a session');
    expect(formLines(sentRequest.form)).toEqual([{ currency: 'usd', unitAmount: 1200, name: 'Item 1', quantity: 1 }]);
  });

  it('answers 502 when Stripe fails, and logs neither the key nor a stack', async () => {
    const order = await addOrder();
    standIn.mode = 'fail';
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const sent = standIn.requests.length;
      await expect(stripe().start(await requestFor(order), '')).rejects.toMatchObject({
        status: 502,
        message: PROVIDER_UNREACHABLE,
      });
      expect(standIn.requests.length).toBeGreaterThan(sent);
      const logged = error.mock.calls.flat().map(String).join('\n');
      expect(logged).toContain('StripeAPIError');
      expect(logged).toContain('An unknown error occurred');
      expect(logged).not.toContain(SECRET_KEY);
      expect(logged).not.toMatch(/\n\s+at /);
    } finally {
      standIn.mode = 'ok';
      error.mockRestore();
    }
  }, 20_000);

  it('answers 502 when Stripe cannot be reached at all', async () => {
    const order = await addOrder();
    const down = await startStripeStandIn();
    await down.close();
    const { createStripeProvider } = await import('../../src/server/modules/payments/stripe-provider.ts');
    const unreachable = createStripeProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: down.url,
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(unreachable.start(await requestFor(order), '')).rejects.toMatchObject({
        status: 502,
        message: PROVIDER_UNREACHABLE,
      });
      expect(error.mock.calls.flat().map(String).join('\n')).not.toContain(SECRET_KEY);
    } finally {
      error.mockRestore();
    }
  }, 20_000);

  it("gives manual payment the admin's instructions, with no provider to call", async () => {
    const order = await addOrder();
    expect(await t.deps.payments.manual.start(await requestFor(order), 'Pay by bank transfer.')).toEqual({
      method: 'manual',
      instructions: 'Pay by bank transfer.',
      ref: '',
    });
  });
});
