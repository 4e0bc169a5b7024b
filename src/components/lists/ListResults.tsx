/** The visible items of a list in the 1/2/3-column grid, or the section's empty text once nothing is loading. */
import type { ReactNode } from 'react';

/**
 * A list item that the browser styles, lays out and paints only when it nears the viewport (content-visibility),
 * so a long list costs the first frame, and the web-font swap, no more than the items on screen. The height stands in
 * until the item has rendered once, then its real height is kept (`auto`). Only the height: a stand-in width would
 * size a one-column grid's track and push the cards past a phone's screen.
 */
export const LIST_ITEM = 'content-visibility-auto [contain-intrinsic-block-size:auto_400px]';

interface Props<T extends { _id: string }> {
  items: readonly T[];
  loading: boolean;
  emptyText: string;
  render: (item: T, index: number) => ReactNode;
}

const GRID = 'm-0 grid list-none gap-6 p-0 sm:grid-cols-2 lg:grid-cols-3';

export default function ListResults<T extends { _id: string }>({ items, loading, emptyText, render }: Props<T>) {
  if (items.length === 0 && !loading)
    return <p className="py-16 text-center text-gray-600 dark:text-gray-300">{emptyText}</p>;
  return (
    <ul className={GRID}>
      {items.map((item, i) => (
        <li key={item._id} className={LIST_ITEM}>
          {render(item, i)}
        </li>
      ))}
    </ul>
  );
}
