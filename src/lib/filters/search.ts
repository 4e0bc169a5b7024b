/** Search results page: content type, past-looking date range, price and sort over the server's ranked results. */
import type { ContentSection } from '../../shared/navigation.ts';
import type { SearchResult } from '../../shared/types.ts';
import { DEFAULT_PRICE_BANDS, matchesPriceBand, priceBandOptions } from '../../shared/price-bands.ts';
import type { Option, Panel, PastWindow, SectionFilters } from './core.ts';
import { KEEP_ORDER, defineListSection, inPastWindow, matchesChoice, selectField, timeOf } from './core.ts';

export const SEARCH_TYPE_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'product', label: 'Products' },
  { value: 'blog', label: 'Blogs' },
  { value: 'photo', label: 'Photos' },
  { value: 'video', label: 'Videos' },
  { value: 'audio', label: 'Audio' },
  { value: 'event', label: 'Events' },
] as const satisfies readonly Option<string>[];

export const SEARCH_DATE_OPTIONS = [
  { value: 'any', label: 'Any time' },
  { value: '24h', label: 'Past 24 hours' },
  { value: 'week', label: 'Past week' },
  { value: 'month', label: 'Past month' },
  { value: 'year', label: 'Past year' },
] as const satisfies readonly Option<string>[];

/** The Price filter's fixed choices, before the store's search price bands. */
export const SEARCH_PRICE_FIXED = [
  { value: 'all', label: 'All Prices' },
  { value: 'free', label: 'Free' },
  { value: 'paid', label: 'Paid' },
] as const satisfies readonly Option<string>[];

export type SearchType = (typeof SEARCH_TYPE_OPTIONS)[number]['value'];
export type SearchDate = (typeof SEARCH_DATE_OPTIONS)[number]['value'];

// Free is exactly 0 and paid is more; results without a price match only 'all'.
function matchesPrice(price: number | undefined, choice: string, bounds: readonly number[]): boolean {
  if (choice === 'free') return price === 0;
  if (choice === 'paid') return typeof price === 'number' && price > 0;
  return matchesPriceBand(price, choice, bounds);
}

const DATE_WINDOWS: Readonly<Record<SearchDate, PastWindow>> = {
  any: 'all',
  '24h': '24h',
  week: 'week',
  month: 'month',
  year: 'year',
};

/** The result's own date: createdAt for content, date for events. */
export function searchResultDate(result: SearchResult): string | undefined {
  return result.data.createdAt ?? result.data.date;
}

/**
 * The search term itself travels as ?q= and is owned by the page; these keys never touch it. The price bands are the
 * store's search bands in its currency (GET /api/store, read at build time); the spec's in dollars when none are given.
 */
export const searchSectionFor = (priceBounds: readonly number[] = DEFAULT_PRICE_BANDS.search, currency = 'USD') =>
  defineListSection<SearchResult>()({
    fields: {
      type: selectField('Content type', SEARCH_TYPE_OPTIONS),
      date: selectField('Date range', SEARCH_DATE_OPTIONS),
      price: selectField('Price', [...SEARCH_PRICE_FIXED, ...priceBandOptions(priceBounds, currency)]),
    },
    // The spec lists the sort between the date range and the price.
    sortAfter: 'date',
    sorts: {
      relevant: { label: 'Most Relevant', ...KEEP_ORDER },
      newest: { label: 'Newest', key: (r) => timeOf(searchResultDate(r)), direction: 'desc' },
      oldest: { label: 'Oldest', key: (r) => timeOf(searchResultDate(r)), direction: 'asc' },
      popular: { label: 'Most Popular', key: (r) => r.data.views, direction: 'desc' },
    },
    noun: ['result', 'results'],
    match: (r, f, now, zone) =>
      matchesChoice(f.type, r.type) &&
      inPastWindow(searchResultDate(r), DATE_WINDOWS[f.date], now, zone) &&
      matchesPrice(r.data.price, f.price, priceBounds),
  });

/** With a new site's price bands (the spec's): the filter types below, and tests. */
export const searchSection = searchSectionFor();

export type SearchFilters = SectionFilters<typeof searchSection>;

export const DEFAULT_SEARCH_FILTERS: SearchFilters = searchSection.defaults;
/** The results that pass every filter, in the chosen order ('relevant' keeps the server's order); a new array. */
export const applySearchFilters = (items: readonly SearchResult[], filters: SearchFilters, now: Date): SearchResult[] =>
  searchSection.apply(items, filters, now);
export const {
  reducer: searchFiltersReducer,
  toQuery: searchFiltersToQuery,
  fromQuery: searchFiltersFromQuery,
} = searchSection;

/** The section that lists each content type. */
const TYPE_SECTIONS: Readonly<Record<Exclude<SearchType, 'all'>, ContentSection>> = {
  product: 'shop',
  blog: 'blogs',
  photo: 'photos',
  video: 'videos',
  audio: 'audio',
  event: 'events',
};

const isOffered = (type: string, emptySections: readonly ContentSection[]) =>
  !emptySections.includes(TYPE_SECTIONS[type as keyof typeof TYPE_SECTIONS]);

/** The panel without the content types whose section has nothing published (no search could find one). */
export function withoutEmptyTypes(panel: Panel, emptySections: readonly ContentSection[]): Panel {
  if (emptySections.length === 0) return panel;
  return {
    ...panel,
    selects: panel.selects.map((select) =>
      select.key === 'type'
        ? { ...select, options: select.options.filter((option) => isOffered(option.value, emptySections)) }
        : select,
    ),
  };
}

/** The filters with a content type that is not offered (an old link's ?type=) back to 'All'. */
export const offeredFilters = (filters: SearchFilters, emptySections: readonly ContentSection[]): SearchFilters =>
  isOffered(filters.type, emptySections) ? filters : { ...filters, type: 'all' };

/** Results shown on one page of /search. */
export const SEARCH_PAGE_SIZE = 10;

/** How many pages `total` results fill (at least 1, so an empty answer is 'page 1 of 1'). */
export const pageCount = (total: number, size = SEARCH_PAGE_SIZE) => Math.max(1, Math.ceil(Math.max(0, total) / size));

/** The ?page= value as a page that exists: a whole number within 1..pages, 1 for anything else. */
export function parsePage(value: string | null | undefined, pages: number): number {
  if (!value || !/^\d{1,6}$/.test(value.trim())) return 1;
  return Math.min(Math.max(1, Number(value)), Math.max(1, pages));
}

/** The results of one page (1-based). */
export function pageOf<T>(items: readonly T[], page: number, size = SEARCH_PAGE_SIZE): T[] {
  const start = (Math.max(1, page) - 1) * size;
  return items.slice(start, start + size);
}

/** 'Page 2 of 5'. */
export const pageLabel = (page: number, pages: number) => `Page ${page} of ${pages}`;
