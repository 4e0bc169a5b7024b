/**
 * GET /api/recommendations/personalized names the item each recommendation is about (its kind, id and page slug),
 * found by title among published items, so a card opens the item itself; recommendationPath turns that into the link.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recommendationPath } from '../../src/shared/recommend.ts';
import type { ListResponse, Recommendation } from '../../src/shared/types.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const now = new Date().toISOString();
const ids = {
  product: randomUUID(),
  hidden: randomUUID(),
  blog: randomUUID(),
  event: randomUUID(),
  photo: randomUUID(),
  video: randomUUID(),
  audio: randomUUID(),
};

async function recommend(title: string, popularity: number) {
  await t.db
    .insertInto('recommendations')
    .values({ id: randomUUID(), title, caption: '', tags: '[]', popularity, created_at: now })
    .execute();
}

async function list(): Promise<Recommendation[]> {
  const res = await t.request('/api/recommendations/personalized?limit=20');
  expect(res.status).toBe(200);
  return ((await res.json()) as ListResponse<Recommendation>).results;
}

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  await t.db
    .insertInto('products')
    .values([
      {
        id: ids.product,
        name: 'Tide Lamp',
        slug: 'tide-lamp',
        price_cents: 100,
        stock: 1,
        published: true,
        created_at: now,
        updated_at: now,
      },
      {
        id: ids.hidden,
        name: 'Draft Chair',
        slug: 'draft-chair',
        price_cents: 100,
        stock: 1,
        published: false,
        created_at: now,
        updated_at: now,
      },
    ])
    .execute();
  await t.db
    .insertInto('blogs')
    .values({
      id: ids.blog,
      title: 'A Calm Desk',
      slug: 'a-calm-desk',
      published: true,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await t.db
    .insertInto('events')
    .values({
      id: ids.event,
      name: 'Harbour Night',
      title: 'Harbour Night',
      slug: 'harbour-night',
      start_date: now,
      end_date: now,
      published: true,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await t.db
    .insertInto('photos')
    .values({ id: ids.photo, title: 'Lake at Dawn', image: '/x.jpg', published: true, created_at: now })
    .execute();
  await t.db
    .insertInto('videos')
    .values({ id: ids.video, name: 'Bay Timelapse', title: '', published: true, created_at: now, updated_at: now })
    .execute();
  await t.db
    .insertInto('audios')
    .values({ id: ids.audio, name: 'Rain Loop', title: 'Rain Loop', published: true, created_at: now, updated_at: now })
    .execute();
  const titles = [
    'Tide Lamp',
    'A Calm Desk',
    'Harbour Night',
    'Lake at Dawn',
    'Bay Timelapse',
    'Rain Loop',
    'Draft Chair',
    'Nothing By This Name',
  ];
  for (const [index, title] of titles.entries()) await recommend(title, 1000 - index);
});

afterAll(async () => {
  await t.close();
});

describe('recommendations name their items', () => {
  it('carries each kind, id and slug, and null for a title no published item has', async () => {
    const items = Object.fromEntries((await list()).map((r) => [r.title, r.item]));
    expect(items).toEqual({
      'Tide Lamp': { kind: 'product', id: ids.product, slug: 'tide-lamp' },
      'A Calm Desk': { kind: 'blog', id: ids.blog, slug: 'a-calm-desk' },
      'Harbour Night': { kind: 'event', id: ids.event, slug: 'harbour-night' },
      'Lake at Dawn': { kind: 'photo', id: ids.photo, slug: null },
      'Bay Timelapse': { kind: 'video', id: ids.video, slug: null },
      'Rain Loop': { kind: 'audio', id: ids.audio, slug: null },
      // An unpublished product is no page to open.
      'Draft Chair': null,
      'Nothing By This Name': null,
    });
  });

  it('gives each card the link to its item: its page, its list filtered to it, or a search', async () => {
    expect((await list()).map(recommendationPath)).toEqual([
      '/shop/tide-lamp',
      '/blogs/a-calm-desk',
      '/events/harbour-night',
      '/photos?q=Lake+at+Dawn',
      '/videos?q=Bay+Timelapse',
      '/audio?q=Rain+Loop',
      '/search?q=Draft+Chair',
      '/search?q=Nothing+By+This+Name',
    ]);
  });

  it('names the items in a signed-in reader’s personal list too', async () => {
    const token = await t.customerToken('reader');
    const res = await t.request('/api/recommendations/personalized?limit=2', {
      headers: { authorization: `Bearer ${token}` },
    });
    const personal = ((await res.json()) as ListResponse<Recommendation>).results;
    expect(personal.map((r) => r.item?.kind)).toEqual(['product', 'blog']);
  });
});
