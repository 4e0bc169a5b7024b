/**
 * The shop's list filtered by the server with the browser's own rules: GET /api/products with q, category, price or
 * sort answers the page of what the shop's island would show for the same address, and how many match; a bad value
 * is repaired as the browser repairs it; without them the list answers as before.
 */
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { audioSectionFor } from '../../src/lib/filters/audio.ts';
import { blogSectionFor, toBlogSummary } from '../../src/lib/filters/blogs.ts';
import { eventSectionFor } from '../../src/lib/filters/events.ts';
import { photoSectionFor } from '../../src/lib/filters/photos.ts';
import { shopSectionFor } from '../../src/lib/filters/shop.ts';
import { videoSectionFor } from '../../src/lib/filters/videos.ts';
import { toAudioListItem, toShopListItem, type ShopListItem } from '../../src/lib/lists/list-data.ts';
import type { StoreSettings } from '../../src/shared/commerce.ts';
import type { CategoryChoice } from '../../src/lib/filters/core.ts';
import type { Audio, ListPageResponse, ListResponse, Product } from '../../src/shared/types.ts';
import { type Answer, type ApiBody, jsonClient } from '../helpers/json-client.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

describe('the filtered shop list', () => {
  let t: TestApp;
  const call = jsonClient((path, init) => t.request(path, init));
  const get = <B = ApiBody>(path: string): Promise<Answer<B>> => call<B>('GET', path, {});
  /** What the shop's island shows for `query`, over the whole list as the page's data file holds it. */
  let expected: (query: string) => ShopListItem[];

  beforeAll(async () => {
    t = await createTestApp({ seed: 'demo' });
    const products = (await get<ListResponse<Product>>('/api/products')).body.results.map(toShopListItem);
    const categories = (await get<ListResponse<CategoryChoice>>('/api/categories?kind=product')).body.results;
    const store = (await get<StoreSettings>('/api/store')).body;
    const section = shopSectionFor<ShopListItem>(categories, store.priceBandsCents.shop, store.currency);
    expected = (query) => {
      const params = new URLSearchParams(query);
      return section.apply(products, section.fromQuery(params, products), new Date());
    };
  });
  afterAll(() => t.close());

  it.each([
    'category=Books',
    'sort=price-asc',
    'sort=price-desc&category=Electronics',
    'q=linen',
    'q=zzzz-nothing',
    'category=books',
    'category=Unknown&sort=oldest',
    'price=cheap&sort=popular',
  ])('?%s answers the page the island shows, and the count', async (query) => {
    const want = expected(query);
    const { status, body } = await get<ListPageResponse<ShopListItem>>(`/api/products?${query}&limit=5`);
    expect(status).toBe(200);
    expect(body.total).toBe(want.length);
    expect(body.results.map((p) => p._id)).toEqual(want.slice(0, 5).map((p) => p._id));
  });

  it('pages through a sorted list without overlap or gaps', async () => {
    const want = expected('sort=price-asc').map((p) => p._id);
    const seen: string[] = [];
    for (let offset = 0; offset < want.length; offset += 7) {
      const { body } = await get<ListPageResponse<ShopListItem>>(
        `/api/products?sort=price-asc&limit=7&offset=${offset}`,
      );
      seen.push(...body.results.map((p) => p._id));
    }
    expect(seen).toEqual(want);
  });

  it('gives the first 24 when no page is asked, and the spec answer without filters', async () => {
    const filtered = await get<ListPageResponse<ShopListItem>>('/api/products?sort=price-asc');
    expect(filtered.body.results).toHaveLength(Math.min(24, expected('sort=price-asc').length));
    const plain = await get<ListResponse<Product>>('/api/products');
    expect(Object.keys(plain.body)).toEqual(['results']);
  });

  it('refuses a bad page even with filters, and changes nothing', async () => {
    const { status, body } = await get('/api/products?category=Books&limit=1000');
    expect(status).toBe(400);
    expect(body).toMatchObject({ field: 'limit' });
  });

  it("answers with an admin's change at once, though it keeps the rows between requests", async () => {
    const before = await get<ListPageResponse<ShopListItem>>('/api/products?sort=price-asc&limit=1');
    const cheapest = before.body.results[0];
    assert(cheapest, 'the demo shop has products');
    const admin = await t.login('admin', TEST_ADMIN_PASSWORD);
    const data = new FormData();
    for (const [name, value] of Object.entries({
      name: 'Penny Sticker',
      description: 'A sticker.',
      price: '0.01',
      category: cheapest.category,
      stock: '5',
      published: 'true',
    }))
      data.append(name, value);
    const created = await t.request('/api/admin/products', {
      method: 'POST',
      body: data,
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(created.status).toBe(201);
    const after = await get<ListPageResponse<ShopListItem>>('/api/products?sort=price-asc&limit=1');
    expect(after.body.total).toBe(before.body.total + 1);
    expect(after.body.results[0]?.name).toBe('Penny Sticker');
  });
});

describe('the filtered media lists', () => {
  let t: TestApp;
  const call = jsonClient((path, init) => t.request(path, init));
  const get = <B = ApiBody>(path: string): Promise<Answer<B>> => call<B>('GET', path, {});
  beforeAll(async () => {
    t = await createTestApp({ seed: 'demo' });
  });
  afterAll(() => t.close());

  /** The ids the list's island shows for `query`, from the whole list and the company's categories of `kind`. */
  async function islandIds(
    path: string,
    kind: string,
    sectionFor: (categories: readonly CategoryChoice[]) => {
      apply: (items: never[], filters: never, now: Date) => { _id: string }[];
      fromQuery: (params: URLSearchParams, items?: never[]) => never;
    },
    query: string,
    project: (item: never) => unknown = (item) => item,
  ): Promise<string[]> {
    const items = (await get<ListResponse<never>>(path)).body.results.map(project) as never[];
    const categories = (await get<ListResponse<CategoryChoice>>(`/api/categories?kind=${kind}`)).body.results;
    const section = sectionFor(categories);
    return section.apply(items, section.fromQuery(new URLSearchParams(query), items), new Date()).map((i) => i._id);
  }

  it.each([
    ['/api/photos', 'photo', photoSectionFor, 'sort=popular'],
    ['/api/photos', 'photo', photoSectionFor, 'q=light&sort=oldest'],
    ['/api/videos', 'video', videoSectionFor, 'sort=trending'],
    ['/api/videos', 'video', videoSectionFor, 'category=Nope'],
    ['/api/audios', 'audio', audioSectionFor, 'type=Music&sort=rated'],
    ['/api/audios', 'audio', audioSectionFor, 'sort=reviewed'],
  ] as const)('%s?%s answers what the island shows', async (path, kind, sectionFor, query) => {
    const project = path === '/api/audios' ? (a: Audio) => toAudioListItem(a) : undefined;
    const want = await islandIds(path, kind, sectionFor as never, query, project);
    const { status, body } = await get<ListPageResponse<{ _id: string }>>(`${path}?${query}&limit=100`);
    expect(status).toBe(200);
    expect(body.total).toBe(want.length);
    expect(body.results.map((i) => i._id)).toEqual(want.slice(0, 100));
  });
});

describe("the filtered blogs and events, in the visitor's days", () => {
  let t: TestApp;
  let admin: string;
  const call = jsonClient(
    (path, init) => t.request(path, init),
    () => admin,
  );
  const get = <B = ApiBody>(path: string): Promise<Answer<B>> => call<B>('GET', path, { token: null });
  beforeAll(async () => {
    t = await createTestApp({ seed: 'demo' });
    admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it.each([
    ['/api/blogs', 'blog', 'sort=most-viewed', 'UTC'],
    ['/api/blogs', 'blog', 'timeframe=week&sort=oldest', 'Europe/Paris'],
    ['/api/events', 'event', 'timeframe=month', 'Pacific/Auckland'],
    ['/api/events', 'event', 'location=virtual&sort=date-desc', 'America/Los_Angeles'],
  ] as const)('%s (%s) ?%s in %s answers what the island shows there', async (path, kind, query, zone) => {
    const raw = (await get<ListResponse<never>>(path)).body.results;
    const items = (path === '/api/blogs' ? raw.map((b) => toBlogSummary(b)) : raw) as { _id: string }[];
    const categories = (await get<ListResponse<CategoryChoice>>(`/api/categories?kind=${kind}`)).body.results;
    const section = (path === '/api/blogs' ? blogSectionFor(categories) : eventSectionFor(categories)) as unknown as {
      apply: (items: unknown[], filters: unknown, now: Date, zone: string) => { _id: string }[];
      fromQuery: (params: URLSearchParams) => unknown;
    };
    const want = section.apply(items, section.fromQuery(new URLSearchParams(query)), new Date(), zone);
    const { status, body } = await get<ListPageResponse<{ _id: string }>>(`${path}?${query}&tz=${zone}&limit=100`);
    expect(status).toBe(200);
    expect(body.total).toBe(want.length);
    expect(body.results.map((i) => i._id)).toEqual(want.slice(0, 100).map((i) => i._id));
  });

  it("counts an event's day in the zone the visitor sends: today in one, tomorrow in another", async () => {
    // An event two hours from now: tomorrow where midnight comes before it, today where it does not.
    const now = Date.now();
    const start = new Date(Math.floor((now + 2 * 3_600_000) / 60_000) * 60_000);
    const dayIn = (zone: string, time: number | Date) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(time);
    const zones = Intl.supportedValuesOf('timeZone');
    const crossing = zones.find((zone) => dayIn(zone, now) !== dayIn(zone, start));
    const same = zones.find((zone) => dayIn(zone, now) === dayIn(zone, start));
    assert(crossing && same, 'some zones reach midnight within two hours and some do not');
    const created = await call('POST', '/api/admin/events', {
      body: {
        name: 'Midnight Reading',
        start: start.toISOString().slice(0, 16),
        end: new Date(start.getTime() + 3_600_000).toISOString().slice(0, 16),
        timeZone: 'UTC',
        eventType: 'virtual',
        published: true,
      },
    });
    expect(created.status).toBe(201);
    const listed = async (timeframe: string, zone: string) =>
      (
        await get<ListPageResponse<{ name: string }>>(`/api/events?timeframe=${timeframe}&tz=${zone}&limit=100`)
      ).body.results.some((e) => e.name === 'Midnight Reading');
    expect([await listed('today', crossing), await listed('tomorrow', crossing)], crossing).toEqual([false, true]);
    expect([await listed('today', same), await listed('tomorrow', same)], same).toEqual([true, false]);
    // An unknown zone is read as UTC rather than refused.
    expect((await get('/api/events?timeframe=today&tz=Mars/Base')).status).toBe(200);
  });
});
