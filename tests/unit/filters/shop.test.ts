import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SHOP_FILTERS,
  applyShopFilters,
  shopFiltersFromQuery,
  shopFiltersReducer,
  shopFiltersToQuery,
  shopSectionFor,
} from '../../../src/lib/filters/shop.ts';
import type { ShopFilters } from '../../../src/lib/filters/shop.ts';
import type { Product } from '../../../src/shared/types.ts';

const NOW = new Date('2026-06-15T12:00:00Z');

function product(id: string, over: Partial<Product> = {}): Product {
  return {
    _id: id,
    slug: id,
    name: `Product ${id}`,
    description: '',
    price: 10,
    image: '',
    images: [],
    stock: 1,
    category: 'Books',
    tags: [],
    createdAt: '2026-06-01T00:00:00Z',
    views: 0,
    ...over,
  };
}

const items: Product[] = [
  product('cheap', { price: 49.99, category: 'Books', createdAt: '2026-06-10T00:00:00Z', views: 5 }),
  product('fifty', { price: 50, category: 'Clothing', createdAt: '2026-06-11T00:00:00Z', views: 50 }),
  product('hundred', { price: 100, category: 'Electronics', createdAt: '2026-06-09T00:00:00Z', views: 50 }),
  product('mid', { price: 100.01, category: 'Electronics', tags: ['Gadget'], views: 7 }),
  product('fivehundred', { price: 500, category: 'Accessories', createdAt: '2026-06-12T00:00:00Z', views: 1 }),
  product('lux', { price: 500.01, name: 'Gold Watch', description: 'Swiss made', views: 99 }),
];
const ids = (list: Product[]): string[] => list.map((p) => p._id);
const withFilters = (over: Partial<ShopFilters>): ShopFilters => ({ ...DEFAULT_SHOP_FILTERS, ...over });

describe('applyShopFilters', () => {
  it.each<[Partial<ShopFilters>, string[]]>([
    [{ price: 'under-50' }, ['cheap']],
    [{ price: '50-100' }, ['fifty', 'hundred']],
    [{ price: '100-500' }, ['mid', 'fivehundred']],
    [{ price: 'over-500' }, ['lux']],
    [{ category: 'Electronics' }, ['hundred', 'mid']],
    [{ category: 'Electronics', price: '50-100' }, ['hundred']],
    [{ q: 'gadget' }, ['mid']],
    [{ q: 'electronics' }, ['hundred', 'mid']],
    [{ q: 'gold swiss' }, ['lux']],
    [{ q: 'gold silver' }, []],
  ])('filters %o', (over, expected) => {
    expect(ids(applyShopFilters(items, withFilters(over), NOW)).sort()).toEqual([...expected].sort());
  });

  it.each<[ShopFilters['sort'], string[]]>([
    ['newest', ['fivehundred', 'fifty', 'cheap', 'hundred', 'mid', 'lux']],
    ['price-asc', ['cheap', 'fifty', 'hundred', 'mid', 'fivehundred', 'lux']],
    ['price-desc', ['lux', 'fivehundred', 'mid', 'hundred', 'fifty', 'cheap']],
    ['popular', ['lux', 'fifty', 'hundred', 'mid', 'cheap', 'fivehundred']],
  ])('sorts by %s (ties keep input order)', (sort, expected) => {
    expect(ids(applyShopFilters(items, withFilters({ sort }), NOW))).toEqual(expected);
  });

  it('returns a new array and leaves the input alone', () => {
    const before = ids(items);
    const out = applyShopFilters(items, withFilters({ sort: 'price-desc' }), NOW);
    expect(out).not.toBe(items);
    expect(ids(items)).toEqual(before);
  });
});

describe('shopFiltersReducer', () => {
  it('sets a key and resets all', () => {
    const set = shopFiltersReducer(DEFAULT_SHOP_FILTERS, { type: 'set', key: 'price', value: 'over-500' });
    expect(set).toEqual({ ...DEFAULT_SHOP_FILTERS, price: 'over-500' });
    expect(shopFiltersReducer(set, { type: 'reset' })).toEqual(DEFAULT_SHOP_FILTERS);
  });
});

describe('shop query', () => {
  it('round-trips', () => {
    const filters: ShopFilters = { q: 'red shirt', category: 'Clothing', price: '50-100', sort: 'price-asc' };
    expect(shopFiltersFromQuery(shopFiltersToQuery(filters))).toEqual(filters);
    expect(shopFiltersToQuery(DEFAULT_SHOP_FILTERS).toString()).toBe('');
  });
  it.each([
    ['category=Toys&price=cheap&sort=random', DEFAULT_SHOP_FILTERS],
    ['category=books&price=OVER-500', { ...DEFAULT_SHOP_FILTERS, category: 'Books', price: 'over-500' }],
    ['utm_source=x&q=mug', { ...DEFAULT_SHOP_FILTERS, q: 'mug' }],
  ])('repairs %o', (query, expected) => {
    expect(shopFiltersFromQuery(new URLSearchParams(query))).toEqual(expected);
  });
});

describe("the store's own price bands", () => {
  const eur = shopSectionFor([], [2000, 7500, 15000], 'EUR');

  it('label the Price choices in the store currency, values taken from the bounds', () => {
    const price = eur.panel([], eur.defaults).selects.find((select) => select.key === 'price');
    expect(price?.options).toEqual([
      { value: 'all', label: 'All Prices' },
      { value: 'under-20', label: 'Under €20' },
      { value: '20-75', label: '€20-€75' },
      { value: '75-150', label: '€75-€150' },
      { value: 'over-150', label: 'Over €150' },
    ]);
  });

  it.each<[string, string[]]>([
    ['under-20', []],
    ['20-75', ['cheap', 'fifty']],
    ['75-150', ['hundred', 'mid']],
    ['over-150', ['fivehundred', 'lux']],
  ])('put each product in exactly one band: %s', (price, expected) => {
    expect(ids(eur.apply(items, { ...eur.defaults, price }, NOW)).sort()).toEqual([...expected].sort());
  });

  it("keep a link's band while the store has it and drop one it no longer has", () => {
    expect(eur.fromQuery(new URLSearchParams('price=20-75')).price).toBe('20-75');
    expect(eur.fromQuery(new URLSearchParams('price=50-100')).price).toBe('all');
    expect(eur.toQuery({ ...eur.defaults, price: 'over-150' }).toString()).toBe('price=over-150');
  });
});
