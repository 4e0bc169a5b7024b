/**
 * Drafts, preview links and versions of products, with the real app, database and DATA_DIR (SQLite and PostgreSQL):
 * a draft of a published product changes nothing shoppers see until it is published, checked as the product's own
 * PUT; its preview shows the draft's price and picture; every save keeps a version that can be restored; only the
 * shop's roles reach any of it; a ticket of an event is not the shop's to draft.
 */
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_NOT_FOUND, DRAFT_PUBLISHED, type PreviewAnswer, type PreviewLink } from '../../src/shared/drafts.ts';
import type { AdminProduct, ProductDraft } from '../../src/shared/products-admin.ts';
import { REVISION_RESTORED, type RevisionComparison, type RevisionHistory } from '../../src/shared/revisions.ts';
import type { Product } from '../../src/shared/types.ts';
import { type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { isStored, pngBlob } from '../helpers/pictures.ts';
import { staffToken } from '../helpers/staff.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const tokens = { admin: '', shop: '', editor: '', support: '' };

type Body = ApiBody & { product?: AdminProduct; item?: AdminProduct; draft?: ProductDraft; link?: PreviewLink };
const client = jsonClient(
  (path, init) => t.request(path, init),
  () => tokens.shop,
);
const call = <B = Body>(method: string, path: string, options?: CallOptions) => client<B>(method, path, options);
const as = (token: string, method: string, path: string, body?: object | FormData) =>
  call(method, path, { token, body });

const png = (background: string) => pngBlob(background, 80, 80);
const stored = (url: string) => isStored(t.dataDir, url);
const shopProduct = async (slug: string) => client<Product>('GET', `/api/products/${slug}`, { token: null });
const create = async (fields: Record<string, string>, colour = '#336699') => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('image', await png(colour), 'product.png');
  const answer = await call('POST', '/api/admin/products', { body: form });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  assert(answer.body.product, 'created');
  return answer.body.product;
};
const history = async (id: string) =>
  (await call<RevisionHistory>('GET', `/api/admin/products/${id}/revisions`)).body.revisions;

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  tokens.shop = await staffToken(t, tokens.admin, 'sam', 'shop_manager');
  tokens.editor = await staffToken(t, tokens.admin, 'eddie', 'editor');
  tokens.support = await staffToken(t, tokens.admin, 'sue', 'support');
  return () => t.close();
});

describe('a draft of a published product', () => {
  let product: AdminProduct;

  it('is saved without changing the shop, checked as the product’s own edit, and listed as unpublished changes', async () => {
    product = await create({ name: 'Sea salt', price: '4.50', category: 'Electronics', stock: '9', published: 'true' });
    for (const [body, field] of [
      [{ price: 'cheap' }, 'price'],
      [{ stock: -1 }, 'stock'],
      [{ category: 'No such shelf' }, 'category'],
      [{ name: '' }, 'name'],
    ] as const) {
      const refused = await call('PUT', `/api/admin/products/${product._id}/draft`, { body });
      expect([refused.status, refused.body.field]).toEqual([400, field]);
    }
    expect((await call('GET', `/api/admin/products/${product._id}/draft`)).body.message).toBe(DRAFT_NOT_FOUND);

    const saved = await call('PUT', `/api/admin/products/${product._id}/draft`, {
      body: { price: '5.25', description: 'Flaked by hand', published: false },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.draft?.fields).toMatchObject({ name: 'Sea salt', price: 5.25, description: 'Flaked by hand' });
    const live = (await shopProduct(product.slug)).body;
    expect([live.price, live.description]).toEqual([4.5, '']);
    const listed = (await call<{ results: AdminProduct[] }>('GET', '/api/admin/products')).body.results.find(
      (p) => p._id === product._id,
    );
    expect(listed).toMatchObject({ price: 4.5, published: true, draft: { savedBy: 'Carol Customer' } });
  });

  it('is shown by its preview link with the draft’s price, never cached', async () => {
    const link = await call('POST', `/api/admin/products/${product._id}/preview-link`);
    assert(link.body.link, 'a link');
    const token = new URL(link.body.link.url).searchParams.get('token') ?? '';
    const preview = await call<PreviewAnswer>('GET', `/api/preview/${token}`, { token: null });
    expect(preview.headers.get('cache-control')).toBe('private, no-store');
    expect(preview.body).toMatchObject({
      type: 'product',
      draft: true,
      published: true,
      item: { name: 'Sea salt', price: 5.25, description: 'Flaked by hand', slug: product.slug },
    });
  });

  it('becomes the live product when published, and every step is a version', async () => {
    const published = await call('POST', `/api/admin/products/${product._id}/draft/publish`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body).toMatchObject({ message: DRAFT_PUBLISHED, item: { price: 5.25, draft: null } });
    expect((await shopProduct(product.slug)).body).toMatchObject({ price: 5.25, description: 'Flaked by hand' });
    const revisions = await history(product._id);
    expect(revisions.map((r) => [r.number, r.action, r.changed, r.current])).toEqual([
      [3, 'publish', [], true],
      [2, 'draft', ['Price', 'Description'], false],
      [1, 'create', [], false],
    ]);
    const [newest, , first] = revisions;
    assert(newest && first, 'kept');
    const compared = await call<RevisionComparison>(
      'GET',
      `/api/admin/products/${product._id}/revisions/compare?from=${first.id}&to=${newest.id}`,
    );
    expect(compared.body.fields.find((f) => f.name === 'price')).toMatchObject({
      changed: true,
      before: '4.5',
      after: '5.25',
    });
  });

  it('restores a version as the draft, its picture with it, and the shop keeps the live product meanwhile', async () => {
    const form = new FormData();
    form.append('image', await png('#993311'), 'new.png');
    const replaced = await call('PUT', `/api/admin/products/${product._id}`, { body: form });
    const newImage = replaced.body.product?.image ?? '';
    expect(newImage).not.toBe(product.image);
    // The first picture stays while a version names it.
    expect(await stored(product.image)).toBe(true);
    const first = (await history(product._id)).find((r) => r.number === 1);
    assert(first, 'kept');
    const restored = await call('POST', `/api/admin/products/${product._id}/revisions/${first.id}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.message).toBe(REVISION_RESTORED);
    expect(restored.body.draft?.fields).toMatchObject({ price: 4.5, image: product.image });
    expect((await shopProduct(product.slug)).body).toMatchObject({ price: 5.25, image: newImage });

    expect((await call('DELETE', `/api/admin/products/${product._id}`)).status).toBe(200);
    expect([await stored(product.image), await stored(newImage)]).toEqual([false, false]);
    expect((await call('GET', `/api/admin/products/${product._id}/draft`)).status).toBe(404);
  });
});

describe('who reaches a product’s drafts', () => {
  it('is the shop’s roles alone, and never an event’s ticket', async () => {
    const product = await create({ name: 'Kelp soap', price: '3', category: 'Electronics', published: 'true' });
    const paths: [string, string, object?][] = [
      ['GET', `/api/admin/products/${product._id}/revisions`],
      ['PUT', `/api/admin/products/${product._id}/draft`, { price: '2' }],
      ['POST', `/api/admin/products/${product._id}/preview-link`],
    ];
    for (const token of [tokens.editor, tokens.support]) {
      for (const [method, path, body] of paths) expect((await as(token, method, path, body)).status).toBe(403);
    }
    expect((await as(tokens.admin, 'PUT', `/api/admin/products/${product._id}/draft`, { price: '2' })).status).toBe(
      200,
    );
    await t.db.updateTable('products').set({ event_id: 'an-event' }).where('id', '=', product._id).execute();
    for (const [method, path, body] of paths) expect((await call(method, path, { body })).status).toBe(404);
  });
});
