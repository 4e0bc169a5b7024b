import type { Recommendation } from './types.ts';

/**
 * Where a recommendation's card goes: the item's own page (a product, a post, an event), the list of its kind
 * filtered to its title (photos, videos and audio have no page of their own), or a site search for the title when
 * no published item has it.
 */
export function recommendationPath(rec: Pick<Recommendation, 'title' | 'item'>): string {
  const q = (path: string) => `${path}?${new URLSearchParams({ q: rec.title }).toString()}`;
  const { item } = rec;
  if (!item) return q('/search');
  const slug = item.slug === null ? null : encodeURIComponent(item.slug);
  switch (item.kind) {
    case 'product':
      return slug ? `/shop/${slug}` : q('/shop');
    case 'blog':
      return slug ? `/blogs/${slug}` : q('/blogs');
    case 'event':
      return slug ? `/events/${slug}` : q('/events');
    case 'photo':
      return q('/photos');
    case 'video':
      return q('/videos');
    case 'audio':
      return q('/audio');
  }
}
