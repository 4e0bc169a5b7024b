import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse, SearchResult, SiteEvent } from '../../src/shared/types.ts';
import { freeSlug } from '../../src/server/db/free-slug.ts';
import { jsonClient } from '../helpers/json-client.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('an event by its slug', () => {
  let t: TestApp;
  const call = jsonClient((path, init) => t.request(path, init));
  /** Status and body only, to be compared whole. */
  const get = async (path: string) => {
    const { status, body } = await call('GET', path);
    return { status, body };
  };
  const events = async () => (await call<ListResponse<SiteEvent>>('GET', '/api/events')).body.results;

  beforeAll(async () => {
    t = await createTestApp({ seed: 'demo' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a published event by its slug, as the list has it', async () => {
    const [listed] = await events();
    assert(listed, 'a published event');
    const { status, body } = await get(`/api/events/${listed.slug}`);
    expect(status).toBe(200);
    expect(body).toEqual(listed);
    expect(body.timeZone).toEqual(expect.any(String));
  });

  it('answers 404 for a draft, as for an event that does not exist', async () => {
    const row = await t.db.selectFrom('events').select(['id', 'slug']).orderBy('start_date').executeTakeFirstOrThrow();
    await t.db.updateTable('events').set({ published: false }).where('id', '=', row.id).execute();
    try {
      expect(await get(`/api/events/${row.slug}`)).toEqual({ status: 404, body: { message: 'Event not found' } });
      expect((await events()).map((e) => e.slug)).not.toContain(row.slug);
    } finally {
      await t.db.updateTable('events').set({ published: true }).where('id', '=', row.id).execute();
    }
    expect((await get(`/api/events/${row.slug}`)).status).toBe(200);
  });

  it('answers 404 for an unknown slug and 400 naming the field for one that is not a slug', async () => {
    expect(await get('/api/events/no-such-event')).toEqual({ status: 404, body: { message: 'Event not found' } });
    const bad = await get('/api/events/Not%20A%20Slug');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/slug/);
  });

  it('search gives product, blog and event results the slug their pages live under', async () => {
    const event = await t.db
      .selectFrom('events')
      .select(['name', 'slug'])
      .where('published', '=', true)
      .orderBy('start_date')
      .executeTakeFirstOrThrow();
    const blog = await t.db
      .selectFrom('blogs')
      .select(['title', 'slug'])
      .where('published', '=', true)
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
    const search = async (k: string, type: string) =>
      (await call<ListResponse<SearchResult>>('GET', `/api/search?${new URLSearchParams({ k, type })}`)).body.results;
    const found = await search(event.name, 'event');
    expect(found.find((r) => r.data.name === event.name)?.data.slug).toBe(event.slug);
    const blogs = await search(blog.title, 'blog');
    expect(blogs.find((r) => r.data.title === blog.title)?.data.slug).toBe(blog.slug);
    const product = await t.db
      .selectFrom('products')
      .select(['name', 'slug'])
      .where('published', '=', true)
      .orderBy('name')
      .executeTakeFirstOrThrow();
    const products = await search(product.name, 'product');
    expect(products.find((r) => r.data.name === product.name)?.data.slug).toBe(product.slug);
  });

  it("never gives an event the address of the site's own page in its section (/events/cancel)", async () => {
    expect(await freeSlug(t.db, 'events', 'Cancel', 'event')).toBe('cancel-2');
    expect(await freeSlug(t.db, 'events', 'Cancel culture talk', 'event')).toBe('cancel-culture-talk');
    expect(await freeSlug(t.db, 'products', 'Cancel', 'product')).toBe('cancel');
  });
});
