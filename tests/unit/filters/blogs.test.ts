import { assert, describe, expect, it } from 'vitest';
import {
  DEFAULT_BLOG_FILTERS,
  applyBlogFilters,
  blogFiltersFromQuery,
  blogFiltersReducer,
  blogFiltersToQuery,
  toBlogSummary,
} from '../../../src/lib/filters/blogs.ts';
import type { BlogFilters } from '../../../src/lib/filters/blogs.ts';
import type { Blog, BlogComment, BlogSummary } from '../../../src/shared/types.ts';

const DAY = 86_400_000;
// Local noon, so 'today' means the same thing in every time zone the suite runs in.
const NOW = new Date(2026, 5, 15, 12, 0);
const ago = (ms: number): string => new Date(NOW.getTime() - ms).toISOString();
const comments = (n: number): BlogComment[] =>
  Array.from({ length: n }, (_, i) => ({ _id: `c${i}`, author: 'a', comment: 'c', createdAt: ago(0) }));

function blog(id: string, over: Partial<Blog> = {}): Blog {
  return {
    _id: id,
    title: `Post ${id}`,
    content: '',
    caption: '',
    image: '',
    slug: id,
    category: 'Technology',
    tags: [],
    createdAt: ago(0),
    views: 0,
    comments: [],
    ...over,
  };
}

const posts: Blog[] = [
  blog('now', { createdAt: ago(0), views: 3, comments: comments(1), content: '<p>Hello <b>world</b></p>' }),
  blog('yesterday', { createdAt: ago(DAY), category: 'Travel', views: 10, tags: ['Beach'] }),
  blog('week', { createdAt: ago(7 * DAY), category: 'Food', views: 10, comments: comments(3) }),
  blog('month', { createdAt: ago(30 * DAY), caption: 'Quarterly results', category: 'Business' }),
  blog('year', { createdAt: ago(365 * DAY), views: 1, comments: comments(3) }),
  blog('ancient', { createdAt: ago(400 * DAY), title: 'Old & gold', views: 2 }),
];
const items: BlogSummary[] = posts.map(toBlogSummary);
const ids = (list: BlogSummary[]): string[] => list.map((b) => b._id);
const withFilters = (over: Partial<BlogFilters>): BlogFilters => ({ ...DEFAULT_BLOG_FILTERS, ...over });

describe('toBlogSummary', () => {
  it('keeps what the card and the filters read, counts the comments and drops the body', () => {
    const first = posts[0];
    assert(first, 'the first post');
    const summary = toBlogSummary(first);
    expect(summary).toEqual({
      _id: 'now',
      title: 'Post now',
      caption: '',
      image: '',
      slug: 'now',
      category: 'Technology',
      tags: [],
      createdAt: ago(0),
      views: 3,
      commentCount: 1,
    });
    expect(summary).not.toHaveProperty('content');
    expect(summary).not.toHaveProperty('comments');
  });
  it('counts no comments when the field is missing', () => {
    expect(toBlogSummary({ ...blog('x'), comments: undefined as unknown as BlogComment[] }).commentCount).toBe(0);
  });
});

describe('applyBlogFilters', () => {
  it.each<[Partial<BlogFilters>, string[]]>([
    [{ timeframe: 'today' }, ['now']],
    [{ timeframe: 'week' }, ['now', 'yesterday', 'week']],
    [{ timeframe: 'month' }, ['now', 'yesterday', 'week', 'month']],
    [{ timeframe: 'year' }, ['now', 'yesterday', 'week', 'month', 'year']],
    [{ timeframe: 'all' }, ['now', 'yesterday', 'week', 'month', 'year', 'ancient']],
    [{ category: 'Travel' }, ['yesterday']],
    // The body is not searched by the list (the site search covers it): 'hello' is only in post 'now's body.
    [{ q: 'hello' }, []],
    [{ q: 'post now' }, ['now']],
    [{ q: 'beach' }, ['yesterday']],
    [{ q: 'quarterly' }, ['month']],
    [{ q: 'old & gold' }, ['ancient']],
  ])('filters %o', (over, expected) => {
    expect(ids(applyBlogFilters(items, withFilters(over), NOW))).toEqual(expected);
  });

  it.each<[BlogFilters['sort'], string[]]>([
    ['newest', ['now', 'yesterday', 'week', 'month', 'year', 'ancient']],
    ['oldest', ['ancient', 'year', 'month', 'week', 'yesterday', 'now']],
    ['most-viewed', ['yesterday', 'week', 'now', 'ancient', 'year', 'month']],
    ['most-commented', ['week', 'year', 'now', 'yesterday', 'month', 'ancient']],
  ])('sorts by %s (ties keep input order)', (sort, expected) => {
    expect(ids(applyBlogFilters(items, withFilters({ sort }), NOW))).toEqual(expected);
  });
});

describe('blogFiltersReducer', () => {
  it('sets and resets', () => {
    const state = blogFiltersReducer(DEFAULT_BLOG_FILTERS, { type: 'set', key: 'timeframe', value: 'week' });
    expect(state.timeframe).toBe('week');
    expect(blogFiltersReducer(state, { type: 'reset' })).toEqual(DEFAULT_BLOG_FILTERS);
  });
});

describe('blog query', () => {
  it('round-trips', () => {
    const filters: BlogFilters = { q: 'ai', category: 'Technology', timeframe: 'month', sort: 'most-commented' };
    expect(blogFiltersFromQuery(blogFiltersToQuery(filters))).toEqual(filters);
  });
  it.each([
    ['timeframe=decade&category=Gossip&sort=best', DEFAULT_BLOG_FILTERS],
    ['timeframe=WEEK&category=food', { ...DEFAULT_BLOG_FILTERS, timeframe: 'week', category: 'Food' }],
  ])('repairs %o', (query, expected) => {
    expect(blogFiltersFromQuery(new URLSearchParams(query))).toEqual(expected);
  });
});

describe('the default blog filters', () => {
  // The blogs page keeps its pre-rendered list until the filters change: the build's "now" and the visitor's must agree.
  it('list the same posts in the same order whatever the clock says', () => {
    const atBuild = ids(applyBlogFilters(items, DEFAULT_BLOG_FILTERS, NOW));
    expect(atBuild).toHaveLength(items.length);
    for (const later of [DAY, 31 * DAY, 400 * DAY]) {
      expect(ids(applyBlogFilters(items, DEFAULT_BLOG_FILTERS, new Date(NOW.getTime() + later)))).toEqual(atBuild);
    }
  });
});
