/**
 * Checkout with the real app and database: orders priced from the product rows whatever the browser
 * sends, stock taken in the same transaction (parallel orders for the last items never oversell), one order per
 * Idempotency-Key even when the same key races itself, guests verified by an emailed code, quotes, and bad input
 * answered 400 (never 500).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import type { PlacedOrder, Quote } from '../../src/shared/orders-customer.ts';
import type { PaymentRequest, StripeProvider } from '../../src/server/modules/payments/payment-provider.ts';
import { type Answer, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { withCookies } from '../helpers/cookie-fetch.ts';
import { codeFrom, mailFiles, parseMail, waitForMail } from '../helpers/outbox.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let customer: string;

type Body = Record<string, unknown> &
  Partial<PlacedOrder> &
  Partial<Quote> & { message?: string; field?: string; checkoutToken?: string };

/** One browser: its checkout_browser cookie goes back with each call, as the checkout form's requests carry it. */
const request = jsonClient(withCookies((path, init) => t.request(path, init)));
/** JSON calls through `app.request`; a string body goes as it is (malformed JSON included). */
const call = (method: string, path: string, options?: CallOptions) => request<Body>(method, path, options);

/** The order an answer carries; the test fails when it carries none. */
function orderOf(answer: Answer<Body>): PlacedOrder['order'] {
  assert(answer.body.order, `an order in ${JSON.stringify(answer.body)}`);
  return answer.body.order;
}

const SHIPPING = { name: 'Pat Buyer', line1: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'US' };

interface OrderOptions {
  key?: string;
  /** The customer's session unless given; null for a guest. */
  token?: string | null;
  body?: Record<string, unknown>;
}

/** POST /api/orders with a fresh key unless one is given; lines as [productId, quantity]. */
function order(lines: [string, number][], { key = randomUUID(), token = customer, body = {} }: OrderOptions = {}) {
  return call('POST', '/api/orders', {
    token: token ?? undefined,
    headers: { 'idempotency-key': key },
    body: {
      lines: lines.map(([productId, quantity]) => ({ productId, quantity })),
      shipping: SHIPPING,
      paymentMethod: 'manual',
      ...body,
    },
  });
}

/** A product of the test's own, straight in the database. */
async function addProduct(name: string, priceCents: number, stock: number, published = true): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await t.db
    .insertInto('products')
    .values({
      id,
      name,
      slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${id.slice(0, 8)}`,
      price_cents: priceCents,
      stock,
      published,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

const stockOf = async (id: string) =>
  (await t.db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
const ordersWithKey = (key: string) =>
  t.db.selectFrom('orders').selectAll().where('idempotency_key', '=', key).execute();
const orderCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function setStore(values: {
  tax_rate_bp?: number;
  tax_inclusive?: boolean;
  shipping_cents?: number;
  currency?: string;
  manual_payment_enabled?: boolean;
}) {
  await t.db.updateTable('store_settings').set(values).where('id', '=', 1).execute();
}

/** A guest's checkout token: code asked for, read from the outbox, verified. */
async function guestToken(email: string): Promise<string> {
  const before = mailFiles(t.dataDir);
  expect((await call('POST', '/api/checkout/code', { body: { email } })).status).toBe(202);
  const code = codeFrom(await waitForMail(t.dataDir, { to: email, after: before }));
  const verified = await call('POST', '/api/checkout/verify', { body: { email, code } });
  expect(verified.status).toBe(200);
  assert(verified.body.checkoutToken, 'a checkout token is answered');
  return verified.body.checkoutToken;
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'off', SITE_URL: 'https://shop.example' } });
  customer = await t.customerToken('carol');
});

afterAll(async () => {
  await t.close();
});

describe('POST /api/orders prices', () => {
  it('from the product rows and the store settings, ignoring any price or total the browser sends', async () => {
    await setStore({ tax_rate_bp: 2000, tax_inclusive: false, shipping_cents: 500, currency: 'EUR' });
    const lamp = await addProduct('Desk Lamp', 1999, 10);
    const mug = await addProduct('Mug', 550, 10);
    const answer = await call('POST', '/api/orders', {
      token: customer,
      headers: { 'idempotency-key': randomUUID() },
      body: {
        lines: [
          { productId: lamp, quantity: 2, unitPriceCents: 1, price: 0.01 },
          { productId: mug, quantity: 1, unitPriceCents: 1 },
        ],
        shipping: SHIPPING,
        paymentMethod: 'manual',
        total: 0.01,
        totalCents: 1,
        subtotal_cents: 1,
      },
    });
    expect(answer.status).toBe(201);
    const placed = answer.body as PlacedOrder;
    // 2 × 19.99 + 5.50 = 45.48; 20 % tax added = 9.096 → 9.10; shipping 5.00.
    expect(placed.order).toMatchObject({
      status: 'pending',
      currency: 'EUR',
      subtotal_cents: 4548,
      tax_cents: 910,
      shipping_cents: 500,
      total_cents: 5958,
      total: 59.58,
      taxRateBp: 2000,
      taxInclusive: false,
      itemCount: 3,
      paymentMethod: 'manual',
    });
    expect(placed.order.items.map((i) => [i.name, i.unit_price_cents, i.quantity, i.line_total_cents])).toEqual([
      ['Desk Lamp', 1999, 2, 3998],
      ['Mug', 550, 1, 550],
    ]);
    expect(placed.order.shipping).toEqual({ ...SHIPPING, line2: '', region: '' });
    expect(placed.accessToken).toBeUndefined();
    expect(placed.payment).toEqual({
      method: 'manual',
      instructions: expect.stringContaining('bank transfer') as unknown,
    });
    expect(placed.order.paymentInstructions).toBe(
      placed.payment.method === 'manual' ? placed.payment.instructions : null,
    );
    const row = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', placed.order._id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      total_cents: 5958,
      subtotal_cents: 4548,
      tax_cents: 910,
      shipping_cents: 500,
      currency: 'EUR',
      customer_email: 'carol@example.com',
      ship_city: 'Springfield',
    });
    const history = await t.db
      .selectFrom('order_status_history')
      .selectAll()
      .where('order_id', '=', placed.order._id)
      .execute();
    expect(history).toMatchObject([{ from_status: null, to_status: 'pending' }]);
    await setStore({ tax_rate_bp: 0, shipping_cents: 0, currency: 'USD' });
  });

  it('with an included tax taken out of the prices, the total unchanged', async () => {
    await setStore({ tax_rate_bp: 2000, tax_inclusive: true, shipping_cents: 0 });
    const vase = await addProduct('Vase', 1200, 5);
    const answer = await order([[vase, 1]]);
    expect(answer.body.order).toMatchObject({
      subtotal_cents: 1200,
      tax_cents: 200,
      shipping_cents: 0,
      total_cents: 1200,
      taxInclusive: true,
    });
    await setStore({ tax_rate_bp: 0, tax_inclusive: false });
  });

  it('mails the customer a confirmation with the order lines and a link to the order', async () => {
    const clock = await addProduct('Wall Clock', 4500, 3);
    const before = mailFiles(t.dataDir);
    const answer = await order([[clock, 2]]);
    expect(answer.status).toBe(201);
    const mail = await waitForMail(t.dataDir, {
      to: 'carol@example.com',
      after: before,
      subject: orderOf(answer).reference,
    });
    expect(mail.text).toContain('2 × Wall Clock at $45.00: $90.00');
    expect(mail.text).toContain('Total: $90.00.');
    expect(mail.text).toContain(`https://shop.example/orders/view?id=${orderOf(answer)._id}`);
    expect(mail.text).toContain('How to pay:');
  });
});

describe('stock', () => {
  it('is taken in the same transaction as the order', async () => {
    const id = await addProduct('Candle', 800, 5);
    expect((await order([[id, 2]])).status).toBe(201);
    expect(await stockOf(id)).toBe(3);
  });

  it('refuses an order for more than is left with 409 naming the product, changing nothing', async () => {
    const scarce = await addProduct('Lantern', 2500, 3);
    const plenty = await addProduct('Rope', 300, 10);
    const orders = await orderCount();
    const answer = await order([
      [plenty, 2],
      [scarce, 4],
    ]);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Only 3 of Lantern left');
    expect([await stockOf(scarce), await stockOf(plenty), await orderCount()]).toEqual([3, 10, orders]);
  });

  it('refuses a product that is sold out, unpublished or unknown', async () => {
    const gone = await addProduct('Sold Out Thing', 100, 0);
    const draft = await addProduct('Secret Draft', 100, 5, false);
    expect((await order([[gone, 1]])).body).toMatchObject({ message: 'Sold Out Thing is sold out', field: 'lines' });
    const hidden = await order([[draft, 1]]);
    expect(hidden.status).toBe(409);
    expect(hidden.body.message).toBe('A product in your cart is no longer available');
    expect(hidden.body.message).not.toContain('Secret');
    expect((await order([[randomUUID(), 1]])).status).toBe(409);
    expect(await stockOf(draft)).toBe(5);
  });

  it('never oversells: of 10 parallel orders for the last 3 items exactly 3 succeed and the stock ends at 0', async () => {
    const id = await addProduct('Last Edition', 9900, 3);
    const before = await orderCount();
    const answers = await Promise.all(Array.from({ length: 10 }, () => order([[id, 1]])));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await stockOf(id)).toBe(0);
    expect(await orderCount()).toBe(before + 3);
    const sold = await t.db
      .selectFrom('order_items')
      .select((eb) => eb.fn.sum<number | string>('quantity').as('n'))
      .where('product_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(sold.n)).toBe(3);
  });

  it('never goes negative when parallel orders ask for more than one each', async () => {
    const id = await addProduct('Pair Pack', 1000, 5);
    const answers = await Promise.all(Array.from({ length: 6 }, () => order([[id, 2]])));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    expect(await stockOf(id)).toBe(1);
  });
});

describe('Idempotency-Key', () => {
  it('is required (400 naming it)', async () => {
    const id = await addProduct('Key Ring', 500, 5);
    const answer = await call('POST', '/api/orders', {
      token: customer,
      body: { lines: [{ productId: id, quantity: 1 }], shipping: SHIPPING, paymentMethod: 'manual' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe('Idempotency-Key');
    expect((await order([[id, 1]], { key: 'short' })).status).toBe(400);
    expect(await stockOf(id)).toBe(5);
  });

  it('sent twice places one order: the second answers the same order with 200', async () => {
    const id = await addProduct('Teapot', 3000, 5);
    const key = randomUUID();
    const first = await order([[id, 1]], { key });
    const second = await order([[id, 1]], { key });
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(orderOf(second)._id).toBe(orderOf(first)._id);
    expect(await ordersWithKey(key)).toHaveLength(1);
    expect(await stockOf(id)).toBe(4);
  });

  it('sent by parallel requests still places one order and takes the stock once', async () => {
    const id = await addProduct('Kettle', 4000, 5);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => order([[id, 1]], { key })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => orderOf(a)._id)).size).toBe(1);
    expect(await ordersWithKey(key)).toHaveLength(1);
    expect(await stockOf(id)).toBe(4);
  });

  it("of another customer's order is refused without showing that order", async () => {
    const id = await addProduct('Bowl', 1500, 5);
    const key = randomUUID();
    expect((await order([[id, 1]], { key })).status).toBe(201);
    const other = await t.customerToken('dave');
    const answer = await order([[id, 1]], { key, token: other });
    expect(answer.status).toBe(409);
    expect(answer.body.order).toBeUndefined();
  });
});

describe('guests', () => {
  it('verify their email with the mailed code, then order and get an access token to their order', async () => {
    const id = await addProduct('Guest Gift', 2000, 4);
    const email = 'guest.one@example.com';
    const checkoutToken = await guestToken(email);
    const before = mailFiles(t.dataDir);
    const answer = await order([[id, 1]], { token: null, body: { email: 'Guest.One@Example.com', checkoutToken } });
    expect(answer.status).toBe(201);
    const placed = answer.body as PlacedOrder;
    expect(placed.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', placed.order._id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: null, customer_email: email, customer_name: SHIPPING.name });
    expect(row.access_token_hash).toMatch(/^[0-9a-f]{64}$/);
    assert.exists(placed.accessToken);
    expect(row.access_token_hash).not.toContain(placed.accessToken);
    const mail = await waitForMail(t.dataDir, { to: email, after: before });
    expect(mail.text).toContain(`token=${placed.accessToken}`);
    const viewed = await call('GET', `/api/orders/${placed.order._id}?token=${placed.accessToken}`);
    expect(viewed.status).toBe(200);
    expect(viewed.body._id).toBe(placed.order._id);
  });

  it('get the same access token when the same key is sent again', async () => {
    const id = await addProduct('Guest Mug', 900, 4);
    const email = 'guest.two@example.com';
    const checkoutToken = await guestToken(email);
    const key = randomUUID();
    const first = await order([[id, 1]], { key, token: null, body: { email, checkoutToken } });
    const again = await order([[id, 1]], { key, token: null, body: { email, checkoutToken } });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.accessToken).toBe(first.body.accessToken);
  });

  it('cannot order without a valid checkout token for that very email (401)', async () => {
    const id = await addProduct('Guest Plate', 900, 4);
    const token = await guestToken('guest.three@example.com');
    const guest = (body: Record<string, unknown>) => order([[id, 1]], { token: null, body });
    for (const body of [
      {},
      { email: 'guest.three@example.com' },
      { email: 'someone.else@example.com', checkoutToken: token },
      { email: 'guest.three@example.com', checkoutToken: 'A'.repeat(43) },
    ]) {
      const answer = await guest(body);
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe('Verify your email first');
    }
    expect(await stockOf(id)).toBe(4);
  });

  it('are told a wrong code is not right, and after 5 wrong codes the code is void (429)', async () => {
    const email = 'guest.four@example.com';
    const before = mailFiles(t.dataDir);
    await call('POST', '/api/checkout/code', { body: { email } });
    const code = codeFrom(await waitForMail(t.dataDir, { to: email, after: before }));
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await call('POST', '/api/checkout/verify', { body: { email, code: wrong } });
    expect(first).toMatchObject({ status: 400, body: { message: 'That code is not right', field: 'code' } });
    for (let k = 2; k <= 4; k++)
      expect((await call('POST', '/api/checkout/verify', { body: { email, code: wrong } })).status).toBe(400);
    expect((await call('POST', '/api/checkout/verify', { body: { email, code: wrong } })).status).toBe(429);
    // The right code no longer works either.
    expect((await call('POST', '/api/checkout/verify', { body: { email, code } })).status).toBe(429);
    const stored = await t.db.selectFrom('checkout_verifications').selectAll().where('email', '=', email).execute();
    expect(stored.every((r) => r.code_hash !== code && !r.code_hash.includes(code))).toBe(true);
  });

  it('use a code once', async () => {
    const email = 'guest.five@example.com';
    const before = mailFiles(t.dataDir);
    await call('POST', '/api/checkout/code', { body: { email } });
    const code = codeFrom(await waitForMail(t.dataDir, { to: email, after: before }));
    expect((await call('POST', '/api/checkout/verify', { body: { email, code } })).status).toBe(200);
    expect((await call('POST', '/api/checkout/verify', { body: { email, code } })).status).toBe(400);
  });

  it('get the same 202 answer for any address, and at most 3 codes per address in 15 minutes', async () => {
    const email = 'guest.six@example.com';
    const answers = [];
    for (let k = 0; k < 4; k++) answers.push(await call('POST', '/api/checkout/code', { body: { email } }));
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([202, 202, 202]);
    const [first, , , fourth] = answers;
    assert(first && fourth);
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(first.body.message).toBe(
      (await call('POST', '/api/checkout/code', { body: { email: 'carol@example.com' } })).body.message,
    );
  });
});

describe("a guest's code belongs to the browser that asked for it", () => {
  /** Another browser with its own cookie jar. */
  const browser = () => {
    const send = jsonClient(withCookies((path, init) => t.request(path, init)));
    return (method: string, path: string, options?: CallOptions) => send<Body>(method, path, options);
  };
  const askCode = async (send: typeof call, email: string) => {
    const before = mailFiles(t.dataDir);
    expect((await send('POST', '/api/checkout/code', { body: { email } })).status).toBe(202);
    return codeFrom(await waitForMail(t.dataDir, { to: email, after: before }));
  };

  it("lets a stranger's code requests and wrong guesses neither void nor spend it", async () => {
    const email = 'guest.seven@example.com';
    const guest = browser();
    const code = await askCode(guest, email);
    const stranger = browser();
    for (let k = 0; k < 3; k++)
      expect((await stranger('POST', '/api/checkout/code', { body: { email } })).status).toBe(202);
    const wrong = code === '000000' ? '111111' : '000000';
    const guesses = [];
    for (let k = 0; k < 11; k++)
      guesses.push((await stranger('POST', '/api/checkout/verify', { body: { email, code: wrong } })).status);
    expect(guesses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(guesses.slice(4)).toEqual(Array<number>(7).fill(429));
    // Even the right code is refused from a browser that did not ask for it, and still works in the guest's.
    expect((await stranger('POST', '/api/checkout/verify', { body: { email, code } })).status).toBe(429);
    const other = browser();
    await askCode(other, email);
    expect(await other('POST', '/api/checkout/verify', { body: { email, code } })).toMatchObject({
      status: 400,
      body: { message: 'That code is not right', field: 'code' },
    });
    expect((await guest('POST', '/api/checkout/verify', { body: { email, code } })).status).toBe(200);
  });

  it('refuses a code sent without the cookie in a sentence that says what to do', async () => {
    const email = 'guest.eight@example.com';
    const code = await askCode(browser(), email);
    const bare = jsonClient((path, init) => t.request(path, init));
    expect(await bare<Body>('POST', '/api/checkout/verify', { body: { email, code } })).toMatchObject({
      status: 400,
      body: {
        message: 'A code works only in the browser that asked for it: ask for a code here, then enter the newest one',
        field: 'code',
      },
    });
  });

  it('caps the code mails to one address at 8 an hour, except to a browser that verified it before', async () => {
    const email = 'guest.nine@example.com';
    const known = browser();
    await askCode(known, email).then((code) =>
      known('POST', '/api/checkout/verify', { body: { email, code } }).then((a) => expect(a.status).toBe(200)),
    );
    const statuses = [];
    for (let k = 0; k < 8; k++)
      statuses.push((await browser()('POST', '/api/checkout/code', { body: { email } })).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 202, 429]);
    const refused = await browser()('POST', '/api/checkout/code', { body: { email } });
    expect(refused).toMatchObject({
      status: 429,
      body: {
        message:
          'Too many codes were sent to this address. Use the newest code this browser asked for, or try again later',
      },
    });
    // The browser that verified this address before still gets a code, and it works (once the others' mails are out).
    const mailsTo = () => mailFiles(t.dataDir).filter((file) => parseMail(t.dataDir, file).to.includes(email)).length;
    await expect.poll(mailsTo, { timeout: 10_000 }).toBe(8);
    const code = await askCode(known, email);
    expect((await known('POST', '/api/checkout/verify', { body: { email, code } })).status).toBe(200);
  });
});

describe('POST /api/checkout/quote', () => {
  it('prices the cart from the rows, caps quantities by stock and names what changed', async () => {
    await setStore({ tax_rate_bp: 1000, shipping_cents: 400 });
    const lamp = await addProduct('Quote Lamp', 2000, 3);
    const out = await addProduct('Quote Gone', 500, 0);
    const draft = await addProduct('Quote Draft', 500, 5, false);
    const unknown = randomUUID();
    const answer = await call('POST', '/api/checkout/quote', {
      body: {
        lines: [
          { productId: lamp, quantity: 5 },
          { productId: out, quantity: 1 },
          { productId: draft, quantity: 1 },
          { productId: unknown, quantity: 2 },
        ],
      },
    });
    expect(answer.status).toBe(200);
    const quote = answer.body as Quote;
    expect(quote).toMatchObject({
      currency: 'USD',
      taxRateBp: 1000,
      taxInclusive: false,
      subtotalCents: 6000,
      taxCents: 600,
      shippingCents: 400,
      totalCents: 7000,
    });
    expect(quote.lines[0]).toMatchObject({
      productId: lamp,
      name: 'Quote Lamp',
      unitPriceCents: 2000,
      quantity: 3,
      lineTotalCents: 6000,
      stock: 3,
      available: true,
    });
    expect(quote.lines[1]).toMatchObject({ productId: out, quantity: 0, available: false });
    expect(quote.lines[2]).toEqual({
      productId: draft,
      slug: '',
      name: '',
      image: '',
      unitPriceCents: 0,
      quantity: 0,
      lineTotalCents: 0,
      stock: 0,
      available: false,
    });
    expect(quote.lines[3]).toMatchObject({ productId: unknown, quantity: 0, available: false });
    expect(quote.problems).toEqual([
      'Only 3 of Quote Lamp left',
      'Quote Gone is sold out',
      'A product in your cart is no longer available',
      'A product in your cart is no longer available',
    ]);
    await setStore({ tax_rate_bp: 0, shipping_cents: 0 });
  });

  it('answers an empty cart with zero totals', async () => {
    const answer = await call('POST', '/api/checkout/quote', { body: { lines: [] } });
    expect(answer.body).toMatchObject({
      lines: [],
      subtotalCents: 0,
      taxCents: 0,
      shippingCents: 0,
      totalCents: 0,
      problems: [],
    });
  });
});

describe('payment', () => {
  it('refuses a method the store does not take', async () => {
    const id = await addProduct('Pay Thing', 500, 5);
    expect((await order([[id, 1]], { body: { paymentMethod: 'stripe' } })).body).toMatchObject({
      field: 'paymentMethod',
    });
    await setStore({ manual_payment_enabled: false });
    expect((await order([[id, 1]])).status).toBe(400);
    await setStore({ manual_payment_enabled: true });
    expect(await stockOf(id)).toBe(5);
  });

  it('starts a Stripe payment after the order is placed and keeps its reference; the same key gets the same page', async () => {
    const requests: PaymentRequest[] = [];
    const stripe: StripeProvider = {
      method: 'stripe',
      start: (request) => {
        requests.push(request);
        return Promise.resolve({
          method: 'stripe',
          redirectUrl: `https://checkout.stripe.test/c/${request.orderId}`,
          ref: `cs_test_${request.orderId.slice(0, 8)}`,
        });
      },
      verifyEvent: () => {
        throw new Error('not used');
      },
    };
    const saved = t.deps.payments;
    t.deps.payments = { ...saved, stripe };
    try {
      await setStore({ shipping_cents: 700 });
      const id = await addProduct('Card Thing', 2500, 5);
      const key = randomUUID();
      const answer = await order([[id, 2]], { key, body: { paymentMethod: 'stripe' } });
      expect(answer.status).toBe(201);
      const placed = answer.body as PlacedOrder;
      expect(placed.payment).toEqual({
        method: 'stripe',
        redirectUrl: `https://checkout.stripe.test/c/${placed.order._id}`,
      });
      expect(placed.order.paymentInstructions).toBeNull();
      expect(requests[0]).toMatchObject({
        orderId: placed.order._id,
        currency: 'USD',
        email: 'carol@example.com',
        lines: [{ name: 'Card Thing', unitPriceCents: 2500, quantity: 2 }],
        totals: { subtotalCents: 5000, taxCents: 0, shippingCents: 700, totalCents: 5700 },
        successUrl: `https://shop.example/orders/view?id=${placed.order._id}&placed=1`,
      });
      const row = await t.db
        .selectFrom('orders')
        .select(['payment_method', 'payment_ref'])
        .where('id', '=', placed.order._id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ payment_method: 'stripe', payment_ref: `cs_test_${placed.order._id.slice(0, 8)}` });
      const again = await order([[id, 2]], { key, body: { paymentMethod: 'stripe' } });
      expect(again.status).toBe(200);
      expect(again.body.payment).toEqual(placed.payment);
      expect(requests[1]).toEqual(requests[0]);
    } finally {
      t.deps.payments = saved;
      await setStore({ shipping_cents: 0 });
    }
  });
});

describe('bad input', () => {
  it('is a 400 naming the field, never a 500', async () => {
    const id = await addProduct('Edge Case', 500, 5);
    const post = (body: object | string) =>
      call('POST', '/api/orders', { token: customer, headers: { 'idempotency-key': randomUUID() }, body });
    const base = { lines: [{ productId: id, quantity: 1 }], shipping: SHIPPING, paymentMethod: 'manual' };
    expect((await post('not json')).status).toBe(400);
    const cases: [object, string][] = [
      [[], 'body'],
      [{ ...base, lines: [] }, 'lines'],
      [{ ...base, lines: 'x' }, 'lines'],
      [{ ...base, lines: [{ productId: id, quantity: 0 }] }, 'lines'],
      [{ ...base, lines: [{ productId: id, quantity: 1.5 }] }, 'lines'],
      [{ ...base, lines: [{ productId: id, quantity: 100 }] }, 'lines'],
      [
        {
          ...base,
          lines: [
            { productId: id, quantity: 60 },
            { productId: id, quantity: 60 },
          ],
        },
        'lines',
      ],
      [{ ...base, lines: Array.from({ length: 51 }, () => ({ productId: randomUUID(), quantity: 1 })) }, 'lines'],
      [{ ...base, lines: [{ productId: 'x'.repeat(101), quantity: 1 }] }, 'lines'],
      [{ ...base, shipping: undefined }, 'shipping'],
      [{ ...base, shipping: { ...SHIPPING, city: '' } }, 'shipping.city'],
      [{ ...base, shipping: { ...SHIPPING, name: 'a\nb' } }, 'shipping.name'],
      [{ ...base, shipping: { ...SHIPPING, line1: 'x'.repeat(201) } }, 'shipping.line1'],
      [{ ...base, paymentMethod: 'bitcoin' }, 'paymentMethod'],
      [{ ...base, email: 'not an email' }, 'email'],
    ];
    for (const [body, field] of cases) {
      const answer = await post(body);
      expect([answer.status, answer.body.field], JSON.stringify(body).slice(0, 80)).toEqual([400, field]);
    }
    for (const body of ['nope', { email: 'x' }, { email: 'a@b.co', code: '12' }]) {
      expect((await call('POST', '/api/checkout/verify', { body })).status).toBe(400);
    }
    expect((await call('POST', '/api/checkout/code', { body: { email: 'a@b.co\r\nBcc: x@y.z' } })).status).toBe(400);
    expect(
      (await call('POST', '/api/checkout/quote', { body: { lines: [{ productId: 5, quantity: 1 }] } })).status,
    ).toBe(400);
    expect(await stockOf(id)).toBe(5);
  });
});

describe('anti-automation', () => {
  it('caps the orders one client address places in 15 minutes (429 with Retry-After), stock untouched by the refused one', async () => {
    const limited = await createTestApp({ env: { RATE_LIMITS: 'on' } });
    try {
      const token = await limited.customerToken('eve');
      const id = randomUUID();
      const now = new Date().toISOString();
      await limited.db
        .insertInto('products')
        .values({
          id,
          name: 'Limited',
          slug: 'limited',
          price_cents: 100,
          stock: 100,
          published: true,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const post = () =>
        limited.request('/api/orders', {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify({
            lines: [{ productId: id, quantity: 1 }],
            shipping: SHIPPING,
            paymentMethod: 'manual',
          }),
        });
      for (let k = 0; k < 20; k++) expect((await post()).status).toBe(201);
      const refused = await post();
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(
        (await limited.db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock,
      ).toBe(80);
    } finally {
      await limited.close();
    }
  });
});
