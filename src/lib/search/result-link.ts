/** Where a search result opens: a product, post, event or audio item its own page, anything else its list filtered down to it. */
import type { ContentType, SearchResult } from '../../shared/types.ts';
import { audioPath } from '../audio/audio-page.ts';

const LIST_PATHS: Readonly<Record<ContentType, string>> = {
  product: '/shop',
  blog: '/blogs',
  photo: '/photos',
  video: '/videos',
  audio: '/audio',
  event: '/events',
};

/** The result's name or title. */
export const resultName = (result: SearchResult) => result.data.name ?? result.data.title ?? '';

/** The types whose items have their own page at {list path}/{slug}. */
const OWN_PAGES: ReadonlySet<ContentType> = new Set(['product', 'blog', 'event']);

/**
 * /shop/{slug}, /blogs/{slug}, /events/{slug} and /audio/{id}; for the rest (and a result without a slug) the list page with the name as its
 * text search (?q=, which every list honours), so the item is the one shown.
 */
export function resultHref(result: SearchResult): string {
  if (result.type === 'audio' && result._id) return audioPath(result._id);
  const slug = result.data.slug;
  if (slug && OWN_PAGES.has(result.type)) return `${LIST_PATHS[result.type]}/${encodeURIComponent(slug)}`;
  const name = resultName(result);
  const list = LIST_PATHS[result.type];
  return name ? `${list}?${new URLSearchParams({ q: name })}` : list;
}
