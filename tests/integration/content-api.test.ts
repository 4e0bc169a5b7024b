import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

describe('public content API on demo data', () => {
  let t: TestApp;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await t.request(path, { headers });
    return { status: res.status, body: await res.json() };
  };

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
    const { status, body } = await get(path);
    expect(status).toBe(200);
    expect(body.results).toHaveLength(count);
    expect(Object.keys(body.results[0]).sort()).toEqual([...fields].sort());
  });

  it('lists only published photos to the public', async () => {
    const { body } = await get('/api/photos');
    const drafts = await t.db.selectFrom('photos').select('id').where('published', '=', false).execute();
    expect(drafts.length).toBeGreaterThan(0);
    expect(body.results).toHaveLength(24 - drafts.length);
    expect(body.results.every((p: { published: boolean }) => p.published)).toBe(true);
  });

  it('lists drafts too for an admin token', async () => {
    const token = await t.login('admin', TEST_ADMIN_PASSWORD);
    const { results } = (await get('/api/photos', { authorization: `Bearer ${token}` })).body;
    expect(results).toHaveLength(24);
    expect(results.some((p: { published: boolean }) => !p.published)).toBe(true);
  });

  it('ranks recommendations for a signed-in reader by the tags of the posts they opened', async () => {
    const auth = { authorization: `Bearer ${await t.login('admin', TEST_ADMIN_PASSWORD)}` };
    const all = (await get('/api/recommendations/personalized?limit=8')).body.results as {
      _id: string;
      tags: string[];
    }[];
    const blogs = (await get('/api/blogs')).body.results as { slug: string; tags: string[] }[];
    // A post sharing a tag with a recommendation that is not already the most popular one.
    const match = blogs.find((b) => all.slice(1).some((r) => r.tags.some((t) => b.tags.includes(t))));
    expect(match, 'a demo blog shares a tag with a recommendation below the first').toBeDefined();
    await get(`/api/blogs/${match!.slug}`, auth);
    const personal = (await get('/api/recommendations/personalized?limit=8', auth)).body.results as {
      _id: string;
      tags: string[];
    }[];
    const shared = (r: { tags: string[] }) => r.tags.filter((t) => match!.tags.includes(t)).length;
    expect(shared(personal[0]!)).toBeGreaterThan(0);
    expect(personal.map(shared)).toEqual([...personal.map(shared)].sort((a, b) => b - a));
    const anonymous = (await get('/api/recommendations/personalized?limit=8')).body.results;
    expect(anonymous).toEqual(all);
  });

  it('opens a blog by slug with its comments and counts the view', async () => {
    const { body: list } = await get('/api/blogs');
    const blog = list.results.find((b: { comments: unknown[] }) => b.comments.length > 0);
    const first = await get(`/api/blogs/${blog.slug}`);
    expect(first.status).toBe(200);
    expect(first.body.title).toBe(blog.title);
    expect(first.body.comments.length).toBe(blog.comments.length);
    expect(first.body.views).toBe(blog.views + 1);
    expect((await get(`/api/blogs/${blog.slug}`)).body.views).toBe(blog.views + 2);
  });

  it('answers an unknown blog with 404 and a malformed slug with 400', async () => {
    expect(await get('/api/blogs/no-such-post')).toEqual({ status: 404, body: { message: 'Blog not found' } });
    const bad = await get('/api/blogs/Not%20A%20Slug');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^slug: /);
  });

  it('lists active sliders in order with the searchButton defaults filled in', async () => {
    await t.db
      .updateTable('sliders')
      .set({ search_button: '{"text":"Find","__proto__":{"polluted":true}}' })
      .where('sort_order', '=', 1)
      .execute();
    const { body } = await get('/api/sliders');
    expect(body.results.map((s: { order: number }) => s.order)).toEqual([0, 1, 2]);
    expect(body.results.some((s: { type: string }) => s.type === 'video')).toBe(true);
    const second = body.results[1];
    expect(second.searchButton).toMatchObject({
      text: 'Find',
      placeholder: 'Search...',
      icon: 'FaSearch',
      position: 'right',
      recentSearches: { enabled: true, limit: 5 },
    });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    await t.db.updateTable('sliders').set({ is_active: false }).where('sort_order', '=', 2).execute();
    expect((await get('/api/sliders')).body.results).toHaveLength(2);
  });

  it('searches every type by relevance with prefix matching', async () => {
    const product = (await get('/api/products')).body.results[0];
    const word = product.name.split(' ')[0];
    const { status, body } = await get(
      `/api/search?k=${encodeURIComponent(word.slice(0, Math.max(3, word.length - 1)))}`,
    );
    expect(status).toBe(200);
    expect(body.results.some((r: { _id: string; type: string }) => r._id === product._id && r.type === 'product')).toBe(
      true,
    );
    const hit = body.results.find((r: { _id: string }) => r._id === product._id);
    expect(hit.data).toMatchObject({
      name: product.name,
      caption: product.description,
      views: product.views,
      price: product.price,
    });
  });

  it('narrows search to one type, case-insensitively', async () => {
    const event = (await get('/api/events')).body.results[0];
    const { body } = await get(`/api/search?k=${encodeURIComponent(event.name)}&type=Event`);
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.every((r: { type: string }) => r.type === 'event')).toBe(true);
    expect(body.results[0].data.date).toBe(event.start_date);
  });

  it('never finds draft photos', async () => {
    const draft = await t.db
      .selectFrom('photos')
      .select(['id', 'title'])
      .where('published', '=', false)
      .executeTakeFirstOrThrow();
    const { body } = await get(`/api/search?k=${encodeURIComponent(draft.title)}`);
    expect(body.results.some((r: { _id: string }) => r._id === draft.id)).toBe(false);
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
    const before = (await get(path)).body.results.length;
    expect(
      (await get(`/api/search?k=${encodeURIComponent(row[titleColumn]!)}`)).body.results.some(
        (r: { _id: string }) => r._id === row.id,
      ),
    ).toBe(true);
    await t.db.updateTable(table).set({ published: false }).where('id', '=', row.id).execute();
    try {
      const after = (await get(path)).body.results as { _id: string }[];
      expect(after).toHaveLength(before - 1);
      expect(after.some((r) => r._id === row.id)).toBe(false);
      expect(
        (await get(`/api/search?k=${encodeURIComponent(row[titleColumn]!)}`)).body.results.some(
          (r: { _id: string }) => r._id === row.id,
        ),
      ).toBe(false);
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
    expect((await get('/api/search?k=zanzib')).body.results.map((r: { _id: string }) => r._id)).toEqual(['p-new']);
    await t.db.deleteFrom('products').where('id', '=', 'p-new').execute();
    expect((await get('/api/search?k=zanzib')).body.results).toEqual([]);
  });

  it.each([
    ['"', 200],
    ['NEAR(a b) OR * ^ "x', 200],
    ["'; DROP TABLE products; --", 200],
    ['', 200],
  ])('treats %o as plain text', async (k, status) => {
    const res = await get(`/api/search?k=${encodeURIComponent(k)}`);
    expect(res.status).toBe(status);
    expect(Array.isArray(res.body.results)).toBe(true);
  });

  it('refuses a missing, too long or unknown-type search with 400 naming the field', async () => {
    expect((await get('/api/search')).body.message).toMatch(/^k: /);
    expect((await get(`/api/search?k=${'a'.repeat(201)}`)).status).toBe(400);
    const bad = await get('/api/search?k=lamp&type=spaceship');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^type: /);
    expect((await get('/api/products')).body.results).toHaveLength(24);
  });
});
