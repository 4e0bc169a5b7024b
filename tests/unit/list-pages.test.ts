import { describe, expect, it } from 'vitest';
import { LIST_PAGE_SIZE } from '../../src/shared/constants.ts';
import {
  extraListPages,
  listPageCount,
  listPageHref,
  listPageItems,
  pagerLinks,
} from '../../src/lib/lists/list-pages.ts';

describe('list pages', () => {
  it.each([
    [0, 1],
    [1, 1],
    [24, 1],
    [25, 2],
    [48, 2],
    [49, 3],
    [10_000, 417],
  ])('%i items make %i pages of 24', (total, pages) => {
    expect(LIST_PAGE_SIZE).toBe(24);
    expect(listPageCount(total)).toBe(pages);
    expect(extraListPages(total)).toEqual(Array.from({ length: pages - 1 }, (_, i) => i + 2));
  });

  it('names page 1 by the list address and the others under /page/N', () => {
    expect(listPageHref('/shop', 1)).toBe('/shop');
    expect(listPageHref('/shop', 2)).toBe('/shop/page/2');
    expect(listPageHref('/blogs', 17)).toBe('/blogs/page/17');
  });

  it('cuts the items of a page, the last one short', () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    expect(listPageItems(items, 1)).toEqual(items.slice(0, 24));
    expect(listPageItems(items, 2)).toEqual(items.slice(24, 48));
    expect(listPageItems(items, 3)).toEqual([48, 49]);
    expect(listPageItems(items, 4)).toEqual([]);
  });

  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, null, 10]],
    [5, 10, [1, null, 4, 5, 6, null, 10]],
    [3, 10, [1, 2, 3, 4, null, 10]],
    [10, 10, [1, null, 9, 10]],
  ])('page %i of %i shows %j', (page, pages, links) => {
    expect(pagerLinks(page, pages)).toEqual(links);
  });
});
