import { PERSON_UA } from '../helpers/user-agents.ts';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import type {
  Blog,
  ListResponse,
  Photo,
  Product,
  Recommendation,
  SearchResult,
  SiteEvent,
  Slider,
} from '../../src/shared/types.ts';
import { type Answer, type ApiBody, jsonClient } from '../helpers/json-client.ts';
import { flushActivity } from '../../src/server/modules/activity/activity.service.ts';
import { SEARCH_LIMIT, SEARCH_TOO_MANY } from '../../src/server/modules/search/search.routes.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

/** A person's browser: a request without a user agent is a bot's to the counter. */

describe('public content API on demo data', () => {
  let t: TestApp;
  const call = jsonClient((path, init) => t.request(path, init));
  /** A GET through `app.request`, signed by `token` when given. */
  const get = <B = ApiBody>(path: string, token?: string): Promise<Answer<B>> => call<B>('GET', path, { token });

  beforeAll(async () => {
    t = await createTestApp({ seed: 'demo' });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    [
      '/api/products',
      24,
      [
        '_id',
        'slug',
        'name',
        'description',
        'price',
        'image',
        'images',
        'category',
        'tags',
        'createdAt',
        'views',
        'stock',
      ],
    ],
    [
      '/api/blogs',
      12,
      ['_id', 'title', 'content', 'caption', 'image', 'slug', 'category', 'tags', 'createdAt', 'views', 'comments'],
    ],
    [
      '/api/videos',
      8,
      [
        '_id',
        'name',
        'title',
        'description',
        'youtube',
        'poster',
        'category',
        'duration',
        'quality',
        'tags',
        'createdAt',
        'views',
        'likes',
      ],
    ],
    [
      '/api/audios',
      12,
      [
        '_id',
        'name',
        'title',
        'description',
        'artist',
        'audio_file',
        'cover',
        'type',
        'category',
        'duration',
        'quality',
        'tags',
        'createdAt',
        'plays',
        'downloads',
        'rating',
        'reviews',
      ],
    ],
    [
      '/api/events',
      12,
      [
        '_id',
        'slug',
        'name',
        'title',
        'description',
        'image',
        'address',
        'city',
        'start_date',
        'end_date',
        'date',
        'location',
        'category',
        'eventType',
        'isVirtual',
        'registrations',
        'price',
        'timeZone',
      ],
    ],
  ])('%s answers { results } with the spec fields', async (path, count, fields) => {
    const { status, body } = await get<ListResponse<object>>(path);
    expect(status).toBe(200);
    expect(body.results).toHaveLength(count);
    const [first] = body.results;
    assert(first);
    expect(Object.keys(first).sort()).toEqual([...fields].sort());
  });

  it('lists only published photos to the public', async () => {
    const { body } = await get<ListResponse<Photo>>('/api/photos');
    const drafts = await t.db.selectFrom('photos').select('id').where('published', '=', false).execute();
    expect(drafts.length).toBeGreaterThan(0);
    expect(body.results).toHaveLength(24 - drafts.length);
    expect(body.results.every((p) => p.published)).toBe(true);
  });

  it('lists drafts too for an admin token', async () => {
    const token = await t.login('admin', TEST_ADMIN_PASSWORD);
    const { results } = (await get<ListResponse<Photo>>('/api/photos', token)).body;
    expect(results).toHaveLength(24);
    expect(results.some((p) => !p.published)).toBe(true);
  });

  it('ranks recommendations for a signed-in reader by the tags of the posts they opened', async () => {
    const auth = await t.login('admin', TEST_ADMIN_PASSWORD);
    const all = (await get<ListResponse<Recommendation>>('/api/recommendations/personalized?limit=8')).body.results;
    const blogs = (await get<ListResponse<Blog>>('/api/blogs')).body.results;
    // A post sharing a tag with a recommendation that is not already the most popular one.
    const match = blogs.find((b) => all.slice(1).some((r) => r.tags.some((t) => b.tags.includes(t))));
    expect(match, 'a demo blog shares a tag with a recommendation below the first').toBeDefined();
    assert(match);
    // A signed-in reader's view of the post, counted as the post's page counts it.
    const counted = await call('POST', '/api/activity', {
      token: auth,
      body: { kind: 'view', type: 'blog', id: match._id },
      headers: { 'user-agent': PERSON_UA },
    });
    expect(counted.status).toBe(202);
    await flushActivity(t.db);
    const personal = (await get<ListResponse<Recommendation>>('/api/recommendations/personalized?limit=8', auth)).body
      .results;
    const shared = (r: { tags: string[] }) => r.tags.filter((t) => match.tags.includes(t)).length;
    const [top] = personal;
    assert(top);
    expect(shared(top)).toBeGreaterThan(0);
    expect(personal.map(shared)).toEqual([...personal.map(shared)].sort((a, b) => b - a));
    const anonymous = (await get<ListResponse<Recommendation>>('/api/recommendations/personalized?limit=8')).body
      .results;
    expect(anonymous).toEqual(all);
  });

  it('opens a blog by slug with its comments, counting nothing (the page counts its view)', async () => {
    const { body: list } = await get<ListResponse<Blog>>('/api/blogs');
    const blog = list.results.find((b) => b.comments.length > 0);
    assert(blog, 'a demo post has comments');
    const first = await get<Blog>(`/api/blogs/${blog.slug}`);
    expect(first.status).toBe(200);
    expect(first.body.title).toBe(blog.title);
    expect(first.body.comments.length).toBe(blog.comments.length);
    expect(first.body.views).toBe(blog.views);
    expect((await get<Blog>(`/api/blogs/${blog.slug}`)).body.views).toBe(blog.views);
  });

  it('answers an unknown blog with 404 and a malformed slug with 400', async () => {
    const missing = await get('/api/blogs/no-such-post');
    expect({ status: missing.status, body: missing.body }).toEqual({
      status: 404,
      body: { message: 'Blog not found' },
    });
    const bad = await get('/api/blogs/Not%20A%20Slug');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Slug must be a lowercase slug.');
  });

  it('lists active sliders in order with the searchButton defaults filled in', async () => {
    await t.db
      .updateTable('sliders')
      .set({ search_button: '{"text":"Find","__proto__":{"polluted":true}}' })
      .where('sort_order', '=', 1)
      .execute();
    const { body } = await get<ListResponse<Slider>>('/api/sliders');
    expect(body.results.map((s) => s.order)).toEqual([0, 1, 2]);
    expect(body.results.some((s) => s.type === 'video')).toBe(true);
    const second = body.results[1];
    expect(second?.searchButton).toMatchObject({
      text: 'Find',
      placeholder: 'Search...',
      icon: 'FaSearch',
      position: 'right',
      recentSearches: { enabled: true, limit: 5 },
    });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    await t.db.updateTable('sliders').set({ is_active: false }).where('sort_order', '=', 2).execute();
    expect((await get<ListResponse<Slider>>('/api/sliders')).body.results).toHaveLength(2);
  });

  it('searches every type by relevance with prefix matching', async () => {
    const product = (await get<ListResponse<Product>>('/api/products')).body.results[0];
    assert(product);
    const [word] = product.name.split(' ');
    assert.exists(word);
    const { status, body } = await get<ListResponse<SearchResult>>(
      `/api/search?k=${encodeURIComponent(word.slice(0, Math.max(3, word.length - 1)))}`,
    );
    expect(status).toBe(200);
    expect(body.results.some((r) => r._id === product._id && r.type === 'product')).toBe(true);
    const hit = body.results.find((r) => r._id === product._id);
    expect(hit?.data).toMatchObject({
      name: product.name,
      caption: product.description,
      views: product.views,
      price: product.price,
    });
  });

  it('narrows search to one type, case-insensitively', async () => {
    const event = (await get<ListResponse<SiteEvent>>('/api/events')).body.results[0];
    assert(event);
    const { body } = await get<ListResponse<SearchResult>>(
      `/api/search?k=${encodeURIComponent(event.name)}&type=Event`,
    );
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.every((r) => r.type === 'event')).toBe(true);
    expect(body.results[0]?.data.date).toBe(event.start_date);
  });

  it(`allows ${SEARCH_LIMIT.limit} searches a minute per address, then answers 429 with a sentence and Retry-After, whatever the query`, async () => {
    const limited = await createTestApp();
    try {
      const search = (query: string) => limited.request(`/api/search${query}`);
      for (let i = 0; i < SEARCH_LIMIT.limit; i++) expect((await search(`?k=word${i}`)).status).toBe(200);
      for (const query of ['?k=again', '', '?k=x&type=Nothing']) {
        const refused = await search(query);
        expect(refused.status, query).toBe(429);
        expect(((await refused.json()) as { message: string }).message).toBe(SEARCH_TOO_MANY);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    } finally {
      await limited.close();
    }
  });

  it('never finds draft photos', async () => {
    const draft = await t.db
      .selectFrom('photos')
      .select(['id', 'title'])
      .where('published', '=', false)
      .executeTakeFirstOrThrow();
    const { body } = await get<ListResponse<SearchResult>>(`/api/search?k=${encodeURIComponent(draft.title)}`);
    expect(body.results.some((r) => r._id === draft.id)).toBe(false);
  });

  it.each([
    ['products', '/api/products', 'name'],
    ['blogs', '/api/blogs', 'title'],
    ['videos', '/api/videos', 'name'],
    ['audios', '/api/audios', 'name'],
    ['events', '/api/events', 'name'],
  ] as const)('keeps a draft of %s out of its public list and out of search', async (table, path, titleColumn) => {
    const row = (await t.db.selectFrom(table).selectAll().limit(1).executeTakeFirstOrThrow()) as unknown as {
      id: string;
    } & Record<string, string>;
    const title = row[titleColumn];
    assert.exists(title);
    const search = async () =>
      (await get<ListResponse<SearchResult>>(`/api/search?k=${encodeURIComponent(title)}`)).body.results;
    const before = (await get<ListResponse<{ _id: string }>>(path)).body.results.length;
    expect((await search()).some((r) => r._id === row.id)).toBe(true);
    await t.db.updateTable(table).set({ published: false }).where('id', '=', row.id).execute();
    try {
      const after = (await get<ListResponse<{ _id: string }>>(path)).body.results;
      expect(after).toHaveLength(before - 1);
      expect(after.some((r) => r._id === row.id)).toBe(false);
      expect((await search()).some((r) => r._id === row.id)).toBe(false);
      if (table === 'blogs') expect((await get(`/api/blogs/${row['slug']}`)).status).toBe(404);
    } finally {
      await t.db.updateTable(table).set({ published: true }).where('id', '=', row.id).execute();
    }
  });

  it('finds new content without a rebuild of the index', async () => {
    await t.db
      .insertInto('products')
      .values({ id: 'p-new', slug: 'zanzibar-lantern', name: 'Zanzibar lantern', created_at: new Date().toISOString() })
      .execute();
    const search = async () => (await get<ListResponse<SearchResult>>('/api/search?k=zanzib')).body.results;
    expect((await search()).map((r) => r._id)).toEqual(['p-new']);
    await t.db.deleteFrom('products').where('id', '=', 'p-new').execute();
    expect(await search()).toEqual([]);
  });

  it.each([
    ['"', 200],
    ['NEAR(a b) OR * ^ "x', 200],
    ["'; DROP TABLE products; --", 200],
    ['', 200],
  ])('treats %o as plain text', async (k, status) => {
    const res = await get<{ results?: unknown }>(`/api/search?k=${encodeURIComponent(k)}`);
    expect(res.status).toBe(status);
    expect(Array.isArray(res.body.results)).toBe(true);
  });

  it('refuses a missing, too long or unknown-type search with 400 naming the field', async () => {
    expect((await get('/api/search')).body.message).toBe('Enter a search term.');
    expect((await get(`/api/search?k=${'a'.repeat(201)}`)).status).toBe(400);
    const bad = await get('/api/search?k=lamp&type=spaceship');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Type /);
    expect((await get<ListResponse<Product>>('/api/products')).body.results).toHaveLength(24);
  });
});
