/**
 * What the home page's sections below the hero show, chosen at build time from the public API's lists: the rules are
 * pure so the unit tests pin them down.
 */
import type { Blog, Product, SiteEvent } from '../../shared/types.ts';

export const FEATURED_PRODUCTS = 4;
export const LATEST_POSTS = 3;
export const UPCOMING_EVENTS = 3;

const time = (value: string) => {
  const t = Date.parse(value);
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
};

/**
 * Featured products: the most viewed (the public list holds published products only), the newest first among equal
 * views, then by name, so the choice is stable from build to build. Products named in `shownAbove` (the Featured
 * row's titles) are left out, so the page does not show one product twice; unless too few would remain.
 */
export function featuredProducts(
  products: readonly Product[],
  shownAbove: readonly string[] = [],
  count = FEATURED_PRODUCTS,
): Product[] {
  const taken = new Set(shownAbove.map((t) => t.trim().toLowerCase()));
  const fresh = products.filter((p) => !taken.has(p.name.trim().toLowerCase()));
  return [...(fresh.length >= count ? fresh : products)]
    .sort((a, b) => b.views - a.views || time(b.createdAt) - time(a.createdAt) || a.name.localeCompare(b.name))
    .slice(0, count);
}

/** The newest posts with a slug (their page is /blogs/{slug}). */
export function latestPosts<T extends Pick<Blog, 'createdAt' | 'slug'>>(
  posts: readonly T[],
  count = LATEST_POSTS,
): T[] {
  return posts
    .filter((p) => p.slug !== '')
    .sort((a, b) => time(b.createdAt) - time(a.createdAt))
    .slice(0, count);
}

/** The next events: those starting after `now`, soonest first (an event underway is no longer 'upcoming'). */
export function upcomingEvents(events: readonly SiteEvent[], now: Date, count = UPCOMING_EVENTS): SiteEvent[] {
  const from = now.getTime();
  return events
    .filter((e) => e.slug !== '' && time(e.start_date) > from)
    .sort((a, b) => time(a.start_date) - time(b.start_date) || a.name.localeCompare(b.name))
    .slice(0, count);
}
