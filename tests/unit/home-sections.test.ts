import { describe, expect, it } from 'vitest';
import { featuredProducts, latestPosts, upcomingEvents } from '../../src/lib/hero/home-sections.ts';
import type { Product, SiteEvent } from '../../src/shared/types.ts';

const product = (name: string, views: number, createdAt = '2026-01-01T00:00:00Z'): Product => ({
  _id: name,
  slug: name.toLowerCase(),
  name,
  description: '',
  price: 1,
  image: '',
  images: [],
  category: 'x',
  tags: [],
  createdAt,
  views,
  stock: 1,
});
const event = (name: string, start: string, slug = name.toLowerCase()): SiteEvent => ({
  _id: name,
  slug,
  name,
  title: '',
  description: '',
  image: '',
  address: '',
  city: '',
  start_date: start,
  end_date: start,
  date: start,
  location: '',
  category: '',
  eventType: 'local',
  isVirtual: false,
  registrations: 0,
  price: 0,
  timeZone: 'UTC',
});

describe('featured products', () => {
  it('are the four most viewed, the newest first among equal views', () => {
    const list = [
      product('A', 5),
      product('B', 50),
      product('C', 20),
      product('D', 20, '2026-03-01T00:00:00Z'),
      product('E', 1),
      product('F', 30),
    ];
    expect(featuredProducts(list).map((p) => p.name)).toEqual(['B', 'F', 'D', 'C']);
  });
  it('are fewer when the shop has fewer, and the input is left alone', () => {
    const list = [product('A', 1), product('B', 2)];
    expect(featuredProducts(list).map((p) => p.name)).toEqual(['B', 'A']);
    expect(list.map((p) => p.name)).toEqual(['A', 'B']);
  });
  it('leave out a product the Featured row already shows, unless too few would remain', () => {
    const list = [product('A', 5), product('B', 50), product('C', 20), product('D', 10), product('E', 1)];
    expect(featuredProducts(list, [' b ']).map((p) => p.name)).toEqual(['C', 'D', 'A', 'E']);
    expect(featuredProducts(list, ['B', 'C']).map((p) => p.name)).toEqual(['B', 'C', 'D', 'A']);
  });
});

describe('latest posts', () => {
  it('are the three newest with a slug', () => {
    const posts = [
      { slug: 'a', createdAt: '2026-01-01T00:00:00Z' },
      { slug: 'b', createdAt: '2026-04-01T00:00:00Z' },
      { slug: '', createdAt: '2026-05-01T00:00:00Z' },
      { slug: 'c', createdAt: '2026-03-01T00:00:00Z' },
      { slug: 'd', createdAt: '2026-02-01T00:00:00Z' },
    ];
    expect(latestPosts(posts).map((p) => p.slug)).toEqual(['b', 'c', 'd']);
  });
});

describe('upcoming events', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  it('are the next three to start after now, soonest first', () => {
    const list = [
      event('Past', '2026-11-20T10:00:00Z'),
      event('Later', '2027-02-01T10:00:00Z'),
      event('Soon', '2026-11-25T10:00:00Z'),
      event('Started', '2026-11-24T11:59:00Z'),
      event('Next', '2026-12-01T10:00:00Z'),
      event('Last', '2027-03-01T10:00:00Z'),
      event('Broken', 'not a date'),
    ];
    expect(upcomingEvents(list, now).map((e) => e.name)).toEqual(['Soon', 'Next', 'Later']);
  });
  it('skip an event without a page', () => {
    expect(upcomingEvents([event('No page', '2026-12-01T10:00:00Z', '')], now)).toEqual([]);
  });
});
