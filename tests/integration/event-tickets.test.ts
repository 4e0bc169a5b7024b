/**
 * Tickets of paid events with the real app and database (both databases): the admin's save makes, updates and takes
 * off sale the event's ticket product; the shop's lists and search leave it out while the cart and checkout sell it;
 * parallel orders for the last seats never oversell; a paid order (manual or Stripe) becomes a registration the admin
 * lists and exports, and a refund or cancellation gives the seats back; free events still register as before.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import {
  NOT_OPEN,
  type EventAvailability,
  type EventRegistrationList,
  type RegistrationAnswer,
} from '../../src/shared/events.ts';
import type { AdminEvent } from '../../src/shared/schemas/event-admin.ts';
import type { PlacedOrder, Quote } from '../../src/shared/orders-customer.ts';
import { jsonClient, type Answer } from '../helpers/json-client.ts';
import { mailFiles, waitForMail } from '../helpers/outbox.ts';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const SITE_URL = 'https://tickets.example';
const WEBHOOK_SECRET = 'whsec_event_tickets_test';
const SHIPPING = { name: 'Pat Buyer', line1: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'US' };

let t: TestApp;
let standIn: StripeStandIn;
let admin: string;
let customer: string;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  return () => standIn.close();
});
beforeAll(async () => {
  t = await createTestApp({
    env: {
      RATE_LIMITS: 'off',
      SITE_URL,
      STRIPE_SECRET_KEY: 'sk_test_event_tickets',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: standIn.url,
    },
  });
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  customer = await t.customerToken('carol');
  return () => t.close();
});
afterAll(() => undefined);

const call = jsonClient((path, init) => t.request(path, init));

let made = 0;
/** The admin's event form, a paid concert with 10 seats unless told otherwise. */
function eventFields(overrides: Record<string, unknown> = {}) {
  return {
    name: `Jazz on the Quay ${++made}`,
    description: 'Two sets by the water.',
    timeZone: 'Europe/Paris',
    start: '2030-05-01T18:00',
    end: '2030-05-01T21:00',
    eventType: 'local',
    location: 'The Old Harbour',
    address: '1 Quay Street',
    city: 'Brest',
    price: '25.00',
    capacity: 10,
    published: true,
    ...overrides,
  };
}

async function createEvent(overrides: Record<string, unknown> = {}) {
  const fields = eventFields(overrides);
  const res = await call<{ event: AdminEvent }>('POST', '/api/admin/events', { token: admin, body: fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...res.body.event, fields };
}

async function editEvent(id: string, fields: Record<string, unknown>) {
  const res = await call<{ event: AdminEvent }>('PUT', `/api/admin/events/${id}`, { token: admin, body: fields });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const ticketOf = (eventId: string) =>
  t.db.selectFrom('products').selectAll().where('event_id', '=', eventId).executeTakeFirstOrThrow();
const eventRow = (id: string) => t.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const availability = async (key: string) =>
  (await call<EventAvailability>('GET', `/api/events/${key}/availability`)).body;

/** POST /api/orders as the signed-in customer (or `token`), paid by `paymentMethod`. */
function order(productId: string, quantity: number, paymentMethod: 'manual' | 'stripe' = 'manual', token = customer) {
  return call<PlacedOrder & { message?: string }>('POST', '/api/orders', {
    token,
    headers: { 'idempotency-key': randomUUID() },
    body: { lines: [{ productId, quantity }], shipping: SHIPPING, paymentMethod },
  });
}

function orderId(answer: Answer<PlacedOrder & { message?: string }>): string {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.order._id;
}

const setStatus = (id: string, status: string) =>
  call('PATCH', `/api/admin/orders/${id}/status`, { token: admin, body: { status, note: '' } });

const registrations = async (eventId: string) =>
  (await call<EventRegistrationList>('GET', `/api/admin/events/${eventId}/registrations`, { token: admin })).body;

describe('the ticket product of a paid event', () => {
  it('is made when a paid event with a capacity is saved, and follows its price, capacity and publish state', async () => {
    const event = await createEvent();
    const ticket = await ticketOf(event._id);
    expect(ticket).toMatchObject({
      name: `${event.name} — ticket (May 1, 2030, 6:00 PM CEST)`,
      price_cents: 2500,
      stock: 10,
    });
    expect(Boolean(ticket.published)).toBe(true);
    expect((await eventRow(event._id)).ticket_product_id).toBe(ticket.id);
    expect(await availability(event.slug)).toMatchObject({ free: false, ticket: { productId: ticket.id, stock: 10 } });

    await editEvent(event._id, { ...event.fields, price: '30', capacity: 12 });
    expect(await ticketOf(event._id)).toMatchObject({ id: ticket.id, price_cents: 3000, stock: 12 });

    // Seats held by an order waiting for its payment stay off the stock when the capacity changes.
    orderId(await order(ticket.id, 2));
    expect((await ticketOf(event._id)).stock).toBe(10);
    await editEvent(event._id, { ...event.fields, price: '30', capacity: 8 });
    expect((await ticketOf(event._id)).stock).toBe(6);

    await editEvent(event._id, { ...event.fields, price: '0', capacity: 8 });
    expect(Boolean((await ticketOf(event._id)).published)).toBe(false);
    expect(await availability(event.slug)).toMatchObject({ free: true, ticket: null });

    await editEvent(event._id, { ...event.fields, price: '30', capacity: 8 });
    const back = await ticketOf(event._id);
    expect(back.id).toBe(ticket.id);
    expect(Boolean(back.published)).toBe(true);
    const tickets = await t.db.selectFrom('products').select('id').where('event_id', '=', event._id).execute();
    expect(tickets).toHaveLength(1);

    const unpublished = await call('PATCH', `/api/admin/events/${event._id}`, {
      token: admin,
      body: { published: false },
    });
    expect(unpublished.status).toBe(200);
    expect(Boolean((await ticketOf(event._id)).published)).toBe(false);
    // Off sale, the checkout refuses it.
    expect((await order(ticket.id, 1)).status).toBe(409);

    expect((await call('DELETE', `/api/admin/events/${event._id}`, { token: admin })).status).toBe(200);
    const orphan = await ticketOf(event._id);
    expect(Boolean(orphan.published)).toBe(false);
  });

  it('is not made for a free event, nor for a paid one without a capacity', async () => {
    const free = await createEvent({ price: '0' });
    const unlimited = await createEvent({ capacity: 0 });
    for (const e of [free, unlimited]) {
      expect(await t.db.selectFrom('products').select('id').where('event_id', '=', e._id).execute()).toEqual([]);
      expect((await eventRow(e._id)).ticket_product_id).toBeNull();
    }
  });

  it('stays out of the shop’s list, product pages, search and the admin’s products, yet the cart and checkout sell it', async () => {
    const event = await createEvent({ name: 'Quayside Zydecoqueen Night' });
    const ticket = await ticketOf(event._id);

    const products = await call<{ results: { _id: string }[] }>('GET', '/api/products');
    expect(products.status).toBe(200);
    expect(products.body.results.map((p) => p._id)).not.toContain(ticket.id);
    expect((await call('GET', `/api/products/${ticket.slug}`)).status).toBe(404);
    const found = await call<{ results: { _id: string; type: string }[] }>('GET', '/api/search?k=Zydecoqueen');
    expect(found.status).toBe(200);
    expect(found.body.results).toEqual([expect.objectContaining({ _id: event._id, type: 'event' })]);
    const managed = await call<{ results: { _id: string }[] }>('GET', '/api/admin/products?q=Zydecoqueen', {
      token: admin,
    });
    expect(managed.status).toBe(200);
    expect(managed.body.results).toEqual([]);
    // The test's site has no product of its own: tickets alone make no shop, nor anything to recommend.
    const navigation = await call<{ emptySections: string[] }>('GET', '/api/navigation');
    expect(navigation.body.emptySections).toContain('shop');
    expect(navigation.body.emptySections).not.toContain('events');
    const stats = await call<{ totalProducts: number }>('GET', '/api/dashboard/stats', { token: admin });
    expect(stats.status).toBe(200);
    expect(stats.body.totalProducts).toBe(0);

    const quote = await call<Quote>('POST', '/api/checkout/quote', {
      body: { lines: [{ productId: ticket.id, quantity: 2 }] },
    });
    expect(quote.status).toBe(200);
    expect(quote.body.lines).toEqual([
      expect.objectContaining({ name: ticket.name, slug: '', unitPriceCents: 2500, quantity: 2, available: true }),
    ]);

    const before = mailFiles(t.dataDir);
    const placed = await order(ticket.id, 2);
    const id = orderId(placed);
    expect(placed.body.order.items).toEqual([
      expect.objectContaining({ name: ticket.name, quantity: 2, slug: null, unit_price_cents: 2500 }),
    ]);
    expect((await ticketOf(event._id)).stock).toBe(8);
    const mail = await waitForMail(t.dataDir, {
      to: 'carol@example.com',
      after: before,
      subject: `your order #${id.slice(0, 8).toUpperCase()}`,
    });
    expect(mail.text).toContain(`2 × ${ticket.name}`);
    expect(mail.text).toContain(`${SITE_URL}/events/${event.slug}.ics`);
    // Not paid yet: no registration.
    expect((await eventRow(event._id)).registrations).toBe(0);
    expect((await registrations(event._id)).results).toEqual([]);
    expect((await setStatus(id, 'cancelled')).status).toBe(200);
    expect((await ticketOf(event._id)).stock).toBe(10);

    const recommended = await call<{ results: { item: { kind: string; id: string } | null }[] }>(
      'GET',
      '/api/recommendations/personalized?limit=50',
      { token: customer },
    );
    expect(recommended.status).toBe(200);
    const items = recommended.body.results.flatMap((r) => (r.item ? [r.item] : []));
    expect(items).toContainEqual({ kind: 'event', id: event._id, slug: event.slug });
    expect(items.map((i) => i.id)).not.toContain(ticket.id);
  });

  it('never oversells the last seats to parallel orders', async () => {
    const event = await createEvent({ capacity: 3 });
    const ticket = await ticketOf(event._id);
    const answers = await Promise.all(Array.from({ length: 8 }, () => order(ticket.id, 1)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    expect((await ticketOf(event._id)).stock).toBe(0);
    expect((await availability(event.slug)).ticket).toEqual({ productId: ticket.id, stock: 0 });
    // Two seats at once when none is left, and the capacity kept by the paid orders.
    expect((await order(ticket.id, 2)).status).toBe(409);
    for (const a of answers.filter((x) => x.status === 201))
      expect((await setStatus(a.body.order._id, 'paid')).status).toBe(200);
    expect((await eventRow(event._id)).registrations).toBe(3);
    await editEvent(event._id, eventFields({ name: event.name, capacity: 3 }));
    expect((await ticketOf(event._id)).stock).toBe(0);
  });

  it('sells nothing once its event is over, though the ticket is still published', async () => {
    const event = await createEvent();
    const ticket = await ticketOf(event._id);
    expect((await order(ticket.id, 1)).status).toBe(201);
    await t.db
      .updateTable('events')
      .set({ start_date: '2020-05-01T16:00:00.000Z', end_date: '2020-05-01T19:00:00.000Z' })
      .where('id', '=', event._id)
      .execute();
    expect((await ticketOf(event._id)).published).toBeTruthy();
    const quote = await call<Quote>('POST', '/api/checkout/quote', {
      body: { lines: [{ productId: ticket.id, quantity: 1 }] },
    });
    expect(quote.status).toBe(200);
    expect(quote.body.lines).toEqual([expect.objectContaining({ productId: ticket.id, available: false })]);
    const refused = await order(ticket.id, 1);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A product in your cart is no longer available');
    expect((await ticketOf(event._id)).stock).toBe(9);
  });
});

describe('a paid order of tickets', () => {
  it('counts as a registration the admin lists and exports; a refund or a cancellation gives the seats back', async () => {
    const event = await createEvent();
    const ticket = await ticketOf(event._id);
    const first = orderId(await order(ticket.id, 2));
    expect((await setStatus(first, 'paid')).status).toBe(200);

    expect((await eventRow(event._id)).registrations).toBe(2);
    expect(await availability(event.slug)).toMatchObject({ confirmedSeats: 2, placesLeft: 8, ticket: { stock: 8 } });
    const list = await registrations(event._id);
    expect(list.event).toMatchObject({ confirmedSeats: 2, free: false });
    expect(list.results).toEqual([
      expect.objectContaining({
        name: 'Carol Customer',
        email: 'carol@example.com',
        seats: 2,
        status: 'confirmed',
        source: 'order',
        orderId: first,
      }),
    ]);
    const csv = await t.request(`/api/admin/events/${event._id}/registrations.csv`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(csv.status).toBe(200);
    const rows = (await csv.text()).replace(/^\ufeff/, '').split('\r\n');
    expect(rows[0]).toBe('Name,Email,Seats,Status,Registered at (UTC),Cancelled at (UTC),Signed in,Order');
    expect(rows[1]).toMatch(
      new RegExp(`^Carol Customer,carol@example\\.com,2,confirmed,[^,]+,,yes,#${first.slice(0, 8).toUpperCase()}$`),
    );

    // The admin cannot cancel bought seats by themselves: the order carries the money.
    const [row] = list.results;
    assert(row);
    const refused = await call('POST', `/api/admin/events/${event._id}/registrations/${row._id}/cancel`, {
      token: admin,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`#${first.slice(0, 8).toUpperCase()}`);

    expect((await setStatus(first, 'refunded')).status).toBe(200);
    expect((await eventRow(event._id)).registrations).toBe(0);
    expect((await ticketOf(event._id)).stock).toBe(10);
    expect((await registrations(event._id)).results).toEqual([
      expect.objectContaining({ status: 'cancelled', source: 'order' }),
    ]);

    // The same buyer again, then the paid order cancelled: its stock comes back once, with its seats.
    const second = orderId(await order(ticket.id, 3));
    expect((await setStatus(second, 'paid')).status).toBe(200);
    expect((await eventRow(event._id)).registrations).toBe(3);
    expect((await setStatus(second, 'cancelled')).status).toBe(200);
    expect((await eventRow(event._id)).registrations).toBe(0);
    expect((await ticketOf(event._id)).stock).toBe(10);
  });

  it('paid through the Stripe webhook, becomes a registration too', async () => {
    const event = await createEvent({ price: '12.50' });
    const ticket = await ticketOf(event._id);
    const placed = await order(ticket.id, 2, 'stripe');
    const id = orderId(placed);
    const session = [...standIn.sessions.values()].find((s) => s['client_reference_id'] === id);
    assert(session, 'a Checkout Session for the order');
    const payload = JSON.stringify({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: session['id'],
          object: 'checkout.session',
          client_reference_id: id,
          payment_status: 'paid',
          amount_total: placed.body.order.total_cents,
          currency: placed.body.order.currency.toLowerCase(),
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
    expect((await eventRow(event._id)).registrations).toBe(2);
    expect((await registrations(event._id)).results).toEqual([
      expect.objectContaining({ seats: 2, status: 'confirmed', source: 'order', orderId: id }),
    ]);
  });
});

describe('sign-ups', () => {
  it('a free event still registers through its form; a paid one still refuses a sign-up', async () => {
    const free = await createEvent({ price: '0', capacity: 5 });
    const signUp = (slug: string) =>
      call<RegistrationAnswer>('POST', `/api/events/${slug}/registrations`, {
        body: { name: 'Ada Lovelace', email: 'ada@example.com', seats: 2 },
      });
    const answer = await signUp(free.slug);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ status: 'confirmed', availability: { confirmedSeats: 2, placesLeft: 3 } });
    expect((await registrations(free._id)).results).toEqual([
      expect.objectContaining({ email: 'ada@example.com', source: 'form', orderId: null }),
    ]);

    const paid = await createEvent();
    const refused = await signUp(paid.slug);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: NOT_OPEN });
  });

  it('a buyer with a sign-up of their own may buy tickets as well', async () => {
    const event = await createEvent({ price: '0' });
    const signUp = await call('POST', `/api/events/${event.slug}/registrations`, {
      body: { name: 'Carol', email: 'carol@example.com', seats: 1 },
    });
    expect(signUp.status).toBe(201);
    await editEvent(event._id, { ...event.fields, price: '20' });
    const ticket = await ticketOf(event._id);
    expect(ticket.stock).toBe(9);
    const id = orderId(await order(ticket.id, 1));
    expect((await setStatus(id, 'paid')).status).toBe(200);
    expect((await eventRow(event._id)).registrations).toBe(2);
    expect((await registrations(event._id)).results.map((r) => [r.email, r.source])).toEqual([
      ['carol@example.com', 'form'],
      ['carol@example.com', 'order'],
    ]);
  });
});
