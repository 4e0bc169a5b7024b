/** The visible items of a list in the 1/2/3-column grid, or the section's empty text, and the list's 'Show more'. */
import type { ReactNode } from 'react';

/**
 * A list item that the browser styles, lays out and paints only when it nears the viewport (content-visibility),
 * so a long list costs the first frame, and the web-font swap, no more than the items on screen. The height stands in
 * until the item has rendered once, then its real height is kept (`auto`). Only the height: a stand-in width would
 * size a one-column grid's track and push the cards past a phone's screen.
 */
export const LIST_ITEM = 'content-visibility-auto [contain-intrinsic-block-size:auto_400px]';

/** The button under a list that shows its next page (useFilteredList's `more`); disabled while that page is on its way. */
export function ShowMore({ onMore, busy = false }: { onMore: (() => void) | null; busy?: boolean }) {
  if (!onMore) return null;
  return (
    <div className="mt-8 flex justify-center">
      <button
        type="button"
        className="rounded-md border border-gray-300 px-5 py-2 text-sm font-medium hover:border-[var(--color-primary)] disabled:opacity-60 dark:border-white/20"
        disabled={busy}
        onClick={onMore}
      >
        {busy ? 'Loading…' : 'Show more'}
      </button>
    </div>
  );
}

interface Props<T extends { _id: string }> {
  items: readonly T[];
  emptyText: string;
  render: (item: T, index: number) => ReactNode;
}

export const LIST_GRID = 'm-0 grid list-none gap-6 p-0 sm:grid-cols-2 lg:grid-cols-3';

/** Every one of `items` in the grid, or the empty text. */
export function ListGrid<T extends { _id: string }>({ items, emptyText, render }: Props<T>) {
  if (items.length === 0) return <p className="py-16 text-center text-gray-600 dark:text-gray-300">{emptyText}</p>;
  return (
    <ul className={LIST_GRID}>
      {items.map((item, i) => (
        <li key={item._id} className={LIST_ITEM}>
          {render(item, i)}
        </li>
      ))}
    </ul>
  );
}
