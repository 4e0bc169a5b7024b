/**
 * The public lists' optional page (limit, offset): one page and the whole list's total, pages that add up to the
 * whole list in its order, bad values refused with { message, field }, and the spec's { results } without them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_PAGE_SIZE } from '../../src/shared/constants.ts';
import { LIST_PAGE_MAX, LIST_PAGE_MESSAGES } from '../../src/shared/schemas/list-page.ts';
import type { ListPageResponse, ListResponse } from '../../src/shared/types.ts';
import { type Answer, type ApiBody, jsonClient } from '../helpers/json-client.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const LISTS = ['/api/products', '/api/blogs', '/api/photos', '/api/videos', '/api/audios', '/api/events'] as const;
/** Products added to the demo's 24, so the list is longer than a default page. */
const EXTRA_PRODUCTS = 30;

interface Item {
  _id: string;
}

describe('paging the public lists', () => {
  let t: TestApp;
  const call = jsonClient((path, init) => t.request(path, init));
  const get = <B = ApiBody>(path: string, token?: string): Promise<Answer<B>> => call<B>('GET', path, { token });
  const whole = async (path: string, token?: string) => (await get<ListResponse<Item>>(path, token)).body.results;
  /** Every page of `size` items, read from offset 0 until a page comes back short. */
  async function allPages(path: string, size: number, token?: string) {
    const pages: ListPageResponse<Item>[] = [];
    for (let offset = 0; ; offset += size) {
      const { status, body } = await get<ListPageResponse<Item>>(`${path}?limit=${size}&offset=${offset}`, token);
      expect(status).toBe(200);
      pages.push(body);
      if (body.results.length < size) return pages;
    }
  }

  beforeAll(async () => {
    t = await createTestApp({ seed: 'demo' });
    const model = await t.db.selectFrom('products').selectAll().where('event_id', 'is', null).executeTakeFirstOrThrow();
    await t.db
      .insertInto('products')
      .values(
        Array.from({ length: EXTRA_PRODUCTS }, (_, i) => ({
          ...model,
          id: `paging-product-${String(i).padStart(2, '0')}`,
          slug: `paging-product-${i}`,
          name: `Paging product ${i}`,
          published: true,
          created_at: '2020-01-01T00:00:00.000Z',
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(LISTS)('%s without limit or offset answers the spec shape with every item', async (path) => {
    const { status, body } = await get<ListResponse<Item>>(path);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['results']);
    expect(body.results.length).toBeGreaterThan(0);
  });

  it.each(LISTS)('%s pages of 5 add up to the whole list in its order, each with the total', async (path) => {
    const all = await whole(path);
    const pages = await allPages(path, 5);
    expect(pages.flatMap((page) => page.results)).toEqual(all);
    expect(
      pages.every((page) => page.total === all.length && Object.keys(page).sort().join() === 'results,total'),
    ).toBe(true);
    expect(pages).toHaveLength(Math.floor(all.length / 5) + 1);
  });

  it('keeps one order across pages when many products share a creation time', async () => {
    const all = await whole('/api/products');
    const tied = all.filter((p) => p._id.startsWith('paging-product-'));
    expect(tied.map((p) => p._id)).toEqual([...tied.map((p) => p._id)].sort());
    const ids = (await allPages('/api/products', 7)).flatMap((page) => page.results.map((p) => p._id));
    expect(ids).toEqual(all.map((p) => p._id));
    expect(new Set(ids).size).toBe(24 + EXTRA_PRODUCTS);
  });

  it('answers a default page when only an offset is given, and the largest page asked for', async () => {
    const total = 24 + EXTRA_PRODUCTS;
    const first = await get<ListPageResponse<Item>>('/api/products?offset=0');
    expect(first.body.results).toHaveLength(LIST_PAGE_SIZE);
    expect(first.body.total).toBe(total);
    const largest = await get<ListPageResponse<Item>>(`/api/products?limit=${LIST_PAGE_MAX}`);
    expect(largest.body.results).toHaveLength(total);
    const last = await get<ListPageResponse<Item>>(`/api/products?limit=10&offset=${total - 4}`);
    expect(last.body.results).toEqual((await whole('/api/products')).slice(-4));
  });

  it('answers an empty page past the end, still with the total', async () => {
    const { status, body } = await get<ListPageResponse<Item>>('/api/events?limit=5&offset=5000');
    expect(status).toBe(200);
    expect(body).toEqual({ results: [], total: (await whole('/api/events')).length });
  });

  it('counts drafts in the photos total for an admin only', async () => {
    const token = await t.login('admin', TEST_ADMIN_PASSWORD);
    const published = await get<ListPageResponse<Item>>('/api/photos?limit=3');
    const withDrafts = await get<ListPageResponse<Item>>('/api/photos?limit=3', token);
    expect(published.body.total).toBe((await whole('/api/photos')).length);
    expect(withDrafts.body.total).toBe((await whole('/api/photos', token)).length);
    expect(withDrafts.body.total).toBeGreaterThan(published.body.total);
  });

  it.each([
    ['/api/products', 'limit=0', 'limit'],
    ['/api/blogs', `limit=${LIST_PAGE_MAX + 1}`, 'limit'],
    ['/api/photos', 'limit=abc', 'limit'],
    ['/api/videos', 'limit=2.5', 'limit'],
    ['/api/audios', 'offset=-1', 'offset'],
    ['/api/events', 'offset=1e3', 'offset'],
    ['/api/products', 'limit=5&limit=6', 'limit'],
    ['/api/blogs', 'limit=5&offset=99999999999', 'offset'],
  ] as const)('%s?%s is refused with 400 naming %s', async (path, query, field) => {
    const { status, body } = await get(`${path}?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ message: LIST_PAGE_MESSAGES[field], field });
  });
});
