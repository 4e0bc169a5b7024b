/** Blogs list: text search, category, past-looking timeframe and sort. */
import type { Blog, BlogSummary } from '../../shared/types.ts';
import { defaultCategories } from '../../shared/default-categories.ts';
import type { CategoryChoice, Option, SectionFilters } from './core.ts';
import {
  categoryField,
  defineListSection,
  inPastWindow,
  matchesChoice,
  matchesText,
  searchField,
  selectField,
  timeOf,
} from './core.ts';

// today = same local day; week, month, year = the last 7, 30 and 365 days.
export const BLOG_TIMEFRAME_OPTIONS = [
  { value: 'all', label: 'All Time' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This Week' },
  { value: 'month', label: 'This Month' },
  { value: 'year', label: 'This Year' },
] as const satisfies readonly Option<string>[];

/**
 * The list's copy of a post. The list searches what its cards show (title, caption, tags): the post bodies stay
 * out of the page, whose size would grow with every post; the site search (/search) covers the bodies.
 */
export function toBlogSummary(blog: Blog): BlogSummary {
  const { comments } = blog;
  const card: Omit<Blog, 'content' | 'comments'> & Partial<Blog> = { ...blog };
  delete card.content;
  delete card.comments;
  return { ...card, commentCount: Array.isArray(comments) ? comments.length : 0 };
}

/** The list's filters over the company's categories of its kind (GET /api/categories, read at build time). */
export const blogSectionFor = (categories: readonly CategoryChoice[]) =>
  defineListSection<BlogSummary>()({
    fields: {
      q: searchField('Search posts...'),
      category: categoryField('Category', categories, 'All Categories'),
      timeframe: selectField('Timeframe', BLOG_TIMEFRAME_OPTIONS),
    },
    sorts: {
      newest: { label: 'Newest', key: (b) => timeOf(b.createdAt), direction: 'desc' },
      oldest: { label: 'Oldest', key: (b) => timeOf(b.createdAt), direction: 'asc' },
      'most-viewed': { label: 'Most Viewed', key: (b) => b.views, direction: 'desc' },
      'most-commented': { label: 'Most Commented', key: (b) => b.commentCount, direction: 'desc' },
    },
    noun: ['post', 'posts'],
    match: (b, f, now, zone) =>
      matchesText(f.q, [b.title, b.caption, b.tags]) &&
      matchesChoice(f.category, b.category) &&
      inPastWindow(b.createdAt, f.timeframe, now, zone),
  });

/** With a new site's categories (the spec's list): the filter types below, and tests. */
export const blogSection = blogSectionFor(defaultCategories('blog'));

export type BlogFilters = SectionFilters<typeof blogSection>;

export const DEFAULT_BLOG_FILTERS: BlogFilters = blogSection.defaults;
/** The blogs that pass every filter, in the chosen order (a new array). */
export const applyBlogFilters = (items: readonly BlogSummary[], filters: BlogFilters, now: Date): BlogSummary[] =>
  blogSection.apply(items, filters, now);
export const {
  reducer: blogFiltersReducer,
  toQuery: blogFiltersToQuery,
  fromQuery: blogFiltersFromQuery,
} = blogSection;
