/** The Content Management search (site-spec section 2): title or caption, case-insensitive, in the browser. */

/** What the search reads of an item; a type without a caption (videos, events) passes its description instead. */
export interface Searchable {
  title?: string | null | undefined;
  caption?: string | null | undefined;
}

/** True when `query` (trimmed) is empty or occurs in the item's title or caption, ignoring case. */
export function matchesQuery(item: Searchable, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return true;
  return [item.title, item.caption].some((text) => (text ?? '').toLocaleLowerCase().includes(needle));
}
