/**
 * A list's numbered pages: the first screen of cards the build renders as static HTML, and the crawlable pages
 * (/shop, /shop/page/2, ...) that hold the rest, so a list page weighs the same at any number of items.
 */
import { LIST_PAGE_SIZE } from '../../shared/constants.ts';

/** How many pages hold `total` items; an empty list still has its first page (which shows the empty text). */
export const listPageCount = (total: number, size = LIST_PAGE_SIZE): number =>
  Math.max(1, Math.ceil(Math.max(0, total) / size));

/** The address of page `page` of the list at `base` (/shop): page 1 is the list's own address. */
export const listPageHref = (base: string, page: number): string => (page <= 1 ? base : `${base}/page/${page}`);

/** The items on page `page` (from 1) of `items`. */
export const listPageItems = <T>(items: readonly T[], page: number, size = LIST_PAGE_SIZE): T[] =>
  items.slice((page - 1) * size, page * size);

/** The page numbers the build writes under /<list>/page/N: 2 to the last (page 1 is the list's own address). */
export const extraListPages = (total: number, size = LIST_PAGE_SIZE): number[] =>
  Array.from({ length: listPageCount(total, size) - 1 }, (_, i) => i + 2);

/** A pager's links: each page number, with an ellipsis (null) for a run of pages left out around the current one. */
export function pagerLinks(page: number, pages: number, around = 1): (number | null)[] {
  const links: (number | null)[] = [];
  for (let n = 1; n <= pages; n++) {
    const shown = n === 1 || n === pages || Math.abs(n - page) <= around;
    if (shown) links.push(n);
    else if (links.at(-1) !== null) links.push(null);
  }
  return links;
}
