import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse, Product } from '../../src/shared/types.ts';
import { jsonClient } from '../helpers/json-client.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('a product by its slug', () => {
  let t: TestApp;
  const call = jsonClient((path, init) => t.request(path, init));
  const products = async () => (await call<ListResponse<Product>>('GET', '/api/products')).body.results;

  beforeAll(async () => {
    t = await createTestApp({ seed: 'demo' });
  });
  afterAll(async () => {
    await t.close();
  });

  // The shop's own products: the demo's event tickets are sold from their events' pages and never listed.
  it('every listed product carries its slug, its stock and its pictures, the image first', async () => {
    const results = await products();
    const rows = await t.db
      .selectFrom('products')
      .select(['id', 'slug', 'stock', 'image'])
      .where('published', '=', true)
      .where('event_id', 'is', null)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(results.length).toBe(rows.length);
    for (const product of results) {
      const row = byId.get(product._id);
      assert(row, `${product._id} is a published product`);
      expect(product.slug).toBe(row.slug);
      expect(product.stock).toBe(row.stock);
      expect(product.images[0]).toBe(row.image);
    }
  });

  it('answers a published product by its slug, as the list has it, its gallery after its image', async () => {
    const row = await t.db
      .selectFrom('products')
      .select(['id', 'slug', 'image', 'gallery'])
      .where('published', '=', true)
      .where('event_id', 'is', null)
      .orderBy('name')
      .executeTakeFirstOrThrow();
    const gallery = [
      '/media/00000000-0000-4000-8000-000000000001.webp',
      '/media/00000000-0000-4000-8000-000000000002.webp',
    ];
    await t.db
      .updateTable('products')
      .set({ gallery: JSON.stringify([...gallery, 42]) })
      .where('id', '=', row.id)
      .execute();
    try {
      const listed = (await products()).find((p) => p._id === row.id);
      const { status, body } = await call<Product>('GET', `/api/products/${row.slug}`);
      expect(status).toBe(200);
      expect(body).toEqual(listed);
      // What is not a string in the stored gallery is left out.
      expect(body.images).toEqual([row.image, ...gallery]);
    } finally {
      await t.db.updateTable('products').set({ gallery: row.gallery }).where('id', '=', row.id).execute();
    }
  });

  it('answers 404 for a draft, as for a product that does not exist', async () => {
    const row = await t.db
      .selectFrom('products')
      .select(['id', 'slug'])
      .where('published', '=', true)
      .where('event_id', 'is', null)
      .orderBy('name')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('products').set({ published: false }).where('id', '=', row.id).execute();
    try {
      expect(await call('GET', `/api/products/${row.slug}`)).toMatchObject({
        status: 404,
        body: { message: 'Product not found' },
      });
    } finally {
      await t.db.updateTable('products').set({ published: true }).where('id', '=', row.id).execute();
    }
    expect((await call('GET', `/api/products/${row.slug}`)).status).toBe(200);
    expect(await call('GET', '/api/products/no-such-product')).toMatchObject({
      status: 404,
      body: { message: 'Product not found' },
    });
  });

  it('answers 400 naming the field for a slug that is not one, and 405 with Allow for a write', async () => {
    const bad = await call('GET', '/api/products/Not%20A%20Slug');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/slug/);
    const row = await t.db
      .selectFrom('products')
      .select('slug')
      .where('published', '=', true)
      .where('event_id', 'is', null)
      .executeTakeFirstOrThrow();
    const write = await call('DELETE', `/api/products/${row.slug}`);
    expect(write.status).toBe(405);
    expect(write.headers.get('allow')).toBe('GET, HEAD');
    expect(write.body).toEqual({ message: 'Method not allowed' });
  });
});
