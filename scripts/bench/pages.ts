/** The public pages the benchmark measures, each with the budget class its script size is held to. */

/** home: the hero page; list: filterable lists; island: other pages with an island; static: no island. */
export type PageKind = 'home' | 'list' | 'island' | 'static';

export interface BenchPage {
  /** Short name used in the report and the budgets file. */
  name: string;
  path: string;
  kind: PageKind;
}

/** A word the demo content uses in several types, for /search and the API search load. */
export const DEMO_SEARCH_TERM = 'design';

export function benchPages(blogSlug: string): BenchPage[] {
  return [
    { name: 'home', path: '/', kind: 'home' },
    { name: 'shop', path: '/shop/', kind: 'list' },
    { name: 'blogs', path: '/blogs/', kind: 'list' },
    { name: 'blog post', path: `/blogs/${blogSlug}/`, kind: 'island' },
    { name: 'photos', path: '/photos/', kind: 'list' },
    { name: 'videos', path: '/videos/', kind: 'list' },
    { name: 'audio', path: '/audio/', kind: 'list' },
    { name: 'events', path: '/events/', kind: 'list' },
    { name: 'search', path: `/search/?q=${DEMO_SEARCH_TERM}`, kind: 'list' },
    { name: 'about', path: '/about/', kind: 'static' },
    { name: 'contact', path: '/contact/', kind: 'static' },
    { name: 'login', path: '/login/', kind: 'island' },
    { name: 'register', path: '/register/', kind: 'island' },
    { name: 'notfound', path: '/this-page-does-not-exist/', kind: 'static' },
  ];
}
