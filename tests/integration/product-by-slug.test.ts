import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('a product by its slug', () => {
  let t: TestApp;
  const get = async (path: string, init?: RequestInit) => {
    const res = await t.request(path, init);
    return { status: res.status, headers: res.headers, body: await res.json() };
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: 'demo' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('every listed product carries its slug, its stock and its pictures, the image first', async () => {
    const { body } = await get('/api/products');
    const rows = await t.db
      .selectFrom('products')
      .select(['id', 'slug', 'stock', 'image'])
      .where('published', '=', true)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(body.results.length).toBe(rows.length);
    for (const product of body.results) {
      const row = byId.get(product._id)!;
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
      const listed = (await get('/api/products')).body.results.find((p: { _id: string }) => p._id === row.id);
      const { status, body } = await get(`/api/products/${row.slug}`);
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
      .orderBy('name')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('products').set({ published: false }).where('id', '=', row.id).execute();
    try {
      expect(await get(`/api/products/${row.slug}`)).toMatchObject({
        status: 404,
        body: { message: 'Product not found' },
      });
    } finally {
      await t.db.updateTable('products').set({ published: true }).where('id', '=', row.id).execute();
    }
    expect((await get(`/api/products/${row.slug}`)).status).toBe(200);
    expect(await get('/api/products/no-such-product')).toMatchObject({
      status: 404,
      body: { message: 'Product not found' },
    });
  });

  it('answers 400 naming the field for a slug that is not one, and 405 with Allow for a write', async () => {
    const bad = await get('/api/products/Not%20A%20Slug');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/slug/);
    const row = await t.db
      .selectFrom('products')
      .select('slug')
      .where('published', '=', true)
      .executeTakeFirstOrThrow();
    const write = await get(`/api/products/${row.slug}`, { method: 'DELETE' });
    expect(write.status).toBe(405);
    expect(write.headers.get('allow')).toBe('GET, HEAD');
    expect(write.body).toEqual({ message: 'Method not allowed' });
  });
});
