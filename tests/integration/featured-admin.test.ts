/**
 * The admin's Featured pins with the real app and database: GET /api/admin/featured (the pins and the row they make),
 * the search for published items to pin, and PUT (pin, unpin, reorder), admins only, each save audited and followed
 * by a rebuild request; refused input answers 400 { message, field } and changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FEATURED_PINS_MAX,
  FEATURED_PINS_MESSAGE,
  type FeaturedItem,
  type FeaturedSaved,
  type FeaturedState,
} from '../../src/shared/schemas/featured.ts';
import type { ListResponse, Recommendation } from '../../src/shared/types.ts';
import { type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin = '';
let customer = '';
const client = jsonClient((path, init) => t.request(path, init));
const call = <B = ApiBody>(method: string, path: string, options?: CallOptions) => client<B>(method, path, options);

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const ids = { lamp: randomUUID(), chair: randomUUID(), post: randomUUID(), draft: randomUUID(), photo: randomUUID() };

const state = async () => (await call<FeaturedState>('GET', '/api/admin/featured', { token: admin })).body;
const save = (items: unknown) => call<FeaturedSaved>('PUT', '/api/admin/featured', { token: admin, body: { items } });
const pinned = (s: FeaturedState) => s.pins.map((p) => `${p.kind}:${p.title}`);
const row = async () =>
  (await call<ListResponse<Recommendation>>('GET', '/api/recommendations/personalized?limit=50')).body.results.map(
    (r) => r.title,
  );

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  customer = await t.customerToken('cara');
  const product = { price_cents: 100, stock: 1, published: true, updated_at: null };
  await t.db
    .insertInto('products')
    .values([
      { ...product, id: ids.lamp, name: 'Tide Lamp', slug: 'tide-lamp', views: 50, created_at: ago(2) },
      { ...product, id: ids.chair, name: 'Oak Chair', slug: 'oak-chair', views: 10, created_at: ago(1) },
    ])
    .execute();
  await t.db
    .insertInto('blogs')
    .values([
      {
        id: ids.post,
        title: 'Lamp Care Guide',
        slug: 'lamp-care',
        published: true,
        created_at: ago(3),
        updated_at: null,
      },
      {
        id: ids.draft,
        title: 'Lamp Draft',
        slug: 'lamp-draft',
        published: false,
        created_at: ago(0),
        updated_at: null,
      },
    ])
    .execute();
  await t.db
    .insertInto('photos')
    .values({ id: ids.photo, title: 'Harbour Lights', image: '/media/p.webp', published: true, created_at: ago(4) })
    .execute();
  return () => t.close();
});

describe('access', () => {
  it.each([
    ['GET', '/api/admin/featured', undefined],
    ['GET', '/api/admin/featured/search?q=lamp', undefined],
    ['PUT', '/api/admin/featured', { items: [] }],
  ] as const)('%s %s: 401 without a token, 403 for a customer, and nothing changes', async (method, path, body) => {
    expect((await call(method, path, body ? { body } : {})).status).toBe(401);
    expect(await call(method, path, { token: customer, ...(body ? { body } : {}) })).toMatchObject({
      status: 403,
      body: { message: 'Admin access required' },
    });
    expect((await state()).pins).toEqual([]);
  });
});

describe('search', () => {
  const search = async (query: string) => {
    const res = await call<ListResponse<FeaturedItem>>('GET', `/api/admin/featured/search?${query}`, { token: admin });
    expect(res.status, query).toBe(200);
    return res.body.results.map((i) => `${i.kind}:${i.title}`);
  };

  it('finds published items of every kind by the start of a word, never a draft', async () => {
    expect((await search('q=lam')).sort()).toEqual(['blog:Lamp Care Guide', 'product:Tide Lamp']);
    expect(await search('q=lamp&type=blog')).toEqual(['blog:Lamp Care Guide']);
    expect(await search('q=nothing-like-it')).toEqual([]);
  });

  it('lists the newest published items without words, of one kind when asked', async () => {
    expect(await search('')).toEqual([
      'product:Oak Chair',
      'product:Tide Lamp',
      'blog:Lamp Care Guide',
      'photo:Harbour Lights',
    ]);
    expect(await search('q=%20&type=photo')).toEqual(['photo:Harbour Lights']);
  });

  it('refuses an unknown type or an overlong search with 400 naming the field', async () => {
    for (const [query, field] of [
      ['type=document', 'type'],
      ['type=', 'type'],
      [`q=${'x'.repeat(201)}`, 'q'],
      ['q=a&q=b', 'q'],
    ] as const) {
      const res = await call('GET', `/api/admin/featured/search?${query}`, { token: admin });
      expect(res.status, query).toBe(400);
      expect(res.body.field, query).toBe(field);
    }
  });
});

describe('pins', () => {
  it('starts with no pin: the row is the popular fill', async () => {
    const s = await state();
    expect(s.pins).toEqual([]);
    expect(s.preview.map((r) => [r.title, r.pinned])).toEqual([
      ['Tide Lamp', false],
      ['Oak Chair', false],
      ['Lamp Care Guide', false],
      ['Harbour Lights', false],
    ]);
  });

  it('pins in the order sent, audits the save, asks for the rebuild, and the row opens with the pins at once', async () => {
    await t.deps.rebuilds.settled();
    const res = await save([
      { kind: 'photo', id: ids.photo },
      { kind: 'product', id: ids.chair },
    ]);
    expect(res.status).toBe(200);
    expect(['scheduled', 'building']).toContain(t.deps.rebuilds.status().state);
    expect(res.body.message).toBe('Featured items saved. The home page shows the change once the site is rebuilt.');
    expect(pinned(res.body)).toEqual(['photo:Harbour Lights', 'product:Oak Chair']);
    expect(res.body.pins.every((p) => p.published)).toBe(true);
    expect(res.body.preview.map((r) => [r.title, r.pinned])).toEqual([
      ['Harbour Lights', true],
      ['Oak Chair', true],
      ['Tide Lamp', false],
      ['Lamp Care Guide', false],
    ]);
    expect(await row()).toEqual(['Harbour Lights', 'Oak Chair', 'Tide Lamp', 'Lamp Care Guide']);
    const audit = await t.db.selectFrom('audit_log').selectAll().orderBy('at', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'featured.update',
      target_type: 'featured',
      summary: 'Featured row: 2 pinned',
    });
  });

  it('reorders and unpins by saving the new list', async () => {
    expect(
      pinned(
        (
          await save([
            { kind: 'product', id: ids.chair },
            { kind: 'photo', id: ids.photo },
          ])
        ).body,
      ),
    ).toEqual(['product:Oak Chair', 'photo:Harbour Lights']);
    expect(pinned((await save([{ kind: 'photo', id: ids.photo }])).body)).toEqual(['photo:Harbour Lights']);
    expect((await row())[0]).toBe('Harbour Lights');
  });

  it('keeps a pin whose item was unpublished since, marked, out of the row until it is published again', async () => {
    await save([
      { kind: 'photo', id: ids.photo },
      { kind: 'blog', id: ids.post },
    ]);
    await t.db.updateTable('blogs').set({ published: false }).where('id', '=', ids.post).execute();
    const s = await state();
    expect(s.pins.map((p) => [p.title, p.published])).toEqual([
      ['Harbour Lights', true],
      ['Lamp Care Guide', false],
    ]);
    expect(await row()).not.toContain('Lamp Care Guide');
    // Saving the list with it again (a reorder) is accepted.
    const res = await save([
      { kind: 'blog', id: ids.post },
      { kind: 'photo', id: ids.photo },
    ]);
    expect(res.status).toBe(200);
    await t.db.updateTable('blogs').set({ published: true }).where('id', '=', ids.post).execute();
    expect((await row()).slice(0, 2)).toEqual(['Lamp Care Guide', 'Harbour Lights']);
  });

  it('refuses bad lists with 400 { message, field } and keeps the pins as they were', async () => {
    const before = pinned(await state());
    const many = Array.from({ length: FEATURED_PINS_MAX + 1 }, () => ({ kind: 'product', id: randomUUID() }));
    const cases: [unknown, string, string][] = [
      ['not a list', 'items', FEATURED_PINS_MESSAGE],
      [[{ kind: 'document', id: ids.lamp }], 'items', FEATURED_PINS_MESSAGE],
      [[{ kind: 'product' }], 'items', FEATURED_PINS_MESSAGE],
      [[{ kind: 'product', id: 'x'.repeat(101) }], 'items', FEATURED_PINS_MESSAGE],
      [
        [
          { kind: 'product', id: ids.lamp },
          { kind: 'product', id: ids.lamp },
        ],
        'items',
        FEATURED_PINS_MESSAGE,
      ],
      [many, 'items', FEATURED_PINS_MESSAGE],
      [[{ kind: 'product', id: 'no-such-id' }], 'items', 'No published product has the id "no-such-id".'],
      // The same id of another kind is no item.
      [[{ kind: 'event', id: ids.lamp }], 'items', `No published event has the id "${ids.lamp}".`],
      // A draft cannot be pinned.
      [[{ kind: 'blog', id: ids.draft }], 'items', `No published post has the id "${ids.draft}".`],
    ];
    for (const [items, field, message] of cases) {
      const res = await save(items);
      expect(res.status, JSON.stringify(items).slice(0, 80)).toBe(400);
      expect(res.body).toEqual({ message, field });
    }
    const notObject = await call('PUT', '/api/admin/featured', { token: admin, body: '[1]' });
    expect(notObject.status).toBe(400);
    expect(notObject.body.field).toBe('body');
    expect((await call('PUT', '/api/admin/featured', { token: admin, body: '{' })).status).toBe(400);
    expect(pinned(await state())).toEqual(before);
  });

  it('unpins everything with an empty list', async () => {
    const res = await save([]);
    expect(res.status).toBe(200);
    expect(res.body.pins).toEqual([]);
    expect(res.body.preview.some((r) => r.pinned)).toBe(false);
  });
});
