import { describe, expect, it } from 'vitest';
import { pageCount, pageLabel, pageOf, parsePage, SEARCH_PAGE_SIZE } from '../../src/lib/filters/search.ts';
import { resultHref } from '../../src/lib/search/result-link.ts';
import type { ContentType, SearchResult } from '../../src/shared/types.ts';

const result = (type: ContentType, data: Partial<SearchResult['data']>): SearchResult => ({
  _id: 'x',
  type,
  data: { caption: '', views: 0, ...data },
});

describe('search result paging', () => {
  it('fills pages of ten', () => {
    expect(SEARCH_PAGE_SIZE).toBe(10);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
    expect(pageCount(47)).toBe(5);
  });

  it('reads ?page= as a page that exists', () => {
    expect(parsePage('2', 5)).toBe(2);
    expect(parsePage('9', 5)).toBe(5);
    expect(parsePage('0', 5)).toBe(1);
    expect(parsePage('-2', 5)).toBe(1);
    expect(parsePage('2.5', 5)).toBe(1);
    expect(parsePage('two', 5)).toBe(1);
    expect(parsePage(null, 5)).toBe(1);
    expect(parsePage('3', 0)).toBe(1);
  });

  it('slices one page and labels it', () => {
    const items = Array.from({ length: 23 }, (_, i) => i);
    expect(pageOf(items, 1)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageOf(items, 3)).toEqual([20, 21, 22]);
    expect(pageOf(items, 4)).toEqual([]);
    expect(pageLabel(2, 5)).toBe('Page 2 of 5');
  });
});

describe('search result links', () => {
  it('open a product, a post or an event on its own page', () => {
    expect(resultHref(result('product', { name: 'Aero USB-C Hub', slug: 'aero-usb-c-hub' }))).toBe(
      '/shop/aero-usb-c-hub',
    );
    expect(resultHref(result('blog', { title: 'Sourdough', slug: 'sourdough-for-busy-people' }))).toBe(
      '/blogs/sourdough-for-busy-people',
    );
    expect(resultHref(result('event', { name: 'Jazz', slug: 'harbour-jazz-night' }))).toBe(
      '/events/harbour-jazz-night',
    );
  });

  it('open an audio item on its own page, by its id', () => {
    expect(resultHref({ ...result('audio', { name: 'Morning' }), _id: 'a 1' })).toBe('/audio/a%201');
  });

  it('open anything else (or an item without a slug) on its list, searched for by its name', () => {
    expect(resultHref(result('product', { name: 'Linen Shirt & Tie' }))).toBe('/shop?q=Linen+Shirt+%26+Tie');
    expect(resultHref(result('photo', { title: 'Lantern Festival', slug: 'lantern' }))).toBe(
      '/photos?q=Lantern+Festival',
    );
    expect(resultHref(result('photo', { title: 'Lantern Festival' }))).toBe('/photos?q=Lantern+Festival');
    expect(resultHref(result('video', { name: 'Studio tour' }))).toBe('/videos?q=Studio+tour');
  });

  it('fall back to the list when a post has no slug or an item no name', () => {
    expect(resultHref(result('blog', { title: 'Old post' }))).toBe('/blogs?q=Old+post');
    expect(resultHref(result('product', {}))).toBe('/shop');
  });
});
