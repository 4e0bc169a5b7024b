/** Shop list: text search, category, price band and sort, applied in the browser on the full product list. */
import type { Product } from '../../shared/types.ts';
import type { ShopListItem } from '../lists/list-data.ts';
import { defaultCategories } from '../../shared/default-categories.ts';
import { omit } from '../../shared/omit.ts';
import { DEFAULT_PRICE_BANDS, matchesPriceBand, priceBandOptions } from '../../shared/price-bands.ts';
import type { CategoryChoice, SectionFilters } from './core.ts';
import {
  categoryField,
  defineListSection,
  matchesChoice,
  matchesText,
  searchField,
  selectField,
  timeOf,
} from './core.ts';

/** The Price filter's first choice, before the store's bands. */
export const ALL_PRICES = { value: 'all', label: 'All Prices' } as const;

/**
 * The list's filters over the company's categories of its kind (GET /api/categories) and the store's shop price bands
 * in its currency (GET /api/store), both read at build time; the spec's bands in dollars when none are given. Over
 * whole products, or over the shop data file's copies of them (ShopListItem: the fields these rules read).
 */
export const shopSectionFor = <T extends ShopListItem = Product>(
  categories: readonly CategoryChoice[],
  priceBounds: readonly number[] = DEFAULT_PRICE_BANDS.shop,
  currency = 'USD',
) =>
  defineListSection<T>()({
    fields: {
      q: searchField('Search products...'),
      category: categoryField('Category', categories, 'All Categories'),
      price: selectField('Price', [ALL_PRICES, ...priceBandOptions(priceBounds, currency)]),
    },
    sorts: {
      newest: { label: 'Newest', key: (p) => timeOf(p.createdAt), direction: 'desc' },
      'price-asc': { label: 'Price: Low to High', key: (p) => p.price, direction: 'asc' },
      'price-desc': { label: 'Price: High to Low', key: (p) => p.price, direction: 'desc' },
      popular: { label: 'Most Popular', key: (p) => p.views, direction: 'desc' },
    },
    noun: ['product', 'products'],
    drawn: (p) => omit(p, 'views'),
    match: (p, f) =>
      matchesText(f.q, [p.name, p.description, p.category, p.tags]) &&
      matchesChoice(f.category, p.category) &&
      matchesPriceBand(p.price, f.price, priceBounds),
  });

/** With a new site's categories and price bands (the spec's lists): the filter types below, and tests. */
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
