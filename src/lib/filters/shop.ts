/** Shop list: text search, category, price band and sort, applied in the browser on the full product list. */
import type { Product } from '../../shared/types.ts';
import { PRODUCT_CATEGORIES } from '../../shared/constants.ts';
import type { Option, Range, SectionFilters } from './core.ts';
import {
  allPlus,
  defineListSection,
  inBand,
  matchesChoice,
  matchesText,
  searchField,
  selectField,
  timeOf,
} from './core.ts';

export const SHOP_CATEGORY_OPTIONS = allPlus(PRODUCT_CATEGORIES, 'All Categories');

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

export const shopSection = defineListSection<Product>()({
  fields: {
    q: searchField('Search products...'),
    category: selectField('Category', SHOP_CATEGORY_OPTIONS),
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
