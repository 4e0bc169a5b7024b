/** The public pages the benchmark measures, each with the budget class its script size is held to. */

/**
 * home: the hero page; list: filterable lists; island: other pages with an island; product: a product's page (no
 * island; its page script adds to the cart and reads the live stock); static: no island.
 */
export type PageKind = 'home' | 'list' | 'island' | 'product' | 'static';

export interface BenchPage {
  /** Short name used in the report and the budgets file. */
  name: string;
  path: string;
  kind: PageKind;
}

/** A word the demo content uses in several types, for /search and the API search load. */
export const DEMO_SEARCH_TERM = 'design';

/** Slugs of content pages, read from the API at bench time: the first of each list; undefined when the list is empty. */
export interface BenchSlugs {
  blog: string;
  /** A product's own page, /shop/{slug}/. */
  product?: string | undefined;
  /** An event's own page, /events/{slug}/. */
  event?: string | undefined;
  /** An audio item's own page, /audio/{id}/. */
  audio?: string | undefined;
  /** A published simple page (privacy, terms…), /pages/{slug}/. */
  page?: string | undefined;
}

/** Pages that exist only when the content (or the route) does: left out when the site answers 404 for them. */
export const OPTIONAL_PAGES: ReadonlySet<string> = new Set(['product', 'event', 'audio item', 'page']);

/**
 * Every public page a visitor can reach, in the report's order; a content page whose slug is unknown is left out.
 * Not /reset-password/: it is `noindex` by design (a single-use link from an email), which Lighthouse's SEO audit
 * `is-crawlable` fails, and without a token it sends the visitor on to /login, which is measured. Nor /cart/ and
 * /checkout/: `noindex` too (a visitor's own cart), and empty without one.
 */
export function benchPages(slugs: BenchSlugs): BenchPage[] {
  const pages: (BenchPage | null)[] = [
    { name: 'home', path: '/', kind: 'home' },
    { name: 'shop', path: '/shop/', kind: 'list' },
    slugs.product ? { name: 'product', path: `/shop/${slugs.product}/`, kind: 'product' } : null,
    { name: 'blogs', path: '/blogs/', kind: 'list' },
    { name: 'blog post', path: `/blogs/${slugs.blog}/`, kind: 'island' },
    { name: 'photos', path: '/photos/', kind: 'list' },
    { name: 'videos', path: '/videos/', kind: 'list' },
    { name: 'audio', path: '/audio/', kind: 'list' },
    slugs.audio ? { name: 'audio item', path: `/audio/${slugs.audio}/`, kind: 'island' } : null,
    { name: 'events', path: '/events/', kind: 'list' },
    slugs.event ? { name: 'event', path: `/events/${slugs.event}/`, kind: 'static' } : null,
    { name: 'search', path: `/search/?q=${DEMO_SEARCH_TERM}`, kind: 'list' },
    { name: 'pricing', path: '/pricing/', kind: 'static' },
    { name: 'documents', path: '/documents/', kind: 'static' },
    slugs.page ? { name: 'page', path: `/pages/${slugs.page}/`, kind: 'static' } : null,
    { name: 'about', path: '/about/', kind: 'static' },
    { name: 'contact', path: '/contact/', kind: 'static' },
    { name: 'login', path: '/login/', kind: 'island' },
    { name: 'register', path: '/register/', kind: 'island' },
    { name: 'notfound', path: '/this-page-does-not-exist/', kind: 'static' },
  ];
  return pages.filter((p): p is BenchPage => p !== null);
}

/**
 * The pages to measure: an optional page (an event's or a simple page) that answered 404 (`statuses`: path → status)
 * is skipped and named in `skipped`; every other page is kept whatever it answers, so a missing required page still
 * fails its audits.
 */
export function pagesToMeasure(
  pages: readonly BenchPage[],
  statuses: ReadonlyMap<string, number>,
): { measured: BenchPage[]; skipped: BenchPage[] } {
  const measured: BenchPage[] = [];
  const skipped: BenchPage[] = [];
  for (const page of pages)
    (OPTIONAL_PAGES.has(page.name) && statuses.get(page.path) === 404 ? skipped : measured).push(page);
  return { measured, skipped };
}
