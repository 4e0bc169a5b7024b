/** Shop list: text search, category, price band and sort, applied in the browser on the full product list. */
import type { Product } from '../../shared/types.ts';
import { PRODUCT_CATEGORIES } from '../../shared/constants.ts';
import type { FilterSection, Option, Range, SortRule } from './core.ts';
import {
  MAX_TEXT_LENGTH,
  allPlus,
  inBand,
  matchesChoice,
  matchesText,
  sectionFunctions,
  sortBy,
  timeOf,
  valuesOf,
} from './core.ts';

export const SHOP_CATEGORY_OPTIONS = allPlus(PRODUCT_CATEGORIES, 'All Categories');

export const SHOP_PRICE_OPTIONS = [
  { value: 'all', label: 'All Prices' },
  { value: 'under-50', label: 'Under $50' },
  { value: '50-100', label: '$50-$100' },
  { value: '100-500', label: '$100-$500' },
  { value: 'over-500', label: 'Over $500' },
] as const satisfies readonly Option<string>[];

export const SHOP_SORT_OPTIONS = [
  { value: 'newest', label: 'Newest' },
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'price-desc', label: 'Price: High to Low' },
  { value: 'popular', label: 'Most Popular' },
] as const satisfies readonly Option<string>[];

export type ShopPrice = (typeof SHOP_PRICE_OPTIONS)[number]['value'];
export type ShopSort = (typeof SHOP_SORT_OPTIONS)[number]['value'];

export type ShopFilters = {
  q: string;
  category: 'all' | (typeof PRODUCT_CATEGORIES)[number];
  price: ShopPrice;
  sort: ShopSort;
};

export const DEFAULT_SHOP_FILTERS: ShopFilters = { q: '', category: 'all', price: 'all', sort: 'newest' };

// Each price belongs to exactly one band: 50 and 100 are '$50-$100', 500 is '$100-$500'.
export const SHOP_PRICE_BANDS: Readonly<Record<Exclude<ShopPrice, 'all'>, Range>> = {
  'under-50': { lt: 50 },
  '50-100': { gte: 50, lte: 100 },
  '100-500': { gt: 100, lte: 500 },
  'over-500': { gt: 500 },
};

const SORTS: Readonly<Record<ShopSort, SortRule<Product>>> = {
  newest: { key: (p) => timeOf(p.createdAt), direction: 'desc' },
  'price-asc': { key: (p) => p.price, direction: 'asc' },
  'price-desc': { key: (p) => p.price, direction: 'desc' },
  popular: { key: (p) => p.views, direction: 'desc' },
};

const SECTION: FilterSection<ShopFilters> = {
  defaults: DEFAULT_SHOP_FILTERS,
  rules: {
    q: { maxLength: MAX_TEXT_LENGTH },
    category: valuesOf(SHOP_CATEGORY_OPTIONS),
    price: valuesOf(SHOP_PRICE_OPTIONS),
    sort: valuesOf(SHOP_SORT_OPTIONS),
  },
};

/** The products that pass every filter, in the chosen order (a new array; now is unused, kept for a uniform signature). */
export function applyShopFilters(items: readonly Product[], filters: ShopFilters, _now?: Date): Product[] {
  const kept = items.filter(
    (p) =>
      matchesText(filters.q, [p.name, p.description, p.category, p.tags]) &&
      matchesChoice(filters.category, p.category) &&
      inBand(p.price, filters.price, SHOP_PRICE_BANDS),
  );
  return sortBy(kept, SORTS[filters.sort]);
}

export const { reducer: shopFiltersReducer, toQuery: shopFiltersToQuery, fromQuery: shopFiltersFromQuery } = sectionFunctions(SECTION);
