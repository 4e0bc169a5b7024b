/**
 * Outbound webhooks with the real server and database (SQLite here, PostgreSQL on the node-postgres run) and a real
 * receiver on 127.0.0.1: the admin makes endpoints (the secret shown once, kept sealed); content, order and newsletter
 * writes queue their events in their own transactions; the runner delivers them signed, retries a failing receiver
 * later and later until it gives up, and never sends one delivery twice with two runners at once; resend, test, roll,
 * turn off and delete from the admin API; private addresses refused without WEBHOOKS_ALLOW_PRIVATE, when saved and
 * when sent; customers and bad input refused.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, assert, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb } from '../../src/server/db/connection.ts';
import { recordAudit } from '../../src/server/modules/audit/audit.repository.ts';
import { sha256Hex, newOpaqueToken } from '../../src/server/modules/auth/tokens.ts';
import { startWebhookRunner, type WebhookRunner } from '../../src/server/modules/webhooks/webhook-runner.ts';
import { verifyWebhookSignature } from '../../src/server/modules/webhooks/webhook-signature.ts';
import { PRIVATE_REFUSED } from '../../src/server/modules/webhooks/webhook-url.ts';
import type { WebhookCreated, WebhookDeliveryItem, WebhookEndpointItem } from '../../src/shared/schemas/webhooks.ts';
import type { WebhookPayload } from '../../src/shared/webhook-events.ts';
import { insertCustomer, TEST_ADMIN_PASSWORD, TEST_CUSTOMER_PASSWORD } from '../helpers/test-app.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on a free loopback port: it keeps every request and answers with the status set last. */
async function startReceiver() {
  const received: Received[] = [];
  const answer = { status: 200, body: 'ok' };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(answer.status, { 'content-type': 'text/plain' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('outbound webhooks', () => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let runner: WebhookRunner;
  let admin: string;
  let customer: string;

  const call = (method: string, path: string, body?: unknown, token: string | null = admin) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        origin: server.url,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const json = async <T>(res: Response, status: number): Promise<T> => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const signIn = async (username: string, password: string) =>
    (await json<{ token: string }>(await call('POST', '/api/auth/login', { username, password }, null), 200)).token;

  const deliveriesOf = (endpointId: string) =>
    server.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', endpointId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  const delivery = (id: string) =>
    server.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** Makes a pending delivery due now, as if its wait had passed. */
  const makeDue = (id: string) =>
    server.db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
  const createEndpoint = async (events: string[], path = '/hooks', description = '') =>
    json<WebhookCreated>(
      await call('POST', '/api/admin/webhooks', { url: `${receiver.url}${path}`, description, events }),
      201,
    );
  const createPage = async (title: string) =>
    (await json<{ page: { _id: string } }>(await call('POST', '/api/admin/pages', { title, content: 'Hello' }), 201))
      .page._id;

  // The endpoints the tests share: one hears content created and updated, the other every event.
  let content: WebhookCreated;
  let everything: WebhookCreated;
  // The delivery the retry test fails for good, which the resend test sends again.
  let failedId = '';

  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMITS: 'off', WEBHOOKS_ALLOW_PRIVATE: 'true' } });
    receiver = await startReceiver();
    runner = startWebhookRunner({ db: server.db, env: server.env, key: server.deps.keys.webhooks }, { pollMs: null });
    admin = await signIn('admin', TEST_ADMIN_PASSWORD);
    await insertCustomer(server.db, 'carol');
    customer = await signIn('carol', TEST_CUSTOMER_PASSWORD);
  });

  afterAll(async () => {
    await runner.stop();
    await receiver.close();
    await server.stop(true);
  });

  beforeEach(() => {
    receiver.received.length = 0;
    receiver.answer.status = 200;
    receiver.answer.body = 'ok';
  });

  it('makes an endpoint and answers its signing secret once; the list and the database never show it', async () => {
    content = await createEndpoint(['content.created', 'content.updated'], '/hooks', 'CMS mirror');
    expect(content.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(content.endpoint).toMatchObject({
      url: `${receiver.url}/hooks`,
      description: 'CMS mirror',
      events: ['content.created', 'content.updated'],
      enabled: true,
      lastDelivery: null,
    });
    everything = await createEndpoint(
      [
        'content.created',
        'content.updated',
        'content.deleted',
        'order.created',
        'order.updated',
        'subscriber.confirmed',
        'subscriber.unsubscribed',
      ],
      '/all',
    );
    const list = await json<{ results: WebhookEndpointItem[] }>(await call('GET', '/api/admin/webhooks'), 200);
    expect(list.results.map((e) => e.id)).toEqual([content.endpoint.id, everything.endpoint.id]);
    const listed = JSON.stringify(list);
    expect(listed).not.toContain(content.secret);
    expect(listed).not.toContain('secret');
    const row = await server.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', content.endpoint.id)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(content.secret.slice('whsec_'.length));
    expect(row.secret).toMatch(/^v1\./);
  });

  it('queues content.created in the page write itself, and the runner delivers it signed', async () => {
    const pageId = await createPage('About us');
    // Queued by the write, before any runner looked.
    const [queued] = await deliveriesOf(content.endpoint.id);
    assert(queued);
    expect(queued).toMatchObject({ event: 'content.created', status: 'pending', attempts: 0 });
    expect((await deliveriesOf(everything.endpoint.id)).map((d) => d.event)).toEqual(['content.created']);

    expect(await runner.runOnce()).toBe(2);
    const mine = receiver.received.find((r) => r.headers['site-webhook-id'] === queued.id);
    assert(mine);
    expect(mine.headers['content-type']).toBe('application/json');
    expect(mine.headers['site-event']).toBe('content.created');
    expect(verifyWebhookSignature(content.secret, mine.headers['site-signature'] as string, mine.body)).toBe(true);
    // The other endpoint's secret does not verify this endpoint's delivery.
    expect(verifyWebhookSignature(everything.secret, mine.headers['site-signature'] as string, mine.body)).toBe(false);
    const payload = JSON.parse(mine.body) as WebhookPayload<'content.created'>;
    expect(payload).toEqual({
      id: queued.id,
      event: 'content.created',
      created_at: queued.created_at,
      data: { type: 'page', id: pageId, summary: expect.stringContaining('About us') as string },
    });
    expect(mine.body).toBe(queued.payload);
    expect(await delivery(queued.id)).toMatchObject({
      status: 'delivered',
      attempts: 1,
      response_status: 200,
      response_body: 'ok',
      error: null,
      next_attempt_at: null,
    });
    expect(await runner.runOnce()).toBe(0);
    const list = await json<{ results: WebhookEndpointItem[] }>(await call('GET', '/api/admin/webhooks'), 200);
    expect(list.results[0]?.lastDelivery).toMatchObject({
      status: 'delivered',
      event: 'content.created',
      responseStatus: 200,
    });
  });

  it('queues nothing for a write that rolls back: no event without its change', async () => {
    const before = (await deliveriesOf(content.endpoint.id)).length;
    const actor = { id: 'admin', first_name: 'A', last_name: 'Dmin', username: 'admin' };
    await expect(
      server.db.transaction().execute(async (trx) => {
        await recordAudit(trx, actor, { action: 'page.create', target: { type: 'page', id: 'p-x' }, summary: 'x' });
        throw new Error('the write failed after its audit entry');
      }),
    ).rejects.toThrow('the write failed');
    expect(await deliveriesOf(content.endpoint.id)).toHaveLength(before);
    // A refused write (400) queues nothing either.
    expect((await call('POST', '/api/admin/pages', { title: '  ' })).status).toBe(400);
    expect(await deliveriesOf(content.endpoint.id)).toHaveLength(before);
  });

  it('retries a receiver that answers 500 later and later, keeping the first KB of its answer, then gives up', async () => {
    receiver.answer.status = 500;
    receiver.answer.body = 'x'.repeat(3000);
    const pageId = await createPage('Failing page');
    const queued = (await deliveriesOf(content.endpoint.id)).find(
      (d) => d.status === 'pending' && d.payload.includes(pageId),
    );
    assert(queued);
    const waits: number[] = [];
    let attemptAt = Date.now();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      if (attempt > 1) await makeDue(queued.id);
      attemptAt = Date.now();
      await runner.runOnce();
      const row = await delivery(queued.id);
      expect(row).toMatchObject({
        status: 'pending',
        attempts: attempt,
        response_status: 500,
        error: 'The endpoint answered 500',
      });
      expect(row.response_body).toHaveLength(1024);
      assert(row.next_attempt_at);
      waits.push(Date.parse(row.next_attempt_at) - attemptAt);
    }
    // 1 min, 5 min, 30 min (give or take the attempt's own time).
    expect(waits.map((ms) => Math.round(ms / 60_000))).toEqual([1, 5, 30]);
    // Not due yet: the next pass leaves it.
    const sent = receiver.received.length;
    expect(await runner.runOnce()).toBe(0);
    expect(receiver.received).toHaveLength(sent);

    // The eighth attempt is the last.
    await server.db.updateTable('webhook_deliveries').set({ attempts: 7 }).where('id', '=', queued.id).execute();
    await makeDue(queued.id);
    await runner.runOnce();
    expect(await delivery(queued.id)).toMatchObject({ status: 'failed', attempts: 8, next_attempt_at: null });
    failedId = queued.id;
  });

  it('resends a delivery as a new one with the same event and body, leaving the old one in the log', async () => {
    const old = await delivery(failedId);
    const res = await json<{ delivery: WebhookDeliveryItem; message: string }>(
      await call('POST', `/api/admin/webhooks/deliveries/${failedId}/resend`),
      201,
    );
    expect(res.delivery).toMatchObject({ event: 'content.created', status: 'pending', attempts: 0 });
    expect(res.delivery.id).not.toBe(failedId);
    expect(res.delivery.payload).toBe(old.payload);
    await runner.runOnce();
    const mine = receiver.received.find((r) => r.headers['site-webhook-id'] === res.delivery.id);
    assert(mine);
    expect(mine.body).toBe(old.payload);
    expect(verifyWebhookSignature(content.secret, mine.headers['site-signature'] as string, mine.body)).toBe(true);
    expect(await delivery(res.delivery.id)).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(await delivery(failedId)).toMatchObject({ status: 'failed', attempts: 8 });

    const log = await json<{ results: WebhookDeliveryItem[] }>(
      await call('GET', `/api/admin/webhooks/${content.endpoint.id}/deliveries`),
      200,
    );
    expect(log.results[0]?.id).toBe(res.delivery.id);
    expect(log.results.find((d) => d.id === failedId)).toMatchObject({
      status: 'failed',
      attempts: 8,
      responseStatus: 500,
      error: 'The endpoint answered 500',
      nextAttemptAt: null,
      payload: old.payload,
    });
  });

  it('sends a test event at once and answers how it went', async () => {
    const res = await json<{ delivery: WebhookDeliveryItem; message: string }>(
      await call('POST', `/api/admin/webhooks/${content.endpoint.id}/test`),
      200,
    );
    expect(res.delivery).toMatchObject({ event: 'ping', status: 'delivered', attempts: 1, responseStatus: 200 });
    expect(res.message).toBe('The test event was delivered (HTTP 200).');
    expect(receiver.received).toHaveLength(1);
    const [ping] = receiver.received;
    assert(ping);
    expect(ping.headers['site-event']).toBe('ping');
    expect(JSON.parse(ping.body)).toMatchObject({ id: res.delivery.id, event: 'ping' });

    receiver.answer.status = 404;
    const failed = await json<{ delivery: WebhookDeliveryItem; message: string }>(
      await call('POST', `/api/admin/webhooks/${content.endpoint.id}/test`),
      200,
    );
    expect(failed.delivery).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 404 });
    expect(failed.message).toBe(
      'The test event was not delivered: The endpoint answered 404. It will be tried again later.',
    );
  });

  it('signs with a rolled secret from then on, and no longer with the old one', async () => {
    const rolled = await json<{ secret: string }>(
      await call('POST', `/api/admin/webhooks/${content.endpoint.id}/secret`),
      200,
    );
    expect(rolled.secret).toMatch(/^whsec_/);
    expect(rolled.secret).not.toBe(content.secret);
    await json(await call('POST', `/api/admin/webhooks/${content.endpoint.id}/test`), 200);
    const [ping] = receiver.received;
    assert(ping);
    const header = ping.headers['site-signature'] as string;
    expect(verifyWebhookSignature(rolled.secret, header, ping.body)).toBe(true);
    expect(verifyWebhookSignature(content.secret, header, ping.body)).toBe(false);
    content.secret = rolled.secret;
  });

  it('queues nothing for an endpoint that is off or an event it does not hear', async () => {
    const off = await json<{ endpoint: WebhookEndpointItem; message: string }>(
      await call('PUT', `/api/admin/webhooks/${content.endpoint.id}`, { enabled: false }),
      200,
    );
    expect(off.endpoint.enabled).toBe(false);
    expect(off.message).toBe('Webhook endpoint turned off.');
    const before = (await deliveriesOf(content.endpoint.id)).length;
    const pageId = await createPage('While off');
    expect(await deliveriesOf(content.endpoint.id)).toHaveLength(before);
    expect((await deliveriesOf(everything.endpoint.id)).some((d) => d.payload.includes(pageId))).toBe(true);

    await json(await call('PUT', `/api/admin/webhooks/${content.endpoint.id}`, { enabled: true }), 200);
    // content.deleted is not one of this endpoint's events; the other endpoint hears it.
    expect((await call('DELETE', `/api/admin/pages/${pageId}`)).status).toBe(200);
    expect(await deliveriesOf(content.endpoint.id)).toHaveLength(before);
    const deleted = (await deliveriesOf(everything.endpoint.id)).find((d) => d.event === 'content.deleted');
    assert(deleted);
    expect(JSON.parse(deleted.payload)).toMatchObject({ data: { type: 'page', id: pageId } });
    await runner.runOnce();
  });

  it('tells of an order placed and its status changed, and of newsletter confirmations, with no personal data', async () => {
    const productId = randomUUID();
    const at = new Date().toISOString();
    await server.db
      .insertInto('products')
      .values({
        id: productId,
        name: 'Webhook Mug',
        slug: `webhook-mug-${productId.slice(0, 8)}`,
        price_cents: 1250,
        stock: 5,
        published: true,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const placed = await fetch(`${server.url}/api/orders`, {
      method: 'POST',
      headers: {
        origin: server.url,
        authorization: `Bearer ${customer}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({
        lines: [{ productId, quantity: 2 }],
        shipping: {
          name: 'Olivia Orderer',
          line1: '1 Main Street',
          city: 'Springfield',
          postalCode: '12345',
          country: 'US',
        },
        paymentMethod: 'manual',
      }),
    });
    const orderId = (await json<{ order: { _id: string } }>(placed, 201)).order._id;
    const created = (await deliveriesOf(everything.endpoint.id)).find((d) => d.event === 'order.created');
    assert(created);
    expect(JSON.parse(created.payload)).toMatchObject({
      event: 'order.created',
      data: { id: orderId, status: 'pending', summary: expect.stringMatching(/^Order #\w{8} placed$/) as string },
    });

    const changed = await call('PATCH', `/api/admin/orders/${orderId}/status`, { status: 'paid', note: '' });
    expect(changed.status).toBe(200);
    const order = (await deliveriesOf(everything.endpoint.id)).find((d) => d.event === 'order.updated');
    assert(order);
    expect(JSON.parse(order.payload)).toMatchObject({
      event: 'order.updated',
      data: { id: orderId, status: 'paid', summary: expect.stringMatching(/^Order #\w{8}: Pending → Paid$/) as string },
    });

    const confirmToken = newOpaqueToken();
    const unsubscribeToken = newOpaqueToken();
    const subscriberId = randomUUID();
    await server.db
      .insertInto('newsletter_subscribers')
      .values({
        id: subscriberId,
        email: 'nina@example.com',
        status: 'pending',
        confirm_token_hash: sha256Hex(confirmToken),
        confirm_expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        unsubscribe_token_hash: sha256Hex(unsubscribeToken),
        confirmed_at: null,
        unsubscribed_at: null,
      })
      .execute();
    expect((await call('POST', '/api/newsletter/confirm', { token: confirmToken }, null)).status).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      expect((await call('POST', '/api/newsletter/unsubscribe', { token: unsubscribeToken }, null)).status).toBe(200);
    }
    const subscriberEvents = (await deliveriesOf(everything.endpoint.id)).filter((d) =>
      d.event.startsWith('subscriber.'),
    );
    // Unsubscribing again changes nothing, and tells nothing.
    expect(subscriberEvents.map((d) => d.event)).toEqual(['subscriber.confirmed', 'subscriber.unsubscribed']);
    expect(subscriberEvents.map((d) => (JSON.parse(d.payload) as WebhookPayload).data)).toEqual([
      { id: subscriberId, summary: 'A subscriber confirmed' },
      { id: subscriberId, summary: 'A subscriber unsubscribed' },
    ]);
    for (const d of [created, order, ...subscriberEvents]) {
      expect(d.payload).not.toMatch(/olivia|carol|nina|@example\.com|Main Street/i);
    }
    await runner.runOnce();
    expect(receiver.received.filter((r) => r.headers['site-event'] === 'subscriber.confirmed')).toHaveLength(1);
  });

  it('never sends one delivery twice when two runners, on two connections, look at once', async () => {
    for (let i = 0; i < 6; i += 1) await createPage(`Busy page ${i}`);
    const busy = (
      await server.db.selectFrom('webhook_deliveries').selectAll().where('payload', 'like', '%Busy page%').execute()
    ).map((d) => d.id);
    // Both endpoints hear content.created.
    expect(busy).toHaveLength(12);
    const other = createDb({ dataDir: server.dataDir, databaseUrl: server.env.DATABASE_URL });
    const second = startWebhookRunner({ db: other, env: server.env, key: server.deps.keys.webhooks }, { pollMs: null });
    let attempted: number[];
    try {
      attempted = await Promise.all([runner.runOnce(), second.runOnce()]);
    } finally {
      await second.stop();
      await other.destroy();
    }
    const ids = receiver.received.map((r) => String(r.headers['site-webhook-id']));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of busy) {
      expect(ids.filter((sent) => sent === id)).toHaveLength(1);
      expect(await delivery(id)).toMatchObject({ status: 'delivered', attempts: 1 });
    }
    expect(attempted.reduce((a, b) => a + b, 0)).toBe(ids.length);
  });

  describe('without WEBHOOKS_ALLOW_PRIVATE', () => {
    // The server's own environment object: turned off for these tests only.
    beforeEach(() => {
      server.env.WEBHOOKS_ALLOW_PRIVATE = false;
    });
    afterAll(() => {
      server.env.WEBHOOKS_ALLOW_PRIVATE = true;
    });

    it.each([
      'http://127.0.0.1:9/hooks',
      'http://localhost:9/hooks',
      'http://10.0.0.7/hooks',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:9/hooks',
    ])('refuses %s when saved', async (url) => {
      const res = await call('POST', '/api/admin/webhooks', { url, events: ['content.created'] });
      expect(await json(res, 400)).toEqual({ message: PRIVATE_REFUSED, field: 'url' });
      const changed = await call('PUT', `/api/admin/webhooks/${content.endpoint.id}`, { url });
      expect(await json(changed, 400)).toEqual({ message: PRIVATE_REFUSED, field: 'url' });
    });

    it('refuses to send to an endpoint saved while they were allowed, without contacting it', async () => {
      const res = await json<{ delivery: WebhookDeliveryItem }>(
        await call('POST', `/api/admin/webhooks/${content.endpoint.id}/test`),
        200,
      );
      expect(res.delivery).toMatchObject({
        status: 'pending',
        attempts: 1,
        responseStatus: null,
        error: PRIVATE_REFUSED,
      });
      expect(receiver.received).toHaveLength(0);
    });
  });

  it('refuses bad input with the field at fault, and unknown ids with 404', async () => {
    const refused = async (body: unknown, field: string) => {
      const res = await call('POST', '/api/admin/webhooks', body);
      expect((await json<{ field: string }>(res, 400)).field).toBe(field);
    };
    await refused({ url: 'ftp://example.com/hooks', events: ['content.created'] }, 'url');
    await refused({ url: 'not a url', events: ['content.created'] }, 'url');
    await refused({ url: 'https://user:pw@example.com/hooks', events: ['content.created'] }, 'url');
    await refused({ events: ['content.created'] }, 'url');
    await refused({ url: `${receiver.url}/x`, events: [] }, 'events');
    await refused({ url: `${receiver.url}/x`, events: ['order.shipped'] }, 'events');
    await refused({ url: `${receiver.url}/x`, events: ['content.created'], description: 'a\u0000b' }, 'description');
    await refused([], 'body');
    const put = await call('PUT', `/api/admin/webhooks/${content.endpoint.id}`, { enabled: 'yes' });
    expect((await json<{ field: string }>(put, 400)).field).toBe('enabled');

    const unknown = randomUUID();
    expect((await call('PUT', `/api/admin/webhooks/${unknown}`, { enabled: false })).status).toBe(404);
    expect((await call('DELETE', `/api/admin/webhooks/${unknown}`)).status).toBe(404);
    expect((await call('POST', `/api/admin/webhooks/${unknown}/secret`)).status).toBe(404);
    expect((await call('POST', `/api/admin/webhooks/${unknown}/test`)).status).toBe(404);
    expect((await call('GET', `/api/admin/webhooks/${unknown}/deliveries`)).status).toBe(404);
    expect((await call('POST', `/api/admin/webhooks/deliveries/${unknown}/resend`)).status).toBe(404);
    expect((await call('POST', `/api/admin/webhooks/deliveries/${'x'.repeat(500)}/resend`)).status).toBe(404);
  });

  it('is the admin’s alone: a customer gets 403 and no token 401', async () => {
    const paths: [string, string, unknown?][] = [
      ['GET', '/api/admin/webhooks'],
      ['POST', '/api/admin/webhooks', { url: `${receiver.url}/x`, events: ['content.created'] }],
      ['PUT', `/api/admin/webhooks/${content.endpoint.id}`, { enabled: false }],
      ['DELETE', `/api/admin/webhooks/${content.endpoint.id}`],
      ['POST', `/api/admin/webhooks/${content.endpoint.id}/secret`],
      ['POST', `/api/admin/webhooks/${content.endpoint.id}/test`],
      ['GET', `/api/admin/webhooks/${content.endpoint.id}/deliveries`],
      ['POST', `/api/admin/webhooks/deliveries/${failedId}/resend`],
    ];
    for (const [method, path, body] of paths) {
      expect((await call(method, path, body, customer)).status, `${method} ${path}`).toBe(403);
      expect((await call(method, path, body, null)).status, `${method} ${path}`).toBe(401);
    }
    expect(receiver.received).toHaveLength(0);
    expect((await server.db.selectFrom('webhook_endpoints').select('id').execute()).length).toBe(2);
  });

  it('deletes an endpoint with its log, and audits every admin write', async () => {
    const res = await call('DELETE', `/api/admin/webhooks/${content.endpoint.id}`);
    expect(await json(res, 200)).toEqual({ message: 'Webhook endpoint deleted. Nothing more is sent to it.' });
    expect(await deliveriesOf(content.endpoint.id)).toHaveLength(0);
    const list = await json<{ results: WebhookEndpointItem[] }>(await call('GET', '/api/admin/webhooks'), 200);
    expect(list.results.map((e) => e.id)).toEqual([everything.endpoint.id]);
    const audited = await server.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'summary'])
      .where('action', 'like', 'webhook.%')
      .orderBy('at')
      .execute();
    expect(new Set(audited.map((a) => a.action))).toEqual(
      new Set(['webhook.create', 'webhook.update', 'webhook.delete', 'webhook.secret', 'webhook.resend']),
    );
    // Named by host only: a receiver's URL path may hold its own token.
    for (const entry of audited) expect(entry.summary).not.toContain('/hooks');
  });
});
