import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SEARCH_FILTERS,
  applySearchFilters,
  searchFiltersFromQuery,
  searchFiltersReducer,
  searchFiltersToQuery,
  searchResultDate,
  searchSectionFor,
} from '../../../src/lib/filters/search.ts';
import type { SearchFilters } from '../../../src/lib/filters/search.ts';
import type { ContentType, SearchResult } from '../../../src/shared/types.ts';

const NOW = new Date('2026-06-15T12:00:00Z');
const DAY = 86_400_000;
const ago = (ms: number): string => new Date(NOW.getTime() - ms).toISOString();

function result(id: string, type: ContentType, data: Partial<SearchResult['data']> = {}): SearchResult {
  return { _id: id, type, data: { caption: '', views: 0, ...data } };
}

// Input order is the server's relevance ranking.
const items: SearchResult[] = [
  result('free-event', 'event', { name: 'Meetup', date: ago(2 * DAY), price: 0, views: 30 }),
  result('blog', 'blog', { title: 'Post', createdAt: ago(DAY / 2), views: 80 }),
  result('cheap', 'product', { name: 'Mug', createdAt: ago(10 * DAY), price: 49.99, views: 30 }),
  result('fifty', 'product', { name: 'Lamp', createdAt: ago(40 * DAY), price: 50, views: 5 }),
  result('hundred', 'product', { name: 'Chair', createdAt: ago(400 * DAY), price: 100, views: 1 }),
  result('pricey', 'event', { name: 'Gala', date: ago(DAY + 1), price: 100.5, views: 2 }),
  result('undated', 'photo', { title: 'Sky', views: 9 }),
];
const ids = (list: SearchResult[]): string[] => list.map((r) => r._id);
const withFilters = (over: Partial<SearchFilters>): SearchFilters => ({ ...DEFAULT_SEARCH_FILTERS, ...over });

describe('applySearchFilters', () => {
  it.each<[Partial<SearchFilters>, string[]]>([
    [{}, ['free-event', 'blog', 'cheap', 'fifty', 'hundred', 'pricey', 'undated']],
    [{ type: 'product' }, ['cheap', 'fifty', 'hundred']],
    [{ type: 'audio' }, []],
    [{ date: '24h' }, ['blog']],
    [{ date: 'week' }, ['free-event', 'blog', 'pricey']],
    [{ date: 'month' }, ['free-event', 'blog', 'cheap', 'pricey']],
    [{ date: 'year' }, ['free-event', 'blog', 'cheap', 'fifty', 'pricey']],
    [{ price: 'free' }, ['free-event']],
    [{ price: 'paid' }, ['cheap', 'fifty', 'hundred', 'pricey']],
    [{ price: 'under-50' }, ['free-event', 'cheap']],
    [{ price: '50-100' }, ['fifty', 'hundred']],
    [{ price: 'over-100' }, ['pricey']],
    [{ type: 'event', price: 'paid' }, ['pricey']],
  ])('filters %o', (over, expected) => {
    expect(ids(applySearchFilters(items, withFilters(over), NOW))).toEqual(expected);
  });

  it.each<[SearchFilters['sort'], string[]]>([
    ['relevant', ['free-event', 'blog', 'cheap', 'fifty', 'hundred', 'pricey', 'undated']],
    ['newest', ['blog', 'pricey', 'free-event', 'cheap', 'fifty', 'hundred', 'undated']],
    ['oldest', ['hundred', 'fifty', 'cheap', 'free-event', 'pricey', 'blog', 'undated']],
    ['popular', ['blog', 'free-event', 'cheap', 'undated', 'fifty', 'pricey', 'hundred']],
  ])('sorts by %s (ties keep relevance order, undated last)', (sort, expected) => {
    expect(ids(applySearchFilters(items, withFilters({ sort }), NOW))).toEqual(expected);
  });

  it('dates events by date and content by createdAt', () => {
    expect(searchResultDate(result('e', 'event', { date: '2026-01-01' }))).toBe('2026-01-01');
    expect(searchResultDate(result('b', 'blog', { createdAt: '2026-02-02', date: '2026-01-01' }))).toBe('2026-02-02');
    expect(searchResultDate(result('p', 'photo'))).toBeUndefined();
  });
});

describe('searchFiltersReducer and query', () => {
  it('sets and resets', () => {
    const state = searchFiltersReducer(DEFAULT_SEARCH_FILTERS, { type: 'set', key: 'type', value: 'video' });
    expect(state.type).toBe('video');
    expect(searchFiltersReducer(state, { type: 'reset' })).toEqual(DEFAULT_SEARCH_FILTERS);
  });
  it('round-trips and leaves q alone', () => {
    const filters: SearchFilters = { type: 'event', date: 'week', sort: 'oldest', price: 'free' };
    const params = searchFiltersToQuery(filters);
    expect(params.has('q')).toBe(false);
    expect(searchFiltersFromQuery(params)).toEqual(filters);
  });
  it.each([
    ['q=lamp&type=products&date=decade&price=cheap&sort=best', DEFAULT_SEARCH_FILTERS],
    ['type=Photo&date=24H&price=Paid', { ...DEFAULT_SEARCH_FILTERS, type: 'photo', date: '24h', price: 'paid' }],
  ])('repairs %o', (query, expected) => {
    expect(searchFiltersFromQuery(new URLSearchParams(query))).toEqual(expected);
  });
});

describe("the store's own search price bands", () => {
  const gbp = searchSectionFor([2500], 'GBP');

  it('follow Free and Paid, labelled in the store currency', () => {
    const price = gbp.panel([], gbp.defaults).selects.find((select) => select.key === 'price');
    expect(price?.options.map((option) => [option.value, option.label])).toEqual([
      ['all', 'All Prices'],
      ['free', 'Free'],
      ['paid', 'Paid'],
      ['under-25', 'Under £25'],
      ['over-25', 'Over £25'],
    ]);
  });

  it.each<[string, string[]]>([
    ['free', ['free-event']],
    ['paid', ['cheap', 'fifty', 'hundred', 'pricey']],
    ['under-25', ['free-event']],
    ['over-25', ['cheap', 'fifty', 'hundred', 'pricey']],
  ])('filter %s; results without a price match none', (price, expected) => {
    expect(ids(gbp.apply(items, { ...gbp.defaults, price }, NOW))).toEqual(expected);
  });
});
