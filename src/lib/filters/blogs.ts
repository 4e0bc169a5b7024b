/** Blogs list: text search, category, past-looking timeframe and sort. */
import type { Blog, BlogSummary } from '../../shared/types.ts';
import { BLOG_CATEGORIES } from '../../shared/constants.ts';
import type { FilterSection, Option, SortRule } from './core.ts';
import {
  MAX_TEXT_LENGTH,
  allPlus,
  inPastWindow,
  matchesChoice,
  matchesText,
  sectionFunctions,
  sortBy,
  timeOf,
  valuesOf,
} from './core.ts';

export const BLOG_CATEGORY_OPTIONS = allPlus(BLOG_CATEGORIES, 'All Categories');

// today = same local day; week, month, year = the last 7, 30 and 365 days.
export const BLOG_TIMEFRAME_OPTIONS = [
  { value: 'all', label: 'All Time' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This Week' },
  { value: 'month', label: 'This Month' },
  { value: 'year', label: 'This Year' },
] as const satisfies readonly Option<string>[];

export const BLOG_SORT_OPTIONS = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'most-viewed', label: 'Most Viewed' },
  { value: 'most-commented', label: 'Most Commented' },
] as const satisfies readonly Option<string>[];

export type BlogTimeframe = (typeof BLOG_TIMEFRAME_OPTIONS)[number]['value'];
export type BlogSort = (typeof BLOG_SORT_OPTIONS)[number]['value'];

export type BlogFilters = {
  q: string;
  category: 'all' | (typeof BLOG_CATEGORIES)[number];
  timeframe: BlogTimeframe;
  sort: BlogSort;
};

export const DEFAULT_BLOG_FILTERS: BlogFilters = { q: '', category: 'all', timeframe: 'all', sort: 'newest' };

/**
 * The list's copy of a post. The list searches what its cards show (title, caption, tags): the post bodies stay
 * out of the page, whose size would grow with every post; the site search (/search) covers the bodies.
 */
export function toBlogSummary({ content: _content, comments, ...card }: Blog): BlogSummary {
  return { ...card, commentCount: Array.isArray(comments) ? comments.length : 0 };
}

const SORTS: Readonly<Record<BlogSort, SortRule<BlogSummary>>> = {
  newest: { key: (b) => timeOf(b.createdAt), direction: 'desc' },
  oldest: { key: (b) => timeOf(b.createdAt), direction: 'asc' },
  'most-viewed': { key: (b) => b.views, direction: 'desc' },
  'most-commented': { key: (b) => b.commentCount, direction: 'desc' },
};

const SECTION: FilterSection<BlogFilters> = {
  defaults: DEFAULT_BLOG_FILTERS,
  rules: {
    q: { maxLength: MAX_TEXT_LENGTH },
    category: valuesOf(BLOG_CATEGORY_OPTIONS),
    timeframe: valuesOf(BLOG_TIMEFRAME_OPTIONS),
    sort: valuesOf(BLOG_SORT_OPTIONS),
  },
};

/** The blogs that pass every filter, in the chosen order (a new array). */
export function applyBlogFilters(items: readonly BlogSummary[], filters: BlogFilters, now: Date): BlogSummary[] {
  const kept = items.filter(
    (b) =>
      matchesText(filters.q, [b.title, b.caption, b.tags]) &&
      matchesChoice(filters.category, b.category) &&
      inPastWindow(b.createdAt, filters.timeframe, now),
  );
  return sortBy(kept, SORTS[filters.sort]);
}

export const { reducer: blogFiltersReducer, toQuery: blogFiltersToQuery, fromQuery: blogFiltersFromQuery } = sectionFunctions(SECTION);
