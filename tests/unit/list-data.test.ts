/**
 * The shop's data file: it holds only the fields its filters, sorts and cards read, and every filter, sort and text
 * search gives the same products from it as from the full list (lib/filters, the one set of rules).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { listDataFile } from '../../src/lib/build/list-data-file.ts';
import type { CategoryChoice } from '../../src/lib/filters/core.ts';
import { shopSectionFor, type ShopFilters } from '../../src/lib/filters/shop.ts';
import { SHOP_LIST_FIELDS, toShopListItem, type ShopListItem } from '../../src/lib/lists/list-data.ts';
import { isListDataPath, LIST_DATA_HASH_LENGTH } from '../../src/shared/list-data-path.ts';
import type { Product } from '../../src/shared/types.ts';

const NOW = new Date('2026-06-15T12:00:00Z');
const CATEGORIES: CategoryChoice[] = [
  { name: 'Books', slug: 'books' },
  { name: 'Café & Kitchen', slug: 'cafe-kitchen' },
  { name: 'Electronics', slug: 'electronics' },
];
const BANDS = [2500, 5000, 10000, 50000];
const NAMES = ['Leather wallet', 'Crème brûlée torch', 'Studio light', 'Travel mug', 'Jazz record', 'Desk lamp'];
const TAGS = [['gift'], ['design', 'studio'], [], ['coffee'], ['travel', 'gift'], ['Audio']];

/** 60 products whose prices fall on and between the band bounds, with tied dates and views and a missing date. */
const products: Product[] = Array.from({ length: 60 }, (_, i) => ({
  _id: `p-${String(i).padStart(2, '0')}`,
  slug: `product-${i}`,
  name: `${NAMES[i % NAMES.length] ?? ''} ${i}`,
  description: i % 7 === 0 ? 'Hand-made in Portland, tested in our studio.' : `Model ${i} of the line.`,
  price: [9.99, 25, 49.99, 50, 100, 100.01, 499.99, 500, 1200][i % 9] ?? 0,
  image: `/media/products/${i}.webp`,
  images: [`/media/products/${i}.webp`, `/media/products/${i}-b.webp`, `/media/products/${i}-c.webp`],
  category: CATEGORIES[i % 4]?.name ?? 'Uncategorised',
  tags: TAGS[i % TAGS.length] ?? [],
  createdAt: i === 13 ? '' : `2026-06-${String(1 + (i % 14)).padStart(2, '0')}T08:00:00Z`,
  views: (i * 37) % 11,
  stock: i % 5,
}));

// Over the data file's items: whole products are such items too.
const section = shopSectionFor<ShopListItem>(CATEGORIES, BANDS, 'EUR');
const file = listDataFile('products', products.map(toShopListItem));
const fromFile = JSON.parse(file.body) as ShopListItem[];
/** The default filters with some changed (the table's values are the panel's own). */
const filtersOf = (over: Record<string, string>) => ({ ...section.defaults, ...over }) as ShopFilters;
const ids = (list: readonly { _id: string }[]) => list.map((p) => p._id);
const prices = section.panel([], section.defaults).selects.find((s) => s.key === 'price')?.options ?? [];
const sorts = section.panel([], section.defaults).selects.find((s) => s.key === 'sort')?.options ?? [];

describe('the shop data file', () => {
  it('holds each product with the list fields only, in the API order', () => {
    expect(fromFile).toHaveLength(products.length);
    expect(ids(fromFile)).toEqual(ids(products));
    for (const item of fromFile) expect(Object.keys(item)).toEqual([...SHOP_LIST_FIELDS]);
    expect(fromFile[1]).toEqual({ ...products[1], images: undefined });
    expect(file.body).not.toContain('-b.webp');
  });

  it('is named by the hash of its content', () => {
    const hash = createHash('sha256').update(file.body).digest('hex').slice(0, LIST_DATA_HASH_LENGTH);
    expect(file).toMatchObject({ hash, path: `/data/products.${hash}.json` });
    expect(isListDataPath(file.path)).toBe(true);
    expect(listDataFile('products', products.map(toShopListItem)).path).toBe(file.path);
    const repriced = products.map((p, i) => (i === 30 ? { ...p, price: p.price + 1 } : p));
    expect(listDataFile('products', repriced.map(toShopListItem)).hash).not.toBe(file.hash);
    // A field the file leaves out does not change it.
    const regallery = products.map((p) => ({ ...p, images: [] }));
    expect(listDataFile('products', regallery.map(toShopListItem)).hash).toBe(file.hash);
  });

  const filterStates: Record<string, string>[] = [
    {},
    ...['studio', 'STUDIO light', 'creme', 'cafe', 'gift', 'portland', 'audio', 'model 4', 'nothing-like-this'].map(
      (q) => ({ q }),
    ),
    ...CATEGORIES.map((c) => ({ category: c.name })),
    ...prices.map((o) => ({ price: o.value })),
    ...sorts.map((o) => ({ sort: o.value })),
    { q: 'gift', category: 'Books', price: prices[2]?.value ?? 'all', sort: 'price-desc' },
    { category: 'Electronics', sort: 'popular' },
  ];

  it.each(filterStates)('gives the same products in the same order as the full list for %j', (over) => {
    const filters = filtersOf(over);
    const full = section.apply(products, filters, NOW);
    const fromData = section.apply(fromFile, filters, NOW);
    expect(ids(fromData)).toEqual(ids(full));
    expect(fromData).toEqual(full.map(toShopListItem));
  });

  it('covers every sort and price band the panel offers', () => {
    expect(prices.length).toBe(BANDS.length + 2);
    expect(sorts.map((o) => o.value)).toEqual(['newest', 'price-asc', 'price-desc', 'popular']);
    // Not a vacuous table: the filters do split the list.
    const counts = filterStates.map((over) => section.apply(products, filtersOf(over), NOW).length);
    expect(new Set(counts).size).toBeGreaterThan(5);
  });

  it('is smaller than the full list by the gallery it leaves out', () => {
    expect(file.body.length).toBeLessThan(JSON.stringify(products).length);
  });

  it.each([
    ['/data/products.json', false],
    ['/data/products.0123456789a.json', false],
    ['/data/products.0123456789abc.json', false],
    ['/data/products.0123456789AB.json', false],
    ['/data/../products.0123456789ab.json', false],
    ['/data/products.0123456789ab.json.br', false],
    ['/about/products.0123456789ab.json', false],
    ['/data/products.0123456789ab.json', true],
  ])('reads %s as a data file address: %s', (path, yes) => {
    expect(isListDataPath(path)).toBe(yes);
  });
});
