/** Blogs list: text search, category, past-looking timeframe and sort. */
import type { Blog, BlogSummary } from '../../shared/types.ts';
import { BLOG_CATEGORIES } from '../../shared/constants.ts';
import type { Option, SectionFilters } from './core.ts';
import {
  allPlus,
  defineListSection,
  inPastWindow,
  matchesChoice,
  matchesText,
  searchField,
  selectField,
  timeOf,
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

export const blogSection = defineListSection<BlogSummary>()({
  fields: {
    q: searchField('Search posts...'),
    category: selectField('Category', BLOG_CATEGORY_OPTIONS),
    timeframe: selectField('Timeframe', BLOG_TIMEFRAME_OPTIONS),
  },
  sorts: {
    newest: { label: 'Newest', key: (b) => timeOf(b.createdAt), direction: 'desc' },
    oldest: { label: 'Oldest', key: (b) => timeOf(b.createdAt), direction: 'asc' },
    'most-viewed': { label: 'Most Viewed', key: (b) => b.views, direction: 'desc' },
    'most-commented': { label: 'Most Commented', key: (b) => b.commentCount, direction: 'desc' },
  },
  noun: ['post', 'posts'],
  match: (b, f, now) =>
    matchesText(f.q, [b.title, b.caption, b.tags]) &&
    matchesChoice(f.category, b.category) &&
    inPastWindow(b.createdAt, f.timeframe, now),
});

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
