/** Search results page: content type, past-looking date range, price and sort over the server's ranked results. */
import type { ContentSection } from '../../shared/navigation.ts';
import type { SearchResult } from '../../shared/types.ts';
import type { Option, Panel, PastWindow, Range, SectionFilters } from './core.ts';
import { KEEP_ORDER, defineListSection, inBand, inPastWindow, matchesChoice, selectField, timeOf } from './core.ts';

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

export const SEARCH_PRICE_OPTIONS = [
  { value: 'all', label: 'All Prices' },
  { value: 'free', label: 'Free' },
  { value: 'paid', label: 'Paid' },
  { value: 'under-50', label: 'Under $50' },
  { value: '50-100', label: '$50-$100' },
  { value: 'over-100', label: 'Over $100' },
] as const satisfies readonly Option<string>[];

export type SearchType = (typeof SEARCH_TYPE_OPTIONS)[number]['value'];
export type SearchDate = (typeof SEARCH_DATE_OPTIONS)[number]['value'];
export type SearchPrice = (typeof SEARCH_PRICE_OPTIONS)[number]['value'];

// Free is exactly 0; 50 and 100 are '$50-$100'; results without a price match only 'all'.
export const SEARCH_PRICE_BANDS: Readonly<Record<Exclude<SearchPrice, 'all'>, Range>> = {
  free: { gte: 0, lte: 0 },
  paid: { gt: 0 },
  'under-50': { lt: 50 },
  '50-100': { gte: 50, lte: 100 },
  'over-100': { gt: 100 },
};

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

/** The search term itself travels as ?q= and is owned by the page; these keys never touch it. */
export const searchSection = defineListSection<SearchResult>()({
  fields: {
    type: selectField('Content type', SEARCH_TYPE_OPTIONS),
    date: selectField('Date range', SEARCH_DATE_OPTIONS),
    price: selectField('Price', SEARCH_PRICE_OPTIONS),
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
  match: (r, f, now) =>
    matchesChoice(f.type, r.type) &&
    inPastWindow(searchResultDate(r), DATE_WINDOWS[f.date], now) &&
    inBand(r.data.price, f.price, SEARCH_PRICE_BANDS),
});

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
