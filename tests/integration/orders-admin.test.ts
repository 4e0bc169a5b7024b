/**
 * Orders with the real app and database: the demo orders listed, paged, filtered by status, UTC day
 * and search; an order's detail; status changes judged by the state machine, each with its history row, audit entry
 * and customer mail; two changes at once from the same status (one wins, one 409); access for admins only.
 */
import { randomUUID } from 'node:crypto';
import { assert, beforeAll, describe, expect, it, vi } from 'vitest';
import { canTransition, ORDER_STATUSES } from '../../src/shared/order-status.ts';
import type { AdminOrderChange, AdminOrderDetail, AdminOrderPage } from '../../src/shared/orders-admin.ts';
import { type Answer, type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { mailFiles, parseMail, waitForMail } from '../helpers/outbox.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { holdWrites, waitForWaitingWriters } from '../helpers/test-database.ts';
import { expectSentence } from '../helpers/sentence.ts';

let t: TestApp;
let admin: string;
let adminId: string;

type Body = ApiBody & Partial<AdminOrderPage> & Partial<AdminOrderChange> & Partial<AdminOrderDetail>;

const client = jsonClient((path, init) => t.request(path, init));
const call = (method: string, path: string, options?: CallOptions) => client<Body>(method, path, options);

const list = (query = '', token: string | undefined = admin) => call('GET', `/api/admin/orders${query}`, { token });
const detail = (id: string, token: string | undefined = admin) => call('GET', `/api/admin/orders/${id}`, { token });
const patch = (id: string, body: object | string, token: string | undefined = admin) =>
  call('PATCH', `/api/admin/orders/${id}/status`, { token, body });
const ids = (answer: Answer<Body>) => (answer.body.results ?? []).map((o) => o._id);
/** The first order a list answered; the test fails when there is none. */
const firstOf = (answer: Answer<Body>) => {
  const [first] = answer.body.results ?? [];
  assert(first, 'the list has an order');
  return first;
};

const audit = () =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', 'order.status').orderBy('at').execute();
const historyOf = (id: string) =>
  t.db.selectFrom('order_status_history').selectAll().where('order_id', '=', id).orderBy('at').execute();
const statusOf = async (id: string) =>
  (await t.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

/** An order of the test's own, at a fixed time, with one item of 12.50 × 2 and its creation in the history. */
async function addOrder(
  createdAt: string,
  status: string,
  customer: { name?: string; email?: string; userId?: string | null } = {},
) {
  const id = randomUUID();
  await t.db
    .insertInto('orders')
    .values({
      id,
      user_id: customer.userId ?? null,
      status,
      total_cents: 2500,
      customer_name: customer.name ?? '',
      customer_email: customer.email ?? '',
      created_at: createdAt,
    })
    .execute();
  await t.db
    .insertInto('order_items')
    .values({
      id: randomUUID(),
      order_id: id,
      product_id: null,
      name: 'Test Widget',
      unit_price_cents: 1250,
      quantity: 2,
    })
    .execute();
  await t.db
    .insertInto('order_status_history')
    .values({
      id: randomUUID(),
      order_id: id,
      from_status: null,
      to_status: 'pending',
      at: createdAt,
      actor_id: null,
      actor_name: 'Test',
      note: '',
    })
    .execute();
  return id;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
  return () => t.close();
});
beforeAll(async () => {
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  adminId = (await t.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
});

describe('the demo orders', () => {
  it('have items, totals that are the sum of the items, a customer and a history the state machine allows', async () => {
    const orders = await t.db.selectFrom('orders').selectAll().execute();
    expect(orders.length).toBeGreaterThanOrEqual(18);
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    const sixtyDaysAgo = new Date(Date.now() - 61 * 86_400_000).toISOString();
    for (const order of orders) {
      const items = await t.db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).execute();
      expect(items.length).toBeGreaterThanOrEqual(1);
      expect(items.length).toBeLessThanOrEqual(3);
      expect(items.every((i) => i.product_id !== null && i.unit_price_cents > 0)).toBe(true);
      expect(order.total_cents).toBe(items.reduce((sum, i) => sum + i.unit_price_cents * i.quantity, 0));
      expect(order.customer_email).toMatch(/@example\.com$/);
      expect(order.created_at > sixtyDaysAgo).toBe(true);
      const history = await historyOf(order.id);
      expect(history[0]).toMatchObject({ from_status: null, to_status: 'pending', at: order.created_at });
      for (const [k, h] of history.slice(1).entries()) {
        const previous = history[k];
        assert(previous);
        expect(h.from_status).toBe(previous.to_status);
        assert.isNotNull(h.from_status);
        expect(canTransition(h.from_status, h.to_status)).toBe(true);
        expect(h.at >= previous.at).toBe(true);
      }
      expect(history.at(-1)?.to_status).toBe(order.status);
    }
  });
});

describe('GET /api/admin/orders', () => {
  it('lists the newest first, ten a page, with the summary fields, never cached', async () => {
    const all = await t.db
      .selectFrom('orders')
      .select(['id', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toMatchObject({ total: all.length, page: 1, pageSize: 10 });
    expect(ids(answer)).toEqual(all.slice(0, 10).map((o) => o.id));
    const first = firstOf(answer);
    expect(Object.keys(first).sort()).toEqual([
      '_id',
      'createdAt',
      'currency',
      'customer',
      'itemCount',
      'status',
      'total',
      'total_cents',
      'updatedAt',
    ]);
    const row = await t.db.selectFrom('orders').selectAll().where('id', '=', first._id).executeTakeFirstOrThrow();
    const units = await t.db.selectFrom('order_items').select('quantity').where('order_id', '=', first._id).execute();
    expect(first).toMatchObject({
      status: row.status,
      createdAt: row.created_at,
      total_cents: row.total_cents,
      total: row.total_cents / 100,
      itemCount: units.reduce((s, u) => s + u.quantity, 0),
      customer: { name: row.customer_name, email: row.customer_email, userId: null },
    });
  });

  it('pages through every order exactly once', async () => {
    const { total } = (await list()).body;
    assert.isDefined(total);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 7); page += 1) {
      const answer = await list(`?pageSize=7&page=${page}`);
      expect(answer.body).toMatchObject({ page, pageSize: 7, total });
      seen.push(...ids(answer));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(ids(await list(`?pageSize=7&page=${Math.ceil(total / 7) + 1}`))).toEqual([]);
  });

  it('filters by each status', async () => {
    for (const status of ORDER_STATUSES) {
      const expected = await t.db.selectFrom('orders').select('id').where('status', '=', status).execute();
      const answer = await list(`?status=${status}&pageSize=100`);
      expect(answer.body.total, status).toBe(expected.length);
      expect(answer.body.results?.every((o) => o.status === status)).toBe(true);
    }
    expect((await list('?status=')).body.total).toBe((await list()).body.total);
  });

  it('filters by UTC days of creation, both ends included', async () => {
    const edge = [
      await addOrder('2025-03-01T23:59:59.999Z', 'paid', { name: 'Day Edge', email: 'edge1@example.com' }),
      await addOrder('2025-03-02T00:00:00.000Z', 'paid', { name: 'Day Edge', email: 'edge2@example.com' }),
      await addOrder('2025-03-04T23:59:59.999Z', 'paid', { name: 'Day Edge', email: 'edge3@example.com' }),
      await addOrder('2025-03-05T00:00:00.000Z', 'paid', { name: 'Day Edge', email: 'edge4@example.com' }),
    ];
    expect(ids(await list('?from=2025-03-02&to=2025-03-04'))).toEqual([edge[2], edge[1]]);
    expect(ids(await list('?from=2025-03-01&to=2025-03-01'))).toEqual([edge[0]]);
    expect(ids(await list('?to=2025-03-04&q=day%20edge'))).toEqual([edge[2], edge[1], edge[0]]);
    expect(ids(await list('?from=2025-03-05&q=day%20edge'))).toEqual([edge[3]]);
    expect(ids(await list('?from=2025-03-02&to=2025-03-04&status=pending'))).toEqual([]);
    // The demo orders are of the last 60 days.
    const today = new Date().toISOString().slice(0, 10);
    const recent = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    const demo = await t.db.selectFrom('orders').select('id').where('customer_name', '!=', 'Day Edge').execute();
    expect((await list(`?from=${recent}&to=${today}`)).body.total).toBe(demo.length);
  });

  it('searches the order id, the customer copies and the linked account, ignoring case and taking % and _ literally', async () => {
    const userId = randomUUID();
    await t.db
      .insertInto('users')
      .values({
        id: userId,
        first_name: 'Quentin',
        last_name: 'Linked',
        email: 'quentin_linked@example.com',
        username: 'quentin',
        username_key: 'quentin',
        password_hash: null,
        email_verified: true,
        created_at: '2025-01-01T00:00:00.000Z',
        updated_at: '2025-01-01T00:00:00.000Z',
      })
      .execute();
    const linked = await addOrder('2025-04-01T10:00:00.000Z', 'pending', { userId });
    const copied = await addOrder('2025-04-02T10:00:00.000Z', 'pending', {
      name: 'Wanda 100% Copy',
      email: 'wanda@example.com',
    });
    expect(ids(await list('?q=QUENTIN%20linked'))).toEqual([linked]);
    expect(ids(await list('?q=quentin_linked@EXAMPLE.com'))).toEqual([linked]);
    expect(ids(await list(`?q=${linked.slice(0, 8).toUpperCase()}`))).toEqual([linked]);
    expect(ids(await list(`?q=${encodeURIComponent(`#${linked.slice(0, 8).toUpperCase()}`)}`))).toEqual([linked]);
    expect(ids(await list('?q=wanda'))).toEqual([copied]);
    expect(ids(await list('?q=100%25'))).toEqual([copied]);
    expect(ids(await list('?q=n_l'))).toEqual([linked]);
    expect((await list('?q=%25%25')).body).toMatchObject({ results: [], total: 0 });
    const maya = await list('?q=maya.thompson');
    expect(maya.body.total).toBe(1);
    expect(maya.body.results?.[0]?.customer).toEqual({
      name: 'Maya Thompson',
      email: 'maya.thompson@example.com',
      userId: null,
    });
    expect((await list('?q=quentin')).body.results?.[0]?.customer).toEqual({
      name: 'Quentin Linked',
      email: 'quentin_linked@example.com',
      userId,
    });
  });

  it.each([
    ['?page=0', 'page'],
    ['?page=abc', 'page'],
    ['?pageSize=101', 'pageSize'],
    ['?pageSize=0', 'pageSize'],
    [`?q=${'x'.repeat(201)}`, 'q'],
    ['?status=processing', 'status'],
    ['?status=Paid', 'status'],
    ['?from=2026-02-30', 'from'],
    ['?from=yesterday', 'from'],
    ['?to=2026-1-1', 'to'],
    ['?from=2026-03-02&to=2026-03-01', 'to'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const answer = await list(query);
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe(field);
    expectSentence(answer.body.message, field);
  });
});

describe('GET /api/admin/orders/:id', () => {
  it('shows the items, customer, totals and the history oldest first', async () => {
    const row = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('customer_email', '=', 'maya.thompson@example.com')
      .executeTakeFirstOrThrow();
    const answer = await detail(row.id);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const order = answer.body as AdminOrderDetail;
    expect(order).toMatchObject({
      _id: row.id,
      status: 'delivered',
      customer: { name: 'Maya Thompson', email: 'maya.thompson@example.com' },
      nextStatuses: ['refunded'],
    });
    expect(order.items.map((i) => i.name).sort()).toEqual([
      'Linear Mechanical Keyboard',
      'Quiet Hours Headphones',
      'Studio 27 4K Monitor',
    ]);
    const monitor = order.items.find((i) => i.name === 'Studio 27 4K Monitor');
    expect(monitor).toMatchObject({
      quantity: 1,
      unitPrice: 649,
      unit_price_cents: 64900,
      lineTotal: 649,
      line_total_cents: 64900,
      productId: expect.any(String) as unknown,
    });
    expect(order.subtotal_cents).toBe(64900 + 29900 + 14900);
    expect(order).toMatchObject({ subtotal: 1097, total: 1097, total_cents: 109700, itemCount: 3 });
    expect(order.history.map((h) => [h.from, h.to])).toEqual([
      [null, 'pending'],
      ['pending', 'paid'],
      ['paid', 'shipped'],
      ['shipped', 'delivered'],
    ]);
    expect(order.history[0]).toMatchObject({
      actor: { id: null, name: 'Maya Thompson' },
      note: 'Order placed',
      at: row.created_at,
    });
  });

  it('reads the customer from the linked account when the order has no copies', async () => {
    const order = firstOf(await list('?q=quentin'));
    expect((await detail(order._id)).body).toMatchObject({
      customer: { name: 'Quentin Linked', email: 'quentin_linked@example.com' },
      items: [{ name: 'Test Widget', quantity: 2, unitPrice: 12.5, lineTotal: 25 }],
      subtotal: 25,
      total: 25,
    });
  });

  it("names the store's time zone, in which the screen shows the order's times", async () => {
    const order = firstOf(await list('?q=quentin'));
    expect((await detail(order._id)).body.timeZone).toBe('UTC');
    await t.db.updateTable('store_settings').set({ time_zone: 'Asia/Tokyo' }).execute();
    try {
      expect((await detail(order._id)).body.timeZone).toBe('Asia/Tokyo');
      expect((await list()).body.timeZone).toBe('Asia/Tokyo');
    } finally {
      await t.db.updateTable('store_settings').set({ time_zone: 'UTC' }).execute();
    }
  });

  it('answers 404 for an unknown order', async () => {
    const missing = await detail(randomUUID());
    expect(missing).toMatchObject({ status: 404, body: { message: 'Order not found' } });
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(await detail('x'.repeat(300))).toMatchObject({ status: 404, body: { message: 'Order not found' } });
  });
});

describe('PATCH /api/admin/orders/:id/status', () => {
  it("changes the status in one go: the order, a history row, an audit entry, then the customer's email", async () => {
    const id = await addOrder('2025-05-01T09:00:00.000Z', 'pending', {
      name: 'Pat <b>Buyer</b>',
      email: 'pat.buyer@example.com',
    });
    const before = mailFiles(t.dataDir);
    const auditBefore = (await audit()).length;
    const answer = await patch(id, { status: 'paid', note: 'Bank transfer received', total_cents: 1 });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const ref = `#${id.slice(0, 8).toUpperCase()}`;
    expect(answer.body).toMatchObject({
      message: `Order ${ref} is now paid`,
      notified: true,
      order: { _id: id, status: 'paid', total_cents: 2500, nextStatuses: ['shipped', 'cancelled', 'refunded'] },
    });
    expect(answer.body.order?.updatedAt).toEqual(expect.any(String));
    expect(answer.body.order?.history.at(-1)).toMatchObject({
      from: 'pending',
      to: 'paid',
      actor: { id: adminId, name: 'Site Admin' },
      note: 'Bank transfer received',
    });
    expect(await statusOf(id)).toBe('paid');
    const history = await historyOf(id);
    expect(history.map((h) => [h.from_status, h.to_status, h.actor_id])).toEqual([
      [null, 'pending', null],
      ['pending', 'paid', adminId],
    ]);
    const rows = (await audit()).slice(auditBefore);
    expect(rows.map((r) => [r.action, r.target_type, r.target_id, r.actor_id, r.summary])).toEqual([
      ['order.status', 'order', id, adminId, `Order ${ref}: Pending → Paid`],
    ]);

    const mail = await waitForMail(t.dataDir, { to: 'pat.buyer@example.com', after: before });
    expect(mail.subject).toMatch(new RegExp(`: your order ${ref} is now paid$`));
    expect(mail.headers['from']).toMatch(/^"?[^"<]+"? </);
    expect(mail.text).toContain(`Your order ${ref}, placed on May 1, 2025, 9:00 AM UTC, is now paid.`);
    expect(mail.text).toContain('Hello Pat <b>Buyer</b>,');
    expect(mail.text).toContain('2 × Test Widget: $25.00');
    expect(mail.text).toContain('Bank transfer received');
    expect(mail.html).toContain('Hello Pat &lt;b&gt;Buyer&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>Buyer');
    expect(mail.html).toContain(`Your order ${ref} is now paid`);
  });

  it("puts a cancelled order's items back in stock, and a refund after shipping does not", async () => {
    const product = await t.db.selectFrom('products').select(['id', 'stock']).orderBy('name').executeTakeFirstOrThrow();
    const withItem = async (status: string) => {
      const id = await addOrder('2025-05-04T09:00:00.000Z', status);
      await t.db
        .insertInto('order_items')
        .values({
          id: randomUUID(),
          order_id: id,
          product_id: product.id,
          name: 'Stocked',
          unit_price_cents: 500,
          quantity: 3,
        })
        .execute();
      return id;
    };
    const stock = async () =>
      (await t.db.selectFrom('products').select('stock').where('id', '=', product.id).executeTakeFirstOrThrow()).stock;
    expect((await patch(await withItem('pending'), { status: 'cancelled' })).status).toBe(200);
    expect(await stock()).toBe(product.stock + 3);
    const shipped = await withItem('shipped');
    expect((await patch(shipped, { status: 'refunded' })).status).toBe(200);
    expect(await stock()).toBe(product.stock + 3);
    // A refused change gives nothing back.
    expect((await patch(shipped, { status: 'cancelled' })).status).toBe(409);
    expect(await stock()).toBe(product.stock + 3);
  });

  it('uses the company name as the sender', async () => {
    const id = await addOrder('2025-05-02T09:00:00.000Z', 'pending', {
      name: 'Sender Check',
      email: 'sender.check@example.com',
    });
    const company = await t.db.selectFrom('company_settings').select('name').executeTakeFirstOrThrow();
    const before = mailFiles(t.dataDir);
    expect((await patch(id, { status: 'cancelled' })).status).toBe(200);
    const mail = await waitForMail(t.dataDir, { to: 'sender.check@example.com', after: before });
    assert.isNotNull(company.name, 'the company has a name');
    expect(mail.headers['from']).toContain(company.name);
    expect(mail.subject).toBe(`${company.name}: your order #${id.slice(0, 8).toUpperCase()} is now cancelled`);
  });

  it('refuses a transition the state machine forbids with 409, changing nothing and sending nothing', async () => {
    const delivered = await addOrder('2025-05-03T09:00:00.000Z', 'delivered', {
      name: 'No Change',
      email: 'no.change@example.com',
    });
    const cancelled = await addOrder('2025-05-03T10:00:00.000Z', 'cancelled', {
      name: 'No Change',
      email: 'no.change@example.com',
    });
    const before = mailFiles(t.dataDir);
    const auditBefore = (await audit()).length;
    const refused = await patch(delivered, { status: 'pending' });
    expect(refused).toMatchObject({
      status: 409,
      body: { message: 'A delivered order cannot become pending; it can become refunded' },
    });
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(await patch(delivered, { status: 'delivered' })).toMatchObject({
      status: 409,
      body: { message: 'The order is already delivered' },
    });
    expect(await patch(cancelled, { status: 'paid' })).toMatchObject({
      status: 409,
      body: { message: 'A cancelled order cannot change its status' },
    });
    expect(await statusOf(delivered)).toBe('delivered');
    expect(await statusOf(cancelled)).toBe('cancelled');
    expect(await historyOf(delivered)).toHaveLength(1);
    expect((await audit()).length).toBe(auditBefore);
    await pause(200);
    expect(mailFiles(t.dataDir)).toEqual(before);
  });

  it('answers 400 naming the field for an unknown status or a bad body, and 404 for an unknown order', async () => {
    const id = await addOrder('2025-05-04T09:00:00.000Z', 'pending', { email: 'bad.body@example.com' });
    for (const [body, field] of [
      [{ status: 'processing' }, 'status'],
      [{ status: 'PAID' }, 'status'],
      [{}, 'status'],
      [{ status: 3 }, 'status'],
      [{ status: 'paid', note: 'x'.repeat(501) }, 'note'],
      [{ status: 'paid', note: 'a\u0000b' }, 'note'],
    ] as const) {
      const answer = await patch(id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.field).toBe(field);
    }
    expect((await patch(id, '[1]')).status).toBe(400);
    expect((await patch(id, 'not json')).status).toBe(400);
    expect(await patch(randomUUID(), { status: 'paid' })).toMatchObject({
      status: 404,
      body: { message: 'Order not found' },
    });
    expect(await statusOf(id)).toBe('pending');
    expect(await historyOf(id)).toHaveLength(1);
  });

  it('applies only one of two changes sent at once from the same status; the other gets 409', async () => {
    const id = await addOrder('2025-05-05T09:00:00.000Z', 'paid', {
      name: 'Race Case',
      email: 'race.case@example.com',
    });
    const auditBefore = (await audit()).length;
    const mailsBefore = mailFiles(t.dataDir);
    const writes = await holdWrites(t.db);
    // Both read 'paid' and pass the state machine, then wait for the write slot; the second UPDATE finds no 'paid' row.
    const answers = Promise.all([patch(id, { status: 'shipped' }), patch(id, { status: 'cancelled' })]);
    try {
      await waitForWaitingWriters(t.db, 2);
    } finally {
      await writes.release();
    }
    const [shipped, cancelled] = await answers;
    expect([shipped.status, cancelled.status].sort()).toEqual([200, 409]);
    const [winner, loser] =
      shipped.status === 200 ? (['shipped', cancelled] as const) : (['cancelled', shipped] as const);
    expect(loser.body.message).toBe(
      `Order #${id.slice(0, 8).toUpperCase()} was changed meanwhile and is now ${winner}; reload it and try again`,
    );
    expect(await statusOf(id)).toBe(winner);
    expect((await historyOf(id)).map((h) => [h.from_status, h.to_status])).toEqual([
      [null, 'pending'],
      ['paid', winner],
    ]);
    expect((await audit()).length).toBe(auditBefore + 1);
    // One mail, with the status that won.
    expect((await waitForMail(t.dataDir, { to: 'race.case@example.com', after: mailsBefore })).subject).toMatch(
      new RegExp(`is now ${winner}$`),
    );
    await pause(200);
    expect(mailFiles(t.dataDir).filter((f) => !mailsBefore.includes(f))).toHaveLength(1);
  });

  it('keeps the change when the email cannot be sent, and logs the failure', async () => {
    const id = await addOrder('2025-05-06T09:00:00.000Z', 'pending', {
      name: 'Mail Down',
      email: 'mail.down@example.com',
    });
    const mailer = t.deps.mailer;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    t.deps.mailer = { send: () => Promise.reject(new Error('SMTP is down')) };
    try {
      const answer = await patch(id, { status: 'paid' });
      expect(answer.status).toBe(200);
      await vi.waitFor(() =>
        expect(errors).toHaveBeenCalledWith(expect.stringContaining('order status mail'), 'SMTP is down'),
      );
    } finally {
      t.deps.mailer = mailer;
      errors.mockRestore();
    }
    expect(await statusOf(id)).toBe('paid');
    expect(await historyOf(id)).toHaveLength(2);
  });

  it('changes an order without an address and sends nothing', async () => {
    const id = await addOrder('2025-05-07T09:00:00.000Z', 'pending');
    const before = mailFiles(t.dataDir);
    expect((await patch(id, { status: 'paid' })).body).toMatchObject({ notified: false, order: { status: 'paid' } });
    await pause(200);
    expect(
      mailFiles(t.dataDir)
        .filter((f) => !before.includes(f))
        .map((f) => parseMail(t.dataDir, f).to),
    ).toEqual([]);
  });

  it('walks a demo order along its lifecycle until it is final', async () => {
    const id = await addOrder('2025-05-08T09:00:00.000Z', 'pending', {
      name: 'Walk Through',
      email: 'walk@example.com',
    });
    for (const status of ['paid', 'shipped', 'delivered', 'refunded'] as const)
      expect((await patch(id, { status })).status, status).toBe(200);
    const order = (await detail(id)).body as AdminOrderDetail;
    expect(order.nextStatuses).toEqual([]);
    expect(order.history.map((h) => h.to)).toEqual(['pending', 'paid', 'shipped', 'delivered', 'refunded']);
    const walkMails = () =>
      mailFiles(t.dataDir)
        .map((f) => parseMail(t.dataDir, f))
        .filter((m) => m.to.includes('walk@example.com'));
    await vi.waitFor(() => expect(walkMails()).toHaveLength(4));
    expect(
      walkMails()
        .map((m) => /is now (\w+)$/.exec(m.subject)?.[1])
        .sort(),
    ).toEqual(['delivered', 'paid', 'refunded', 'shipped']);
  });
});

describe('access', () => {
  it('401 without or with a garbage token, 403 for a customer, on every route', async () => {
    const id = await addOrder('2025-06-01T09:00:00.000Z', 'pending');
    const customer = await t.customerToken('orders_carol');
    const routes: [string, string, object | undefined][] = [
      ['GET', '/api/admin/orders', undefined],
      ['GET', `/api/admin/orders/${id}`, undefined],
      ['PATCH', `/api/admin/orders/${id}/status`, { status: 'paid' }],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(method, path, { body })).status).toBe(401);
      expect((await call(method, path, { body, token: 'garbage-token' })).status).toBe(401);
      expect((await call(method, path, { body, token: customer })).status).toBe(403);
    }
    expect(await statusOf(id)).toBe('pending');
  });
});
