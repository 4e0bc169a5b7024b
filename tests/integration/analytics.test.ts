/**
 * Analytics with the real app and database: POST /api/analytics/view keeps only the day, the path,
 * the referrer's host and a daily-salted visitor hash (no address, browser or cookie); bots, Do Not Track and pages
 * that are never counted leave nothing; GET /api/analytics and its CSV export answer only admins, with the figures of
 * the views, orders and sign-ups made here.
 */
import { randomUUID } from 'node:crypto';
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { VIEW_LIMIT } from '../../src/server/modules/analytics/analytics.routes.ts';
import { createViewCounter, visitorHash } from '../../src/server/modules/analytics/analytics.service.ts';
import { addDays, DIRECT_REFERRER, RANGE_MESSAGES, utcDay, type AnalyticsReport } from '../../src/shared/analytics.ts';
import type { PlacedOrder } from '../../src/shared/orders-customer.ts';
import { TABLE_MESSAGE } from '../../src/shared/schemas/analytics.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { storedText } from '../helpers/test-database.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0 AnalyticsProbe/7';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SITE = 'https://shop.northwind.example';
const TODAY = utcDay(new Date());

let t: TestApp;
let admin: string;
let carol: string;
let productId: string;

async function view(body: unknown, headers: Record<string, string> = {}, app: TestApp = t) {
  const res = await app.request('/api/analytics/view', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': FIREFOX, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

async function get(path: string, token?: string) {
  return t.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
}

async function report(query = '', token = admin): Promise<AnalyticsReport> {
  const res = await get(`/api/analytics${query}`, token);
  expect(res.status).toBe(200);
  return (await res.json()) as AnalyticsReport;
}

/** A CSV answer's text, checked to start with the UTF-8 byte order mark (which Response.text() drops). */
async function csvText(res: Response): Promise<string> {
  const bytes = Buffer.from(await res.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes.subarray(3).toString('utf8');
}

const viewRows = () => t.db.selectFrom('page_views').selectAll().orderBy('path').orderBy('referrer_host').execute();
const visitorRows = () => t.db.selectFrom('page_visitors').selectAll().execute();
const clear = async () => {
  await t.db.deleteFrom('page_views').execute();
  await t.db.deleteFrom('page_visitors').execute();
};

async function placeOrder(quantity: number): Promise<string> {
  const res = await t.request('/api/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${carol}`, 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      lines: [{ productId, quantity }],
      paymentMethod: 'manual',
      shipping: {
        name: 'Carol Customer',
        line1: '2 Side Road',
        line2: '',
        city: 'Leeds',
        region: '',
        postalCode: 'LS1 1AA',
        country: 'United Kingdom',
      },
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as PlacedOrder).order._id;
}

async function setStatus(id: string, ...statuses: string[]) {
  for (const status of statuses) {
    const res = await t.request(`/api/admin/orders/${id}/status`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ status }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'off', SITE_URL: SITE } });
  return () => t.close();
});
beforeAll(async () => {
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  carol = await t.customerToken('carol');
  productId = randomUUID();
  const now = new Date().toISOString();
  await t.db
    .insertInto('products')
    .values({
      id: productId,
      name: 'Brass Desk Lamp',
      slug: 'brass-desk-lamp',
      price_cents: 1250,
      stock: 100,
      published: true,
      created_at: now,
      updated_at: now,
    })
    .execute();
});

describe('POST /api/analytics/view', () => {
  it('keeps only the day, the path, the referring host and a visitor hash; no cookie, address or browser', async () => {
    await clear();
    const answer = await view({
      path: '/shop/brass-desk-lamp/?utm_source=mail#reviews',
      referrer: 'https://News.Example.com/story?id=7&reader=ada',
    });
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    expect(answer.headers.get('set-cookie')).toBeNull();

    expect(await viewRows()).toEqual([
      { day: TODAY, path: '/shop/brass-desk-lamp', referrer_host: 'news.example.com', views: 1 },
    ]);
    const visitors = await visitorRows();
    expect(visitors).toHaveLength(1);
    const [visitor] = visitors;
    assert(visitor);
    expect(Object.keys(visitor).sort()).toEqual(['day', 'visitor_hash']);
    const { salt } = await t.db
      .selectFrom('analytics_salts')
      .select('salt')
      .where('day', '=', TODAY)
      .executeTakeFirstOrThrow();
    // In-process requests have no socket, so the address is 'unknown' (client-ip.ts): it is only ever hashed.
    expect(visitor).toEqual({ day: TODAY, visitor_hash: visitorHash(salt, 'unknown', FIREFOX) });
  });

  it('writes the browser nowhere in the database', async () => {
    expect(await storedText(t.db, t.dataDir)).not.toContain('AnalyticsProbe');
  });

  it('counts the same visitor twice in a day as one visitor and two views; another browser is another visitor', async () => {
    await clear();
    expect((await view({ path: '/about' })).status).toBe(204);
    expect((await view({ path: '/about', referrer: '' })).status).toBe(204);
    expect((await view({ path: '/about/' }, { 'user-agent': CHROME })).status).toBe(204);
    expect(await viewRows()).toEqual([{ day: TODAY, path: '/about', referrer_host: '', views: 3 }]);
    expect(await visitorRows()).toHaveLength(2);
    const day = (await report()).daily.find((d) => d.day === TODAY);
    expect(day).toMatchObject({ views: 3, visitors: 2 });
  });

  it("keeps '' as the referrer of this site's own pages", async () => {
    await clear();
    await view({ path: '/contact', referrer: `${SITE}/about` });
    await view({ path: '/contact', referrer: 'https://www.shop.northwind.example/' });
    expect(await viewRows()).toEqual([{ day: TODAY, path: '/contact', referrer_host: '', views: 2 }]);
  });

  it('counts nothing for bots, Do Not Track or Global Privacy Control, and still answers 204', async () => {
    await clear();
    const cases: Record<string, string>[] = [
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      {
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      },
      { 'user-agent': '' },
      { dnt: '1' },
      { 'sec-gpc': '1' },
    ];
    for (const headers of cases)
      expect((await view({ path: '/pricing' }, headers)).status, JSON.stringify(headers)).toBe(204);
    expect(await viewRows()).toEqual([]);
    expect(await visitorRows()).toEqual([]);
  });

  it('never counts the admin area, the API, signed-in screens or pages with tokens, nor what is no site path', async () => {
    await clear();
    const paths = [
      '/admin/store',
      '/admin-dashboard',
      '/api/products',
      '/analytics',
      '/settings',
      '/messages',
      '/reset-password?token=secret',
      '/orders/view?token=secret',
      '/newsletter/confirm?token=secret',
      '/newsletter/unsubscribe',
      'contact',
      'https://evil.example/',
      '/shop/%E0%A4%A',
      '/shop/../admin',
      `/${'x'.repeat(400)}`,
    ];
    for (const path of paths) expect((await view({ path })).status, path).toBe(204);
    expect(await viewRows()).toEqual([]);
    expect(await visitorRows()).toEqual([]);
  });

  it('refuses a body that is not a view with 400 naming the field, never a 500', async () => {
    const cases: [unknown, string][] = [
      [[], 'body'],
      ['null', 'body'],
      [{}, 'path'],
      [{ path: 5 }, 'path'],
      [{ path: '/a', referrer: { host: 'x' } }, 'referrer'],
      [{ path: `/${'a'.repeat(3000)}` }, 'path'],
    ];
    for (const [body, field] of cases) {
      const answer = await view(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((JSON.parse(answer.text) as { field: string }).field).toBe(field);
    }
    expect((await view('{"path":')).status).toBe(400);
    const text = await t.request('/api/analytics/view', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'user-agent': FIREFOX },
      body: '{"path":"/"}',
    });
    expect(text.status).toBe(415);
  });

  it('stops counting an address past its limit, answered alike', async () => {
    const limited = await createTestApp({ env: { SITE_URL: SITE } });
    try {
      for (let i = 0; i < VIEW_LIMIT.limit; i++)
        expect((await view({ path: '/pricing' }, {}, limited)).status).toBe(204);
      expect((await view({ path: '/pricing' }, {}, limited)).status).toBe(204);
      expect((await view({ path: '/about' }, {}, limited)).status).toBe(204);
      const rows = await limited.db.selectFrom('page_views').selectAll().execute();
      expect(rows).toEqual([{ day: TODAY, path: '/pricing', referrer_host: '', views: VIEW_LIMIT.limit }]);
    } finally {
      await limited.close();
    }
  });
});

describe("the day's salt", () => {
  it('is made on the first view of a day, the earlier days deleted, and the same visitor hashes differently each day', async () => {
    await clear();
    let now = new Date('2031-05-01T23:59:00Z');
    const count = createViewCounter(() => now);
    const visit = { path: '/about', referrerHost: '', ip: '198.51.100.7', userAgent: FIREFOX };
    await count(t.db, visit);
    await count(t.db, visit);
    const first = await t.db.selectFrom('analytics_salts').selectAll().execute();
    expect(first.map((s) => s.day)).toEqual(['2031-05-01']);
    const [firstSalt] = first;
    assert(firstSalt);
    expect(firstSalt.salt.length).toBeGreaterThanOrEqual(32);
    now = new Date('2031-05-02T00:01:00Z');
    await count(t.db, visit);
    const second = await t.db.selectFrom('analytics_salts').selectAll().execute();
    expect(second.map((s) => s.day)).toEqual(['2031-05-02']);
    const [secondSalt] = second;
    assert(secondSalt);
    expect(secondSalt.salt).not.toBe(firstSalt.salt);
    const visitors = await visitorRows();
    expect(visitors.map((v) => v.day).sort()).toEqual(['2031-05-01', '2031-05-02']);
    const [one, other] = visitors;
    assert(one && other);
    expect(one.visitor_hash).not.toBe(other.visitor_hash);
    expect(await t.db.selectFrom('page_views').select(['day', 'views']).orderBy('day').execute()).toEqual([
      { day: '2031-05-01', views: 2 },
      { day: '2031-05-02', views: 1 },
    ]);
  });
});

describe('GET /api/analytics and /api/analytics/export', () => {
  it('answer only admins: 401 for a guest, 403 for a customer', async () => {
    for (const path of ['/api/analytics', '/api/analytics/export?table=daily']) {
      expect((await get(path)).status, path).toBe(401);
      expect((await get(path, carol)).status, path).toBe(403);
      const res = await get(path, admin);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('default to the last 30 days ending today, every day listed', async () => {
    const answer = await report();
    expect(answer.start).toBe(addDays(TODAY, -29));
    expect(answer.end).toBe(TODAY);
    expect(answer.daily).toHaveLength(30);
    expect(answer.daily.map((d) => d.day)).toEqual(Array.from({ length: 30 }, (_, i) => addDays(TODAY, i - 29)));
  });

  it('refuse a bad range with 400 naming the field', async () => {
    const cases: [string, string, string][] = [
      ['?start=2026-02-30', 'start', RANGE_MESSAGES.start],
      ['?end=tomorrow', 'end', RANGE_MESSAGES.end],
      ['?start=2026-11-10&end=2026-11-09', 'end', RANGE_MESSAGES.order],
      ['?start=2024-01-01&end=2025-01-01', 'start', RANGE_MESSAGES.length],
    ];
    for (const [query, field, message] of cases) {
      for (const path of [`/api/analytics${query}`, `/api/analytics/export${query}&table=daily`]) {
        const res = await get(path, admin);
        expect(res.status, path).toBe(400);
        expect(await res.json()).toEqual({ message, field });
      }
    }
    for (const query of ['', '?table=users', '?table=']) {
      const res = await get(`/api/analytics/export${query}`, admin);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: TABLE_MESSAGE, field: 'table' });
    }
  });

  describe('with views, orders and sign-ups made here', () => {
    const PAST = addDays(TODAY, -3);
    const OLD = addDays(TODAY, -40);
    let answer: AnalyticsReport;

    beforeAll(async () => {
      await clear();
      await t.db.deleteFrom('users').where('username', 'not in', ['admin', 'carol']).execute();
      await t.db
        .updateTable('users')
        .set({ created_at: `${TODAY} 08:00:00` })
        .execute();
      // Sign-ups: admin and carol today, ada through the API today, then two moved into the past.
      const register = await t.request('/api/auth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          first_name: 'Ada',
          last_name: 'Lovelace',
          email: 'ada@example.com',
          username: 'ada',
          password: 'analytical engine notes',
        }),
      });
      expect(register.status).toBe(201);
      await t.customerToken('dora');
      await t.customerToken('olga');
      await t.db
        .updateTable('users')
        .set({ created_at: `${PAST}T10:00:00.000Z` })
        .where('username', '=', 'dora')
        .execute();
      await t.db
        .updateTable('users')
        .set({ created_at: `${OLD}T10:00:00.000Z` })
        .where('username', '=', 'olga')
        .execute();

      // Orders (12.50 each): paid 1, pending 2, cancelled 1, refunded 1 today; shipped 4 three days ago; paid 1 in EUR.
      const paid = await placeOrder(1);
      await setStatus(paid, 'paid');
      await placeOrder(2);
      await setStatus(await placeOrder(1), 'cancelled');
      await setStatus(await placeOrder(1), 'paid', 'refunded');
      const shipped = await placeOrder(4);
      await setStatus(shipped, 'paid', 'shipped');
      await t.db
        .updateTable('orders')
        .set({ created_at: `${PAST}T23:59:59.999Z` })
        .where('id', '=', shipped)
        .execute();
      const euro = await placeOrder(1);
      await setStatus(euro, 'paid');
      await t.db.updateTable('orders').set({ currency: 'EUR' }).where('id', '=', euro).execute();
      const old = await placeOrder(3);
      await setStatus(old, 'paid');
      await t.db
        .updateTable('orders')
        .set({ created_at: `${OLD}T12:00:00.000Z` })
        .where('id', '=', old)
        .execute();

      // Views today through the API; earlier days straight into the table (a day cannot be chosen through the API).
      await t.db
        .insertInto('blogs')
        .values({
          id: randomUUID(),
          title: 'Lighting a Small Room',
          slug: 'lighting-a-small-room',
          created_at: new Date().toISOString(),
        })
        .execute();
      await view({ path: '/shop/brass-desk-lamp', referrer: 'https://news.example/story' });
      await view({ path: '/shop/brass-desk-lamp', referrer: 'https://=cmd.example/' }, { 'user-agent': CHROME });
      await view({ path: '/blogs/lighting-a-small-room' });
      await view({ path: '/about' });
      await t.db
        .insertInto('page_views')
        .values([
          { day: PAST, path: '/blogs/lighting-a-small-room', referrer_host: 'news.example', views: 7 },
          { day: PAST, path: '/shop/no-longer-sold', referrer_host: '', views: 2 },
          { day: OLD, path: '/about', referrer_host: '', views: 50 },
        ])
        .execute();
      await t.db
        .insertInto('page_visitors')
        .values([
          { day: PAST, visitor_hash: 'a' },
          { day: PAST, visitor_hash: 'b' },
          { day: OLD, visitor_hash: 'c' },
        ])
        .execute();

      answer = await report();
    });

    it('count views and visitors per day, orders not cancelled, revenue of paid ones in the store currency, and sign-ups', () => {
      const byDay = new Map(answer.daily.map((d) => [d.day, d]));
      expect(answer.currency).toBe('USD');
      expect(byDay.get(TODAY)).toEqual({
        day: TODAY,
        views: 4,
        visitors: 2,
        orders: 4,
        revenueCents: 1250,
        signups: 3,
      });
      expect(byDay.get(PAST)).toEqual({ day: PAST, views: 9, visitors: 2, orders: 1, revenueCents: 5000, signups: 1 });
      expect(answer.totals).toEqual({ views: 13, visitors: 4, orders: 5, revenueCents: 6250, signups: 4 });
      expect(
        answer.daily
          .filter((d) => d.day !== TODAY && d.day !== PAST)
          .every((d) => d.views + d.visitors + d.orders + d.revenueCents + d.signups === 0),
      ).toBe(true);
    });

    it('list the most viewed pages with their titles, and the referrers', () => {
      expect(answer.topContent).toEqual([
        { path: '/blogs/lighting-a-small-room', title: 'Lighting a Small Room', views: 8 },
        { path: '/shop/brass-desk-lamp', title: 'Brass Desk Lamp', views: 2 },
        { path: '/shop/no-longer-sold', title: '/shop/no-longer-sold', views: 2 },
        { path: '/about', title: '/about', views: 1 },
      ]);
      expect(answer.referrers).toEqual([
        { host: 'news.example', views: 8 },
        { host: '', views: 4 },
        { host: '=cmd.example', views: 1 },
      ]);
    });

    it('cover exactly the days asked for', async () => {
      const old = await report(`?start=${OLD}&end=${OLD}`);
      expect(old.daily).toEqual([{ day: OLD, views: 50, visitors: 1, orders: 1, revenueCents: 3750, signups: 1 }]);
      expect(old.topContent).toEqual([{ path: '/about', title: '/about', views: 50 }]);
      const past = await report(`?start=${PAST}&end=${PAST}`);
      expect(past.totals).toEqual({ views: 9, visitors: 2, orders: 1, revenueCents: 5000, signups: 1 });
      const nothing = await report('?start=2020-01-01&end=2020-01-31');
      expect(nothing.daily).toHaveLength(31);
      expect(nothing.totals).toEqual({ views: 0, visitors: 0, orders: 0, revenueCents: 0, signups: 0 });
      expect(nothing.topContent).toEqual([]);
      expect(nothing.referrers).toEqual([]);
    });

    it('export each table as a CSV attachment with a header row, formulas neutralised', async () => {
      const daily = await get(`/api/analytics/export?table=daily&start=${PAST}&end=${TODAY}`, admin);
      expect(daily.status).toBe(200);
      expect(daily.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(daily.headers.get('content-disposition')).toBe(
        `attachment; filename="analytics-daily-${PAST}-to-${TODAY}.csv"`,
      );
      const lines = (await csvText(daily)).split('\r\n');
      expect(lines[0]).toBe('Day,Views,Unique visitors,Orders,Revenue (USD),Sign-ups');
      expect(lines[1]).toBe(`${PAST},9,2,1,50,1`);
      expect(lines[4]).toBe(`${TODAY},4,2,4,12.5,3`);
      expect(lines).toHaveLength(6);

      const content = await get('/api/analytics/export?table=content', admin);
      expect(content.headers.get('content-disposition')).toBe(
        `attachment; filename="analytics-content-${answer.start}-to-${TODAY}.csv"`,
      );
      expect(await csvText(content)).toBe(
        'Path,Title,Views\r\n/blogs/lighting-a-small-room,Lighting a Small Room,8\r\n/shop/brass-desk-lamp,Brass Desk Lamp,2\r\n' +
          '/shop/no-longer-sold,/shop/no-longer-sold,2\r\n/about,/about,1\r\n',
      );
      const referrers = await get('/api/analytics/export?table=referrers', admin);
      expect(await csvText(referrers)).toBe(
        `Referrer,Views\r\nnews.example,8\r\n${DIRECT_REFERRER},4\r\n'=cmd.example,1\r\n`,
      );
    });

    it('neutralise a title a spreadsheet would run', async () => {
      await t.db
        .updateTable('products')
        .set({ name: '=HYPERLINK("https://evil.example","Lamp")' })
        .where('id', '=', productId)
        .execute();
      const text = await csvText(await get('/api/analytics/export?table=content', admin));
      expect(text).toContain(`/shop/brass-desk-lamp,"'=HYPERLINK(""https://evil.example"",""Lamp"")",2\r\n`);
      await t.db.updateTable('products').set({ name: 'Brass Desk Lamp' }).where('id', '=', productId).execute();
    });
  });
});
