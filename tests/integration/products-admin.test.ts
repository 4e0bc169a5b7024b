/**
 * Manage Products with the real app, database and DATA_DIR: list (paging, sorting, search,
 * filters), read, create and edit by multipart or JSON, publish toggle, delete; refusals name their field and store
 * nothing; pictures are real files through sharp and leave DATA_DIR/media once nothing refers to them; drafts never
 * reach GET /api/products; every write is audited and asks for a rebuild only when the public shop changes.
 */
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { mediaDir } from '../../src/server/media/media-store.ts';
import { slugify } from '../../src/shared/slug.ts';
import type { AdminProduct, AdminProductPage } from '../../src/shared/products-admin.ts';
import type { Product } from '../../src/shared/types.ts';
import { type Answer, type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { refuseInserts } from '../helpers/test-database.ts';
import { expectSentence } from '../helpers/sentence.ts';

let t: TestApp;
let admin: string;
let customer: string;

type Body = ApiBody & Partial<AdminProductPage> & { product?: AdminProduct };

interface Picture {
  bytes: Buffer;
  name: string;
  type: string;
}

/** Signed as the admin unless the call names a token (null: none). */
const client = jsonClient(
  (path, init) => t.request(path, init),
  () => admin,
);
const call = (method: string, path: string, options?: CallOptions) => client<Body>(method, path, options);
/** The product a write answered; the test fails when it answered none. */
const productOf = (answer: Answer<Body>) => {
  assert(answer.body.product, 'the answer has the product');
  return answer.body.product;
};

function form(fields: Record<string, string>, image?: Picture): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (image) data.append('image', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  return data;
}

const png = async (): Promise<Picture> => ({
  bytes: await sharp({ create: { width: 80, height: 60, channels: 3, background: '#336699' } })
    .png()
    .toBuffer(),
  name: 'mug.png',
  type: 'image/png',
});
const jpeg = async (): Promise<Picture> => ({
  bytes: await sharp({ create: { width: 64, height: 64, channels: 3, background: '#993366' } })
    .jpeg()
    .toBuffer(),
  name: 'mug.jpg',
  type: 'image/jpeg',
});

const FIELDS = {
  name: 'Studio Mug',
  description: 'Stoneware, 350 ml.',
  price: '12.50',
  category: 'Accessories',
  stock: '7',
  published: 'true',
  tags: 'kitchen, gift',
};
const create = (fields: Record<string, string>, image?: Picture) =>
  call('POST', '/api/admin/products', { body: form(fields, image) });
const list = (query = '') => call('GET', `/api/admin/products${query}`);
const names = (answer: Answer<Body>) => (answer.body.results ?? []).map((p) => p.name);

const mediaFiles = async () => (await readdir(mediaDir(t.dataDir)).catch(() => [] as string[])).sort();
const filesOf = async (url: string) =>
  (await mediaFiles()).filter((name) => name.startsWith(url.replace(/^\/media\//, '').replace(/\.webp$/, '')));
const productCount = async () => (await t.db.selectFrom('products').select('id').execute()).length;
const auditRows = () =>
  t.db.selectFrom('audit_log').selectAll().where('action', 'like', 'product.%').orderBy('at').execute();
const publicProducts = async () =>
  ((await call('GET', '/api/products', { token: null })).body.results ?? []) as Product[];
const snapshot = async () => ({
  products: await productCount(),
  audits: (await auditRows()).length,
  files: await mediaFiles(),
});

/** Waits for earlier rebuilds to settle, runs the write, and answers whether it asked for a rebuild. */
async function asksRebuild<T>(write: () => Promise<T>): Promise<[T, boolean]> {
  await t.deps.rebuilds.settled();
  expect(t.deps.rebuilds.status().state).toBe('up-to-date');
  const result = await write();
  return [result, ['scheduled', 'building'].includes(t.deps.rebuilds.status().state)];
}

/** A product row straight in the database (for the list tests): `minutes` orders created_at. */
async function addProduct(
  name: string,
  cents: number,
  stock: number,
  category: string,
  published: boolean,
  minutes: number,
  description = '',
) {
  const id = randomUUID();
  const at = new Date(Date.UTC(2026, 0, 1, 0, minutes)).toISOString();
  await t.db
    .insertInto('products')
    .values({
      id,
      slug: `${slugify(name)}-${id.slice(0, 8)}`,
      name,
      description,
      price_cents: cents,
      stock,
      category,
      published,
      tags: '[]',
      created_at: at,
    })
    .execute();
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  return () => t.close();
});
beforeAll(async () => {
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  customer = await t.customerToken('cora');
});

describe('access', () => {
  const routes: [string, string][] = [
    ['GET', '/api/admin/products'],
    ['GET', `/api/admin/products/${randomUUID()}`],
    ['POST', '/api/admin/products'],
    ['PUT', `/api/admin/products/${randomUUID()}`],
    ['PATCH', `/api/admin/products/${randomUUID()}`],
    ['DELETE', `/api/admin/products/${randomUUID()}`],
  ];
  it.each(routes)('%s %s: 401 without a session, 403 for a customer, and nothing stored', async (method, path) => {
    const before = await snapshot();
    const body =
      method === 'POST' || method === 'PUT'
        ? form(FIELDS, await png())
        : method === 'PATCH'
          ? { published: true }
          : undefined;
    expect((await call(method, path, { token: null, ...(body ? { body } : {}) })).status).toBe(401);
    expect((await call(method, path, { token: customer, ...(body ? { body } : {}) })).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET /api/admin/products', () => {
  beforeAll(async () => {
    await addProduct('banana Stand', 2500, 3, 'Electronics', true, 1, 'Yellow display');
    await addProduct('Apple Crate', 999, 40, 'Books', false, 2);
    await addProduct('cherry Picker', 15000, 0, 'Clothing', true, 3, 'A 100% cotton shirt');
    await addProduct('Date Box', 999, 12, 'Books', true, 4);
    await addProduct('Elder_Flower', 120, 5, 'Accessories', false, 5);
  });

  it('lists every product newest first with the admin fields, drafts included, never cached', async () => {
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toMatchObject({ total: 5, page: 1, pageSize: 20 });
    expect(names(answer)).toEqual(['Elder_Flower', 'Date Box', 'cherry Picker', 'Apple Crate', 'banana Stand']);
    expect(answer.body.results?.[3]).toMatchObject({
      name: 'Apple Crate',
      price: 9.99,
      price_cents: 999,
      stock: 40,
      published: false,
      category: 'Books',
      tags: [],
      image: '',
    });
  });

  it.each([
    ['?sort=name', ['Apple Crate', 'banana Stand', 'cherry Picker', 'Date Box', 'Elder_Flower']],
    ['?sort=name&dir=desc', ['Elder_Flower', 'Date Box', 'cherry Picker', 'banana Stand', 'Apple Crate']],
    ['?sort=price&dir=desc', ['cherry Picker', 'banana Stand', undefined, undefined, 'Elder_Flower']],
    ['?sort=stock', ['cherry Picker', 'banana Stand', 'Elder_Flower', 'Date Box', 'Apple Crate']],
    ['?sort=created_at&dir=asc', ['banana Stand', 'Apple Crate', 'cherry Picker', 'Date Box', 'Elder_Flower']],
    ['?sort=category', ['Elder_Flower', undefined, undefined, 'cherry Picker', 'banana Stand']],
  ])('sorts in SQL: %s', async (query, expected) => {
    const got = names(await list(query));
    expected.forEach((name, i) => name && expect(got[i]).toBe(name));
  });

  it('breaks ties by id, so equal prices keep one order across pages', async () => {
    const all = names(await list('?sort=price'));
    const paged = [
      ...names(await list('?sort=price&pageSize=2&page=1')),
      ...names(await list('?sort=price&pageSize=2&page=2')),
      ...names(await list('?sort=price&pageSize=2&page=3')),
    ];
    expect(paged).toEqual(all);
    expect(all.slice(1, 3).sort()).toEqual(['Apple Crate', 'Date Box']);
  });

  it('sorts by publish state, drafts first ascending', async () => {
    const { results } = (await list('?sort=published')).body;
    assert(results, 'the list has results');
    expect(results.map((p) => p.published)).toEqual([false, false, true, true, true]);
  });

  it('pages with total, page and pageSize', async () => {
    const second = await list('?sort=name&pageSize=2&page=2');
    expect(second.body).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(names(second)).toEqual(['cherry Picker', 'Date Box']);
    expect(names(await list('?page=9'))).toEqual([]);
  });

  it.each([
    ['?q=CHERRY', ['cherry Picker']],
    ['?q=yellow', ['banana Stand']],
    ['?q=books&sort=name', ['Apple Crate', 'Date Box']],
    ['?q=100%25', ['cherry Picker']],
    ['?q=_', ['Elder_Flower']],
    ['?q=%20%20date%20', ['Date Box']],
    ['?published=draft&sort=name', ['Apple Crate', 'Elder_Flower']],
    ['?published=published&sort=name', ['banana Stand', 'cherry Picker', 'Date Box']],
    ['?category=Books&published=published', ['Date Box']],
    ['?q=nothing-like-this', []],
  ])('searches name, description and category without regard to case, and filters: %s', async (query, expected) => {
    const answer = await list(query);
    expect(names(answer)).toEqual(expected);
    expect(answer.body.total).toBe(expected.length);
  });

  it.each([
    ['?page=0', 'page'],
    ['?page=x', 'page'],
    ['?pageSize=101', 'pageSize'],
    ['?sort=views', 'sort'],
    ['?dir=up', 'dir'],
    ['?published=maybe', 'published'],
    [`?category=${'x'.repeat(61)}`, 'category'],
    [`?q=${'x'.repeat(201)}`, 'q'],
  ])('400 naming the field for %s', async (query, field) => {
    const answer = await list(query);
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe(field);
    expectSentence(answer.body.message, field);
  });

  it('reads one product, drafts too; 404 for an unknown or overlong id', async () => {
    const [apple] = (await list('?q=apple')).body.results ?? [];
    assert(apple, 'the search finds the product');
    const id = apple._id;
    const one = await call('GET', `/api/admin/products/${id}`);
    expect(one.status).toBe(200);
    expect(one.body.product).toMatchObject({ _id: id, name: 'Apple Crate', published: false });
    expect(await call('GET', `/api/admin/products/${randomUUID()}`)).toMatchObject({
      status: 404,
      body: { message: 'Product not found' },
    });
    expect((await call('GET', `/api/admin/products/${'x'.repeat(101)}`)).status).toBe(404);
  });
});

describe('create', () => {
  it('creates a published product with a picture: 201, price in cents, audit, rebuild, in GET /api/products', async () => {
    const picture = await png();
    const [{ status, body, headers }, rebuilt] = await asksRebuild(() => create(FIELDS, picture));
    expect(status).toBe(201);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body.message).toBe('Product created');
    const { product } = body;
    assert(product, 'the answer has the product');
    expect(product).toMatchObject({
      name: 'Studio Mug',
      description: 'Stoneware, 350 ml.',
      price: 12.5,
      price_cents: 1250,
      stock: 7,
      published: true,
      category: 'Accessories',
      tags: ['kitchen', 'gift'],
      views: 0,
    });
    expect(product.image).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
    expect((await filesOf(product.image)).length).toBeGreaterThan(0);
    expect(rebuilt).toBe(true);
    const row = await t.db.selectFrom('products').selectAll().where('id', '=', product._id).executeTakeFirstOrThrow();
    expect(row.price_cents).toBe(1250);
    expect((await auditRows()).at(-1)).toMatchObject({
      action: 'product.create',
      target_type: 'product',
      target_id: product._id,
      summary: 'Product "Studio Mug" created',
    });
    const shown = (await publicProducts()).find((p) => p._id === product._id);
    expect(shown).toMatchObject({ name: 'Studio Mug', price: 12.5 });
    expect(shown).not.toHaveProperty('price_cents');
  });

  it('creates a draft by JSON without a picture: no rebuild, never in GET /api/products', async () => {
    const [{ status, body }, rebuilt] = await asksRebuild(() =>
      call('POST', '/api/admin/products', {
        body: {
          name: '  Secret Lamp ',
          price: 49.99,
          category: 'Electronics',
          tags: ['light'],
          stock: 2,
          published: false,
        },
      }),
    );
    expect(status).toBe(201);
    expect(body.product).toMatchObject({
      name: 'Secret Lamp',
      price: 49.99,
      price_cents: 4999,
      published: false,
      image: '',
      tags: ['light'],
    });
    expect(rebuilt).toBe(false);
    expect((await auditRows()).at(-1)).toMatchObject({
      action: 'product.create',
      summary: 'Product "Secret Lamp" created as a draft',
    });
    expect((await publicProducts()).map((p) => p.name)).not.toContain('Secret Lamp');
  });

  it('makes a product without stock, tags, description or publish state a draft with 0 in stock', async () => {
    const { body } = await create({ name: 'Bare', price: '0', category: 'Books' });
    expect(body.product).toMatchObject({
      name: 'Bare',
      price: 0,
      stock: 0,
      tags: [],
      description: '',
      published: false,
    });
  });

  it.each([
    ['name', { name: '' }, 'Name is required.'],
    ['name', { name: 'x'.repeat(201) }, 'Name must be at most 200 characters.'],
    ['name', { name: 'Bell\u0007' }, undefined],
    ['description', { description: 'x'.repeat(5001) }, undefined],
    ['price', { price: '' }, 'Price is required.'],
    ['price', { price: '12.505' }, 'Price must be an amount such as 12.50, with at most 2 decimals.'],
    ['price', { price: '-1' }, 'Price must not be negative.'],
    ['price', { price: '1000000.01' }, 'Price must be at most 1000000.'],
    ['price', { price: '1e3' }, undefined],
    ['price', { price: 'abc' }, undefined],
    ['category', { category: 'Food' }, 'Category must be one of Electronics, Clothing, Books, Accessories.'],
    ['stock', { stock: '-1' }, 'Stock must be a whole number from 0 to 1000000.'],
    ['stock', { stock: '2.5' }, undefined],
    ['published', { published: 'yes' }, 'Published must be true or false.'],
    ['tags', { tags: 'x'.repeat(51) }, undefined],
  ])('400 naming %s, nothing stored, no file kept (case %#)', async (field, fields, message) => {
    const before = await snapshot();
    const { status, body } = await create({ ...FIELDS, ...fields }, await png());
    expect(status).toBe(400);
    expect(body.field).toBe(field);
    if (message) expect(body.message).toBe(message);
    else expectSentence(body.message, field);
    expect(await snapshot()).toEqual(before);
  });

  it('400 naming name when a JSON create leaves out name; 400 for a JSON body that is not an object', async () => {
    const before = await snapshot();
    expect((await call('POST', '/api/admin/products', { body: { price: 1, category: 'Books' } })).body).toEqual({
      message: 'Name is required.',
      field: 'name',
    });
    expect(
      (await call('POST', '/api/admin/products', { body: { name: 'N', price: '5', category: 'Books', published: 1 } }))
        .body.field,
    ).toBe('published');
    expect((await call('POST', '/api/admin/products', { body: '[1,2]' })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('415 naming image for a file that is not a picture by its bytes; nothing stored', async () => {
    const before = await snapshot();
    const { status, body } = await create(FIELDS, {
      bytes: Buffer.from('hello, not a picture'),
      name: 'fake.png',
      type: 'image/png',
    });
    expect(status).toBe(415);
    expect(body).toEqual({ message: 'Only JPEG, PNG, GIF, and WEBP files are allowed', field: 'image' });
    expect(await snapshot()).toEqual(before);
  });

  it('413 naming image for a picture over 5 MiB, and 413 for a body over the route limit before it is read; nothing stored', async () => {
    const before = await snapshot();
    const big = Buffer.concat([(await png()).bytes, Buffer.alloc(5 * 1024 * 1024)]).subarray(0, 5 * 1024 * 1024 + 1);
    const over = await create(FIELDS, { bytes: big, name: 'huge.png', type: 'image/png' });
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ message: 'File size must be less than 5MB', field: 'image' });
    const huge = await create(FIELDS, { bytes: Buffer.alloc(6 * 1024 * 1024), name: 'huge.png', type: 'image/png' });
    // Refused by the route's body limit while streaming (no field: the form was never read).
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: 'File size must be less than 5MB' });
    expect(await snapshot()).toEqual(before);
  });

  it('400 for a file under another field name', async () => {
    const data = form(FIELDS);
    data.append('photo', new Blob([new Uint8Array((await png()).bytes)], { type: 'image/png' }), 'x.png');
    const { status, body } = await call('POST', '/api/admin/products', { body: data });
    expect(status).toBe(400);
    expect(body.field).toBe('photo');
  });

  it('releases the stored picture when the row cannot be written', async () => {
    const allow = await refuseInserts(t.db, 'products', "NEW.name = 'Refused by the database'");
    try {
      const before = await snapshot();
      const { status } = await create({ ...FIELDS, name: 'Refused by the database' }, await png());
      expect(status).toBe(500);
      expect(await snapshot()).toEqual(before);
    } finally {
      await allow();
    }
  });
});

describe('edit', () => {
  it('changes the sent fields, keeps the others, audits and asks for a rebuild of a published product', async () => {
    const created = productOf(await create(FIELDS));
    const [{ status, body }, rebuilt] = await asksRebuild(() =>
      call('PUT', `/api/admin/products/${created._id}`, { body: form({ price: '15', stock: '3' }) }),
    );
    expect(status).toBe(200);
    expect(body.message).toBe('Product updated');
    expect(body.product).toEqual({
      ...created,
      price: 15,
      price_cents: 1500,
      stock: 3,
      updatedAt: expect.any(String) as unknown,
    });
    expect(rebuilt).toBe(true);
    expect((await auditRows()).at(-1)).toMatchObject({
      action: 'product.update',
      target_id: created._id,
      summary: 'Product "Studio Mug" updated',
    });
    expect((await publicProducts()).find((p) => p._id === created._id)?.price).toBe(15);
  });

  it('edits by JSON; a draft that stays a draft asks for no rebuild', async () => {
    const created = productOf(await create({ ...FIELDS, name: 'Draft Edit', published: 'false' }));
    const [{ status, body }, rebuilt] = await asksRebuild(() =>
      call('PUT', `/api/admin/products/${created._id}`, { body: { description: 'New words', tags: [] } }),
    );
    expect(status).toBe(200);
    expect(body.product).toMatchObject({ description: 'New words', tags: [], published: false });
    expect(rebuilt).toBe(false);
  });

  it('replaces the picture, keeps the old one while a version names it, and removes both with the product', async () => {
    const created = productOf(await create(FIELDS, await png()));
    expect((await filesOf(created.image)).length).toBeGreaterThan(0);
    const { status, body } = await call('PUT', `/api/admin/products/${created._id}`, { body: form({}, await jpeg()) });
    expect(status).toBe(200);
    assert(body.product, 'the answer has the product');
    expect(body.product.image).toMatch(/^\/media\/.+\.webp$/);
    expect(body.product.image).not.toBe(created.image);
    expect((await filesOf(created.image)).length).toBeGreaterThan(0);
    expect((await filesOf(body.product.image)).length).toBeGreaterThan(0);
    expect((await call('DELETE', `/api/admin/products/${created._id}`)).status).toBe(200);
    expect(await filesOf(created.image)).toEqual([]);
    expect(await filesOf(body.product.image)).toEqual([]);
    expect(
      await t.db
        .selectFrom('media')
        .select('id')
        .where('file_name', 'like', `${created.image.slice(7, 43)}%`)
        .execute(),
    ).toEqual([]);
  });

  it('keeps the picture while another record still refers to it', async () => {
    const created = productOf(await create(FIELDS, await png()));
    const twin = await addProduct('Twin', 100, 1, 'Books', false, 50);
    await t.db.updateTable('products').set({ image: created.image }).where('id', '=', twin).execute();
    expect((await call('DELETE', `/api/admin/products/${created._id}`)).status).toBe(200);
    expect((await filesOf(created.image)).length).toBeGreaterThan(0);
  });

  it('a refused edit changes nothing and keeps no new file', async () => {
    const created = productOf(await create(FIELDS, await png()));
    const before = await snapshot();
    const answer = await call('PUT', `/api/admin/products/${created._id}`, {
      body: form({ price: '-3' }, await jpeg()),
    });
    expect(answer.body).toEqual({ message: 'Price must not be negative.', field: 'price' });
    expect(await snapshot()).toEqual(before);
    expect((await call('GET', `/api/admin/products/${created._id}`)).body.product).toEqual(created);
  });

  it('404 for an unknown product, before any file is stored', async () => {
    const before = await snapshot();
    expect(
      await call('PUT', `/api/admin/products/${randomUUID()}`, { body: form({ price: '1' }, await png()) }),
    ).toMatchObject({ status: 404, body: { message: 'Product not found' } });
    expect(await snapshot()).toEqual(before);
  });
});

describe('publish toggle', () => {
  it('takes a product to a draft and back: audit, rebuild, public list follows', async () => {
    const created = productOf(await create({ ...FIELDS, name: 'Toggle Me' }));
    const [drafted, rebuilt] = await asksRebuild(() =>
      call('PATCH', `/api/admin/products/${created._id}`, { body: { published: false } }),
    );
    expect(drafted.status).toBe(200);
    expect(drafted.body).toMatchObject({ message: 'Product "Toggle Me" unpublished', product: { published: false } });
    expect(rebuilt).toBe(true);
    expect((await publicProducts()).map((p) => p._id)).not.toContain(created._id);
    expect((await auditRows()).at(-1)).toMatchObject({
      action: 'product.update',
      summary: 'Product "Toggle Me" unpublished',
    });
    const [same, again] = await asksRebuild(() =>
      call('PATCH', `/api/admin/products/${created._id}`, { body: { published: false } }),
    );
    expect(same.status).toBe(200);
    expect(again).toBe(false);
    const published = await call('PATCH', `/api/admin/products/${created._id}`, { body: { published: true } });
    expect(published.body.product?.published).toBe(true);
    expect((await publicProducts()).map((p) => p._id)).toContain(created._id);
  });

  it('400 naming published for anything but true or false; 404 for an unknown product', async () => {
    const created = productOf(await create(FIELDS));
    for (const body of [{ published: 'true' }, {}, { isActive: true }]) {
      expect(await call('PATCH', `/api/admin/products/${created._id}`, { body })).toMatchObject({
        status: 400,
        body: { field: 'published' },
      });
    }
    expect((await call('PATCH', `/api/admin/products/${randomUUID()}`, { body: { published: true } })).status).toBe(
      404,
    );
  });
});

describe('delete', () => {
  it('deletes the product and its picture files; order items keep their name and price', async () => {
    const created = productOf(await create(FIELDS, await png()));
    const orderId = randomUUID();
    const now = new Date().toISOString();
    await t.db
      .insertInto('orders')
      .values({ id: orderId, status: 'paid', total_cents: 1250, created_at: now })
      .execute();
    await t.db
      .insertInto('order_items')
      .values({
        id: randomUUID(),
        order_id: orderId,
        product_id: created._id,
        name: 'Studio Mug',
        unit_price_cents: 1250,
        quantity: 1,
      })
      .execute();
    const [{ status, body }, rebuilt] = await asksRebuild(() => call('DELETE', `/api/admin/products/${created._id}`));
    expect(status).toBe(200);
    expect(body).toEqual({ message: 'Product deleted' });
    expect(rebuilt).toBe(true);
    expect(await filesOf(created.image)).toEqual([]);
    expect((await call('GET', `/api/admin/products/${created._id}`)).status).toBe(404);
    expect(
      await t.db
        .selectFrom('order_items')
        .select(['product_id', 'name', 'unit_price_cents'])
        .where('order_id', '=', orderId)
        .execute(),
    ).toEqual([{ product_id: null, name: 'Studio Mug', unit_price_cents: 1250 }]);
    expect((await auditRows()).at(-1)).toMatchObject({
      action: 'product.delete',
      target_id: created._id,
      summary: 'Product "Studio Mug" deleted',
    });
    expect((await publicProducts()).map((p) => p._id)).not.toContain(created._id);
  });

  it('deleting a draft asks for no rebuild; an unknown product is a 404', async () => {
    const created = productOf(await create({ ...FIELDS, published: 'false' }));
    const [{ status }, rebuilt] = await asksRebuild(() => call('DELETE', `/api/admin/products/${created._id}`));
    expect(status).toBe(200);
    expect(rebuilt).toBe(false);
    expect(await call('DELETE', `/api/admin/products/${created._id}`)).toMatchObject({
      status: 404,
      body: { message: 'Product not found' },
    });
  });
});
