/**
 * GET /api/recommendations/personalized computed from the content, with the real app and database on a site seeded
 * with nothing: Featured (the admin's pins, then the most popular items, the last 30 days first) for everyone, For
 * You (category and tag affinity to what the visitor viewed, liked, bought and registered for) once signed in.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemKind } from '../../src/shared/recommend-rank.ts';
import type { ListResponse, Recommendation } from '../../src/shared/types.ts';
import { RECOMMENDATIONS } from '../../src/server/seed/demo-content.ts';
import { recordView } from '../../src/server/modules/recommendations/user-views.repository.ts';
import { jsonClient } from '../helpers/json-client.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

interface Item {
  kind: ItemKind;
  title: string;
  tags?: string[];
  category?: string;
  /** Views (plays for audio, registrations for events). */
  count?: number;
  ageDays?: number;
  published?: boolean;
}

/** Writes one item straight into the database, as an admin's publish would leave it; answers its id. */
async function insert(t: TestApp, item: Item): Promise<string> {
  const id = randomUUID();
  const base = {
    id,
    category: item.category ?? '',
    published: item.published ?? true,
    created_at: ago(item.ageDays ?? 1),
  };
  const tags = JSON.stringify(item.tags ?? []);
  const slug = `${item.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${id.slice(0, 6)}`;
  const count = item.count ?? 0;
  switch (item.kind) {
    case 'product':
      await t.db
        .insertInto('products')
        .values({ ...base, name: item.title, slug, tags, views: count, price_cents: 1000, stock: 5, updated_at: null })
        .execute();
      break;
    case 'blog':
      await t.db
        .insertInto('blogs')
        .values({ ...base, title: item.title, slug, tags, views: count, updated_at: null })
        .execute();
      break;
    case 'photo':
      await t.db
        .insertInto('photos')
        .values({ ...base, title: item.title, image: '/media/x.webp', tags, views: count })
        .execute();
      break;
    case 'video':
      await t.db
        .insertInto('videos')
        .values({ ...base, name: item.title, title: item.title, tags, views: count, updated_at: null })
        .execute();
      break;
    case 'audio':
      await t.db
        .insertInto('audios')
        .values({ ...base, name: item.title, title: item.title, tags, plays: count, updated_at: null })
        .execute();
      break;
    case 'event':
      await t.db
        .insertInto('events')
        .values({
          ...base,
          name: item.title,
          title: item.title,
          slug,
          registrations: count,
          start_date: ago(-10),
          end_date: ago(-10.1),
          updated_at: null,
        })
        .execute();
      break;
  }
  return id;
}

async function userId(t: TestApp, username: string): Promise<string> {
  const row = await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return row.id;
}

function recommender(t: () => TestApp) {
  const call = jsonClient((path, init) => t().request(path, init));
  return async (query = 'limit=50', token?: string): Promise<Recommendation[]> => {
    const res = await call<ListResponse<Recommendation>>('GET', `/api/recommendations/personalized?${query}`, {
      token,
    });
    expect(res.status).toBe(200);
    return res.body.results;
  };
}
const titles = (list: Recommendation[]) => list.map((r) => r.title);

describe('Featured', () => {
  let t: TestApp;
  const list = recommender(() => t);
  beforeAll(async () => {
    t = await createTestApp({ seed: 'none' });
  });
  afterAll(() => t.close());

  it('is empty on a site with nothing published, and shows the one published product once there is one', async () => {
    expect(await list()).toEqual([]);
    await insert(t, { kind: 'product', title: 'Draft Lamp', published: false, count: 999 });
    expect(await list()).toEqual([]);
    const id = await insert(t, {
      kind: 'product',
      title: 'Tide Lamp',
      tags: ['light'],
      category: 'Home',
      ageDays: 400,
    });
    const [only, ...rest] = await list();
    expect(rest).toEqual([]);
    expect(only).toEqual({
      _id: `product:${id}`,
      image: '',
      title: 'Tide Lamp',
      caption: '',
      tags: ['light'],
      item: { kind: 'product', id, slug: expect.stringMatching(/^tide-lamp-/) as string },
    });
  });

  it('fills with every kind: the last 30 days by popularity first, then older items by popularity', async () => {
    await insert(t, { kind: 'blog', title: 'Old Hit Post', count: 5000, ageDays: 90 });
    await insert(t, { kind: 'photo', title: 'Fresh Photo', count: 10, ageDays: 3 });
    await insert(t, { kind: 'video', title: 'Fresh Video', count: 40, ageDays: 10 });
    await insert(t, { kind: 'audio', title: 'Fresh Song', count: 20, ageDays: 29 });
    await insert(t, { kind: 'event', title: 'Fresh Event', count: 3, ageDays: 2 });
    await insert(t, { kind: 'blog', title: 'Quiet Draft Post', count: 9999, ageDays: 1, published: false });
    expect(titles(await list())).toEqual([
      'Fresh Video',
      'Fresh Song',
      // Three registrations weigh 15 views.
      'Fresh Event',
      'Fresh Photo',
      'Old Hit Post',
      'Tide Lamp',
    ]);
  });

  it('puts the admin’s published pins first in their order, skips an unpublished pin, and pages across both', async () => {
    const lamp = await t.db
      .selectFrom('products')
      .select('id')
      .where('name', '=', 'Tide Lamp')
      .executeTakeFirstOrThrow();
    const post = await t.db
      .selectFrom('blogs')
      .select('id')
      .where('title', '=', 'Old Hit Post')
      .executeTakeFirstOrThrow();
    const draft = await t.db
      .selectFrom('blogs')
      .select('id')
      .where('title', '=', 'Quiet Draft Post')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('featured_pins')
      .values([
        { content_type: 'product', content_id: lamp.id, position: 0, created_at: ago(0) },
        { content_type: 'blog', content_id: draft.id, position: 1, created_at: ago(0) },
        { content_type: 'blog', content_id: post.id, position: 2, created_at: ago(0) },
      ])
      .execute();
    const all = titles(await list());
    expect(all).toEqual(['Tide Lamp', 'Old Hit Post', 'Fresh Video', 'Fresh Song', 'Fresh Event', 'Fresh Photo']);
    expect(titles(await list('limit=1'))).toEqual(['Tide Lamp']);
    expect(titles(await list('limit=3&offset=1'))).toEqual(all.slice(1, 4));
    expect(titles(await list('limit=4&offset=4'))).toEqual(all.slice(4));
    expect(await list('limit=4&offset=6')).toEqual([]);
    expect(await list('limit=4&offset=10000')).toEqual([]);
    // The spec's default page: four.
    expect(titles(await list(''))).toEqual(all.slice(0, 4));
  });

  it('answers a bad page with 400 naming the field', async () => {
    const call = jsonClient((path, init) => t.request(path, init));
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
      ['limit=x', 'limit'],
      ['offset=-1', 'offset'],
      ['offset=10001', 'offset'],
      ['limit=1&limit=2', 'limit'],
    ] as const) {
      const res = await call('GET', `/api/recommendations/personalized?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.field, query).toBe(field);
      expect(res.body.message, query).toEqual(expect.any(String));
    }
  });
});

describe('For You', () => {
  let t: TestApp;
  const list = recommender(() => t);
  let token = '';
  let user = '';
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ seed: 'none' });
    token = await t.customerToken('rita');
    user = await userId(t, 'rita');
    const items: Item[] = [
      // What Rita looks at: rail travel.
      { kind: 'blog', title: 'Night Trains of Europe', tags: ['rail', 'travel'], category: 'Travel', ageDays: 40 },
      // Popular, newest, and of no interest to her.
      { kind: 'product', title: 'Garden Hose', tags: ['garden'], category: 'Home', count: 900, ageDays: 1 },
      { kind: 'video', title: 'Lawn Care 101', tags: ['garden'], category: 'Education', count: 800, ageDays: 2 },
      // Rail items, older and unpopular: For You ranks them first all the same.
      { kind: 'photo', title: 'Platform at Dawn', tags: ['Rail'], category: 'Travel', ageDays: 20 },
      { kind: 'product', title: 'Rail Map Poster', tags: ['rail', 'print'], category: 'Prints', ageDays: 60 },
      { kind: 'product', title: 'Sleeper Cabin Kit', tags: ['rail'], category: 'Travel', ageDays: 5 },
      { kind: 'audio', title: 'Rail Sounds', tags: ['rail'], category: 'Ambient', ageDays: 300 },
      { kind: 'event', title: 'Rail Fair', category: 'Travel', ageDays: 3 },
      { kind: 'blog', title: 'Rail Draft', tags: ['rail'], category: 'Travel', ageDays: 1, published: false },
    ];
    for (const item of items) ids[item.title] = await insert(t, item);
  });
  afterAll(() => t.close());

  it('is the Featured row for a signed-in visitor with no history', async () => {
    expect(await list('limit=50', token)).toEqual(await list('limit=50'));
    expect((await list('limit=50')).length).toBeGreaterThan(0);
  });

  it('ranks the items sharing the category and tags of what the visitor viewed first, and the viewed one last', async () => {
    // What the activity module writes when a signed-in visitor opens an item (POST /api/activity).
    await recordView(t.db, user, 'blog', ids['Night Trains of Europe'] ?? '', '["rail","travel"]');
    const mine = titles(await list('limit=50', token));
    // Category Travel and tag rail (2): the photo and the sleeper kit (newer first); tag rail only (1): the poster and
    // the sounds, newer first, and the event for its category; then the rest newest first; the post she read last.
    expect(mine).toEqual([
      'Sleeper Cabin Kit',
      'Platform at Dawn',
      'Rail Fair',
      'Rail Map Poster',
      'Rail Sounds',
      'Garden Hose',
      'Lawn Care 101',
      'Night Trains of Europe',
    ]);
    expect(mine).not.toContain('Rail Draft');
    // Another visitor's view changes nothing for the anonymous row.
    expect(titles(await list('limit=2'))).toEqual(['Garden Hose', 'Lawn Care 101']);
    expect(titles(await list('limit=2&offset=1', token))).toEqual(mine.slice(1, 3));
  });

  it('never returns a product the visitor bought, and counts the purchase towards its tags', async () => {
    const orderId = randomUUID();
    await t.db
      .insertInto('orders')
      .values({ id: orderId, user_id: user, status: 'paid', total_cents: 1000, created_at: ago(0), updated_at: null })
      .execute();
    await t.db
      .insertInto('order_items')
      .values({
        id: randomUUID(),
        order_id: orderId,
        product_id: ids['Sleeper Cabin Kit'] ?? '',
        name: 'Sleeper Cabin Kit',
        unit_price_cents: 1000,
        quantity: 1,
      })
      .execute();
    const mine = titles(await list('limit=50', token));
    expect(mine).not.toContain('Sleeper Cabin Kit');
    expect(mine.slice(0, 2)).toEqual(['Platform at Dawn', 'Rail Fair']);
  });

  it('a cancelled order is no purchase: its product may be recommended', async () => {
    const other = await t.customerToken('sam');
    const sam = await userId(t, 'sam');
    const orderId = randomUUID();
    await t.db
      .insertInto('orders')
      .values({ id: orderId, user_id: sam, status: 'cancelled', total_cents: 1, created_at: ago(0), updated_at: null })
      .execute();
    await t.db
      .insertInto('order_items')
      .values({
        id: randomUUID(),
        order_id: orderId,
        product_id: ids['Garden Hose'] ?? '',
        name: 'Garden Hose',
        unit_price_cents: 1,
        quantity: 1,
      })
      .execute();
    // No signal at all: Sam gets Featured, the hose first.
    expect(titles(await list('limit=1', other))).toEqual(['Garden Hose']);
  });

  it('counts likes, and never returns an event the visitor registered for', async () => {
    const leeToken = await t.customerToken('lee');
    const lee = await userId(t, 'lee');
    await t.db
      .insertInto('content_likes')
      .values({
        content_type: 'video',
        content_id: ids['Lawn Care 101'] ?? '',
        liker: `user:${lee}`,
        user_id: lee,
        created_at: ago(0),
      })
      .execute();
    // The liked video's tag (garden) ranks the hose first; the liked video itself comes last.
    const liked = titles(await list('limit=50', leeToken));
    expect(liked[0]).toBe('Garden Hose');
    expect(liked.at(-1)).toBe('Lawn Care 101');

    await t.db
      .insertInto('event_registrations')
      .values({
        id: randomUUID(),
        event_id: ids['Rail Fair'] ?? '',
        user_id: lee,
        name: 'Lee',
        email: 'lee@example.com',
        seats: 1,
        status: 'confirmed',
        cancel_token_hash: 'x',
        created_at: ago(0),
      })
      .execute();
    const registered = titles(await list('limit=50', leeToken));
    expect(registered).not.toContain('Rail Fair');
    // The registration's category (Travel) now weighs in: the photo and the posts of Travel rank above the rest.
    expect(registered.indexOf('Platform at Dawn')).toBeLessThan(registered.indexOf('Rail Sounds'));
  });
});

describe('on the demo site', () => {
  let t: TestApp;
  const list = recommender(() => t);
  beforeAll(async () => {
    t = await createTestApp({ seed: 'demo' });
  });
  afterAll(() => t.close());

  it('opens Featured with the four pinned recommendations, then popular items, each once and each opening its item', async () => {
    const featured = await list('limit=12');
    expect(featured.slice(0, 4).map((r) => r.title)).toEqual(RECOMMENDATIONS.slice(0, 4).map((r) => r.title));
    expect(featured.slice(0, 4).map((r) => r.item?.kind)).toEqual(['product', 'blog', 'event', 'photo']);
    expect(featured).toHaveLength(12);
    expect(new Set(featured.map((r) => r._id)).size).toBe(12);
    for (const r of featured) {
      expect(r._id).toBe(`${r.item?.kind ?? ''}:${r.item?.id ?? ''}`);
      expect(r.item?.slug === null).toBe(['photo', 'video', 'audio'].includes(r.item?.kind ?? ''));
      expect(r.caption.length).toBeLessThanOrEqual(160);
    }
  });
});
