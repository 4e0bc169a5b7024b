/**
 * The categories a company owns, with the real app and database: the spec's lists as a new site's defaults, the
 * admin's add, rename, reorder and remove with their guards and refusals, items renamed or moved in the same write,
 * filter links that keep working after a rename, and item writes checked against the company's own categories.
 */
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { shopSectionFor } from '../../src/lib/filters/shop.ts';
import { DEFAULT_CATEGORIES } from '../../src/shared/constants.ts';
import type { AdminCategory, Category, CategoryKind } from '../../src/shared/schemas/category.ts';
import type { Product } from '../../src/shared/types.ts';
import { type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: string;
let customer: string;

type Body = ApiBody & { category?: Category; results?: AdminCategory[]; moved?: number; product?: { _id: string } };

const client = jsonClient((path, init) => t.request(path, init));
async function call(method: string, path: string, options?: CallOptions) {
  const { status, body } = await client<Body>(method, path, options);
  return { status, body };
}
const asAdmin = (method: string, path: string, body?: object) =>
  call(method, path, { token: admin, ...(body ? { body } : {}) });

const publicList = async (kind: CategoryKind) => (await call('GET', `/api/categories?kind=${kind}`)).body.results ?? [];
const adminList = async (kind: CategoryKind) =>
  (await asAdmin('GET', `/api/admin/categories?kind=${kind}`)).body.results ?? [];
const named = async (kind: CategoryKind, name: string) => {
  const found = (await adminList(kind)).find((c) => c.name === name);
  assert(found, `the ${kind} category ${name} exists`);
  return found;
};
const createdCategory = (answer: { body: Body }) => {
  assert(answer.body.category, 'the answer has the category');
  return answer.body.category;
};
const productCategory = async (id: string) =>
  (await t.db.selectFrom('products').select('category').where('id', '=', id).executeTakeFirstOrThrow()).category;

async function addProduct(name: string, category: string) {
  const answer = await asAdmin('POST', '/api/admin/products', { name, price: '5', category, published: true });
  expect(answer.status).toBe(201);
  assert(answer.body.product, 'the answer has the product');
  return answer.body.product._id;
}

/** Waits for earlier rebuilds to settle, runs the write, and expects it to have asked for a rebuild. */
async function expectRebuild<T>(write: () => Promise<T>): Promise<T> {
  await t.deps.rebuilds.settled();
  const result = await write();
  expect(['scheduled', 'building']).toContain(t.deps.rebuilds.status().state);
  return result;
}

beforeAll(async () => {
  t = await createTestApp();
  return () => t.close();
});
beforeAll(async () => {
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  customer = await t.customerToken('cora');
});

describe('the public list', () => {
  it("starts with the spec's lists, in their order, for every kind (audio's are its types)", async () => {
    const all = (await call('GET', '/api/categories')).body.results ?? [];
    for (const [kind, names] of Object.entries(DEFAULT_CATEGORIES)) {
      const mine = all.filter((c) => c.kind === kind);
      expect(mine.map((c) => c.name)).toEqual(names);
      expect(mine.map((c) => c.order)).toEqual(names.map((_, i) => i));
    }
    expect(all.find((c) => c.kind === 'audio' && c.name === 'Live Recording')?.slug).toBe('live-recording');
  });

  it('answers a bad kind 400 with a sentence, never a 500', async () => {
    const answer = await call('GET', '/api/categories?kind=cake');
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe('kind');
    expect(answer.body.message).toBe('Kind must be one of product, blog, photo, video, audio, event.');
  });
});

describe('access', () => {
  const routes: [string, string, object | undefined][] = [
    ['GET', '/api/admin/categories', undefined],
    ['POST', '/api/admin/categories', { kind: 'product', name: 'Nope' }],
    ['PUT', '/api/admin/categories/some-id', { name: 'Nope' }],
    ['PUT', '/api/admin/categories/order', { kind: 'product', ids: [] }],
    ['DELETE', '/api/admin/categories/some-id', undefined],
  ];
  it.each(routes)('%s %s: 401 without a token, 403 for a customer, and nothing changes', async (method, path, body) => {
    const before = await publicList('product');
    expect((await call(method, path, body ? { body } : {})).status).toBe(401);
    expect(await call(method, path, { token: customer, ...(body ? { body } : {}) })).toEqual({
      status: 403,
      body: { message: 'Admin access required' },
    });
    expect(await publicList('product')).toEqual(before);
  });
});

describe('writes', () => {
  it('adds a category last in its kind with an address made from its name, and asks for a rebuild', async () => {
    const answer = await expectRebuild(() =>
      asAdmin('POST', '/api/admin/categories', { kind: 'product', name: ' Cakes & Pies ' }),
    );
    expect(answer.status).toBe(201);
    expect(createdCategory(answer)).toMatchObject({
      kind: 'product',
      name: 'Cakes & Pies',
      slug: 'cakes-and-pies',
      order: 4,
    });
    expect((await publicList('product')).map((c) => c.name).at(-1)).toBe('Cakes & Pies');
    expect((await publicList('blog')).map((c) => c.name)).toEqual(DEFAULT_CATEGORIES.blog);
  });

  it.each([
    [
      { kind: 'product', name: 'cakes & pies' },
      'name',
      'A category named "cakes & pies" already exists for this type.',
    ],
    [
      { kind: 'product', name: 'Tarts', slug: 'books' },
      'slug',
      'Another category of this type already uses the address "books".',
    ],
  ])('refuses a duplicate %j with 409 naming the field', async (body, field, message) => {
    const before = await publicList('product');
    expect(await asAdmin('POST', '/api/admin/categories', body)).toEqual({ status: 409, body: { field, message } });
    expect(await publicList('product')).toEqual(before);
  });

  it('takes the same name in another kind', async () => {
    expect((await asAdmin('POST', '/api/admin/categories', { kind: 'blog', name: 'Books' })).status).toBe(201);
  });

  it.each([
    [{ kind: 'product' }, 'name'],
    [{ kind: 'product', name: '' }, 'name'],
    [{ kind: 'cake', name: 'X' }, 'kind'],
    [{ kind: 'product', name: 'x'.repeat(61) }, 'name'],
    [{ kind: 'product', name: 'Fine', slug: 'Not A Slug' }, 'slug'],
    [{ kind: 'product', name: '***' }, 'slug'],
    [[1, 2], 'body'],
  ])('refuses bad input %j with 400 JSON naming %s', async (body, field) => {
    const answer = await asAdmin('POST', '/api/admin/categories', body);
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe(field);
    expect(answer.body.message).toMatch(/^[A-Z]/);
  });

  it('answers malformed JSON and unknown ids without a 500', async () => {
    expect((await call('POST', '/api/admin/categories', { token: admin, body: '{"kind":' })).status).toBe(400);
    expect((await asAdmin('PUT', '/api/admin/categories/nope', { name: 'X' })).status).toBe(404);
    expect((await asAdmin('PUT', `/api/admin/categories/${'x'.repeat(101)}`, { name: 'X' })).status).toBe(404);
    expect((await asAdmin('DELETE', '/api/admin/categories/nope')).status).toBe(404);
    expect((await asAdmin('PUT', '/api/admin/categories/order', { kind: 'product', ids: 'x' })).status).toBe(400);
  });

  it('renames a category: its items follow in the same write, its address stays, so filter links keep working', async () => {
    const books = await named('product', 'Books');
    const id = await addProduct('Old Atlas', 'Books');
    const answer = await expectRebuild(() => asAdmin('PUT', `/api/admin/categories/${books._id}`, { name: 'Novels' }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ category: { name: 'Novels', slug: 'books' }, moved: 1 });
    expect(await productCategory(id)).toBe('Novels');

    // The shop's filter, built as the site build builds it, still reads an old link.
    const categories = await publicList('product');
    const products = ((await call('GET', '/api/products')).body.results ?? []) as unknown as Product[];
    const shop = shopSectionFor(categories);
    for (const link of ['category=Books', 'category=books', 'category=Novels']) {
      const filters = shop.fromQuery(new URLSearchParams(link));
      expect(filters.category).toBe('Novels');
      expect(shop.apply(products, filters, new Date()).map((p) => p.name)).toEqual(['Old Atlas']);
    }
    expect(shop.panel(products, shop.defaults).selects.find((s) => s.key === 'category')?.options).toContainEqual({
      value: 'Novels',
      label: 'Novels',
    });
  });

  it('changes the address when one is sent, and refuses one another category has', async () => {
    const novels = await named('product', 'Novels');
    expect((await asAdmin('PUT', `/api/admin/categories/${novels._id}`, { slug: 'novels' })).body.category?.slug).toBe(
      'novels',
    );
    expect(await asAdmin('PUT', `/api/admin/categories/${novels._id}`, { name: 'Clothing' })).toEqual({
      status: 409,
      body: { field: 'name', message: 'A category named "Clothing" already exists for this type.' },
    });
    expect((await named('product', 'Novels')).slug).toBe('novels');
  });

  it('reorders a kind, and refuses a list that does not name each of its categories once', async () => {
    const ids = (await adminList('event')).map((c) => c._id);
    const reversed = [...ids].reverse();
    const answer = await expectRebuild(() =>
      asAdmin('PUT', '/api/admin/categories/order', { kind: 'event', ids: reversed }),
    );
    expect(answer.status).toBe(200);
    expect((await publicList('event')).map((c) => c.name)).toEqual([...DEFAULT_CATEGORIES.event].reverse());
    for (const bad of [reversed.slice(1), [...reversed, reversed[0]], [(await adminList('blog'))[0]?._id ?? '']]) {
      const refused = await asAdmin('PUT', '/api/admin/categories/order', { kind: 'event', ids: bad });
      expect(refused).toEqual({
        status: 400,
        body: { field: 'ids', message: 'The list must name every category of this type exactly once.' },
      });
    }
    expect((await publicList('event')).map((c) => c.name)).toEqual([...DEFAULT_CATEGORIES.event].reverse());
  });

  it('refuses to remove a category in use without a target, then moves its items to the target and removes it', async () => {
    const clothing = await named('product', 'Clothing');
    const shirt = await addProduct('Shirt', 'Clothing');
    const scarf = await addProduct('Scarf', 'Clothing');
    expect((await named('product', 'Clothing')).items).toBe(2);

    expect(await asAdmin('DELETE', `/api/admin/categories/${clothing._id}`)).toEqual({
      status: 409,
      body: {
        field: 'moveTo',
        message: '"Clothing" still has 2 items; choose a category to move them to before removing it.',
      },
    });
    const blogBooks = await named('blog', 'Books');
    expect((await asAdmin('DELETE', `/api/admin/categories/${clothing._id}?moveTo=${blogBooks._id}`)).body).toEqual({
      field: 'moveTo',
      message: 'The items can only move to a category of the same type.',
    });
    expect((await asAdmin('DELETE', `/api/admin/categories/${clothing._id}?moveTo=${clothing._id}`)).status).toBe(400);
    expect((await asAdmin('DELETE', `/api/admin/categories/${clothing._id}?moveTo=nope`)).status).toBe(400);
    expect(await productCategory(shirt)).toBe('Clothing');

    const accessories = await named('product', 'Accessories');
    const answer = await expectRebuild(() =>
      asAdmin('DELETE', `/api/admin/categories/${clothing._id}?moveTo=${accessories._id}`),
    );
    expect(answer).toEqual({
      status: 200,
      body: { message: 'Clothing was removed; 2 items moved to Accessories', moved: 2 },
    });
    expect([await productCategory(shirt), await productCategory(scarf)]).toEqual(['Accessories', 'Accessories']);
    expect((await publicList('product')).map((c) => c.name)).not.toContain('Clothing');
  });

  it('removes an unused category without a target', async () => {
    const sport = await named('event', 'Sport');
    expect((await asAdmin('DELETE', `/api/admin/categories/${sport._id}`)).status).toBe(200);
    expect((await publicList('event')).map((c) => c.name)).not.toContain('Sport');
  });

  it('each write is audited', async () => {
    const rows = await t.db.selectFrom('audit_log').selectAll().where('target_type', '=', 'category').execute();
    expect(rows.map((row) => row.summary)).toEqual(
      expect.arrayContaining([
        'Products category "Cakes & Pies" added',
        'Products category "Books" renamed to "Novels"',
        'Products category "Clothing" removed, 2 moved to "Accessories"',
      ]),
    );
  });
});

describe('items use the company categories', () => {
  it("takes a product in a new category 'Cakes' and refuses one the company does not have", async () => {
    expect((await asAdmin('POST', '/api/admin/categories', { kind: 'product', name: 'Cakes' })).status).toBe(201);
    const id = await addProduct('Lemon Drizzle', 'cakes');
    expect(await productCategory(id)).toBe('Cakes');
    const refused = await asAdmin('POST', '/api/admin/products', { name: 'Bread', price: '3', category: 'Loaves' });
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('category');
    expect(refused.body.message).toBe(
      `Category must be one of ${(await publicList('product')).map((c) => c.name).join(', ')}.`,
    );
  });

  it("checks an audio item's type and a blog's category against their own kinds", async () => {
    const blog = new FormData();
    blog.append('title', 'Hello');
    blog.append('category', 'Cakes');
    const refused = await asAdmin('POST', '/api/admin/blogs', blog);
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('category');
    const video = await asAdmin('POST', '/api/admin/videos', {
      name: 'Clip',
      youtube: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      category: 'Podcast',
    });
    expect(video.status).toBe(400);
    expect(video.body.field).toBe('category');
  });
});
