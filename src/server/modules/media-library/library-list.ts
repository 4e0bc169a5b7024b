/** The library list's rule, pure: which files a query matches, in which order, and which page of them. */
import { MEDIA_PAGE_SIZE, type MediaItem, type MediaListAnswer } from '../../../shared/media-library.ts';
import type { MediaQueryInput } from '../../../shared/schemas/media-library.ts';

/** Whether `item` matches the search words: each word in its title, alt text, caption, tags or address. */
function matchesWords(item: MediaItem, q: string): boolean {
  const haystack = [item.title, item.alt, item.caption, item.address, ...item.tags].join('\n').toLowerCase();
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

const ORDER: Record<NonNullable<MediaQueryInput['sort']>, (a: MediaItem, b: MediaItem) => number> = {
  newest: (a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id),
  oldest: (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  title: (a, b) =>
    (a.title || a.address).localeCompare(b.title || b.address, 'en', { sensitivity: 'base' }) ||
    a.id.localeCompare(b.id),
  largest: (a, b) => b.bytes - a.bytes || a.id.localeCompare(b.id),
};

/** The page of `items` the query asks for (a page past the last gives the last), with every tag for the filter. */
export function selectMediaPage(items: readonly MediaItem[], query: MediaQueryInput): MediaListAnswer {
  const { q, kind, tag, sort = 'newest', unused } = query;
  const wanted = tag?.toLowerCase();
  const matching = items
    .filter(
      (item) =>
        (!kind || item.kind === kind) &&
        (!wanted || item.tags.includes(wanted)) &&
        (unused !== 'true' || item.useCount === 0) &&
        (!q || matchesWords(item, q)),
    )
    .sort(ORDER[sort]);
  const pages = Math.max(1, Math.ceil(matching.length / MEDIA_PAGE_SIZE));
  const page = Math.min(query.page ?? 1, pages);
  const tags = [...new Set(items.flatMap((item) => item.tags))].sort((a, b) => a.localeCompare(b));
  return {
    items: matching.slice((page - 1) * MEDIA_PAGE_SIZE, page * MEDIA_PAGE_SIZE),
    total: matching.length,
    page,
    pageSize: MEDIA_PAGE_SIZE,
    tags,
  };
}
