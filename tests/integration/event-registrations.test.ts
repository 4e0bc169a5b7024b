/**
 * Event registrations through the real HTTP server (both databases): sign-up with its mail and .ics, the cancel link,
 * capacity and the waiting list, parallel sign-ups for the last places, refusals, and the admin's lists and CSV.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { setAuthLogSink } from '../../src/server/http/auth-log.ts';
import { sha256Hex } from '../../src/server/modules/auth/tokens.ts';
import {
  ALREADY_REGISTERED,
  type EventAvailability,
  type EventRegistrationList,
  type EventRegistrationSummary,
  type RegistrationAnswer,
} from '../../src/shared/events.ts';
import { jsonClient, fetchFrom, type Call } from '../helpers/json-client.ts';
import { mailFiles, waitForMail, type OutboxMail } from '../helpers/outbox.ts';
import { TEST_ADMIN_PASSWORD, TEST_CUSTOMER_PASSWORD } from '../helpers/test-app.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { hashPassword } from '../../src/server/modules/auth/password-hash.ts';

const SITE_URL = 'https://events.example';
const DAY = 86_400_000;

describe('event registrations', () => {
  let server: TestServer;
  let call: Call;
  let adminToken: string;

  beforeAll(async () => {
    setAuthLogSink(() => undefined);
    // Per-address limits off: every request comes from 127.0.0.1; the per-email limit stays on.
    server = await startTestServer({ env: { SITE_URL, RATE_LIMITS: 'off' } });
    call = jsonClient(fetchFrom(server.url));
    const login = await call<{ token: string }>('POST', '/api/auth/login', {
      body: { username: 'admin', password: TEST_ADMIN_PASSWORD },
    });
    adminToken = login.body.token;
  });
  afterAll(async () => {
    setAuthLogSink(null);
    await server.stop(true);
  });

  let made = 0;
  /** A published event starting in a week; `capacity` 0 = unlimited. */
  async function makeEvent(options: { capacity?: number; priceCents?: number; endsInDays?: number } = {}) {
    const id = randomUUID();
    const slug = `event-${++made}-${id.slice(0, 6)}`;
    const start = new Date(Date.now() + 7 * DAY);
    await server.db
      .insertInto('events')
      .values({
        id,
        slug,
        name: `Gathering; number ${made}, with friends`,
        title: '',
        description: 'An evening together.',
        image: '',
        address: '1 Quay Street',
        city: 'Brest',
        location: 'The Old Harbour',
        start_date: start.toISOString(),
        end_date: new Date(
          options.endsInDays === undefined ? start.getTime() + 3 * 3_600_000 : Date.now() + options.endsInDays * DAY,
        ).toISOString(),
        time_zone: 'Europe/Paris',
        category: 'Concert',
        event_type: 'local',
        is_virtual: false,
        price_cents: options.priceCents ?? 0,
        capacity: options.capacity ?? 0,
        published: true,
        created_at: new Date().toISOString(),
        updated_at: null,
      })
      .execute();
    return { id, slug };
  }

  const register = (key: string, body: object | string, token?: string) =>
    call<RegistrationAnswer & { field?: string }>('POST', `/api/events/${key}/registrations`, {
      body,
      ...(token ? { token } : {}),
    });
  const rows = (eventId: string) =>
    server.db
      .selectFrom('event_registrations')
      .selectAll()
      .where('event_id', '=', eventId)
      .orderBy('created_at')
      .execute();
  const counter = async (eventId: string) =>
    (await server.db.selectFrom('events').select('registrations').where('id', '=', eventId).executeTakeFirstOrThrow())
      .registrations;
  const cancelToken = (mail: OutboxMail) => {
    const token = /\/events\/cancel\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    assert(token, `a cancel link in ${mail.file}`);
    return token;
  };
  const rawMail = (mail: OutboxMail) => readFileSync(join(server.dataDir, 'outbox', mail.file), 'utf8');
  /** The text of the mail's text/calendar part (base64 or quoted-printable, as the mailer chose). */
  function icsOf(mail: OutboxMail): string {
    const raw = rawMail(mail);
    const at = raw.search(/Content-Type: text\/calendar/i);
    assert(at >= 0, `a calendar part in ${mail.file}`);
    const part = raw.slice(at);
    const headEnd = part.search(/\r?\n\r?\n/);
    const head = part.slice(0, headEnd);
    const body =
      part
        .slice(headEnd)
        .replace(/^\s+/, '')
        .split(/\r?\n--/)[0] ?? '';
    return /base64/i.test(head)
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  }

  async function signUp(key: string, email: string, seats = 1, name = 'Ada Lovelace') {
    const before = mailFiles(server.dataDir);
    const res = await register(key, { name, email, seats });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const mail = await waitForMail(server.dataDir, { to: email.trim().toLowerCase(), after: before });
    return { res, mail };
  }

  it('confirms a free sign-up, mails the details with an .ics and a cancel link that works once', async () => {
    const { id, slug } = await makeEvent({ capacity: 10 });
    const { res, mail } = await signUp(slug, '  Ada@Example.COM ', 3);
    expect(res.body).toMatchObject({ status: 'confirmed', seats: 3, message: "You're registered" });
    expect(res.body.availability).toMatchObject({ capacity: 10, confirmedSeats: 3, placesLeft: 7, waiting: 0 });
    expect(mail.subject).toContain("you're registered for Gathering");
    expect(mail.text).toContain('Seats: 3 seats');
    expect(mail.text).toContain('The Old Harbour, 1 Quay Street, Brest');
    // On the event's own clocks (Paris), named.
    expect(mail.text).toMatch(/When: .*(CET|CEST)/);
    expect(rawMail(mail)).toMatch(/filename="?event-\d+-\w+\.ics/);
    const ics = icsOf(mail);
    expect(ics).toContain('BEGIN:VCALENDAR\r\n');
    expect(ics).toContain(`UID:${id}@events.example\r\n`);
    expect(ics).toContain('SUMMARY:Gathering\\; number');
    expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z\r\n/);

    const [row] = await rows(id);
    assert(row);
    expect(row).toMatchObject({ email: 'ada@example.com', seats: 3, status: 'confirmed', user_id: null });
    const token = cancelToken(mail);
    expect(row.cancel_token_hash).toBe(sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await counter(id)).toBe(3);

    const cancelled = await call('POST', '/api/events/registrations/cancel', { body: { token } });
    expect(cancelled.status).toBe(200);
    expect(await counter(id)).toBe(0);
    expect((await rows(id))[0]).toMatchObject({ status: 'cancelled' });
    const again = await call('POST', '/api/events/registrations/cancel', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ field: 'token' });
    // Cancelled, the address may register again.
    expect((await register(slug, { name: 'Ada', email: 'ada@example.com', seats: 1 })).status).toBe(201);
  });

  it('keeps the account of a signed-in visitor and finds the event by id too', async () => {
    const { id } = await makeEvent();
    const now = new Date().toISOString();
    const userId = randomUUID();
    await server.db
      .insertInto('users')
      .values({
        id: userId,
        first_name: 'Carol',
        last_name: 'Customer',
        email: 'carol@example.com',
        username: 'carol',
        username_key: 'carol',
        password_hash: await hashPassword(TEST_CUSTOMER_PASSWORD),
        email_verified: true,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const login = await call<{ token: string }>('POST', '/api/auth/login', {
      body: { username: 'carol', password: TEST_CUSTOMER_PASSWORD },
    });
    const res = await register(id, { name: 'Carol', email: 'carol@example.com', seats: 2 }, login.body.token);
    expect(res.status).toBe(201);
    expect((await rows(id))[0]).toMatchObject({ user_id: userId, seats: 2 });
  });

  it('puts sign-ups beyond capacity on the waiting list, and a cancellation moves it up in order', async () => {
    const { id, slug } = await makeEvent({ capacity: 4 });
    const first = await signUp(slug, 'first@example.com', 3);
    expect(first.res.body.status).toBe('confirmed');
    const second = await signUp(slug, 'second@example.com', 2);
    expect(second.res.body).toMatchObject({ status: 'waiting', message: "You're on the waiting list" });
    expect(second.mail.subject).toContain('waiting list');
    expect(second.mail.text).not.toContain('BEGIN:VCALENDAR');
    expect(rawMail(second.mail)).not.toContain('text/calendar');
    // One place is left, but the waiting list is served first.
    const third = await signUp(slug, 'third@example.com', 1);
    expect(third.res.body.status).toBe('waiting');
    const availability = await call<EventAvailability>('GET', `/api/events/${slug}/availability`);
    expect(availability.body).toMatchObject({ capacity: 4, confirmedSeats: 3, placesLeft: 1, waiting: 2, free: true });

    const before = mailFiles(server.dataDir);
    expect(
      (await call('POST', '/api/events/registrations/cancel', { body: { token: cancelToken(first.mail) } })).status,
    ).toBe(200);
    const promoted = await waitForMail(server.dataDir, { to: 'second@example.com', after: before });
    expect(promoted.subject).toContain("you're now registered");
    expect(rawMail(promoted)).toContain('text/calendar');
    const moved = await waitForMail(server.dataDir, { to: 'third@example.com', after: before });
    expect(moved.subject).toContain("you're now registered");
    expect((await rows(id)).map((r) => [r.email, r.status])).toEqual([
      ['first@example.com', 'cancelled'],
      ['second@example.com', 'confirmed'],
      ['third@example.com', 'confirmed'],
    ]);
    expect(await counter(id)).toBe(3);
  });

  it('confirms exactly the capacity when 30 people sign up at once for 10 seats', async () => {
    const { id, slug } = await makeEvent({ capacity: 10 });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => register(slug, { name: `Person ${i}`, email: `p${i}@example.com` })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 30 }, () => 201));
    const all = await rows(id);
    const confirmed = all.filter((r) => r.status === 'confirmed');
    expect(confirmed.reduce((sum, r) => sum + r.seats, 0)).toBe(10);
    expect(all.filter((r) => r.status === 'waiting')).toHaveLength(20);
    expect(answers.filter((a) => a.body.status === 'confirmed')).toHaveLength(10);
    expect(await counter(id)).toBe(10);
  });

  it('refuses the same address twice for one event with a 409', async () => {
    const { slug } = await makeEvent();
    expect((await register(slug, { name: 'Bo', email: 'bo@example.com' })).status).toBe(201);
    const twice = await register(slug, { name: 'Bo again', email: ' BO@example.com' });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ message: ALREADY_REGISTERED, field: 'email' });
  });

  it('answers bad input with a 400 naming the field, and unknown, paid or past events plainly', async () => {
    const { slug } = await makeEvent({ capacity: 3 });
    const cases: [object, string][] = [
      [{ name: '', email: 'x@example.com', seats: 1 }, 'name'],
      [{ name: 'X', email: 'not an address', seats: 1 }, 'email'],
      [{ name: 'X', email: 'x@example.com', seats: 0 }, 'seats'],
      [{ name: 'X', email: 'x@example.com', seats: 11 }, 'seats'],
      [{ name: 'X', email: 'x@example.com', seats: 1.5 }, 'seats'],
      [{ name: 'X', email: 'x@example.com', seats: 4 }, 'seats'],
      [{ name: 'X\u0000', email: 'x@example.com', seats: 1 }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await register(slug, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field).toBe(field);
      expect(typeof res.body.message).toBe('string');
    }
    const notJson = await call('POST', `/api/events/${slug}/registrations`, { body: '[1,2]' });
    expect(notJson.status).toBe(400);
    expect((await register('no-such-event', { name: 'X', email: 'x@example.com' })).status).toBe(404);
    const paid = await makeEvent({ priceCents: 3500 });
    expect((await register(paid.slug, { name: 'X', email: 'x@example.com' })).status).toBe(409);
    const over = await makeEvent({ endsInDays: -1 });
    expect((await register(over.slug, { name: 'X', email: 'x@example.com' })).status).toBe(409);
    const badToken = await call('POST', '/api/events/registrations/cancel', { body: { token: 'short' } });
    expect(badToken).toMatchObject({ status: 400, body: { field: 'token' } });
    const unknownToken = await call('POST', '/api/events/registrations/cancel', { body: { token: 'a'.repeat(43) } });
    expect(unknownToken).toMatchObject({ status: 400, body: { field: 'token' } });
  });

  it('limits sign-ups per email address', async () => {
    const { slug } = await makeEvent();
    const others = await Promise.all(Array.from({ length: 3 }, () => makeEvent()));
    const email = 'eager@example.com';
    let last = 0;
    for (const event of [{ slug }, ...others, ...others, ...others, ...others])
      last = (await register(event.slug, { name: 'Eager', email })).status;
    expect(last).toBe(429);
  });

  it('lists, exports and cancels for admins only; the admin cancel frees seats and mails the person', async () => {
    const { id, slug } = await makeEvent({ capacity: 2 });
    await signUp(slug, 'ann@example.com', 2, '=HYPERLINK("http://evil")');
    await signUp(slug, 'ben@example.com', 1, 'Ben');

    for (const path of [
      `/api/admin/events/${id}/registrations`,
      `/api/admin/events/${id}/registrations.csv`,
      '/api/admin/event-registrations',
    ]) {
      expect((await call('GET', path)).status).toBe(401);
    }
    const customer = await call<{ token: string }>('POST', '/api/auth/login', {
      body: { username: 'carol', password: TEST_CUSTOMER_PASSWORD },
    });
    expect((await call('GET', `/api/admin/events/${id}/registrations`, { token: customer.body.token })).status).toBe(
      403,
    );

    const summaries = await call<{ results: EventRegistrationSummary[] }>('GET', '/api/admin/event-registrations', {
      token: adminToken,
    });
    expect(summaries.body.results.find((e) => e._id === id)).toMatchObject({
      capacity: 2,
      confirmedSeats: 2,
      waiting: 1,
      waitingSeats: 1,
      free: true,
    });
    const list = await call<EventRegistrationList>('GET', `/api/admin/events/${id}/registrations`, {
      token: adminToken,
    });
    expect(list.status).toBe(200);
    expect(list.body.results.map((r) => [r.email, r.status, r.seats])).toEqual([
      ['ann@example.com', 'confirmed', 2],
      ['ben@example.com', 'waiting', 1],
    ]);

    const csv = await fetch(`${server.url}/api/admin/events/${id}/registrations.csv`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="registrations-${slug}.csv"`);
    const text = await csv.text();
    const lines = text.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe('Name,Email,Seats,Status,Registered at (UTC),Cancelled at (UTC),Signed in,Order');
    // A formula-leading name is defused and quoted.
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil""\)",ann@example\.com,2,confirmed,/);

    const ann = list.body.results[0];
    assert(ann);
    const before = mailFiles(server.dataDir);
    const cancelled = await call('POST', `/api/admin/events/${id}/registrations/${ann._id}/cancel`, {
      token: adminToken,
    });
    expect(cancelled.status).toBe(200);
    const told = await waitForMail(server.dataDir, { to: 'ann@example.com', after: before });
    expect(told.subject).toContain('was cancelled');
    const ben = await waitForMail(server.dataDir, { to: 'ben@example.com', after: before });
    expect(ben.subject).toContain("you're now registered");
    expect(await counter(id)).toBe(1);
    const twice = await call('POST', `/api/admin/events/${id}/registrations/${ann._id}/cancel`, { token: adminToken });
    expect(twice.status).toBe(409);
    expect(
      (await call('POST', `/api/admin/events/${id}/registrations/nope/cancel`, { token: adminToken })).status,
    ).toBe(404);
  });

  it("takes the capacity from the admin's event form, and a larger one moves the waiting list up", async () => {
    const { id, slug } = await makeEvent({ capacity: 2 });
    await signUp(slug, 'one@example.com', 2);
    const waiting = await signUp(slug, 'two@example.com', 2);
    expect(waiting.res.body.status).toBe('waiting');
    const form = {
      name: 'Bigger room',
      start: '2030-05-01T18:00',
      end: '2030-05-01T21:00',
      timeZone: 'Europe/Paris',
      eventType: 'local',
      address: '1 Quay Street',
      city: 'Brest',
      price: '0',
      capacity: 'lots',
      published: 'true',
    };
    const refused = await call('PUT', `/api/admin/events/${id}`, { token: adminToken, body: form });
    expect(refused).toMatchObject({ status: 400, body: { field: 'capacity' } });
    const before = mailFiles(server.dataDir);
    const saved = await call<{ event: { capacity: number } }>('PUT', `/api/admin/events/${id}`, {
      token: adminToken,
      body: { ...form, capacity: '4' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.event.capacity).toBe(4);
    const promoted = await waitForMail(server.dataDir, { to: 'two@example.com', after: before });
    expect(promoted.subject).toContain("you're now registered");
    expect(await counter(id)).toBe(4);
    const unlimited = await call<{ event: { capacity: number } }>('PUT', `/api/admin/events/${id}`, {
      token: adminToken,
      body: { ...form, capacity: '' },
    });
    expect(unlimited.body.event.capacity).toBe(0);
  });
});
