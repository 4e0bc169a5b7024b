/** Pure rules of the Categories screen: the kind in the address, where each kind shows, and the screen's sentences. */
import { CATEGORY_KINDS, type CategoryKind } from '../../../shared/schemas/category.ts';

/** The kind named in ?kind=, else products. */
export function kindFromSearch(search: string): CategoryKind {
  const kind = new URLSearchParams(search).get('kind');
  return (CATEGORY_KINDS as readonly string[]).includes(kind ?? '') ? (kind as CategoryKind) : 'product';
}

/** The public list whose filter offers each kind's categories, and the filter's query parameter. */
export const KIND_PAGES: Readonly<Record<CategoryKind, { page: string; path: string; param: string }>> = {
  product: { page: 'Shop', path: '/shop', param: 'category' },
  blog: { page: 'Blogs', path: '/blogs', param: 'category' },
  photo: { page: 'Photos', path: '/photos', param: 'category' },
  video: { page: 'Videos', path: '/videos', param: 'category' },
  audio: { page: 'Audio Library', path: '/audio', param: 'type' },
  event: { page: 'Events', path: '/events', param: 'category' },
};

/** How the screen names one kind's categories: audio items are grouped by their type. */
export const KIND_WORDS: Readonly<Record<CategoryKind, { title: string; one: string; many: string; example: string }>> =
  {
    product: { title: 'Product categories', one: 'category', many: 'categories', example: 'Cakes' },
    blog: { title: 'Blog categories', one: 'category', many: 'categories', example: 'Recipes' },
    photo: { title: 'Photo categories', one: 'category', many: 'categories', example: 'Weddings' },
    video: { title: 'Video categories', one: 'category', many: 'categories', example: 'Tutorials' },
    audio: { title: 'Audio types', one: 'type', many: 'types', example: 'DJ Sets' },
    event: { title: 'Event categories', one: 'category', many: 'categories', example: 'Tastings' },
  };

/** The status line after a save: the server's answer and when the public page shows it. */
export const savedNotice = (message: string, kind: CategoryKind) =>
  `${message.replace(/\.$/, '')}. ${KIND_PAGES[kind].page} shows the change once the site is rebuilt.`;

/** The status line after a move: the category's new place. */
export const movedNotice = (name: string, place: number, of: number, kind: CategoryKind) =>
  savedNotice(`${name} is now ${place} of ${of}`, kind);

/** What removing a category will do, for its confirmation. */
export function removalSentence(name: string, items: number, to: string | undefined): string {
  if (items === 0) return `${name} has no items. It will no longer be offered in the filters and forms.`;
  const what = items === 1 ? '1 item' : `${items} items`;
  return `${what} in ${name} will move to ${to ?? 'the category chosen below'}, then ${name} is removed.`;
}
