/**
 * A customer's orders: GET /api/orders answers only the caller's own (whatever clientId or userId the
 * query names), newest first; GET /api/orders/:id opens for its owner or with its access token, and is the same 404
 * for everyone else.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerOrder, CustomerOrderList, PlacedOrder } from '../../src/shared/orders-customer.ts';
import { withCookies } from '../helpers/cookie-fetch.ts';
import { codeFrom, mailFiles, waitForMail } from '../helpers/outbox.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let carol: string;
let dave: string;
let productId: string;

/** One browser: the guest checkout's code works only with the cookie of the browser that asked for it. */
const browser = withCookies((path: string, init: RequestInit) => t.request(path, init));

async function call(
  method: string,
  path: string,
  { token, body, key }: { token?: string | undefined; body?: unknown; key?: string } = {},
) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (key) headers['idempotency-key'] = key;
  const res = await browser(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

const SHIPPING = {
  name: 'Carol Customer',
  line1: '2 Side Road',
  line2: 'Flat 3',
  city: 'Leeds',
  region: 'West Yorkshire',
  postalCode: 'LS1 1AA',
  country: 'United Kingdom',
};

async function place(
  token: string | undefined,
  quantity = 1,
  extra: Record<string, unknown> = {},
): Promise<PlacedOrder> {
  const answer = await call('POST', '/api/orders', {
    token,
    key: randomUUID(),
    body: { lines: [{ productId, quantity }], shipping: SHIPPING, paymentMethod: 'manual', ...extra },
  });
  expect(answer.status).toBe(201);
  return answer.body as unknown as PlacedOrder;
}

beforeAll(async () => {
  t = await createTestApp({ seed: 'demo', env: { RATE_LIMITS: 'off' } });
  carol = await t.customerToken('carol');
  dave = await t.customerToken('dave');
  productId = randomUUID();
  const now = new Date().toISOString();
  await t.db
    .insertInto('products')
    .values({
      id: productId,
      name: 'Order Test Lamp',
      slug: 'order-test-lamp',
      price_cents: 1250,
      stock: 100,
      published: true,
      created_at: now,
      updated_at: now,
    })
    .execute();
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/orders', () => {
  it('needs a session', async () => {
    expect((await call('GET', '/api/orders')).status).toBe(401);
  });

  it("answers only the caller's own orders, newest first, whatever the query names", async () => {
    const first = await place(carol, 1);
    const second = await place(carol, 2);
    const daves = await place(dave, 1);
    const daveId = (
      await t.db.selectFrom('users').select('id').where('username', '=', 'dave').executeTakeFirstOrThrow()
    ).id;
    for (const query of ['', `?clientId=${daveId}`, `?userId=${daveId}`]) {
      const answer = await call('GET', `/api/orders${query}`, { token: carol });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const list = answer.body as unknown as CustomerOrderList;
      expect(list.results.map((o) => o._id)).toEqual([second.order._id, first.order._id]);
    }
    const list = (await call('GET', '/api/orders', { token: carol })).body as unknown as CustomerOrderList;
    expect(list.results[0]).toEqual({
      _id: second.order._id,
      reference: `#${second.order._id.slice(0, 8).toUpperCase()}`,
      status: 'pending',
      createdAt: second.order.createdAt,
      total: 25,
      total_cents: 2500,
      currency: 'USD',
      itemCount: 2,
    });
    expect(
      ((await call('GET', '/api/orders', { token: dave })).body as unknown as CustomerOrderList).results.map(
        (o) => o._id,
      ),
    ).toEqual([daves.order._id]);
  });

  it('does not list the demo orders (they belong to no account) for an admin either', async () => {
    const admin = await t.login('admin', TEST_ADMIN_PASSWORD);
    expect(((await call('GET', '/api/orders', { token: admin })).body as unknown as CustomerOrderList).results).toEqual(
      [],
    );
  });
});

describe('GET /api/orders/:id', () => {
  it('opens for its owner with the lines, totals, address, payment and history', async () => {
    const placed = await place(carol, 3);
    const answer = await call('GET', `/api/orders/${placed.order._id}`, { token: carol });
    expect(answer.status).toBe(200);
    const order = answer.body as unknown as CustomerOrder;
    expect(order).toEqual(placed.order);
    expect(order).toMatchObject({
      status: 'pending',
      subtotal_cents: 3750,
      tax_cents: 0,
      shipping_cents: 0,
      total_cents: 3750,
      taxInclusive: false,
      taxRateBp: 0,
      shipping: SHIPPING,
      paymentMethod: 'manual',
      items: [
        {
          productId,
          slug: 'order-test-lamp',
          name: 'Order Test Lamp',
          quantity: 3,
          unit_price_cents: 1250,
          line_total_cents: 3750,
        },
      ],
    });
    expect(order.paymentInstructions).toMatch(/bank transfer/);
    expect(order.history).toEqual([{ status: 'pending', at: order.createdAt }]);
  });

  it('shows each status change, and no payment instructions once paid', async () => {
    const placed = await place(carol);
    const admin = await t.login('admin', TEST_ADMIN_PASSWORD);
    for (const status of ['paid', 'shipped']) {
      const res = await call('PATCH', `/api/admin/orders/${placed.order._id}/status`, {
        token: admin,
        body: { status },
      });
      expect(res.status).toBe(200);
    }
    const order = (await call('GET', `/api/orders/${placed.order._id}`, { token: carol }))
      .body as unknown as CustomerOrder;
    expect(order.status).toBe('shipped');
    expect(order.history.map((h) => h.status)).toEqual(['pending', 'paid', 'shipped']);
    expect(order.paymentInstructions).toBeNull();
  });

  it("is the same 404 for someone else's order, an unknown id, no session or a wrong token", async () => {
    const placed = await place(carol);
    for (const [path, token] of [
      [`/api/orders/${placed.order._id}`, dave],
      [`/api/orders/${placed.order._id}`, undefined],
      [`/api/orders/${placed.order._id}?token=${'A'.repeat(43)}`, undefined],
      [`/api/orders/${placed.order._id}?token=short`, undefined],
      [`/api/orders/${randomUUID()}`, carol],
      [`/api/orders/${'x'.repeat(300)}`, carol],
    ] as const) {
      const answer = await call('GET', path, { token });
      expect([answer.status, answer.body['message']]).toEqual([404, 'Order not found']);
    }
  });

  it("opens a guest's order with its access token, and not another order with it", async () => {
    const email = 'guest.reader@example.com';
    const before = mailFiles(t.dataDir);
    await call('POST', '/api/checkout/code', { body: { email } });
    const code = codeFrom(await waitForMail(t.dataDir, { to: email, after: before }));
    const { checkoutToken } = (await call('POST', '/api/checkout/verify', { body: { email, code } })).body as {
      checkoutToken: string;
    };
    const guest = await place(undefined, 1, { email, checkoutToken });
    const other = await place(carol);
    const opened = await call('GET', `/api/orders/${guest.order._id}?token=${guest.accessToken}`);
    expect(opened.status).toBe(200);
    expect((opened.body as unknown as CustomerOrder)._id).toBe(guest.order._id);
    // Its times are shown in the store's zone, named by the answer.
    expect((opened.body as unknown as CustomerOrder).timeZone).toBe('UTC');
    await t.db.updateTable('store_settings').set({ time_zone: 'Europe/Lisbon' }).execute();
    const again = await call('GET', `/api/orders/${guest.order._id}?token=${guest.accessToken}`);
    await t.db.updateTable('store_settings').set({ time_zone: 'UTC' }).execute();
    expect((again.body as unknown as CustomerOrder).timeZone).toBe('Europe/Lisbon');
    expect((await call('GET', `/api/orders/${other.order._id}?token=${guest.accessToken}`)).status).toBe(404);
    // A guest order belongs to no account: a session alone does not open it.
    expect((await call('GET', `/api/orders/${guest.order._id}`, { token: carol })).status).toBe(404);
  });
});

describe('the admin', () => {
  it('sees where an order goes, its tax, shipping and payment, and counts it in the revenue once paid', async () => {
    const admin = await t.login('admin', TEST_ADMIN_PASSWORD);
    await t.db
      .updateTable('store_settings')
      .set({ tax_rate_bp: 1000, shipping_cents: 300 })
      .where('id', '=', 1)
      .execute();
    const placed = await place(carol, 2);
    await t.db.updateTable('store_settings').set({ tax_rate_bp: 0, shipping_cents: 0 }).where('id', '=', 1).execute();
    const detail = await call('GET', `/api/admin/orders/${placed.order._id}`, { token: admin });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      total_cents: 3050,
      subtotal_cents: 2500,
      tax_cents: 250,
      taxRateBp: 1000,
      taxInclusive: false,
      shipping_cents: 300,
      currency: 'USD',
      shipping: SHIPPING,
      paymentMethod: 'manual',
      paymentRef: '',
      customer: { name: 'Carol Customer', email: 'carol@example.com' },
    });
    const revenue = async () =>
      ((await call('GET', '/api/dashboard/stats', { token: admin })).body as { totalRevenue: number }).totalRevenue;
    const before = await revenue();
    expect(
      (await call('PATCH', `/api/admin/orders/${placed.order._id}/status`, { token: admin, body: { status: 'paid' } }))
        .status,
    ).toBe(200);
    expect(Math.round((await revenue()) * 100)).toBe(Math.round(before * 100) + 3050);
  });
});
