/** Shop list: text search, category, price band and sort, applied in the browser on the full product list. */
import type { Product } from '../../shared/types.ts';
import { defaultCategories } from '../../shared/default-categories.ts';
import type { CategoryChoice, Option, Range, SectionFilters } from './core.ts';
import {
  categoryField,
  defineListSection,
  inBand,
  matchesChoice,
  matchesText,
  searchField,
  selectField,
  timeOf,
} from './core.ts';

export const SHOP_PRICE_OPTIONS = [
  { value: 'all', label: 'All Prices' },
  { value: 'under-50', label: 'Under $50' },
  { value: '50-100', label: '$50-$100' },
  { value: '100-500', label: '$100-$500' },
  { value: 'over-500', label: 'Over $500' },
] as const satisfies readonly Option<string>[];

export type ShopPrice = (typeof SHOP_PRICE_OPTIONS)[number]['value'];

// Each price belongs to exactly one band: 50 and 100 are '$50-$100', 500 is '$100-$500'.
export const SHOP_PRICE_BANDS: Readonly<Record<Exclude<ShopPrice, 'all'>, Range>> = {
  'under-50': { lt: 50 },
  '50-100': { gte: 50, lte: 100 },
  '100-500': { gt: 100, lte: 500 },
  'over-500': { gt: 500 },
};

/** The list's filters over the company's categories of its kind (GET /api/categories, read at build time). */
export const shopSectionFor = (categories: readonly CategoryChoice[]) =>
  defineListSection<Product>()({
    fields: {
      q: searchField('Search products...'),
      category: categoryField('Category', categories, 'All Categories'),
      price: selectField('Price', SHOP_PRICE_OPTIONS),
    },
    sorts: {
      newest: { label: 'Newest', key: (p) => timeOf(p.createdAt), direction: 'desc' },
      'price-asc': { label: 'Price: Low to High', key: (p) => p.price, direction: 'asc' },
      'price-desc': { label: 'Price: High to Low', key: (p) => p.price, direction: 'desc' },
      popular: { label: 'Most Popular', key: (p) => p.views, direction: 'desc' },
    },
    noun: ['product', 'products'],
    match: (p, f) =>
      matchesText(f.q, [p.name, p.description, p.category, p.tags]) &&
      matchesChoice(f.category, p.category) &&
      inBand(p.price, f.price, SHOP_PRICE_BANDS),
  });

/** With a new site's categories (the spec's list): the filter types below, and tests. */
export const shopSection = shopSectionFor(defaultCategories('product'));

export type ShopFilters = SectionFilters<typeof shopSection>;

export const DEFAULT_SHOP_FILTERS: ShopFilters = shopSection.defaults;
/** The products that pass every filter, in the chosen order (a new array; now is unused, kept for a uniform signature). */
export const applyShopFilters = (items: readonly Product[], filters: ShopFilters, now = new Date()): Product[] =>
  shopSection.apply(items, filters, now);
export const {
  reducer: shopFiltersReducer,
  toQuery: shopFiltersToQuery,
  fromQuery: shopFiltersFromQuery,
} = shopSection;
